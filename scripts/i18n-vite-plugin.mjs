// Vite plugin for production builds (vite.config.ts): drops the French `defaultMessage` of every message
// both compiled catalogues hold, so its text reaches the browser once (in the catalogue) instead of twice.
// Messages missing from a catalogue (not extracted or not translated yet) keep theirs: nothing ever falls
// back to an id. The removed text is blanked in place, so positions (and source maps) stay as they were.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const CATALOGUES = 'src/i18n/compiled';

/** Ids with a message in both languages (guest, storefront, school or app catalogue). */
export function translatedIds(dir = CATALOGUES) {
  const ids = (locale) => new Set(['guest', 'storefront', 'school', 'app'].flatMap((part) => Object.keys(JSON.parse(readFileSync(`${dir}/${locale}.${part}.json`, 'utf8')))));
  const en = ids('en');
  return new Set([...ids('fr')].filter((id) => en.has(id)));
}

const isLiteral = (node) => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
const property = (object, name) => object.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);

/** The source with the `defaultMessage` of each `{ id: '…', defaultMessage: '…' }` whose id is translated blanked out. */
export function blankTranslatedDefaultMessages(code, file, translated) {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const ranges = [];
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const id = property(node, 'id');
      const message = property(node, 'defaultMessage');
      if (id && message && isLiteral(id.initializer) && isLiteral(message.initializer) && translated.has(id.initializer.text)) {
        const props = node.properties;
        const index = props.indexOf(message);
        // With the comma that separates it from its neighbour.
        ranges.push(index > 0 ? [props[index - 1].getEnd(), message.getEnd()] : [message.getStart(source), props[1]?.getStart(source) ?? message.getEnd()]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let blanked = code;
  for (const [start, end] of ranges) blanked = blanked.slice(0, start) + blanked.slice(start, end).replace(/[^\n]/g, ' ') + blanked.slice(end);
  return blanked;
}

export function stripTranslatedDefaultMessages() {
  let translated = new Set();
  return {
    name: 'i18n-strip-translated-default-messages',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      // `npm run build` compiles the catalogues first.
      translated = translatedIds();
    },
    transform(code, file) {
      // The files `npm run i18n:extract` reads.
      if (!/[\\/]src[\\/].+(?<!\.d)\.tsx?$/.test(file) || !code.includes('defaultMessage')) return null;
      const blanked = blankTranslatedDefaultMessages(code, file, translated);
      return blanked === code ? null : { code: blanked, map: null };
    },
  };
}
