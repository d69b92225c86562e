#!/usr/bin/env bash
# `npm test`: static checks, every vitest project (unit, api, model), the production build, then the
# browser tests (e2e and the model paths driven through the UI; one worker unless PW_WORKERS says more, a server each). Runs every step it can, then exits
# non-zero if any failed, ending with the line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
reports=tests/.tmp/reports
rm -rf "$reports" && mkdir -p "$reports"
failed_steps=()

step() {
  local name=$1 started=$SECONDS
  shift
  echo
  echo "── $name"
  if ! "$@"; then failed_steps+=("$name"); fi
  echo "   ($name: $((SECONDS - started)) s)"
}

# Side by side: tsc and eslint each keep one core busy; each output is printed whole, in this order.
together() {
  local names=() pids=() logs=() i started=$SECONDS
  while (($#)); do
    names+=("$1")
    logs+=("$reports/step-${#names[@]}.log")
    bash -c "$2" >"${logs[-1]}" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!names[@]}"; do
    echo
    echo "── ${names[$i]}"
    if ! wait "${pids[$i]}"; then failed_steps+=("${names[$i]}"); fi
    cat "${logs[$i]}"
  done
  echo "   (side by side: $((SECONDS - started)) s)"
}

together "typecheck" "npm run -s typecheck" \
  "lint (eslint + redocly)" "npm run -s lint" \
  "contract in step (bundle + generated types)" "npm run -s api:check"
# Side by side too: unit and model files keep two workers busy while they last, the api files run one at a time
# against one server and leave most of a core idle (a 683 s step one after the other on two cores, 2026-11-27).
together "vitest: unit and model" "npx vitest run --project unit --project model --reporter=default --reporter=json --outputFile=$reports/vitest-unit-model.json" \
  "vitest: api (one server, one file at a time)" "npx vitest run --project api --reporter=default --reporter=json --outputFile=$reports/vitest-api.json"
if step "build" npm run -s build && [[ ! " ${failed_steps[*]} " =~ " build " ]]; then
  step "playwright: e2e and model paths in the browser" env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
fi

node scripts/summarise-tests.mjs "$reports" "${#failed_steps[@]}"
if ((${#failed_steps[@]})); then
  echo "Failed steps: ${failed_steps[*]}"
  exit 1
fi
