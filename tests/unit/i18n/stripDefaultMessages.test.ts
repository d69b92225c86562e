import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { blankTranslatedDefaultMessages, translatedIds } from '../../../scripts/i18n-vite-plugin.mjs';

/** Runs a module's source and returns its `messages` export. */
function messagesOf(source: string): unknown {
  const { outputText, diagnostics } = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS } });
  expect(diagnostics).toEqual([]);
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', outputText)(module, module.exports);
  return module.exports.messages;
}

const source = `
const route = { name: 'x' };
export const messages = {
  first: { defaultMessage: 'Premier', id: 'a.first' },
  middle: { id: 'a.middle', defaultMessage: "L'entre-deux", description: 'kept' },
  last: {
    id: 'a.last',
    defaultMessage:
      'Dernier',
  },
  template: {
    id: \`a.template\`,
    defaultMessage: \`Modèle
sur deux lignes\`,
  },
  untranslated: { id: 'a.new', defaultMessage: 'Pas encore traduit' },
  computed: { id: 'part.unknown', defaultMessage: route.name },
};
`;

describe('production builds drop the defaultMessage of translated messages', () => {
  const translated = new Set(['a.first', 'a.middle', 'a.last', 'a.template', 'part.unknown']);

  it('blanks them in place: same length, same lines, still valid code', () => {
    const blanked = blankTranslatedDefaultMessages(source, 'messages.ts', translated);
    expect(blanked).toHaveLength(source.length);
    expect(blanked.split('\n')).toHaveLength(source.split('\n').length);
    expect(messagesOf(blanked)).toEqual({
      first: { id: 'a.first' },
      middle: { id: 'a.middle', description: 'kept' },
      last: { id: 'a.last' },
      template: { id: 'a.template' },
      // Not in both catalogues yet: the French text stays the fallback.
      untranslated: { id: 'a.new', defaultMessage: 'Pas encore traduit' },
      // Not a literal (not extracted): untouched.
      computed: { id: 'part.unknown', defaultMessage: 'x' },
    });
  });

  it('only ids both compiled catalogues hold count as translated', () => {
    const ids = translatedIds();
    expect(ids.has('login.title')).toBe(true);
    // The learner area's catalogue counts too (its texts were shipped twice to the storefront before).
    expect(ids.has('school.learning.start')).toBe(true);
    expect(ids.has('no.such.message')).toBe(false);
  });
});
