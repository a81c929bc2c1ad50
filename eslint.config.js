// Lint: typescript-eslint + react-hooks + storybook, and the layer rule (README, Layout; ADR 0019).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layers: ui/ and app/ take nothing from server/ but the router's type, and only as
// `import type { AppRouter }` (erased at build time, so no server code reaches the browser).
// Regexes on the root alias (~/server/…) and on relative paths, so packages such as @trpc/server and
// the mock-server/ folder are not hit.
const SERVER_DIR = String.raw`(?:~/|(?:\.{1,2}/)+(?:[^/]+/)*)server`;
const ROUTER_MODULE = String.raw`${SERVER_DIR}/trpc/router(?:\.ts)?`;
const serverLayer = {
  patterns: [
    {
      regex: String.raw`^(?!${ROUTER_MODULE}$)${SERVER_DIR}(?:/|$)`,
      message:
        'ui/ and app/ import nothing from server/ but `import type { AppRouter }` (layer rule).',
    },
    {
      regex: `^${ROUTER_MODULE}$`,
      allowImportNames: ['AppRouter'],
      message:
        'From the server router, ui/ and app/ take only `import type { AppRouter }` (layer rule).',
    },
  ],
};
// `import { type AppRouter }` keeps a side-effect import of the module under verbatimModuleSyntax.
const typeOnlyServerImports = {
  selector: `ImportDeclaration[importKind!='type'][source.value=/^${SERVER_DIR.replaceAll('/', '\\/')}(\\/|$)/]`,
  message: 'Import the server router as `import type { AppRouter }`, never as a value.',
};

// The simulators (B2C Commerce, AI providers, identity provider) are services of their own. The server
// reaches them only by a dynamic `import()` in development start-up (server/process-start.ts,
// server/main.ts), so the production bundle holds them only as chunks it never loads; its static
// imports of them may be types alone. ui/, app/ and domain/ take nothing from them.
const SIMULATORS_DIR = String.raw`(?:~/|(?:\.{1,2}/)+(?:[^/]+/)*)simulators`;
const simulatorImports = (message, extra = {}) => ({
  regex: String.raw`^${SIMULATORS_DIR}(?:/|$)`,
  message,
  ...extra,
});
// And the other way: a simulator imports domain/ and itself; of server/ at most a type (the gateway
// configuration the B2C simulator hands the server), and nothing from the story fixtures.
const simulatorLayer = [
  {
    regex: String.raw`^${SERVER_DIR}(?:/|$)`,
    allowTypeImports: true,
    message: 'simulators/ stand alone: from server/ they take types only (layer rule).',
  },
  {
    regex: String.raw`^(?:~/|(?:\.{1,2}/)+(?:[^/]+/)*)mock-server(?:/|$)`,
    message: 'simulators/ stand alone: nothing from mock-server/ (layer rule).',
  },
];

// ui/ is presentational: nothing from app/, mock-server/, tRPC or the router, nor from server/.
const uiLayer = [
  ...serverLayer.patterns,
  {
    group: [
      '~/app/**',
      '~/mock-server/**',
      '**/app/**',
      '**/mock-server/**',
      '~/simulators/**',
      '**/simulators/**',
      '@trpc/*',
      '@tanstack/*',
    ],
    message: 'ui/ is presentational: props in, events out (layer rule).',
  },
];

// Areas of ui/patterns/ (its folders, read here so a new area is covered as soon as it exists) import
// no other area's UI; ui/components, ui/lib and the shared patterns at ui/patterns' root import none.
// What two areas use lives in ui/components (generic controls), ui/lib (helpers) or ui/patterns/*.tsx.
const UI_AREAS = readdirSync(new URL('./ui/patterns/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An import of one of `areas` by the root alias or a relative path (../monitoring/…, ../../patterns/…). */
function areaImports(areas, who) {
  return {
    regex: String.raw`^(?:~/ui/patterns/|(?:\.\./)+(?:(?:ui/)?patterns/)?)(?:${areas.map(escapeRegex).join('|')})(?:/|$)`,
    message: `${who}; what areas share goes to ui/components, ui/lib or the root of ui/patterns (area rule).`,
  };
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.bench',
      '.cluster',
      'storybook-static',
      '.data',
      'app/route-tree.gen.ts',
      '.storybook/public',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx', 'app/**/*.ts', 'ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...uiLayer,
            areaImports(
              UI_AREAS,
              "ui/components, ui/lib and ui/patterns/*.tsx import no area's UI",
            ),
          ],
        },
      ],
    },
  },
  // Later blocks win for their files: an area's own block keeps the ui/ layer and allows its own folder.
  ...UI_AREAS.map((area) => ({
    files: [`ui/patterns/${area}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...uiLayer,
            areaImports(
              UI_AREAS.filter((other) => other !== area),
              `ui/patterns/${area}/ imports no other area's UI`,
            ),
          ],
        },
      ],
    },
  })),
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverLayer.patterns,
            simulatorImports('app/ imports nothing from simulators/ (layer rule).'),
          ],
        },
      ],
    },
  },
  {
    // Tests may start a simulator: the server's tests talk to the B2C and AI simulators.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            simulatorImports(
              'server/ reaches a simulator only by `await import(…)` in development start-up; a static import may be a type alone (layer rule).',
              { allowTypeImports: true },
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['simulators/**/*.ts'],
    ignores: ['simulators/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: simulatorLayer }] },
  },
  {
    files: ['{app,ui}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', typeOnlyServerImports] },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/mini)?$|\\.{1,2}/|~/domain/).*',
              message: 'domain/ is pure: it imports only zod and itself.',
            },
          ],
        },
      ],
    },
  },
  ...storybook.configs['flat/recommended'],
);
