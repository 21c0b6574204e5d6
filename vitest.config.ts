import { defineConfig } from 'vitest/config';

// Five suites with one runner (domain rules, machines, the browser code's pure logic, hooks, server). The server suite runs once on embedded PGlite and, when
// DATABASE_URL is set, once more on PostgreSQL (scripts/test.sh runs it twice).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node' } },
      // A walk over a machine's generated paths takes a second, many times that on a busy machine
      // or under StrykerJS at nice 19: 60 s only stops a hang. The 5 s default cut walks short and
      // counted mutants as killed that nothing caught.
      {
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      { test: { name: 'ui', include: ['tests/ui/**/*.test.ts'], environment: 'node' } },
      // Hooks with their machines and the real providers, against a fake API (tests/hooks/fakeApi.ts).
      {
        test: {
          name: 'hooks',
          include: ['tests/hooks/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:8080/' } },
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Hang guards, not speed tests: a PGlite database per file is seconds of WASM work, several
          // times that on a machine busy with something else (the bench measures speed).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are heavy (WASM); a few files at a time keeps memory and CPU sane.
          maxWorkers: 2,
          // The files of a worker share its module graph: the server's modules, Fastify, PGlite's
          // compiled WebAssembly and the migrated template are loaded once per worker, not once per
          // file (that was 3-4 s a file). What a file must not share it does not: each file still
          // gets its own database and app from the harness, and neither tests nor src/server keep
          // state at module level that outlives an app (state lives on the app or the database).
          isolate: false,
          // On PostgreSQL: one migrated template per run that each file's database is copied from.
          globalSetup: ['tests/server/global-setup.ts'],
        },
      },
    ],
  },
});
