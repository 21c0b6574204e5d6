import { defineConfig } from 'vitest/config';
import base from '../vitest.config';

// The test suites one mutation target runs against (stryker.config.mjs sets STRYKER_TESTS): the
// projects of vitest.config.ts named there, with their own settings. A mutant is run only against
// the tests that cover it, but a target's dry run and its static mutants run all of these (with
// `vitest.related`, only the files that import the mutated one). Every mutant re-runs the model-based
// tests, so there they judge a transition cover of the model (LAB_MODEL_COVER, tests/machines/oracle.ts)
// instead of every state's every event: each kind of step once, on its shortest path.
const wanted = (process.env.STRYKER_TESTS ?? '').split(',').filter(Boolean);
const include = process.env.STRYKER_INCLUDE?.split(',').filter(Boolean);
type Project = { test: { name: string; include?: string[] } };
const projects = (base.test?.projects ?? []) as Project[];

export default defineConfig({
  test: {
    projects: projects
      .filter((p) => wanted.length === 0 || wanted.includes(p.test.name))
      .map((p) => ({
        ...p,
        test: {
          ...p.test,
          ...(include ? { include } : {}),
          env: { LAB_MODEL_COVER: 'transitions' },
          // Stryker tells which test covers a mutant by a hook its setup file registers in each test
          // file; with the server project's shared module graph (isolate: false) only the first file
          // of a worker got it, so a mutant of src/server/auth/plugin.ts was judged by 2 tests
          // instead of the dozens that reach it (39.5 %, with `if (!user) throw 401` made false
          // surviving). Mutation runs give each file its own module graph.
          isolate: true,
        },
      })),
  },
});
