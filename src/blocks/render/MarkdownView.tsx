import { useMemo } from 'react';
import { lazyModule, useLazyModule } from './lazyModule';
import { inertHtml } from './sanitise';

/** One renderer for every Markdown block: markdown-it with HTML off (spec section 5: Markdown blocks hold no HTML). */
const markdownRenderer = lazyModule(() => import('markdown-it').then(({ default: MarkdownIt }) => new MarkdownIt({ html: false, linkify: true, typographer: true })));

/** A Markdown block; markdown-it loads with the first one shown, and until it is there the source shows as text. */
export function MarkdownView({ markdown }: { markdown: string }) {
  const renderer = useLazyModule(markdownRenderer);
  const html = useMemo(() => (renderer ? inertHtml(renderer.render(markdown)) : null), [renderer, markdown]);
  return html === null ? <div className="block-markdown block-markdown--source">{markdown}</div> : <div className="block-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
