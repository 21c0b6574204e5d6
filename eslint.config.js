// One lint config for the whole repo. Besides the usual rules it enforces the import boundaries
// of docs/dev/architecture.md#code-layout: domain imports nothing of ours, the server only domain and itself, and
// nothing that runs in the browser imports the server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const ours = (...dirs) => dirs.flatMap((d) => [`**/${d}/**`, `**/${d}`]);
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-server', 'data', 'data-demo', '.tmp', 'public', 'test-results', 'bench/results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/domain/**'],
    rules: restrict(
      [...ours('api', 'machines', 'ui', 'server'), 'react', 'react-dom', 'node:*', 'fastify', 'kysely', 'ky'],
      'src/domain is pure: no I/O, no React, no Node, nothing of ours outside domain.',
    ),
  },
  {
    files: ['src/server/**'],
    rules: restrict(
      [...ours('api', 'machines', 'ui'), 'react', 'react-dom', 'ky'],
      'src/server imports only src/domain and itself.',
    ),
  },
  {
    files: ['src/api/**', 'src/machines/**', 'src/ui/**', 'tests/machines/**', 'tests/hooks/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict([...ours('server'), 'node:*', 'fastify', 'kysely'], 'Browser code never imports the server.'),
  },
  {
    // Dependency lists are checked, never hand-tuned: a stale closure is a bug the linter can see.
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/machines/**'],
    rules: restrict(
      [...ours('server', 'ui'), 'react', 'react-dom', 'node:*'],
      'Machines hold behaviour only: effects are injected, markup lives in src/ui.',
    ),
  },
  {
    files: ['src/server/cli/**', 'src/server/demo/**', 'scripts/**', 'bench/**', 'tests/e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
