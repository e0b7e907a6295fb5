// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
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

/** Node's built-in modules, with or without the `node:` prefix. */
const nodeBuiltins = `^(node:.*|${builtinModules.filter((name) => !name.startsWith('_')).join('|')})(/.*)?$`;

/** The app runs in the browser: no Node built-ins, and none of the Node-only parts. */
const srcBoundary = {
  patterns: [
    {
      regex: nodeBuiltins,
      message: 'src/ runs in the browser: Node built-ins are not available there.',
    },
    {
      regex: '^(\\.\\./)+(localnet|cli|bench|scripts|tests)(/|$)',
      message:
        'src/ may import machines/ and chainActors/, never the Node-only parts (localnet/, cli/, bench/, scripts/) or tests/.',
    },
  ],
};

/** The headless runner drives machines and chain actors over HTTP: no browser app, no embedded chain. */
const cliBoundary = {
  patterns: [
    {
      regex: '^(\\.\\./)+(src|localnet)(/|$)',
      message:
        'cli/ may import machines/ and chainActors/, not src/ (the browser app) or localnet/ (it talks to any node over HTTP).',
    },
    {
      regex: '^(react|react-dom|@mantine/.*|@tanstack/.*|@xstate/react|@aptos-labs/wallet-.*)$',
      message: 'cli/ runs in Node without a UI: no React, Mantine, TanStack or wallet adapter.',
    },
  ],
};

/** The chain actors run in the browser and in Node: the ts-sdk and xstate only. */
const chainActorsBoundary = {
  patterns: [
    {
      regex: '^(?!xstate$|@aptos-labs/ts-sdk$|\\./|(\\.\\./)+src(/|$)).*',
      allowTypeImports: true,
      message:
        'chainActors/ may import only `@aptos-labs/ts-sdk`, `xstate` (and its own files) at run time; use `import type` for the machines. It runs in the browser and in Node alike.',
    },
    {
      // Not even types: the CLI reaches the app through chainActors/ otherwise.
      regex: '^(\\.\\./)+src(/|$)',
      message:
        'chainActors/ must not import src/ (the browser app), not even types: the CLI runs it too. Move what both need to machines/.',
    },
  ],
};

/**
 * Replay and the run schema serve the browser (History) and the CLI alike: no Node built-ins, no
 * UI libraries, none of the Node-only parts.
 */
const sharedBoundary = {
  patterns: [
    {
      regex: nodeBuiltins,
      message: 'replay/ and schemas/ run in the browser and in Node: no Node built-ins.',
    },
    {
      regex: '^(react|react-dom|@mantine/.*|@tanstack/.*|@xstate/react|@aptos-labs/wallet-.*)$',
      message: 'replay/ and schemas/ run in the browser and in Node: no UI libraries.',
    },
    {
      // The Move trace's JSON shape is the one exception: its types (see the next pattern).
      regex: '^(\\.\\./)+(localnet(?!/move/vm/traceTypes(\\.ts)?$)|cli|bench|scripts|tests)(/|$)',
      message: 'replay/ and schemas/ must not import the Node-only parts or tests/.',
    },
    {
      regex: '^(\\.\\./)+localnet/move/vm/traceTypes(\\.ts)?$',
      allowTypeImports: true,
      message:
        'replay/ and schemas/ may take the Move trace from localnet/move/vm/traceTypes.ts as `import type` only: the chain never loads in the browser or the CLI.',
    },
    {
      regex: '^(\\.\\./)+src(/|$)',
      message:
        'replay/ and schemas/ must not import src/ (the browser app), not even types: the CLI loads them. Move what both need to machines/ or replay/.',
    },
  ],
};

/**
 * The local chain's layers, bottom up: binary ← verifier ← VM (statuses, aborts, the gas meter,
 * the native context) ← framework ← executor ← node ← http. A lower layer receives what it needs
 * from above through an interface (the VM's `FrameworkLink`), never by importing it, types
 * included.
 */
const localnetLayers = {
  zones: [
    {
      target: './localnet/move',
      from: [
        './localnet/framework',
        './localnet/executor',
        './localnet/node',
        './localnet/http',
        './localnet/mempool',
        './localnet/miner',
      ],
      message:
        'localnet/move/ (binary, verifier, VM) is below the framework, executor, node and http: take what you need through an interface passed in (see FrameworkLink in move/vm/session.ts).',
    },
    {
      target: ['./localnet/framework', './localnet/executor'],
      from: ['./localnet/node', './localnet/http', './localnet/mempool', './localnet/miner'],
      message: 'The framework and the executor are below the node and http.',
    },
    {
      target: ['./localnet/node', './localnet/mempool', './localnet/miner'],
      from: './localnet/http',
      message: 'The node is below http: http calls the node, not the other way round.',
    },
    {
      target: './localnet/storage',
      from: [
        './localnet/move',
        './localnet/framework',
        './localnet/executor',
        './localnet/node',
        './localnet/http',
      ],
      message: 'Storage holds bytes and keys: it imports none of the layers that use it.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'localnet/dist',
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
    // No import cycle in the local chain (type-only imports aside), and its layers in one direction.
    files: ['localnet/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', localnetLayers],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', srcBoundary] },
  },
  {
    files: ['cli/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', cliBoundary] },
  },
  {
    // `replay --fork` forks in process: this one file may load the chain's package entry.
    files: ['cli/forkReplay.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: cliBoundary.patterns.map((pattern, index) =>
            index === 0
              ? { ...pattern, regex: '^(\\.\\./)+(src(/|$)|localnet/(?!index\\.ts$))' }
              : pattern,
          ),
        },
      ],
    },
  },
  {
    files: ['chainActors/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', chainActorsBoundary] },
  },
  {
    files: ['replay/**/*.ts', 'schemas/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', sharedBoundary] },
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
