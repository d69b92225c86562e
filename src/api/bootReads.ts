/**
 * The back office's early reads (issue 9: the tree and the signed-in pages waited for the HTML, then the scripts,
 * then the message catalogue, then `GET /users/me`, then the route's chunk, and only then asked for their data).
 * An inline script of index.html starts the session check and the route's first reads while the HTML is parsed and
 * leaves them in `window.__cpBootReads`; the API client's fetch (src/api/client.ts) takes each one up for the first
 * request that asks for exactly that address, with the same token and language, instead of asking again.
 *
 * The taken answer goes through the client as its own request would (its 401 ends the session through the one
 * unauthorized path, its failure reaches the query cache's error catalogue), so what a page shows does not change.
 * An old read (past FRESH_MS), or another token or language since, is not taken: the request is made as usual. A
 * taken read that the network failed fails the call as its own request would have (no second request: the app's
 * failure handling, its retry buttons and the model tests see the same failure, at the same step). The storefront's first module sends its reads the same way (`sendBootRead`, from
 * src/pages/school/schoolFirstReads.ts), and the school client takes them up with the same fetch.
 *
 * This module imports nothing: the storefront entry evaluates it before any library.
 */
export interface BootRead {
  /** Absolute address, as the client builds it. */
  url: string;
  /** The bearer token it was sent with; null: none. */
  token: string | null;
  lang: string;
  /** performance.now() when it left. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __cpBootReads?: BootRead[];
  }
}

const FRESH_MS = 15_000;

/** The early answer for `request` (taken once), or null when none fits. */
export function takeBootRead(request: Request, reads: BootRead[] | undefined = globalThis.window?.__cpBootReads): Promise<Response> | null {
  if (!reads || reads.length === 0 || request.method !== 'GET') return null;
  const index = reads.findIndex((read) => read.url === request.url);
  if (index < 0) return null;
  const [read] = reads.splice(index, 1);
  if (!read || performance.now() - read.at > FRESH_MS) return null;
  if (request.headers.get('Authorization') !== (read.token === null ? null : `Bearer ${read.token}`) || request.headers.get('Accept-Language') !== read.lang) return null;
  return read.response;
}

/**
 * Sends GET `url` now, with the token and language the API client will set on its own call of the same address, for
 * that call to take up. A newer read of the same address replaces an older one.
 */
export function sendBootRead(url: string, token: string | null, lang: string): void {
  const reads = (window.__cpBootReads ??= []);
  const response = globalThis.fetch(url, { headers: { 'Accept-Language': lang, ...(token === null ? {} : { Authorization: `Bearer ${token}` }) } });
  // Unclaimed, a network failure is nobody's: the client's call sends its own request and reports its failure.
  response.catch(() => undefined);
  for (let i = reads.length - 1; i >= 0; i--) if (reads[i]!.url === url) reads.splice(i, 1);
  reads.push({ url, token, lang, at: performance.now(), response });
}

/** Rejects as fetch would when `signal` aborts first. */
function abortable(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The client's fetch: an early answer when one fits (its failure is the call's), else the network. */
export function fetchWithBootReads(request: Request): Promise<Response> {
  const early = takeBootRead(request);
  if (!early) return globalThis.fetch(request);
  return abortable(
    early,
    request.signal,
  );
}
