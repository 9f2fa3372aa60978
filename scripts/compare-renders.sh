#!/usr/bin/env bash
# Renders the same jobs with two sfzplay builds at 32-bit float and compares the files byte for
# byte: what a change that must not change the sound (a tidy, a refactor) is checked with. The
# jobs: the bundled demo and drums, every corpus instrument with two corpus songs, and, when `make gm-bank`
# has made the GM bank, each freedoom General MIDI song through it with its stems. Needs
# ../shared/corpus for all but the demo.
# Usage: scripts/compare-renders.sh BEFORE_SFZPLAY AFTER_SFZPLAY
set -euo pipefail

before="${1:?usage: scripts/compare-renders.sh BEFORE_SFZPLAY AFTER_SFZPLAY}"
after="${2:?usage: scripts/compare-renders.sh BEFORE_SFZPLAY AFTER_SFZPLAY}"
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$root/../shared/corpus"
bank="${GM_BANK_DIR:-$HOME/sfzsampler-gm-bank}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

jobs=("$root/instruments/demo.sfz|$root/instruments/demo.mid"
  "$root/instruments/drums/drums.sfz|$root/instruments/drums/drums.mid")
if [ -d "$corpus/instruments" ]; then
  while IFS= read -r sfz; do
    for song in m21_mozart_k545_mvt1_excerpt_piano.mid m21test_test19_pitchbend_rpn.mid; do
      jobs+=("$sfz|$corpus/midi/$song")
    done
  done < <(find "$corpus/instruments" -name '*.sfz' -path '*GregSullivan*' -o -name 'ganjo.sfz' \
    -o -name 'Dim Cabasa.sfz' | sort)
  if [ -d "$bank/000" ]; then
    for song in "$corpus"/midi/freedoom_d_*.mid; do jobs+=("$bank|$song|stems"); done
  fi
fi

renders=0
differ=0
for job in "${jobs[@]}"; do
  IFS='|' read -r instrument song stems <<<"$job"
  for side in before after; do
    binary=$before
    [ "$side" = after ] && binary=$after
    rm -rf "$work/$side" && mkdir -p "$work/$side"
    extra=()
    [ -n "${stems:-}" ] && extra=(--stems "$work/$side/stems")
    "$binary" "$instrument" "$song" -o "$work/$side/out.wav" --bit-depth 32f --quiet \
      "${extra[@]}" 2>/dev/null
  done
  while IFS= read -r file; do
    renders=$((renders + 1))
    if ! cmp -s "$work/before/$file" "$work/after/$file"; then
      differ=$((differ + 1))
      echo "differs: $(basename "$instrument") + $(basename "$song"): $file"
    fi
  done < <(cd "$work/before" && find . -name '*.wav' | sort)
done
echo "compare-renders: $renders files from ${#jobs[@]} jobs, $differ differ"
[ "$differ" -eq 0 ]
