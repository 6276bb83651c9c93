#!/usr/bin/env bash
# The whole test suite, as CI and the README run it: static checks, unit and integration
# tests (vitest) and end-to-end tests (Playwright in Chromium), the last two against a real
# keychain. Then checks that no process the tests started is still running, and ends with
# one summary line over both runners.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=$(mktemp -d)
status=0
# Every process the tests start inherits this, so the check at the end finds this run's.
export PERCH_TEST_RUN="$$-$(date +%s%N)"

step() { printf '\n=== %s\n' "$1"; }

step "typecheck" && npm run --silent typecheck || status=1
step "lint" && npm run --silent lint || status=1
step "build renderer and browser-mode host" && npx vite build --logLevel warn &&
  node scripts/build-web.mjs || status=1

export PERCH_REQUIRE_KEYRING=1
step "unit and integration tests (vitest, real keychain)"
bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$reports/vitest.json" || status=1

step "end-to-end tests (Playwright, Chromium, real keychain)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
  bash scripts/with-keyring.sh npx playwright test --reporter=list,json || status=1

step "no test process left running"
node scripts/leftover-processes.mjs "$PERCH_TEST_RUN" || status=1

node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json" || status=1
exit $status
