import { useEffect, useState } from 'react';

/**
 * Highlighted code: highlight.js (its common languages) loads with the first code block shown, never with the
 * page; until then, and for a language it does not know, the code shows as plain text. highlight.js escapes
 * the code it highlights, so its output is safe to insert.
 */
export function RichCode({ code, language }: { code: string; language: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('highlight.js/lib/common').then(({ default: hljs }) => {
      if (!live) return;
      const known = language !== 'plaintext' && hljs.getLanguage(language) !== undefined;
      setHtml(known ? hljs.highlight(code, { language, ignoreIllegals: true }).value : null);
    });
    return () => {
      live = false;
    };
  }, [code, language]);
  return html === null ? <code>{code}</code> : <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
