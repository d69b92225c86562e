import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { stripTranslatedDefaultMessages } from './scripts/i18n-vite-plugin.mjs';
import { inlineSchoolFirstReads } from './scripts/inline-first-reads.mjs';

const shellModules = new RegExp(
  [
    '/src/app/(auth|access|routes|RouteGuard|router|failureReporter|FailureOutlets|LazyToastRegion|pageDialog|connectivity|errorCatalogue)\\.tsx?$',
    // The French guest messages ship with the shell; the other catalogues are fetched on demand (src/i18n/catalogues.ts).
    '/src/i18n/(LocaleProvider|catalogues|currentLocale|commonMessages)\\.tsx?$',
    '/src/i18n/compiled/fr\\.guest\\.json$',
    '/src/api/(tokenStorage|unauthorized)\\.ts$',
    '/machines/(auth|support|connectivity)/',
    '/src/layouts/(BlankLayout|LanguageSwitch|LegalLinks)\\.tsx$',
    '/src/pages/(NotFoundPage|RouteErrorPage)\\.tsx$',
    '/src/components/(ui/toastQueue|ui/Button|ui/Link|ui/Spinner)\\.tsx?$',
    '/src/(App|main)\\.tsx$',
  ].join('|'),
);
const inShell = (id: string) => shellModules.test(id.replaceAll('\\', '/'));

/**
 * The sign-in page's own modules (its fields and form, then through the group's dependencies their React
 * Aria hooks) as one chunk. Left to the default splitting they come as ~15 chunks shared in various ways
 * with the other pages, each compressed on its own: /connexion paid ~5 KB gzip for it. Pages using the
 * same fields load this chunk too. Read from the module graph, so it follows the login page's imports.
 */
const LOGIN_PAGE = path.resolve('src/pages/auth/LoginPage.tsx');
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds?: readonly string[] } | null;
}
let loginModules: Set<string> | undefined;
function loginPageModules(graph: ModuleGraph): Set<string> {
  if (loginModules) return loginModules;
  if (!graph.getModuleInfo(LOGIN_PAGE)) throw new Error(`vite.config.ts: ${LOGIN_PAGE} is not in the build; update LOGIN_PAGE`);
  const found = new Set<string>();
  const queue = [LOGIN_PAGE];
  while (queue.length > 0) {
    const id = queue.pop()!;
    // Our own modules only: their packages follow them into the group (includeDependenciesRecursively).
    if (found.has(id) || inShell(id) || !id.startsWith(path.resolve('src') + path.sep)) continue;
    found.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  found.delete(LOGIN_PAGE);
  loginModules = found;
  return found;
}

/**
 * The storefront's entry (school.html → src/schoolMain.tsx) shares React, React Router, react-intl, the i18n
 * provider and a few UI parts with the back office's. What the two entries' first loads both need becomes one
 * `common` chunk; the back office's own shell stays in `app-shell`, which the storefront never downloads.
 * Read from the module graph (static imports only: lazy chunks are split as usual).
 */
// React Aria's barrels name every component: only what the grouped modules use follows them (their dependencies).
const barrels = /[\\/]node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@internationalized)[\\/]/;
const ENTRIES = { app: path.resolve('src/main.tsx'), school: path.resolve('src/schoolMain.tsx'), guest: path.resolve('src/guestMain.tsx') };
let commonModules: Set<string> | undefined;
function staticClosure(graph: ModuleGraph, entry: string, withLazy = false): Set<string> {
  const found = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    const info = graph.getModuleInfo(id);
    queue.push(...(info?.importedIds ?? []), ...(withLazy ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return found;
}
function sharedByEntries(graph: ModuleGraph): Set<string> {
  if (commonModules) return commonModules;
  if (!graph.getModuleInfo(ENTRIES.school)) return (commonModules = new Set());
  const school = staticClosure(graph, ENTRIES.school);
  commonModules = new Set([...staticClosure(graph, ENTRIES.app)].filter((id) => school.has(id) && !barrels.test(id)));
  return commonModules;
}

/**
 * The packages the back office's first load and the storefront's later pages both use (React Router, xstate, React
 * Aria's parts): a chunk of their own. Left in `app-shell` (where the shell's modules pull their dependencies),
 * a storefront page importing React Router would load the back office's shell, which starts its router.
 */
let shellVendorModules: Set<string> | undefined;
function shellVendor(graph: ModuleGraph): Set<string> {
  if (shellVendorModules) return shellVendorModules;
  if (!graph.getModuleInfo(ENTRIES.school)) return (shellVendorModules = new Set());
  const schoolLater = staticClosure(graph, ENTRIES.school, true);
  const common = sharedByEntries(graph);
  shellVendorModules = new Set([...staticClosure(graph, ENTRIES.app)].filter((id) => schoolLater.has(id) && !common.has(id) && !barrels.test(id)));
  return shellVendorModules;
}

/**
 * The rest of the storefront's first load (its pages, TanStack Query, the API client, small UI parts): left to the
 * default splitting it came as ~16 chunks of 0.3–9 KB, each compressed on its own (~4 KB gzip lost to that alone).
 * Two chunks instead: `school-first`, what only the storefront uses, and `school-shared`, what the back office's pages
 * import too (so a back-office page that needs TanStack Query never downloads the school's pages).
 * `school-shared` is listed first: a group takes its modules' dependencies with it, and with fractional priorities
 * alone (1.8 / 1.6) `school-first` still took the shared ones (Rolldown went by the list's order).
 */
let schoolFirstModules: { own: Set<string>; shared: Set<string> } | undefined;
function schoolFirst(graph: ModuleGraph): { own: Set<string>; shared: Set<string> } {
  if (schoolFirstModules) return schoolFirstModules;
  if (!graph.getModuleInfo(ENTRIES.school)) return (schoolFirstModules = { own: new Set(), shared: new Set() });
  const common = sharedByEntries(graph);
  const vendor = shellVendor(graph);
  const appLater = staticClosure(graph, ENTRIES.app, true);
  const first = [...staticClosure(graph, ENTRIES.school)].filter((id) => !common.has(id) && !vendor.has(id) && !inShell(id) && !barrels.test(id));
  const shared = new Set(first.filter((id) => appLater.has(id)));
  schoolFirstModules = { own: new Set(first.filter((id) => !shared.has(id))), shared };
  return schoolFirstModules;
}

/**
 * The guest entry's first load (guest.html → src/guestMain.tsx: the sign-in and sign-up forms without React Router,
 * React Aria nor xstate; issue 9's 120 KB bar for /connexion) beside `common`: `guest-first`, what only it loads
 * first, and `guest-shared`, what the other entries' first loads import too (the token storage, the history, the
 * plain controls…), so /connexion never downloads `app-shell` (whose router pulls `shell-vendor`) nor `school-first`.
 * Both rank above `shell-vendor`, `app-shell` and the school's groups, which then load `guest-shared` as one more file.
 */
let guestFirstModules: { own: Set<string>; shared: Set<string> } | undefined;
function guestFirst(graph: ModuleGraph): { own: Set<string>; shared: Set<string> } {
  if (guestFirstModules) return guestFirstModules;
  if (!graph.getModuleInfo(ENTRIES.guest)) return (guestFirstModules = { own: new Set(), shared: new Set() });
  const common = sharedByEntries(graph);
  const others = new Set([...staticClosure(graph, ENTRIES.app), ...staticClosure(graph, ENTRIES.school)]);
  const first = [...staticClosure(graph, ENTRIES.guest)].filter((id) => !common.has(id) && !barrels.test(id));
  const shared = new Set(first.filter((id) => others.has(id)));
  // src/guestMain.tsx itself stays in its entry chunk: a group takes its modules' dependencies with it, so the
  // school's sign-up page (which shares the error text and the captcha with /inscription) loads `guest-first`, and
  // with the entry in it, loading that chunk ran the guest entry on the school page (it handed the page over to the
  // back office, which sent it back: a reload loop).
  guestFirstModules = { own: new Set(first.filter((id) => !shared.has(id) && id !== ENTRIES.guest)), shared };
  return guestFirstModules;
}

/**
 * React Router's production build keeps components alive through top-level `X.displayName = …`
 * assignments (React DevTools labels) and unannotated `React.forwardRef`/`createContext`/`memo` calls, so
 * tree-shaking cannot drop the unused ones (Form, ScrollRestoration, HistoryRouter and what they use):
 * ~1 KB gzip on every first load. Both are side-effect free: the labels are blanked in place and the calls
 * marked pure. Lines keep their numbers (map: null keeps the line mappings; the ~16 annotated lines of
 * this vendored file see their columns shift by the annotation's length).
 */
function treeShakableReactRouter(): Plugin {
  return {
    name: 'tree-shakable-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/.test(id)) return null;
      const patched = code
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var \w+ = )(?=React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ ');
      return patched === code ? null : { code: patched, map: null };
    },
  };
}

/**
 * The chunks the signed-in first pages need (issue 9): index.html's early script preloads them with the session
 * check, so the layout's and the page's code are not discovered only once the app shell has run its router (a chain
 * of imports, each a round trip). Written into the built index.html (the `{} /* boot-chunks *\/` placeholder): per
 * route, the page's chunk, the signed-in layout's and the French app catalogue's, with their static imports, less
 * what the entry itself loads; `.css` files are preloaded as styles.
 */
const BOOT_PAGES = {
  home: 'src/pages/home/HomePage.tsx',
  trainings: 'src/pages/trainings/list/TrainingsListPage.tsx',
  training: 'src/pages/trainings/content/TrainingContentPage.tsx',
  editor: 'src/pages/trainings/lesson/LessonEditorPage.tsx',
};
const BOOT_SHARED = ['src/layouts/DefaultLayout.tsx', 'src/i18n/compiled/fr.app.json'];
interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  moduleIds: readonly string[];
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}
export function bootChunkMap(bundle: Record<string, { type: string }>): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((file): file is BuiltChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (file: string) => {
    const chunk = chunks.find((c) => c.moduleIds.includes(path.resolve(file)));
    if (!chunk) throw new Error(`vite.config.ts: ${file} is in no chunk; update BOOT_PAGES / BOOT_SHARED`);
    return chunk;
  };
  const closure = (start: BuiltChunk, into = new Set<string>()) => {
    const queue = [start];
    while (queue.length > 0) {
      const chunk = queue.pop()!;
      if (into.has(chunk.fileName)) continue;
      into.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
      for (const imported of chunk.imports) if (byName.has(imported)) queue.push(byName.get(imported)!);
    }
    return into;
  };
  // What index.html loads: the chunk of src/main.tsx (the `app-shell` group, which carries the entry) and its imports.
  const loaded = closure(chunkOf('src/main.tsx'));
  const map: Record<string, string[]> = {};
  for (const [route, page] of Object.entries(BOOT_PAGES)) {
    const files = new Set<string>();
    for (const file of [page, ...BOOT_SHARED]) closure(chunkOf(file), files);
    map[route] = [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
  }
  return map;
}
function bootChunks(): Plugin {
  return {
    name: 'boot-chunks',
    apply: 'build',
    writeBundle(options, bundle) {
      const file = path.join(options.dir ?? 'dist/client', 'index.html');
      const html = readFileSync(file, 'utf8');
      const placeholder = '{} /* boot-chunks */';
      if (!html.includes(placeholder)) throw new Error(`vite.config.ts: ${file} has no ${placeholder}`);
      writeFileSync(file, html.replace(placeholder, JSON.stringify(bootChunkMap(bundle as Record<string, { type: string }>))));
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ mode }) => ({
  plugins: [
    // React Aria ships its own strings in ~30 languages; keep the two the app speaks.
    { ...optimizeLocales.vite({ locales: ['fr-FR', 'en-US'] }), enforce: 'pre' },
    react(),
    treeShakableReactRouter(),
    stripTranslatedDefaultMessages(),
    bootChunks(),
    inlineSchoolFirstReads(),
  ],
  resolve: {
    alias: [
      // Messages are precompiled to ASTs (npm run i18n:compile), so the ICU parser stays out of the bundle.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
      // @xstate/react asks for the pre-React-18 shims; React 19 has useSyncExternalStore itself.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
      // React Router 7 exports only its development build (warnings, invariants); its own Vite plugin
      // swaps in dist/production for builds, which we do here without the framework plugin.
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: path.resolve('node_modules/react-router/dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.resolve('node_modules/react-router/dist/production/dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist/client',
    // Evergreen browsers only (the back office targets current Chrome, Firefox, Safari, Edge): no
    // down-levelling and no modulepreload polyfill in the first load.
    target: 'es2023',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { main: path.resolve('index.html'), school: path.resolve('school.html'), guest: path.resolve('guest.html') },
      output: {
        // The app shell every page needs (auth, routes and guards, i18n, providers) as one chunk: split into
        // ~20 small chunks, each paid its own gzip and import overhead on the first load. Only modules that
        // load on every page belong here; one used by a lazy page alone would become eager.
        codeSplitting: {
          groups: [
            { name: (id: string, graph: ModuleGraph) => (sharedByEntries(graph).has(id) ? 'common' : null), debugName: 'common', priority: 3 },
            { name: (id: string, graph: ModuleGraph) => (guestFirst(graph).shared.has(id) ? 'guest-shared' : null), debugName: 'guest-shared', priority: 2.8 },
            { name: (id: string, graph: ModuleGraph) => (guestFirst(graph).own.has(id) ? 'guest-first' : null), debugName: 'guest-first', priority: 2.7 },
            { name: (id: string, graph: ModuleGraph) => (shellVendor(graph).has(id) ? 'shell-vendor' : null), debugName: 'shell-vendor', priority: 2.5 },
            { name: (id: string, graph: ModuleGraph) => (inShell(id) && !sharedByEntries(graph).has(id) && !shellVendor(graph).has(id) ? 'app-shell' : null), debugName: 'app-shell', priority: 2 },
            { name: (id: string, graph: ModuleGraph) => (schoolFirst(graph).shared.has(id) ? 'school-shared' : null), debugName: 'school-shared', priority: 1.8 },
            { name: (id: string, graph: ModuleGraph) => (schoolFirst(graph).own.has(id) ? 'school-first' : null), debugName: 'school-first', priority: 1.6 },
            { name: (id: string, graph: ModuleGraph) => (loginPageModules(graph).has(id) ? 'login-form' : null), debugName: 'login-form', priority: 1 },
          ],
        },
      },
    },
    sourcemap: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/__dev': apiTarget,
    },
  },
}));
