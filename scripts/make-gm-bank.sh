#!/usr/bin/env bash
# Makes the General MIDI SFZ bank that the bank tests use when it is there: FluidR3_GM.sf2
# (Debian's fluid-soundfont-gm, MIT licence) converted by polyphone into a converter folder,
# DIR/000/000_Yamaha Grand Piano.sfz ... DIR/128/000_Standard.sfz, samples in DIR/samples (banks
# 0, 8, 9, 16 and 128; about 148 MB). Installs fluid-soundfont-gm and polyphone when missing
# (apt). DIR must be outside the repository: the bank is never committed.
# Usage: scripts/make-gm-bank.sh DIR
set -euo pipefail

dir="${1:?usage: scripts/make-gm-bank.sh DIR}"
sf2=/usr/share/sounds/sf2/FluidR3_GM.sf2

if [ -d "$dir/000" ] && [ -d "$dir/128" ]; then
  echo "gm-bank: $dir already holds the bank (remove it to make it again)"
  exit 0
fi
# Refuse rather than mix the bank into, or delete, a folder that holds something else.
if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null || echo file)" ]; then
  echo "gm-bank: $dir exists and is not the bank; remove it or set GM_BANK_DIR" >&2
  exit 1
fi

missing=()
[ -f "$sf2" ] || missing+=(fluid-soundfont-gm)
command -v polyphone >/dev/null 2>&1 || missing+=(polyphone)
if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "gm-bank: install ${missing[*]} (FluidR3_GM.sf2 at $sf2, and polyphone), then run" \
      "this again" >&2
    exit 1
  fi
  echo "gm-bank: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# polyphone writes into a folder named after the SF2 file inside -d, which must exist. Convert
# into a fresh folder beside DIR and move that one into place, so DIR never holds half a bank.
parent="$(dirname "$dir")"
mkdir -p "$parent"
work="$(mktemp -d "$parent/.sfzsampler-gm-bank.XXXXXX")"
trap 'rm -rf "$work"' EXIT
started=$(date +%s.%N)
# offscreen: polyphone is a Qt application and there may be no display; -c 110 asks for a
# folder per bank and the program number before each name (NNN_Name.sfz).
if ! QT_QPA_PLATFORM=offscreen polyphone -3 -i "$sf2" -d "$work" -c 110 >"$work/polyphone.log" 2>&1; then
  cat "$work/polyphone.log" >&2
  exit 1
fi
converted="$work/$(basename "$sf2" .sf2)"
if [ ! -d "$converted/000" ] || [ ! -d "$converted/128" ]; then
  echo "gm-bank: polyphone wrote no $converted/000 and 128; it wrote:" >&2
  find "$work" -maxdepth 2 >&2
  exit 1
fi
[ -d "$dir" ] && rmdir "$dir"
mv "$converted" "$dir"
seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
programs=$(find "$dir" -mindepth 2 -maxdepth 2 -name '*.sfz' | wc -l)
banks=$(cd "$dir" && ls -d [0-9]* | tr '\n' ' ')
printf 'gm-bank: %s: %d programs in banks %s(%s), converted in %.1f s\n' \
  "$dir" "$programs" "$banks" "$(du -sh "$dir" | cut -f1)" "$seconds"
