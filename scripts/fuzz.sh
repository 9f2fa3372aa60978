#!/usr/bin/env bash
# Fuzzes the parsers, the sample decoders and instrument loading with libFuzzer and
# AddressSanitizer: scripts/fuzz.sh [SECONDS] [TARGET...]
#
#   SECONDS  how long each target runs (default 120)
#   TARGET   which to run (default all, one after the other): FuzzMIDIFile, FuzzSFZ, FuzzTuning
#            (parsers: MIDI files, SFZ text, Scala scales, keyboard mappings and MTS SysEx);
#            FuzzWAV (RIFF chunk walk, smpl reader, libsndfile decode), FuzzAIFF (INST/MARK
#            loops), FuzzFLAC (FLAC "riff" blocks), FuzzWavPack, FuzzRawSample (raw float
#            buffers through Sampler.loadRawSampleData), FuzzInstrument (an SFZ file plus one
#            sample beside it, loaded and played; the output must stay finite)
#
# One target for 30 minutes, gently on a shared machine: nice -n 10 scripts/fuzz.sh 1800 FuzzWAV
# More libFuzzer flags go in FUZZ_ARGS, e.g. FUZZ_ARGS=-detect_leaks=0 for FuzzInstrument, which
# runs about three times faster without the per-input leak check: small allocations that one
# input leaves and a later one frees (cached memory, not leaks) make many inputs look unbalanced,
# and each such input costs a scan of the whole heap.
#
# Targets run one at a time, each in a single process. New inputs are kept in
# .build-fuzz/corpus-TARGET and seeds made from the shared corpus (when it is present beside the
# project) in .build-fuzz/seeds-TARGET (scripts/fuzz-seeds.sh; delete the folder to remake them).
# A crash, a leak, an input slower than 10 s or one needing over 2 GB stops the run, leaves its
# input in the current folder and fails the script; inputs slower than 1 s are reported as they
# are found ("Slowest unit").
#
# Audio targets take inputs up to 256 KiB: that holds several of the decoders' 8192-frame read
# chunks even at 24-bit stereo, a whole WavPack or FLAC block with its metadata, and an SFZ file
# the size of the largest in the corpus (~140 KB); the seeds themselves stay under 20 KB.
set -euo pipefail
seconds=${1:-120}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
# Crash inputs go where the script was started, not into Fuzz/ where it builds.
artifacts="$(pwd)/"
shared="$root/../shared/corpus"
all=(FuzzMIDIFile FuzzSFZ FuzzTuning FuzzWAV FuzzAIFF FuzzFLAC FuzzWavPack FuzzRawSample FuzzInstrument)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")
cd "$root/Fuzz"

# Corpus folders each target reads as they are; the others get made seeds only.
shared_folders() {
  case $1 in
    FuzzMIDIFile) echo midi ;;
    FuzzSFZ) echo sfz-text-only sfz-parser-cases ;;
  esac
}

max_len() {
  case $1 in
    FuzzMIDIFile | FuzzSFZ | FuzzTuning) echo 65536 ;;
    # Values are 4-byte floats: 16 K of them cover every path, and the render stays cheap.
    FuzzRawSample) echo 65536 ;;
    *) echo 262144 ;;
  esac
}

run() {
  local target=$1
  # Without the explicit coverage flags the Swift code is not instrumented and libFuzzer runs blind.
  swift build --product "$target" --sanitize=fuzzer --sanitize=address \
    --scratch-path "$root/.build-fuzz" -Xlinker -fuse-ld=lld \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
  mkdir -p "$root/.build-fuzz/corpus-$target"
  local dirs=("$root/.build-fuzz/corpus-$target")
  for dir in $(shared_folders "$target"); do [ -d "$shared/$dir" ] && dirs+=("$shared/$dir"); done
  local seeds="$root/.build-fuzz/seeds-$target"
  if [ -d "$shared" ] && [ -z "$(shared_folders "$target")" ]; then
    [ -d "$seeds" ] || "$root/scripts/fuzz-seeds.sh" "$target" "$seeds.tmp" "$shared"
    [ -d "$seeds.tmp" ] && mv "$seeds.tmp" "$seeds"
    dirs+=("$seeds")
  fi
  SWIFT_BACKTRACE=enable=no "$root/.build-fuzz/debug/$target" -max_total_time="$seconds" \
    -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048 -report_slow_units=1 \
    -print_final_stats=1 -artifact_prefix="$artifacts" ${FUZZ_ARGS:-} "${dirs[@]}"
}

for target in "${targets[@]}"; do
  case " ${all[*]} " in
    *" $target "*) run "$target" ;;
    *)
      echo "fuzz.sh: unknown target $target (known: ${all[*]})" >&2
      exit 1
      ;;
  esac
done
