#!/usr/bin/env bash
# `npm test`: every suite, in order of speed. Each step runs even when an earlier one failed, so one
# run shows everything that is wrong; the last line sums the tests as 'N passed, N failed'.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.tmp/results
rm -rf "$results" && mkdir -p "$results"
failed_steps=()

step() {
  local name=$1; shift
  echo
  echo "━━ $name"
  if ! "$@"; then failed_steps+=("$name"); fi
}

vitest_json() { local out=$1; shift; npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$out.json"; }

step lint npm run --silent lint
step typecheck npm run --silent typecheck
step "domain, machine and ui logic tests" vitest_json unit --project domain --project machines --project ui
step "server tests on PGlite" env -u DATABASE_URL bash -c "$(declare -f vitest_json); results=$results; vitest_json server-pglite --project server"
if [ -n "${DATABASE_URL:-}" ]; then
  step "server tests on PostgreSQL" vitest_json server-postgres --project server
else
  echo; echo "━━ server tests on PostgreSQL: skipped (set DATABASE_URL to run them; .ci/run does)"
fi
step build npm run --silent build
step "end-to-end tests in Chromium" env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx tsx tests/e2e/run.ts

node scripts/test-summary.mjs "$results" "${failed_steps[@]}"
