import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The route's prefetch and the editor's first load (src/pages/trainings/lesson/lessonPrefetch.ts), without the network.
const get = vi.fn();
let token: string | null = 'a-token';
vi.mock('../../../src/api/trainingItemsApi', () => ({ trainingItemsApi: { get: (...args: unknown[]) => get(...args) } }));
vi.mock('../../../src/api/tokenStorage', () => ({ tokenStorage: { get: () => token } }));
const { prefetchLessonItem, takePrefetchedLessonItem } = await import('../../../src/pages/trainings/lesson/lessonPrefetch');

describe('the lesson prefetched with the navigation', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
    get.mockReset().mockImplementation(async (uuid: string, id: number) => ({ id, uuid }));
    token = 'a-token';
  });
  afterEach(() => vi.useRealTimers());

  it('asks once for the route item, and hands it to the first load of that item only', async () => {
    prefetchLessonItem('t-1', '42');
    expect(get).toHaveBeenCalledWith('t-1', 42);
    expect(takePrefetchedLessonItem('t-1', 7)).toBeNull();
    prefetchLessonItem('t-1', '42');
    await expect(takePrefetchedLessonItem('t-1', 42)).resolves.toEqual({ id: 42, uuid: 't-1' });
    // Handed out once: a retry or a second load asks the server again.
    expect(takePrefetchedLessonItem('t-1', 42)).toBeNull();
  });

  it('asks for nothing without a session or with an id that is not one, and forgets a request nobody took up', () => {
    token = null;
    prefetchLessonItem('t-1', '42');
    token = 'a-token';
    prefetchLessonItem('t-1', 'abc');
    prefetchLessonItem(undefined, '3');
    expect(get).not.toHaveBeenCalled();
    prefetchLessonItem('t-1', '42');
    vi.advanceTimersByTime(10_001);
    expect(takePrefetchedLessonItem('t-1', 42)).toBeNull();
  });

  it('a failed request is left to the load that takes it up (no unhandled rejection before)', async () => {
    get.mockImplementation(() => Promise.reject(new Error('404')));
    prefetchLessonItem('t-1', '9');
    await Promise.resolve();
    await expect(takePrefetchedLessonItem('t-1', 9)).rejects.toThrow('404');
  });
});
