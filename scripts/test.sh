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

# Each step says when it starts and how long the one before took, so a slow CI run shows
# where its minutes went.
last=$SECONDS
step() {
  printf '\n=== %s (previous step %ds, %ds in all)\n' "$1" $((SECONDS - last)) "$SECONDS"
  last=$SECONDS
}

# The static checks and the build each keep about one core busy: two lanes side by side, each
# lane's output printed whole once both are done. The build runs even after a failed
# typecheck, since the end-to-end tests need it. The unit and integration tests, which need
# no build, run beside both lanes: much of their time is spent waiting on loopback HTTP, the
# keychain and D-Bus, time the lanes fill (one after the other they took 118 s and 119 s of a
# quiet 2-core run).
lane() {
  local name=$1
  shift
  "$@" >"$reports/$name.log" 2>&1
  echo $? >"$reports/$name.rc"
}
typecheck_then_build() {
  local failed=0
  npm run --silent typecheck || failed=1
  npx vite build --logLevel warn && node scripts/build-web.mjs || failed=1
  return $failed
}
export PERCH_REQUIRE_KEYRING=1
step "unit and integration tests (vitest, real keychain), beside typecheck and build, and lint"
lane typecheck-build typecheck_then_build &
lane lint npm run --silent lint &
bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$reports/vitest.json" || status=1
step "waiting for typecheck, build and lint"
wait
for name in typecheck-build lint; do
  rc=$(cat "$reports/$name.rc")
  printf -- '--- %s: %s\n' "$name" "$([ "$rc" = 0 ] && echo passed || echo FAILED)"
  cat "$reports/$name.log"
  [ "$rc" = 0 ] || status=1
done

step "end-to-end tests (Playwright, Chromium, real keychain)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
  bash scripts/with-keyring.sh npx playwright test --reporter=list,json || status=1

step "no test process left running"
node scripts/leftover-processes.mjs "$PERCH_TEST_RUN" || status=1

printf '\n=== done (last step %ds, %ds in all)\n' $((SECONDS - last)) "$SECONDS"
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json" || status=1
exit $status
