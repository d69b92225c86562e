import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';

const shellModules = new RegExp(
  [
    '/src/app/(auth|access|routes|RouteGuard|router|failureReporter|FailureOutlets|LazyToastRegion|pageDialog|connectivity|errorCatalogue)\\.tsx?$',
    // The French guest messages ship with the shell; the other catalogues are fetched on demand (src/i18n/catalogues.ts).
    '/src/i18n/(?!compiled/)',
    '/src/i18n/compiled/fr\\.guest\\.json$',
    '/src/api/(tokenStorage|unauthorized)\\.ts$',
    '/machines/(auth|support|connectivity|pageDialog)/',
    '/src/layouts/(BlankLayout|LanguageSwitch|LegalLinks)\\.tsx$',
    '/src/pages/(NotFoundPage|RouteErrorPage)\\.tsx$',
    '/src/components/(PlanLock|ui/toastQueue|ui/Button|ui/Link|ui/Spinner)\\.tsx?$',
    '/src/(App|main)\\.tsx$',
  ].join('|'),
);

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ mode }) => ({
  plugins: [
    // React Aria ships its own strings in ~30 languages; keep the two the app speaks.
    { ...optimizeLocales.vite({ locales: ['fr-FR', 'en-US'] }), enforce: 'pre' },
    react(),
  ],
  resolve: {
    alias: [
      // Messages are precompiled to ASTs (npm run i18n:compile), so the ICU parser stays out of the bundle.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
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
      output: {
        // The app shell every page needs (auth, routes and guards, i18n, providers) as one chunk: split into
        // ~20 small chunks, each paid its own gzip and import overhead on the first load. Only modules that
        // load on every page belong here; one used by a lazy page alone would become eager.
        codeSplitting: {
          groups: [{ name: (id: string) => (shellModules.test(id.replaceAll('\\', '/')) ? 'app-shell' : null) }],
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
