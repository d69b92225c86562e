import { describe, expect, it, vi } from 'vitest';
import { prefetch, takePrefetched } from '../../../src/api/prefetched';

describe('answers asked for before their page loaded', () => {
  it('gives the page the answer the route started, once', async () => {
    let now = 1_000;
    const clock = () => now;
    const request = vi.fn(async () => 'early');
    prefetch('k1', request, clock);
    prefetch('k1', request, clock);
    expect(request).toHaveBeenCalledTimes(1);
    now += 100;
    const later = vi.fn(async () => 'later');
    await expect(takePrefetched('k1', later, clock)).resolves.toBe('early');
    expect(later).not.toHaveBeenCalled();
    // Taken once: the next read (a reload of the same item) asks the server.
    await expect(takePrefetched('k1', later, clock)).resolves.toBe('later');
  });

  it('asks again when the early answer is older than a few seconds', async () => {
    let now = 0;
    const clock = () => now;
    prefetch('k2', async () => 'stale', clock);
    now += 5_000;
    await expect(takePrefetched('k2', async () => 'fresh', clock)).resolves.toBe('fresh');
  });

  it('keeps an early failure for the page to report, never as an unhandled rejection', async () => {
    prefetch('k3', async () => Promise.reject(new Error('lost')));
    await expect(takePrefetched('k3', async () => 'unused')).rejects.toThrow('lost');
  });
});
