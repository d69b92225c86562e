// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadedLazy } from '../../../src/app/preloadedLazy';

function Page({ name }: { name: string }) {
  return <p data-testid="page">{name}</p>;
}

describe('preloadedLazy (issue 12: no Suspense fallback when the chunk came ahead)', () => {
  afterEach(cleanup);

  it('renders at once, without its fallback, once preloaded; the chunk is loaded once', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const Lazy = preloadedLazy(load);
    await Lazy.preload();
    render(
      <Suspense fallback={<p data-testid="fallback" />}>
        <Lazy name="leçon" />
      </Suspense>,
    );
    // Synchronously: the first commit already holds the page.
    expect(screen.getByTestId('page').textContent).toBe('leçon');
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without a preload, suspends as React.lazy does and then shows the page', async () => {
    let arrive: (page: typeof Page) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Page>((resolve) => (arrive = resolve)));
    const Lazy = preloadedLazy(load);
    render(
      <Suspense fallback={<p data-testid="fallback" />}>
        <Lazy name="leçon" />
      </Suspense>,
    );
    expect(screen.getByTestId('fallback')).toBeTruthy();
    await act(async () => arrive(Page));
    expect((await screen.findByTestId('page')).textContent).toBe('leçon');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is asked for again by the render', async () => {
    const load = vi.fn<() => Promise<typeof Page>>().mockRejectedValueOnce(new Error('réseau')).mockResolvedValueOnce(Page);
    const Lazy = preloadedLazy(load);
    await expect(Lazy.preload()).rejects.toThrow('réseau');
    render(
      <Suspense fallback={<p data-testid="fallback" />}>
        <Lazy name="reprise" />
      </Suspense>,
    );
    expect((await screen.findByTestId('page')).textContent).toBe('reprise');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
