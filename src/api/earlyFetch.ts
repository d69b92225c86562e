/**
 * GET requests a page's first module sends before the rest of its code has arrived and run (issue 12: the
 * player's four reads used to wait for the storefront entry, React and the app included, to evaluate first).
 * They are plain fetches with the headers the API client would set; the client's own call for the same address
 * then takes the answer on its way (`adoptingFetch`, the school client's fetch), so its middlewares (learner
 * token, 401 ending the session), its parsing and the page's failure handling all run on it as before.
 *
 * This module imports nothing: the entry evaluates it before any library.
 */
const FRESH_MS = 15_000;

interface EarlyRequest {
  headers: Record<string, string>;
  startedAt: number;
  response: Promise<Response>;
}

const sent = new Map<string, EarlyRequest>();

/** Sends GET `url` now with `headers` (the ones the API client will set on its own call of the same address). */
export function fetchEarly(url: string, headers: Record<string, string>): void {
  const response = globalThis.fetch(url, { headers, credentials: 'same-origin' });
  // Unclaimed, a network failure is nobody's: the client's call sends its own request and reports its failure.
  response.catch(() => undefined);
  sent.set(url, { headers, startedAt: Date.now(), response });
}

/** The request's headers the early one must have sent the same (another token or language: another answer). */
const sameHeaders = (request: Request, headers: Record<string, string>) =>
  ['authorization', 'accept-language'].every((name) => (request.headers.get(name) ?? undefined) === lowerKeys(headers)[name]);

const lowerKeys = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * A fetch taking, once, the answer of the early request for the same GET address and headers when it is recent;
 * otherwise (none, another token, too old, a network failure) it sends `request` as usual.
 */
export function adoptingFetch(input: Request, init?: RequestInit): Promise<Response> {
  const early = input.method === 'GET' ? sent.get(input.url) : undefined;
  if (!early) return globalThis.fetch(input, init);
  sent.delete(input.url);
  if (!sameHeaders(input, early.headers) || Date.now() - early.startedAt > FRESH_MS) return globalThis.fetch(input, init);
  return early.response.catch(() => globalThis.fetch(input, init));
}
