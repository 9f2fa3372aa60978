#!/usr/bin/env bash
# Builds the seed inputs of one fuzz target: scripts/fuzz-seeds.sh TARGET OUT_DIR CORPUS_DIR.
# scripts/fuzz.sh calls it once per target (delete .build-fuzz/seeds-* to rebuild them).
#
# Seeds are made from the shared corpus's real files at run time and never committed. Audio is cut
# to a few thousand frames with its metadata chunks kept (scripts/fuzz_seeds.py says why); formats
# the corpus lacks are encoded from those short WAVs with flac, wavpack or fuzz_seeds.py, so each
# target starts from real-world headers even when the corpus has none of its format.
set -euo pipefail
target=$1
out=$2
corpus=$3
tools="$(cd "$(dirname "$0")" && pwd)/fuzz_seeds.py"
frames=2048
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# Files named by content, so the corpus's many identical test files become one seed each.
keep() {
  local file=$1 extension=$2
  cp "$file" "$out/$(md5sum <"$file" | cut -c1-16).$extension"
}

# Every corpus WAV, shortened, in $work/wav/ (the base of most other formats).
short_wavs() {
  mkdir -p "$work/wav"
  find "$corpus" -iname '*.wav' -print0 | sort -z | python3 "$tools" shrink-wav "$frames" "$work/wav"
  # Identical sources shrink to identical files: keep one of each.
  declare -A seen=()
  for wav in "$work"/wav/*.wav; do
    local sum
    sum=$(md5sum <"$wav" | cut -c1-32)
    if [ -n "${seen[$sum]:-}" ]; then rm "$wav"; else seen[$sum]=1; fi
  done
}

# Up to $1 files of each corpus folder that holds files matching $2, so no instrument's
# hundreds of same-format samples crowd out the others.
sample_of_each_folder() {
  local per=$1 pattern=$2
  find "$corpus" -iname "$pattern" -printf '%h\n' | sort -u | while IFS= read -r folder; do
    # awk rather than head, which would stop reading and fail the pipeline under pipefail.
    find "$folder" -maxdepth 1 -iname "$pattern" -print | sort | awk -v per="$per" 'NR <= per'
  done
}

case $target in
  FuzzWAV)
    short_wavs
    for wav in "$work"/wav/*.wav; do keep "$wav" wav; done
    ;;
  FuzzAIFF)
    while IFS= read -r -d '' aiff; do
      [ "$(stat -c %s "$aiff")" -le 262144 ] && keep "$aiff" aif
    done < <(find "$corpus" \( -iname '*.aif' -o -iname '*.aiff' \) -print0)
    short_wavs
    for wav in "$work"/wav/*.wav; do
      python3 "$tools" aiff "$wav" "$work/x.aif" 2>/dev/null && keep "$work/x.aif" aif
    done
    ;;
  FuzzFLAC)
    # Real FLACs: decoded with their foreign RIFF chunks, shortened, encoded again with them.
    sample_of_each_folder 6 '*.flac' | while IFS= read -r flac; do
      # flac refuses --keep-foreign-metadata on a file that has none.
      flac -s -d -f --keep-foreign-metadata -o "$work/x.wav" "$flac" 2>/dev/null ||
        flac -s -d -f -o "$work/x.wav" "$flac" 2>/dev/null || continue
      printf '%s\0' "$work/x.wav" | python3 "$tools" shrink-wav "$frames" "$work"
      { flac -s -f --keep-foreign-metadata -o "$work/y.flac" "$work/1.wav" 2>/dev/null ||
        flac -s -f -o "$work/y.flac" "$work/1.wav" 2>/dev/null; } && keep "$work/y.flac" flac
    done
    # The corpus WAVs' smpl loops carried over as FLAC "riff" blocks (float WAVs are refused).
    short_wavs
    for wav in "$work"/wav/*.wav; do
      flac -s -f --keep-foreign-metadata -o "$work/x.flac" "$wav" 2>/dev/null &&
        keep "$work/x.flac" flac
    done
    # One behind an empty ID3v2 tag, as some taggers write, for the tag-skipping path.
    { printf 'ID3\004\000\000\000\000\000\000'; cat "$work/x.flac"; } >"$work/id3.flac"
    keep "$work/id3.flac" flac
    ;;
  FuzzWavPack)
    while IFS= read -r -d '' wv; do
      [ "$(stat -c %s "$wv")" -le 262144 ] && keep "$wv" wv
    done < <(find "$corpus" -iname '*.wv' -print0)
    short_wavs
    n=0
    for wav in "$work"/wav/*.wav; do
      # The default mode for every WAV, and the other block layouts for a few.
      modes=("")
      [ $((n % 5)) -eq 0 ] && modes+=("-hh -x3" "-b2" "-f -r" "-j0 -m")
      for mode in "${modes[@]}"; do
        # shellcheck disable=SC2086 # the mode is a list of options
        wavpack -q -y $mode "$wav" -o "$work/x.wv" 2>/dev/null && keep "$work/x.wv" wv
      done
      n=$((n + 1))
    done
    ;;
  FuzzRawSample)
    short_wavs
    n=0
    for wav in "$work"/wav/*.wav; do
      [ $n -ge 12 ] && break
      # Interleaved and planar, explicit and derived counts, looping or not, both key maps.
      python3 "$tools" raw "$wav" "$work/x.raw" $((n % 16)) && keep "$work/x.raw" raw
      n=$((n + 1))
    done
    ;;
  FuzzInstrument)
    while IFS= read -r -d '' sfz; do keep "$sfz" sfz; done < <(find "$corpus" -iname '*.sfz' -print0)
    # Instruments whose samples exist, played from one short sample of a rotating format.
    short_wavs
    pool=()
    for wav in "$work"/wav/*.wav; do
      [ ${#pool[@]} -ge 3 ] && break
      pool+=("$wav")
    done
    first=${pool[0]}
    flac -s -f --keep-foreign-metadata -o "$work/pool.flac" "$first" 2>/dev/null && pool+=("$work/pool.flac")
    wavpack -q -y "$first" -o "$work/pool.wv" 2>/dev/null && pool+=("$work/pool.wv")
    python3 "$tools" aiff "$first" "$work/pool.aif" && pool+=("$work/pool.aif")
    n=0
    while IFS= read -r -d '' sfz; do
      python3 "$tools" instrument "$sfz" "${pool[$((n % ${#pool[@]}))]}" "$work/x.bin" &&
        keep "$work/x.bin" bin
      n=$((n + 1))
    done < <(find "$corpus/instruments" "$corpus/sfz-parser-cases/sfizz/tests/TestFiles" \
      -iname '*.sfz' -print0 | sort -z)
    ;;
  FuzzTuning)
    python3 "$tools" tuning "$out"
    # The corpus's SysEx files, as songs would carry them.
    while IFS= read -r -d '' syx; do
      printf '\2' | cat - "$syx" >"$work/x.bin" && keep "$work/x.bin" bin
    done < <(find "$corpus" -iname '*.syx' -print0 | sort -z)
    ;;
  FuzzMIDIFile | FuzzSFZ)
    # These read the corpus folders as they are (scripts/fuzz.sh).
    ;;
  *)
    echo "fuzz-seeds: no seeds defined for $target" >&2
    exit 1
    ;;
esac
echo "fuzz-seeds: $target: $(find "$out" -type f | wc -l) seeds in $out"
