// Lint: typescript-eslint + react-hooks + storybook, and the layer rule from STYLE.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noServerValues = {
  patterns: [
    {
      group: ['**/server/**', '**/server'],
      allowTypeImports: true,
      message: 'ui/ and app/ may import server/ only as `import type` (STYLE.md layers).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
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
            ...noServerValues.patterns,
            {
              group: ['**/app/**', '**/mock-server/**', '@trpc/*', '@tanstack/*'],
              message: 'ui/ is presentational: props in, events out (STYLE.md layers).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', noServerValues] },
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
              regex: '^(?!zod(/mini)?$|\\.{1,2}/).*',
              message: 'domain/ is pure: it imports only zod and itself.',
            },
          ],
        },
      ],
    },
  },
  ...storybook.configs['flat/recommended'],
);
