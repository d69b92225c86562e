// Which source files can render before sign-in: their messages form the guest catalogue, loaded with the
// app; the learner area's pages (routes with `messages: 'school'`) have catalogues of their own (`storefront` for its
// first load, `school` for the rest); every other
// message waits for the signed-in layouts (see src/i18n/catalogues.ts).
//
// Guest files are the modules reachable through imports, static or dynamic, from the app entry and from
// the pages of the blank-layout routes, without crossing into the signed-in side: the `load` of a route
// whose layout is not `blank` (src/app/routes.ts) and the signed-in layouts (`layouts` in
// src/app/router.tsx). Both are read from the source, so a new route or page is classified by where it
// is mounted, not by its message ids. Over-inclusion only costs bytes; a missed guest file would show
// message ids to visitors, hence the conservative rules: type-only imports are the only edges ignored.
//   node scripts/i18n-guest-files.mjs     prints the list
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ENTRY = 'src/main.tsx';
// The sign-in and sign-up pages' own entry (guest.html): its files are guest files too.
const GUEST_ENTRY = 'src/guestMain.tsx';
const SCHOOL_ENTRY = 'src/schoolMain.tsx';
const ROUTES = 'src/app/routes.ts';
const ROUTER = 'src/app/router.tsx';

const compilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, resolveJsonModule: true, jsx: ts.JsxEmit.ReactJSX, allowJs: false };

const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** Project file an import specifier resolves to (relative to the cwd), or null for packages and assets. */
function resolve(specifier, from) {
  if (!specifier.startsWith('.')) return null;
  const { resolvedModule } = ts.resolveModuleName(specifier, path.resolve(from), compilerOptions, ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport || resolvedModule.resolvedFileName.endsWith('.d.ts')) return null;
  return path.relative(process.cwd(), resolvedModule.resolvedFileName).replaceAll('\\', '/');
}

const isTypeOnly = (node) =>
  ts.isImportDeclaration(node)
    ? node.importClause?.isTypeOnly ||
      (node.importClause && !node.importClause.name && node.importClause.namedBindings && ts.isNamedImports(node.importClause.namedBindings) && node.importClause.namedBindings.elements.length > 0 && node.importClause.namedBindings.elements.every((e) => e.isTypeOnly))
    : node.isTypeOnly;

/** Specifiers of the `import('…')` calls under a node. */
function dynamicImportsUnder(node) {
  const found = [];
  const visit = (n) => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0])) found.push(n.arguments[0].text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** Every import of a file: { target, dynamic }. */
function importsOf(file) {
  const source = parse(file);
  const edges = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteralLike(statement.moduleSpecifier) && !isTypeOnly(statement)) {
      edges.push({ specifier: statement.moduleSpecifier.text, dynamic: false });
    }
  }
  for (const specifier of dynamicImportsUnder(source)) edges.push({ specifier, dynamic: true });
  return edges.map(({ specifier, dynamic }) => ({ target: resolve(specifier, file), dynamic })).filter((edge) => edge.target);
}

const propertyNamed = (object, name) =>
  object.properties.find((p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) && p.name.text === name);

/** The route table's pages, by the layout they are mounted in. */
function routePages() {
  const source = parse(ROUTES);
  const guest = [];
  const signedIn = [];
  const school = [];
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const layout = propertyNamed(node, 'layout');
      const load = propertyNamed(node, 'load');
      const messages = propertyNamed(node, 'messages');
      if (load) {
        if (!layout || !ts.isStringLiteralLike(layout.initializer)) throw new Error(`${ROUTES}: a route with \`load\` needs a literal \`layout\` (${node.getText().slice(0, 80)}…)`);
        const targets = dynamicImportsUnder(load.initializer).map((s) => resolve(s, ROUTES));
        // A page with a catalogue of its own (`messages: 'school'`) waits for it: neither guest nor signed-in.
        if (messages && ts.isStringLiteralLike(messages.initializer) && messages.initializer.text === 'school') school.push(...targets);
        else (layout.initializer.text === 'blank' ? guest : signedIn).push(...targets);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { guest, signedIn, school };
}

/** The layouts the router loads lazily, except the blank one. */
function signedInLayouts() {
  const source = parse(ROUTER);
  let found = null;
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'layouts' && node.initializer && ts.isObjectLiteralExpression(node.initializer)) found = node.initializer;
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) throw new Error(`${ROUTER}: no \`layouts\` object found (scripts/i18n-guest-files.mjs reads it)`);
  return found.properties.filter((p) => p.name?.getText() !== 'blank').flatMap((p) => dynamicImportsUnder(p).map((s) => resolve(s, ROUTER)));
}

/** The guest source files (sorted, relative paths) and the signed-in entry points that bound them. */
export function guestFiles() {
  const pages = routePages();
  const layouts = signedInLayouts();
  if (pages.guest.length === 0 || pages.signedIn.length === 0 || layouts.length === 0) {
    throw new Error('scripts/i18n-guest-files.mjs found no guest pages, signed-in pages or signed-in layouts: has the route table changed shape?');
  }
  const guestEntries = new Set([ENTRY, GUEST_ENTRY, ...pages.guest]);
  const boundary = new Set([...pages.signedIn, ...pages.school, ...layouts].filter((file) => !guestEntries.has(file)));
  return { files: reachable(guestEntries, boundary), boundary: [...boundary].sort() };
}

/**
 * Source files reachable from `entries` without crossing a dynamic import into `boundary` (sorted, relative);
 * `boundary` true: no dynamic import is followed.
 */
function reachable(entries, boundary) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const { target, dynamic } of importsOf(file)) {
      if (!(dynamic && (boundary === true || boundary.has(target)))) queue.push(target);
    }
  }
  return [...seen].filter((f) => /^src\/.*\.tsx?$/.test(f)).sort();
}

/**
 * The learner area's source files that are not guest files: their messages form the `school` catalogue, which the
 * school route waits for. Reached from the pages of routes declaring `messages: 'school'`, without crossing into
 * the signed-in side; what guest files already declare stays guest (it is on screen anyway).
 */
export function schoolFiles() {
  const pages = routePages();
  const guest = new Set(guestFiles().files);
  const boundary = new Set([...pages.signedIn, ...signedInLayouts()]);
  // The storefront's own entry draws the learner area (the back office's school route only reloads into it).
  return reachable(new Set([...pages.school, SCHOOL_ENTRY]), boundary).filter((file) => !guest.has(file));
}

/**
 * The storefront's first load (src/schoolMain.tsx and its static imports: the school's home, catalogue, training and
 * bundle pages): their learner-area messages form the `storefront` catalogue, fetched before the first paint; the
 * rest of the `school` catalogue waits for the later pages (issue 11's JavaScript bar).
 */
export function storefrontFiles() {
  const guest = new Set(guestFiles().files);
  return reachable(new Set([SCHOOL_ENTRY]), true).filter((file) => !guest.has(file));
}

/**
 * The signed-in side's source files that are not guest files (back-office pages and layouts, without crossing into
 * the learner area). A file both sides import (the lesson blocks' renderers: the editor and the learner's player)
 * puts its messages in both the app and the school catalogues: each side loads only its own.
 */
export function appFiles() {
  const pages = routePages();
  const guest = new Set(guestFiles().files);
  return reachable(new Set([...pages.signedIn, ...signedInLayouts()]), new Set(pages.school)).filter((file) => !guest.has(file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, boundary } = guestFiles();
  console.log(files.join('\n'));
  console.error(`${files.length} guest files; signed-in entry points: ${boundary.join(', ')}`);
}
