import { useMemo } from 'react';
import { lazyModule, useLazyModule } from './lazyModule';

const highlighter = lazyModule(() => import('highlight.js/lib/common').then(({ default: hljs }) => hljs));

/**
 * Highlighted code: highlight.js (its common languages) loads with the first code block shown, never with the
 * page; until then, and for a language it does not know, the code shows as plain text. highlight.js escapes
 * the code it highlights, so its output is safe to insert.
 */
export function RichCode({ code, language }: { code: string; language: string }) {
  const hljs = useLazyModule(highlighter);
  const html = useMemo(() => {
    if (!hljs || language === 'plaintext' || hljs.getLanguage(language) === undefined) return null;
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  }, [hljs, code, language]);
  return html === null ? <code>{code}</code> : <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
