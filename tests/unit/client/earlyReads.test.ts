import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyOr, startEarly } from '../../../src/api/earlyReads';

/** The learner area's reads started by its entry (issue 12), taken once by the call they stand for. */
describe('earlyReads', () => {
  afterEach(() => vi.useRealTimers());

  it('hands the early answer to the first call with the same key and token, once', async () => {
    const early = vi.fn(async () => 'early');
    const fresh = vi.fn(async () => 'fresh');
    startEarly('outline a', 'token-1', early);
    await expect(earlyOr('outline a', 'token-1', fresh)).resolves.toBe('early');
    await expect(earlyOr('outline a', 'token-1', fresh)).resolves.toBe('fresh');
    expect(early).toHaveBeenCalledTimes(1);
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('makes the call again when the token changed, the answer failed or is old', async () => {
    const fresh = vi.fn(async () => 'fresh');
    startEarly('me b', 'token-1', async () => 'early');
    await expect(earlyOr('me b', 'token-2', fresh)).resolves.toBe('fresh');

    startEarly('me c', 'token-1', async () => Promise.reject(new Error('401')));
    await expect(earlyOr('me c', 'token-1', fresh)).resolves.toBe('fresh');

    vi.useFakeTimers();
    startEarly('me d', 'token-1', async () => 'early');
    vi.advanceTimersByTime(16_000);
    await expect(earlyOr('me d', 'token-1', fresh)).resolves.toBe('fresh');
    expect(fresh).toHaveBeenCalledTimes(3);
  });

  it('makes the call when nothing was started under the key', async () => {
    await expect(earlyOr('lesson e 1', null, async () => 'fresh')).resolves.toBe('fresh');
  });
});
