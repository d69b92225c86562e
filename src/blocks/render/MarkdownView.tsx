import { useEffect, useState } from 'react';
import { inertHtml } from './sanitise';

/**
 * A Markdown block: markdown-it with HTML off (spec section 5: Markdown blocks hold no HTML), loaded with the
 * first Markdown block shown. Until it is there the source shows as text.
 */
export function MarkdownView({ markdown }: { markdown: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('markdown-it').then(({ default: MarkdownIt }) => {
      if (!live) return;
      const renderer = new MarkdownIt({ html: false, linkify: true, typographer: true });
      setHtml(inertHtml(renderer.render(markdown)));
    });
    return () => {
      live = false;
    };
  }, [markdown]);
  return html === null ? <div className="block-markdown block-markdown--source">{markdown}</div> : <div className="block-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
