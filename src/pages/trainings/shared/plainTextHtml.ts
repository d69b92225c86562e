/**
 * The description of a training is HTML (the contract's sales-page rich text). Until the rich-text editor
 * exists, it is typed as plain text: blank lines separate paragraphs, a single line break stays a line
 * break. These two functions convert both ways; they are pure so the page and its tests share them.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Plain text → `<p>` paragraphs with `<br>` line breaks; '' (or only blank lines) → ''. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map((line) => escapeHtml(line.trim())).join('<br>')}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };

/** HTML → the plain text the field shows: paragraphs and blocks become blank lines, `<br>` a line break, tags go. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|ul|ol|pre|table|tr)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (whole, name: string) => {
      if (name in ENTITIES) return ENTITIES[name]!;
      if (/^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
      return whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether the HTML holds formatting the plain-text field would lose (anything but paragraphs and line breaks). */
export function hasRichFormatting(html: string): boolean {
  const tags = html.match(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi) ?? [];
  return tags.some((tag) => !/^<\/?(p|br)\s*\/?>$/i.test(tag));
}
