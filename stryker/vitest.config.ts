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
        test: { ...p.test, ...(include ? { include } : {}), env: { LAB_MODEL_COVER: 'transitions' } },
      })),
  },
});
