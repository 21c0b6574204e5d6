// `npm run mutation [-- target…]`: StrykerJS over each target of stryker.config.mjs in turn (all
// but the CI sample when none is named), then the mutation score per folder. `npm run mutation:ci`
// runs the CI sample; Stryker fails it when its score is below the target's threshold.
// Reports: reports/mutation/<target>/index.html (and mutation.json, read here for the table).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { targets } from '../stryker.config.mjs';

const asked = process.argv.slice(2);
const names = asked.length > 0 ? asked : Object.keys(targets).filter((name) => name !== 'ci');
for (const name of names) if (!targets[name]) throw new Error(`no mutation target '${name}'`);

const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

/** Score per folder of one target's JSON report: detected / (detected + survived + not covered). */
const scores = (name) => {
  const file = `reports/mutation/${name}/mutation.json`;
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const folders = new Map();
  for (const [path, { mutants }] of Object.entries(report.files)) {
    const folder = folders.get(dirname(path)) ?? { detected: 0, counted: 0, survived: 0 };
    for (const { status } of mutants) {
      if (COUNTED.has(status)) folder.counted++;
      if (DETECTED.has(status)) folder.detected++;
      if (status === 'Survived' || status === 'NoCoverage') folder.survived++;
    }
    folders.set(dirname(path), folder);
  }
  return [...folders].map(([folder, f]) => ({ name, folder, ...f }));
};

let failed = false;
const rows = [];
for (const name of names) {
  const start = Date.now();
  const run = spawnSync('npx', ['stryker', 'run'], {
    stdio: 'inherit',
    env: { ...process.env, STRYKER_TARGET: name },
  });
  if (run.status !== 0) failed = true;
  for (const row of scores(name)) rows.push({ ...row, seconds: Math.round((Date.now() - start) / 1000) });
}

console.log('\nMutation score per folder (killed or timed out / all but ignored and invalid):');
for (const r of rows) {
  const score = r.counted === 0 ? 100 : (100 * r.detected) / r.counted;
  const threshold = targets[r.name].threshold;
  console.log(
    `  ${score.toFixed(1).padStart(5)} %  ${r.folder.padEnd(24)} ${String(r.survived).padStart(4)} survived of ${r.counted}` +
      `  (target ${r.name}, threshold ${threshold} %, ${r.seconds} s)`,
  );
}
process.exit(failed ? 1 : 0);
