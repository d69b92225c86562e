import DOMPurify from 'dompurify';

/*
 * A purifier of its own, configured once: DOMPurify parses a configuration passed to `sanitize` on every call
 * (its allow-lists rebuilt each time), which a 200-block lesson paid 25 times on opening (issue 12). Its own
 * instance, because `setConfig` on the shared one would change the editor's cleaning too (src/editor/html.ts).
 */
const purifier = DOMPurify();
purifier.setConfig({ FORBID_TAGS: ['style', 'form', 'input', 'iframe'], FORBID_ATTR: ['style'] });

/**
 * HTML a block shows, made inert once more in the browser: the server already cleaned it to the editor's
 * allow-list, but the view does not trust stored data (older rows, other clients).
 */
export const inertHtml = (html: string): string => (html === '' ? '' : purifier.sanitize(html));

/** Addresses a block may load or link: the store's uploads (same origin) and http(s). */
export function safeAddress(url: unknown): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  const value = url.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}
