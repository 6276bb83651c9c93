import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

export default ts.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-electron',
      'dist-web',
      'dist-bench',
      'release',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are the typechecker's to find (noUnusedLocals and noUnusedParameters in
      // tsconfig.json, .svelte files included through svelte-check): it knows them already,
      // where this rule's own scope analysis was 42% of ESLint's time (19 of 46 s of rules,
      // `TIMING=20 npx eslint .`). A parameter kept for its place starts with `_`.
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: ts.parser, svelteConfig, extraFileExtensions: ['.svelte'] },
    },
  },
  {
    // .dependency-cruiser.cjs holds the layer rules, but it reads a .svelte file through the
    // Svelte compiler, which drops `import type`: the renderer rule is repeated here so a
    // component's type-only import of the Core, the API client or a host is caught too.
    files: ['src/renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(core|api|web|server|botserver|electron)/',
              message:
                'The renderer reaches the Core over the RPC bridge only: import the contract or lib.',
            },
          ],
        },
      ],
    },
  },
);
