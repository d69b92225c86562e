import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Failure } from '../../../shared/failure';
import { failingWithFailures } from '../../../src/api/queries';
import type { api } from '../../../src/api/client';
import { createQueryClient } from '../../../src/api/queryClient';
import { ChunkLoadTimeoutError, withChunkTimeout, type TimeoutClock } from '../../../src/app/chunkLoad';
import { catalogueMessages, CHUNK_LOAD_TIMEOUT_MS, TOAST_MS } from '../../../src/app/errorCatalogue';
import { registerFailureOutlets, reportedByShell, reportReadFailure, reportUncaught, type FailureOutlets } from '../../../src/app/failureReporter';
import { listenForUncaughtErrors, reactionToUncaught } from '../../../src/app/uncaughtErrors';

const failure = (status: number | null, message = ''): Failure => ({ status, code: status === null ? 'NETWORK' : null, message, fieldErrors: {} });

function outlets() {
  const shell = { toast: vi.fn(), networkLost: vi.fn(), stripeConfirm: vi.fn() } satisfies FailureOutlets;
  registerFailureOutlets(shell);
  return shell;
}

afterEach(() => registerFailureOutlets(null));

describe('reads go through the error catalogue (QueryCache onError)', () => {
  it('no answer on a read opens the network-lost dialog', () => {
    const shell = outlets();
    reportReadFailure(failure(null, 'Failed to fetch'), undefined);
    expect(shell.networkLost).toHaveBeenCalledTimes(1);
    expect(shell.toast).not.toHaveBeenCalled();
  });

  it('a 5xx on a read shows the catalogue toast', () => {
    const shell = outlets();
    reportReadFailure(failure(500, 'stack'), undefined);
    expect(shell.toast).toHaveBeenCalledWith(catalogueMessages.server, TOAST_MS);
  });

  it('401, 403, 404 and 422 on a read are the page’s (not found, access) or the auth machine’s: no toast', () => {
    const shell = outlets();
    for (const status of [401, 403, 404, 422]) reportReadFailure(failure(status, 'x'), undefined);
    expect(shell.toast).not.toHaveBeenCalled();
    expect(shell.networkLost).not.toHaveBeenCalled();
  });

  it('a query whose page reports the failure itself (meta.failureReport "page") is left alone', () => {
    const shell = outlets();
    reportReadFailure(failure(500), { failureReport: 'page' });
    reportReadFailure(failure(null), { failureReport: 'page' });
    expect(shell.toast).not.toHaveBeenCalled();
    expect(shell.networkLost).not.toHaveBeenCalled();
  });

  it('the query cache reports a failed read once, after its retry', async () => {
    const report = vi.fn();
    const client = createQueryClient(report);
    const queryFn = vi.fn(() => Promise.reject(failure(503)));
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn, retry: 1, retryDelay: 0, meta: { failureReport: 'shell' } })).rejects.toMatchObject({ status: 503 });
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(failure(503), { failureReport: 'shell' });
  });
});

describe('query hooks see Failures, with their status', () => {
  const answer = (status: number, body: unknown) => ({ data: undefined, error: body, response: new Response(null, { status }) });
  const client = (GET: () => Promise<unknown>) => failingWithFailures({ GET } as unknown as typeof api);

  it('an HTTP error becomes a Failure with the status and the envelope', async () => {
    const get = client(() => Promise.resolve(answer(500, { message: 'Boom', code: 'INTERNAL_ERROR' })));
    await expect(get.GET('/trainings' as never)).rejects.toEqual({ status: 500, code: 'INTERNAL_ERROR', message: 'Boom', fieldErrors: {} });
  });

  it('no answer becomes a Failure of status null', async () => {
    const get = client(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(get.GET('/trainings' as never)).rejects.toMatchObject({ status: null, code: 'NETWORK' });
  });

  it('an abort stays an abort (TanStack cancels, nothing is reported)', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    const get = client(() => Promise.reject(abort));
    await expect(get.GET('/trainings' as never)).rejects.toBe(abort);
    expect(reportedByShell(abort)).toBe(false);
  });

  it('a success passes through', async () => {
    const ok = { data: { id: 1 }, response: new Response(null, { status: 200 }) };
    await expect(client(() => Promise.resolve(ok)).GET('/trainings' as never)).resolves.toBe(ok);
  });
});

describe('non-HTTP errors (spec 8): a toast, except a duplicate navigation or a privacy error', () => {
  it('a thrown error: a toast with its message', () => {
    expect(reactionToUncaught(new Error('Impossible de lire la vidéo'))).toEqual({ kind: 'toast', text: 'Impossible de lire la vidéo' });
    expect(reactionToUncaught('chaîne levée')).toEqual({ kind: 'toast', text: 'chaîne levée' });
  });

  it('an error without a message: the catalogue’s generic text', () => {
    expect(reactionToUncaught(new Error(''))).toEqual({ kind: 'toast', text: catalogueMessages.server });
    expect(reactionToUncaught(undefined)).toEqual({ kind: 'toast', text: catalogueMessages.server });
  });

  it('a duplicate navigation: nothing', () => {
    expect(reactionToUncaught(Object.assign(new Error('Avoided redundant navigation to current location: "/formations".'), { name: 'NavigationDuplicated' }))).toEqual({ kind: 'ignore' });
    expect(reactionToUncaught(new DOMException('The navigation was superseded', 'AbortError'))).toEqual({ kind: 'ignore' });
  });

  it('a privacy error (storage or cookies refused): nothing', () => {
    expect(reactionToUncaught(new DOMException('The operation is insecure.', 'SecurityError'))).toEqual({ kind: 'ignore' });
    expect(reactionToUncaught(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))).toEqual({ kind: 'ignore' });
  });

  it('HTTP failures (their call reported them), ResizeObserver notices and foreign "Script error.": nothing', () => {
    expect(reactionToUncaught(failure(500))).toEqual({ kind: 'ignore' });
    expect(reactionToUncaught('ResizeObserver loop completed with undelivered notifications.')).toEqual({ kind: 'ignore' });
    expect(reactionToUncaught('Script error.')).toEqual({ kind: 'ignore' });
  });

  it('a chunk that timed out: the catalogue’s message', () => {
    expect(reactionToUncaught(new ChunkLoadTimeoutError(CHUNK_LOAD_TIMEOUT_MS))).toEqual({ kind: 'toast', text: catalogueMessages.chunkTimeout });
  });

  it('the window listeners hand errors and rejections to the shell, which toasts them', () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const target = {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    } as unknown as Window;
    const shell = outlets();
    const stop = listenForUncaughtErrors(target, reportUncaught);
    listeners.get('error')!({ error: new Error('Erreur inattendue'), message: 'Uncaught Error: Erreur inattendue' });
    listeners.get('unhandledrejection')!({ reason: Object.assign(new Error('redundant navigation'), { name: 'NavigationDuplicated' }) });
    listeners.get('unhandledrejection')!({ reason: new TypeError('x is undefined') });
    expect(shell.toast.mock.calls).toEqual([
      ['Erreur inattendue', TOAST_MS],
      ['x is undefined', TOAST_MS],
    ]);
    stop();
    expect(listeners.size).toBe(0);
  });
});

describe('the chunk-load time-out (spec 9: 120 s)', () => {
  function fakeClock() {
    const timers = new Map<number, { at: number; callback: () => void }>();
    let now = 0;
    let next = 1;
    const clock: TimeoutClock = {
      setTimeout: (callback, ms) => {
        timers.set(next, { at: now + ms, callback });
        return next++;
      },
      clearTimeout: (handle) => void timers.delete(handle as number),
    };
    const advance = (ms: number) => {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    };
    return { clock, advance, pending: () => timers.size };
  }

  it('is 120 000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('a chunk that has not arrived after 120 s fails with ChunkLoadTimeoutError; not a millisecond before', async () => {
    const { clock, advance } = fakeClock();
    let settled = false;
    const loading = withChunkTimeout(() => new Promise<never>(() => undefined), clock).finally(() => (settled = true));
    advance(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(settled).toBe(false);
    advance(1);
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('a chunk in time resolves and clears its timer; a failing import keeps its own error', async () => {
    const { clock, pending } = fakeClock();
    await expect(withChunkTimeout(() => Promise.resolve('module'), clock)).resolves.toBe('module');
    expect(pending()).toBe(0);
    const broken = new TypeError('Failed to fetch dynamically imported module');
    await expect(withChunkTimeout(() => Promise.reject(broken), clock)).rejects.toBe(broken);
    expect(pending()).toBe(0);
  });
});
