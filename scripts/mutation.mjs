// `npm run mutation [-- target… | file…]`: StrykerJS over each target of stryker.config.mjs in turn
// (all but the CI sample when none is named), or over each file named (under the target whose
// folders hold it), then the mutation score per file and per folder with each run's time.
// `npm run mutation:ci` runs the CI sample; Stryker fails it when its score is below the target's
// threshold, and this script fails when a folder's score is.
//
// With `vitest.related` a mutant re-runs only the tests that import its file: a static mutant (most
// of a machine's configuration is evaluated once, at import) runs those instead of every test of
// the target, and a covered one only the tests that reached it. Reports:
// reports/mutation/<target>[-<file>]/index.html (and mutation.json, read here for the table); a
// second run only retests what changed (incremental).
import { spawnSync } from 'node:child_process';

/** The script's own report to the terminal. */
const say = (text) => void process.stdout.write(`${text}\n`);
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { reportName, targets } from '../stryker.config.mjs';

/** The files a glob such as 'src/machines/**\/*.ts' or 'src/server/auth/plugin.ts' names. */
const filesOf = (glob) => {
  if (!glob.includes('*')) return existsSync(glob) ? [glob] : [];
  const root = glob.slice(0, glob.indexOf('*')).replace(/\/$/, '');
  const ext = glob.slice(glob.lastIndexOf('*') + 1);
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(join(dir, d.name)) : d.name.endsWith(ext) ? [join(dir, d.name)] : [],
    );
  return walk(root).sort();
};

const asked = process.argv.slice(2);
/** [target, file | undefined] pairs to run. */
const runs = [];
for (const arg of asked.length > 0 ? asked : Object.keys(targets).filter((name) => name !== 'ci')) {
  if (targets[arg]) {
    runs.push([arg, undefined]);
    continue;
  }
  const owner = Object.keys(targets).find((n) => n !== 'ci' && targets[n].mutate.flatMap(filesOf).includes(arg));
  if (!owner) throw new Error(`no mutation target '${arg}', nor a file of one`);
  runs.push([owner, arg]);
}

const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

/** Counts per file of one run's JSON report: detected / (detected + survived + not covered). */
const counts = (target, file) => {
  const json = `reports/mutation/${reportName(target, file)}/mutation.json`;
  if (!existsSync(json)) return [];
  const report = JSON.parse(readFileSync(json, 'utf8'));
  return Object.entries(report.files).map(([path, { mutants }]) => ({
    target,
    path,
    detected: mutants.filter((m) => DETECTED.has(m.status)).length,
    counted: mutants.filter((m) => COUNTED.has(m.status)).length,
  }));
};

/**
 * Stryker's incremental mode reuses a mutant's result while the tests that cover it are unchanged,
 * but no test covers a static mutant (code run at import: every related test file runs it), so its
 * result was reused forever: filterPanel.ts:43 stayed 'Survived' after a new test killed it. Before
 * a run, the static survivors are forgotten (new tests may kill them), and every static result when
 * a test file of the last run changed or is gone (changed tests may no longer kill them), so Stryker
 * tests those again.
 */
const forgetStaticResults = (target, file) => {
  const path = `reports/mutation/${reportName(target, file)}/incremental.json`;
  if (!existsSync(path)) return;
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const testsChanged = Object.entries(report.testFiles ?? {}).some(
    ([test, { source }]) => !existsSync(test) || readFileSync(test, 'utf8') !== source,
  );
  let forgotten = 0;
  for (const f of Object.values(report.files)) {
    const kept = f.mutants.filter((m) => !m.static || (!testsChanged && DETECTED.has(m.status)));
    forgotten += f.mutants.length - kept.length;
    f.mutants = kept;
  }
  if (forgotten === 0) return;
  writeFileSync(path, JSON.stringify(report));
  say(`${path}: ${forgotten} static mutant result(s) forgotten, to be tested again`);
};

let failed = false;
const rows = [];
for (const [target, file] of runs) {
  forgetStaticResults(target, file);
  const start = Date.now();
  const run = spawnSync('npx', ['stryker', 'run'], {
    stdio: 'inherit',
    env: { ...process.env, STRYKER_TARGET: target, ...(file ? { STRYKER_FILE: file } : {}) },
  });
  if (run.status !== 0) failed = true;
  const seconds = Math.round((Date.now() - start) / 1000);
  for (const row of counts(target, file)) rows.push({ ...row, seconds });
}

const score = (r) => (r.counted === 0 ? 100 : (100 * r.detected) / r.counted);
const line = (r, label) =>
  `  ${score(r).toFixed(1).padStart(5)} %  ${label.padEnd(44)} ${String(r.counted - r.detected).padStart(4)} survived of ${String(r.counted).padStart(4)}  ${String(r.seconds).padStart(6)} s`;
say('\nMutation score per file (killed or timed out / all but ignored and invalid):');
for (const r of rows) say(line(r, r.path));
say('\nPer folder:');
const folders = new Map();
for (const r of rows) {
  const key = `${r.target} ${dirname(r.path)}`;
  const f = folders.get(key) ?? { target: r.target, detected: 0, counted: 0, seconds: 0 };
  folders.set(key, { ...f, detected: f.detected + r.detected, counted: f.counted + r.counted, seconds: f.seconds + r.seconds });
}
for (const [key, f] of folders) {
  const below = score(f) < targets[f.target].threshold;
  if (below) failed = true;
  say(`${line(f, key.replace(/^\S+ /, ''))}  (threshold ${targets[f.target].threshold} %${below ? ', BELOW' : ''})`);
}
process.exit(failed ? 1 : 0);
