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

# The build comes first, alone: the end-to-end tests need it, and they are the longest part
# (about 16 of 18 minutes). They start the moment it is done, with the typecheck, lint and
# the unit and integration tests (vitest) beside them rather than before them: a fresh-clone
# CI run took 1228 s with the lanes first and 1068 s this way, on the same quiet 2-core
# machine. The end-to-end tests alone keep both cores busy (`vmstat 2`: 0% idle), so more
# Playwright workers would not shorten them. Each lane's output is printed whole once the
# end-to-end tests are done; theirs is printed live.
lane() {
  local name=$1
  shift
  "$@" >"$reports/$name.log" 2>&1
  echo $? >"$reports/$name.rc"
}
report() {
  local name=$1 rc
  rc=$(cat "$reports/$name.rc")
  printf -- '--- %s: %s\n' "$name" "$([ "$rc" = 0 ] && echo passed || echo FAILED)"
  cat "$reports/$name.log"
  [ "$rc" = 0 ] || status=1
}
export PERCH_REQUIRE_KEYRING=1
step "build (the end-to-end tests need it)"
lane build bash -c 'npx vite build --logLevel warn && node scripts/build-web.mjs'
report build
built=$status

step "end-to-end tests (Playwright, Chromium, real keychain), beside typecheck, lint and vitest"
lane typecheck npm run --silent typecheck &
lane lint npm run --silent lint &
lane vitest bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$reports/vitest.json" &
if [ "$built" = 0 ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
    bash scripts/with-keyring.sh npx playwright test --reporter=list,json || status=1
else
  echo "End-to-end tests not run: the build above failed."
fi

step "waiting for typecheck, lint and the unit and integration tests"
wait
for name in typecheck lint vitest; do report "$name"; done

step "no test process left running"
node scripts/leftover-processes.mjs "$PERCH_TEST_RUN" || status=1

printf '\n=== done (last step %ds, %ds in all)\n' $((SECONDS - last)) "$SECONDS"
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json" || status=1
exit $status
