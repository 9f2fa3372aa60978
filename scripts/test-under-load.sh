#!/usr/bin/env bash
# Runs the whole test suite (`swift test`, the first step of `make test`) RUNS times in a row
# while other processes keep every core busy, and fails if any run failed. A test that passes
# only when the scheduler runs it on time is wrong: on a busy machine (a build beside it, a
# shared CI runner) it fails for no fault of the code, and red runs that are the tests' fault
# teach people to ignore red runs.
#
# The load is `stress-ng --cpu N` with N the machine's core count (nproc); without stress-ng it
# is N shell busy loops, and the script says so. The load stops when the script exits, however
# it exits. Each run's `swift test` result line and wall time are printed, and the full output
# of run K is kept in .build/test-under-load/run-K.log.
#
# Usage: scripts/test-under-load.sh [RUNS]   (or RUNS=N in the environment; 5 by default)
#        extra arguments for `swift test` go in SWIFT_TEST_ARGS, e.g. "--filter JalvTests"
set -euo pipefail

if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
  exit 0
fi

runs="${1:-${RUNS:-5}}"
cores="$(nproc)"
cd "$(dirname "$0")/.."
logs=.build/test-under-load
mkdir -p "$logs"

# Build first, unloaded: the compile is not under test, and a build slowed by the load only
# makes the runs longer.
swift build --build-tests

load_pids=()
stop_load() {
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${load_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  load_pids=()
}
trap stop_load EXIT
trap 'exit 130' INT TERM

if command -v stress-ng >/dev/null; then
  echo "load: stress-ng --cpu $cores (every core busy)"
  stress-ng --cpu "$cores" --quiet &
  load_pids+=($!)
else
  echo "load: stress-ng is absent; $cores shell busy loops instead (every core busy)"
  for _ in $(seq "$cores"); do
    bash -c 'while :; do :; done' &
    load_pids+=($!)
  done
fi

failed=0
for run in $(seq "$runs"); do
  log="$logs/run-$run.log"
  start=$(date +%s)
  # SWIFT_TEST_ARGS is split into words on purpose
  # shellcheck disable=SC2086
  if swift test ${SWIFT_TEST_ARGS:-} >"$log" 2>&1; then
    outcome=passed
  else
    outcome=FAILED
    failed=$((failed + 1))
  fi
  seconds=$(($(date +%s) - start))
  # swift-testing's summary line ("Test run with N tests in M suites passed|failed after ...")
  result="$(grep -E '^. Test run with' "$log" | tail -1 || true)"
  echo "run $run/$runs: $outcome in ${seconds} s: ${result:-no result line, see $log}"
  if [ "$outcome" = FAILED ]; then
    grep -E '✘ Test .* recorded an issue|Fatal error' "$log" | head -20 | sed 's/^/    /' || true
  fi
done

echo "$((runs - failed)) of $runs runs passed under load ($cores cores busy)"
[ "$failed" -eq 0 ]
