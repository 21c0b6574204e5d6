import { defineConfig } from 'vitest/config';
import base from '../vitest.config';

// The test suites one mutation target runs against (stryker.config.mjs sets STRYKER_TESTS): the
// projects of vitest.config.ts named there, with their own settings. A mutant is run only against
// the tests that cover it, but a target's dry run and its static mutants run all of these.
const wanted = (process.env.STRYKER_TESTS ?? '').split(',').filter(Boolean);
const include = process.env.STRYKER_INCLUDE?.split(',').filter(Boolean);
type Project = { test: { name: string; include?: string[] } };
const projects = (base.test?.projects ?? []) as Project[];

export default defineConfig({
  test: {
    projects: projects
      .filter((p) => wanted.length === 0 || wanted.includes(p.test.name))
      .map((p) => (include ? { ...p, test: { ...p.test, include } } : p)),
  },
});
