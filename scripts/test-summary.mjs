// Sums the JSON reports of vitest and Playwright into one plain closing line that any reader of
// the CI log understands: 'N passed, N failed'. Failed steps without a report (lint, typecheck,
// build) count as one failure each, so a red step can never hide behind green tests.
// Before it, the ten slowest tests of the whole run, so that a suite growing slow is seen early.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
/** { suite, name, ms } of every test that ran. */
const timings = [];
/** { suite, name, message } of every test that failed: named at the end, where a CI log's tail shows it. */
const failures = [];
const firstLines = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- reports keep the terminal's colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 4)
    .map((line) => line.slice(0, 240))
    .join('\n      ');

/** Playwright nests suites (file → describe → …); specs hold the tests, one result per attempt. */
function playwrightTimings(suites, suite, path = []) {
  for (const s of suites ?? []) {
    const here = s.title && !s.title.endsWith('.ts') ? [...path, s.title] : path;
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const ms = Math.max(0, ...(t.results ?? []).map((r) => r.duration ?? 0));
        const name = `${spec.file}: ${[...here, spec.title].join(' › ')}`;
        timings.push({ suite, name, ms });
        if (t.status === 'unexpected') {
          const last = (t.results ?? []).at(-1);
          failures.push({ suite, name, message: firstLines(last?.error?.message ?? last?.errors?.[0]?.message) });
        }
      }
    }
    playwrightTimings(s.suites, suite, here);
  }
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const suite = file.replace(/\.json$/, '');
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const f of report.testResults ?? []) {
      const name = f.name.replace(`${process.cwd()}/`, '');
      for (const a of f.assertionResults ?? []) {
        timings.push({ suite, name: `${name}: ${a.fullName ?? a.title}`, ms: a.duration ?? 0 });
        if (a.status === 'failed')
          failures.push({ suite, name: `${name}: ${a.fullName ?? a.title}`, message: firstLines(a.failureMessages?.[0]) });
      }
      // A file that failed before its tests ran (an import error, a hook's timeout) has no test.
      if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'))
        failures.push({ suite, name, message: firstLines(f.message) });
    }
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped ?? 0;
    playwrightTimings(report.suites, suite);
  }
}

if (timings.length) {
  console.log();
  console.log('Slowest tests:');
  for (const t of timings.sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  [${t.suite}] ${t.name}`);
}

if (failures.length) {
  console.log();
  console.log('Failed tests:');
  for (const f of failures) console.log(`  [${f.suite}] ${f.name}\n      ${f.message}`);
}

const reportless = failedSteps.filter((s) => ['lint', 'typecheck', 'build'].includes(s)).length;
failed += reportless;
console.log();
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length || failed ? 1 : 0);
