import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The route's prefetch (src/app/prefetched.ts) and the editor's item request (lessonPrefetch.ts), without the network.
const get = vi.fn();
let token: string | null = 'a-token';
vi.mock('../../../src/api/trainingItemsApi', () => ({ trainingItemsApi: { get: (...args: unknown[]) => get(...args) } }));
vi.mock('../../../src/api/tokenStorage', () => ({ tokenStorage: { get: () => token } }));
const { fetchLessonItem, takePrefetchedLessonItem } = await import('../../../src/pages/trainings/lesson/lessonPrefetch');
const { keepPrefetched, lessonPrefetchKey } = await import('../../../src/app/prefetched');

const prefetch = (uuid: string | undefined, id: string) => keepPrefetched(lessonPrefetchKey(uuid, id), fetchLessonItem(uuid, id));

describe('the lesson prefetched with the navigation', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
    get.mockReset().mockImplementation(async (uuid: string, id: number) => ({ id, uuid }));
    token = 'a-token';
  });
  afterEach(() => vi.useRealTimers());

  it('is handed once, to the page of that item only', async () => {
    prefetch('t-1', '42');
    expect(get).toHaveBeenCalledWith('t-1', 42);
    // Another item's page finds nothing (and the slot is emptied: the next navigation fills it again).
    expect(takePrefetchedLessonItem('t-1', 7)).toBeNull();
    prefetch('t-1', '42');
    await expect(takePrefetchedLessonItem('t-1', 42)).resolves.toEqual({ id: 42, uuid: 't-1' });
    expect(takePrefetchedLessonItem('t-1', 42)).toBeNull();
  });

  it('asks for nothing without a session or a usable id, and forgets a request nobody took up', async () => {
    token = null;
    prefetch('t-1', '42');
    await expect(takePrefetchedLessonItem('t-1', 42)).resolves.toBeNull();
    token = 'a-token';
    await expect(fetchLessonItem('t-1', 'abc')).resolves.toBeNull();
    await expect(fetchLessonItem(undefined, '3')).resolves.toBeNull();
    expect(get).not.toHaveBeenCalled();
    prefetch('t-1', '42');
    vi.advanceTimersByTime(10_001);
    expect(takePrefetchedLessonItem('t-1', 42)).toBeNull();
  });

  it('a failed request is left to the page that takes it up (no unhandled rejection before)', async () => {
    get.mockImplementation(() => Promise.reject(new Error('404')));
    prefetch('t-1', '9');
    await Promise.resolve();
    await expect(takePrefetchedLessonItem('t-1', 9)).rejects.toThrow('404');
  });
});
