/**
 * Which link addresses a description may hold: web pages (http, https) and e-mail addresses (mailto).
 * Everything else (javascript:, data:, relative paths that would resolve against the learner area…) is
 * refused, on paste, on load and in the link dialog alike.
 */

const SCHEMES = new Set(['http:', 'https:', 'mailto:']);
/** A bare e-mail address typed in the link dialog. */
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
/** A bare host name typed in the link dialog ("exemple.fr/page"). */
const BARE_HOST = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?([/?#]\S*)?$/u;

/** The address itself when it is safe to link to, else null. */
export function safeHref(href: string | null | undefined): string | null {
  const trimmed = href?.trim() ?? '';
  // No control or white-space characters: browsers strip some of them, which is how "java\tscript:" slips past filters.
  if (trimmed === '' || [...trimmed].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!SCHEMES.has(url.protocol)) return null;
  if (url.protocol === 'mailto:') return EMAIL.test(decodeURIComponentSafe(url.pathname)) ? trimmed : null;
  return url.hostname === '' ? null : trimmed;
}

/** What the link dialog saves for what was typed: "exemple.fr" means https://exemple.fr, "a@b.fr" a mailto. */
export function hrefFromInput(input: string): string | null {
  const trimmed = input.trim();
  if (EMAIL.test(trimmed)) return safeHref(`mailto:${trimmed}`);
  if (BARE_HOST.test(trimmed) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return safeHref(`https://${trimmed}`);
  return safeHref(trimmed);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
