import type { SessionEnd, SessionOrigin } from './auth.types';

export const LOGIN_PATH = '/connexion';
export const HOME_PATH = '/';

const PROBE_ORIGIN = 'http://same-site.invalid';

/**
 * Only same-site paths may be redirect targets. The value is resolved the way a browser would
 * ("//evil.test", "/\\evil.test" and "/\t/evil.test" all leave the site) and kept only if it stays
 * on the same origin; the answer is the normalised path.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // "/.//evil.test" normalises to "//evil.test": same origin here, another site once used as a path.
  const path = url.pathname + url.search + url.hash;
  return path.startsWith('//') || path.startsWith('/\\') ? null : path;
}

/** Where a user lands once signed in: the `redirect` query, else home; after sign-up, home with the questionnaire. */
export function landingAfterAuth(origin: SessionOrigin | null, search: string): string {
  if (origin === 'registered') return `${HOME_PATH}?questionnaire=1`;
  return safeRedirect(new URLSearchParams(search).get('redirect')) ?? HOME_PATH;
}

/** Where a guest goes from a protected page: the login page, carrying the page unless they chose to log out. */
export function loginPathFor(ended: SessionEnd | null, currentPath: string): string {
  if (ended === 'loggedOut') return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: currentPath })}`;
}
