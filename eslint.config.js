import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/api/schema.gen.ts', 'openapi/dist/**', 'test-results/**', 'playwright-report/**', 'tests/.tmp/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Machines stay pure: no router, no API client, no storage, no clock (ARCHITECTURE rule 2).
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.actors.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react-router*', '**/src/api/client*', '**/src/app/*'] }],
      'no-restricted-globals': ['error', 'localStorage', 'sessionStorage', 'fetch', 'window', 'document'],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now' }],
    },
  },
  {
    // Views get their data through a module of src/api (one per resource), never the raw client (ARCHITECTURE rule 8).
    files: ['src/pages/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/layouts/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/client', '**/api/queries'],
              message: 'Call a resource module of src/api (one queryOptions factory per read, a function per write) instead of the raw client.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every machine the app runs goes through src/app/inspector: it passes the `?inspect` inspector and refuses a
    // machine whose composition root left a side effect unprovided. (no-restricted-syntax, not -imports, so that
    // another block restricting imports in src/ does not replace this one.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/app/inspector.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='@xstate/react'] > ImportSpecifier[imported.name=/^(useMachine|useActorRef|createActorContext)$/]",
          message: 'Start machines with useInspectedMachine / useInspectedActorRef / createInspectedActorContext from src/app/inspector.',
        },
        {
          selector: "ImportDeclaration[source.value='xstate'] > ImportSpecifier[imported.name=/^(createActor|interpret)$/]",
          message: 'Start actors with createInspectedActor from src/app/inspector.',
        },
        {
          selector: "ImportDeclaration[source.value=/^(xstate|@xstate\\/react)$/] > ImportNamespaceSpecifier",
          message: 'Import what you use by name: machines start through src/app/inspector.',
        },
      ],
    },
  },
  {
    // shared/ holds the rules both sides run: pure TypeScript that imports neither the app, the server nor the machines.
    files: ['shared/**/*.ts'],
    rules: {
      // The contract's generated types are the one exception: both sides speak them (type imports only).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(src|server|machines)/(?!api/schema\\.gen$)', message: 'shared/ imports neither the app, the server nor the machines.' },
            { regex: '(^|/)src/api/schema\\.gen$', allowTypeImports: true, message: 'shared/ reads the contract’s types only (import type).' },
            { regex: '^(react|xstate)', message: 'shared/ is plain TypeScript: no React, no XState.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'localStorage', 'sessionStorage', 'fetch', 'window', 'document'],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '*.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
