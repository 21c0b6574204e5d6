// Mutation testing (StrykerJS): `npm run mutation` mutates each target below, or the files named
// (scripts/mutation.mjs), and prints the score per file and per folder; `npm run mutation:ci`
// runs the small sample CI runs. Reports: reports/mutation/<target>[-<file>][-by-<suites>]/.
// STRYKER_TARGET picks the target; a target names what it mutates and the vitest projects its tests
// are in; STRYKER_FILE narrows a run to one of its files.
import { createHash } from 'node:crypto';

export const targets = {
  machines: { mutate: ['src/machines/**/*.ts'], tests: 'machines', threshold: 90 },
  domain: { mutate: ['src/domain/**/*.ts'], tests: 'domain,machines,ui', threshold: 90 },
  server: {
    mutate: ['src/server/services/**/*.ts', 'src/server/auth/plugin.ts'],
    tests: 'server',
    threshold: 80,
  },
  // The CI sample, within two minutes: the scan queue machine against its own tests.
  ci: {
    mutate: ['src/machines/scanQueue.machine.ts'],
    tests: 'machines',
    include: 'tests/machines/scanQueue.machine.test.ts,tests/machines/scanQueue.replay.test.ts',
    threshold: 90,
  },
};

/** The name a run's reports go under: the target, and the file's path below src/<folder>/ when one
 * file is mutated (domain-columns-analysis and domain-entities-analysis are two runs), and the suites
 * when STRYKER_PROJECTS or STRYKER_INCLUDE narrow them (domain-filterPanel-by-domain-1a2b3c4d): a
 * run judged by other tests keeps its own incremental file, as Stryker would otherwise carry the
 * other run's results over for every mutant whose covering tests it still finds unchanged. */
export const reportName = (target, file, env = process.env) => {
  const base = file
    ? `${target}-${file.replace(/^src\/(server\/)?[^/]+\//, '').replace(/\..*$/, '').replaceAll('/', '-')}`
    : target;
  const projects = file ? env.STRYKER_PROJECTS : undefined;
  const include = file ? env.STRYKER_INCLUDE : undefined;
  if (!projects && !include) return base;
  const hash = include ? `-${createHash('sha1').update(include).digest('hex').slice(0, 8)}` : '';
  return `${base}-by-${(projects ?? 'target').replaceAll(',', '+')}${hash}`;
};

const targetName = process.env.STRYKER_TARGET ?? 'machines';
const chosen = targets[targetName];
if (!chosen) throw new Error(`STRYKER_TARGET: one of ${Object.keys(targets).join(', ')}`);
// One file of a target at a time: STRYKER_FILE=src/machines/rowEdit.machine.ts (its tests are the
// target's test files that import it, found by vitest's `related`; STRYKER_INCLUDE narrows them, and
// STRYKER_PROJECTS names the vitest projects instead of the target's, e.g. STRYKER_PROJECTS=domain
// with STRYKER_INCLUDE='tests/domain/**/*.test.ts' judges a domain file by the domain suite alone:
// its static mutants then re-run a few files instead of every machine's model-based test.
const file = process.env.STRYKER_FILE;
const name = reportName(targetName, file);
const target = file
  ? {
      ...chosen,
      mutate: [file],
      tests: process.env.STRYKER_PROJECTS ?? chosen.tests,
      include: process.env.STRYKER_INCLUDE ?? chosen.include,
    }
  : chosen;
process.env.STRYKER_TESTS = target.tests;
if (target.include) process.env.STRYKER_INCLUDE = target.include;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker/vitest.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner', '@stryker-mutator/typescript-checker'],
  // STRYKER_CHECKER=off skips it: on a busy machine it costs several times the tests' own time, and
  // a mutant that does not compile then fails its tests (xstate throws on an unknown guard or
  // action) and counts as killed, so the score reads a little high.
  checkers: targetName === 'ci' || process.env.STRYKER_CHECKER === 'off' ? [] : ['typescript'],
  // The checker drops mutants that do not compile before any test runs (xstate's typed
  // configuration makes many so); it checks only the mutated folders (stryker/tsconfig.*.json), as
  // the whole project with its tests took twenty times the tests' own time per mutant.
  tsconfigFile: targetName === 'server' ? 'stryker/tsconfig.server.json' : 'stryker/tsconfig.browser.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: target.mutate,
  coverageAnalysis: 'perTest',
  // Two cores shared: one test process at a time.
  concurrency: 1,
  incremental: true,
  incrementalFile: `reports/mutation/${name}/incremental.json`,
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: `reports/mutation/${name}/index.html` },
  jsonReporter: { fileName: `reports/mutation/${name}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: target.threshold, low: target.threshold - 10, break: target.threshold },
  tempDirName: `.tmp/stryker-${name}`,
  // Another run's sandbox, the reports and the builds are no part of a sandbox (two runs at once
  // would otherwise copy each other's half-written sandboxes).
  ignorePatterns: ['/.tmp', '/reports', '/dist', '/dist-server', '/test-results', '/playwright-report'],
  // STRYKER_TIMEOUT_MS raises it on a loaded machine, where a server test slowed past 10 s counted as
  // a timeout (detected) without proving the mutant endless.
  timeoutMS: Number(process.env.STRYKER_TIMEOUT_MS ?? 10_000),
  // The server suites open a database per file: their dry run takes minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  cleanTempDir: 'always',
};
