import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The stylesheets hold no rule inside another rule and close every block. The build's minifier accepts CSS
 * nesting, so a brace lost in a merge silently moves every later rule inside the unclosed one (it happened:
 * the checkout's whole layout ended up nested in `.school-footer ul` and no test saw it).
 */
function structureProblems(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const open: string[] = [];
  const problems: string[] = [];
  let selector = '';
  for (const ch of text) {
    if (ch === '{') {
      const name = selector.trim();
      if (open.length > 0 && !open.some((outer) => outer.startsWith('@'))) problems.push(`${name} inside ${open.at(-1)}`);
      open.push(name);
      selector = '';
    } else if (ch === '}') {
      if (!open.pop()) problems.push('a closing brace with no block');
      selector = '';
    } else if (ch === ';') selector = '';
    else selector += ch;
  }
  return [...problems, ...open.map((name) => `${name} never closed`)];
}

describe('stylesheets', () => {
  const files = (readdirSync('src', { recursive: true }) as string[]).filter((file) => file.endsWith('.css')).map((file) => `src/${file}`).sort();
  it('finds the stylesheets', () => expect(files.length).toBeGreaterThan(5));
  it.each(files)('%s: no rule nested in a rule, every block closed', (file: string) => {
    expect(structureProblems(readFileSync(file, 'utf8'))).toEqual([]);
  });
  it('sees a lost brace', () => {
    expect(structureProblems('.a ul {\n/* x */\n.b { color: red; }\n')).toEqual(['.b inside .a ul', '.a ul never closed']);
    expect(structureProblems('.a { color: red; }\n}\n')).toEqual(['a closing brace with no block']);
    expect(structureProblems('@media (min-width: 1px) { .a { color: red; } }')).toEqual([]);
  });
});
