import { CHUNK_LOAD_TIMEOUT_MS } from './errorCatalogue';

/** The timers a time-out needs; the browser's by default, a fake one in tests. */
export interface TimeoutClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserClock: TimeoutClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A chunk of the app that did not arrive in time (spec 9); its message is the catalogue's `chunkTimeout`. */
export class ChunkLoadTimeoutError extends Error {
  override name = 'ChunkLoadTimeoutError';
  constructor(readonly ms: number) {
    super(`A chunk of the app did not load in ${ms} ms`);
  }
}

export const isChunkLoadTimeout = (error: unknown): error is ChunkLoadTimeoutError => error instanceof Error && error.name === 'ChunkLoadTimeoutError';

/**
 * Loads a chunk (a dynamic `import()`), failing with a ChunkLoadTimeoutError when it has not arrived within
 * CHUNK_LOAD_TIMEOUT_MS: a stalled request would otherwise leave the page blank for good. A chunk that arrives
 * later is ignored; the next navigation asks for it again.
 */
export function withChunkTimeout<T>(load: () => Promise<T>, clock: TimeoutClock = browserClock, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    load().then(
      (module) => {
        clock.clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clock.clearTimeout(timer);
        reject(error);
      },
    );
  });
}
