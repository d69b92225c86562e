import DOMPurify from 'dompurify';

/**
 * HTML a block shows, made inert once more in the browser: the server already cleaned it to the editor's
 * allow-list, but the view does not trust stored data (older rows, other clients).
 */
export const inertHtml = (html: string): string => DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'iframe'], FORBID_ATTR: ['style'] });

/** Addresses a block may load or link: the store's uploads (same origin) and http(s). */
export function safeAddress(url: unknown): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  const value = url.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}
