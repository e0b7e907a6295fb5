// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Machines are pure: `xstate` at run time, anything else only as `import type`. */
const machinesBoundary = {
  patterns: [
    {
      regex: '^(?!xstate(/|$)|\\./).*',
      allowTypeImports: true,
      message:
        'machines/ may import only `xstate` (and other files in machines/) at run time; use `import type` for anything else. Effects are supplied through machine.provide().',
    },
  ],
};

/** The local chain stands alone: it never reaches into the app or the machines. */
const localnetBoundary = {
  patterns: [
    {
      regex: '^(\\.\\./)+(src|machines)(/|$)',
      message:
        'localnet/ must not import src/ or machines/ (see DESIGN.md: three parts, one repository).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      '.localnet',
      '.scratch',
      'bench/results',
      'reports',
      '.stryker-tmp',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['machines/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', machinesBoundary] },
  },
  {
    files: ['localnet/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', localnetBoundary] },
  },
  {
    // Command-line entry points talk to the terminal.
    files: [
      'scripts/**/*.ts',
      'cli/**/*.ts',
      'bench/**/*.ts',
      'localnet/main.ts',
      'tests/e2e/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
