/**
 * What leaves for the error-reporting service (Sentry protocol), in the browser and on the server alike: the
 * error, its stack, the page or route, the release and environment. Never a password, a token, an e-mail address,
 * a cookie or a request body (issue 17). Applied in `beforeSend` and `beforeBreadcrumb` of both SDKs.
 */

export const FILTERED = '[Filtered]';

/** Keys whose values are dropped wherever they appear (headers, extra data, breadcrumb data, contexts). */
const SECRET_KEY = /pass(?:word)?|secret|token|authori[sz]ation|cookie|session|captcha|api[-_]?key|^key$|dsn|e-?mail|signature|credit|card|iban/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** `Bearer abc…`, and long opaque strings (hex or base64url of 32+ characters: our tokens, reset links' tokens). */
const BEARER = /\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const OPAQUE = /\b[A-Za-z0-9_-]{32,}\b/g;

/** A text with e-mail addresses, bearer credentials and token-like strings replaced. */
export function scrubText(text: string): string {
  return text.replace(BEARER, FILTERED).replace(EMAIL, FILTERED).replace(OPAQUE, FILTERED);
}

/** An address without its query string and fragment (activation and reset links carry tokens there). */
export function scrubUrl(url: string): string {
  const cut = url.search(/[?#]/);
  return scrubText(cut === -1 ? url : url.slice(0, cut));
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? FILTERED : scrubValue(inner, depth + 1);
  return out;
}

/** Any data: secret-named keys dropped, strings scrubbed. */
export const scrubData = <T>(value: T): T => scrubValue(value, 0) as T;

interface RequestLike {
  url?: string;
  method?: string;
  data?: unknown;
  query_string?: unknown;
  cookies?: unknown;
  headers?: Record<string, string>;
  env?: unknown;
}

interface BreadcrumbLike {
  message?: string;
  data?: Record<string, unknown>;
  category?: string;
}

/** The parts of a Sentry event this module touches (structurally typed: both SDKs' events fit). */
export interface ScrubbableEvent {
  message?: string;
  request?: RequestLike;
  user?: unknown;
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  breadcrumbs?: BreadcrumbLike[];
  exception?: { values?: { value?: string; type?: string }[] };
  server_name?: string;
}

export function scrubBreadcrumb<B extends BreadcrumbLike>(breadcrumb: B): B {
  const data = breadcrumb.data ? { ...breadcrumb.data } : undefined;
  if (data) {
    // fetch / xhr breadcrumbs: the address without its query; never a body.
    for (const key of ['url', 'from', 'to']) if (typeof data[key] === 'string') data[key] = scrubUrl(data[key] as string);
    delete data.body;
    delete data.request_body;
    delete data.response_body;
  }
  return {
    ...breadcrumb,
    ...(breadcrumb.message !== undefined ? { message: scrubText(breadcrumb.message) } : {}),
    ...(data ? { data: scrubData(data) } : {}),
  };
}

/** The event as it may leave: no body, cookies, user, query strings, secrets or e-mail addresses. */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  const scrubbed: E = { ...event };
  delete scrubbed.user;
  delete scrubbed.server_name;
  if (event.request) {
    const { url, method, headers } = event.request;
    scrubbed.request = {
      ...(url ? { url: scrubUrl(url) } : {}),
      ...(method ? { method } : {}),
      // Only harmless headers survive (the browser's language and agent help to reproduce).
      ...(headers
        ? { headers: Object.fromEntries(Object.entries(headers).filter(([name]) => /^(?:accept-language|user-agent|content-type)$/i.test(name))) }
        : {}),
    };
  }
  if (event.message !== undefined) scrubbed.message = scrubText(event.message);
  if (event.extra) scrubbed.extra = scrubData(event.extra);
  if (event.contexts) scrubbed.contexts = scrubData(event.contexts);
  if (event.tags) scrubbed.tags = scrubData(event.tags);
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  if (event.exception?.values) {
    scrubbed.exception = { ...event.exception, values: event.exception.values.map((value) => ({ ...value, ...(value.value !== undefined ? { value: scrubText(value.value) } : {}) })) };
  }
  return scrubbed;
}
