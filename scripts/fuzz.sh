#!/usr/bin/env bash
# Fuzzes the MIDI file reader and the SFZ parser for SECONDS each (default 120) with libFuzzer and
# AddressSanitizer. New inputs are kept in .build-fuzz/corpus-*; the shared corpus (when present
# beside the project) seeds the runs. A crash leaves its input in the current folder and fails.
set -euo pipefail
seconds=${1:-120}
root=$(cd "$(dirname "$0")/.." && pwd)
shared="$root/../shared/corpus"
cd "$root/Fuzz"
run() {
  local target=$1
  shift
  # Without the explicit coverage flags the Swift code is not instrumented and libFuzzer runs blind.
  swift build --product "$target" --sanitize=fuzzer --sanitize=address \
    --scratch-path "$root/.build-fuzz" -Xlinker -fuse-ld=lld \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
  mkdir -p "$root/.build-fuzz/corpus-$target"
  local seeds=()
  for dir in "$@"; do [ -d "$shared/$dir" ] && seeds+=("$shared/$dir"); done
  SWIFT_BACKTRACE=enable=no "$root/.build-fuzz/debug/$target" -max_total_time="$seconds" \
    -max_len=65536 "$root/.build-fuzz/corpus-$target" "${seeds[@]}"
}
run FuzzMIDIFile midi
run FuzzSFZ sfz-text-only sfz-parser-cases
