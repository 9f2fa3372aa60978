#!/usr/bin/env bash
# Builds the documentation (`make docs`): the SFZSampler catalog (Sources/SFZSampler/SFZSampler.docc)
# and the symbol pages of SFZ, MIDIFile and SongPlayback, with swift-docc-plugin, into
# OUTPUT (.build-docs/archives unless given), one static-hosting archive per module
# (SFZSampler.doccarchive, ...). Fails on any DocC warning (a symbol link that does not resolve,
# a parameter documented that does not exist, ...) and on any public declaration of those
# modules without a `///` comment of its own (scripts/check-doc-comments.py).
# With --preview (`make docs-preview`), serves the SFZSampler catalog on http://localhost:8080
# instead, rebuilding it as the sources change, until interrupted.
#
# The plugin is a dependency only while SFZSAMPLER_DOCS is set (Package.swift), so a package
# that depends on SFZSampler never resolves it. Resolving with it writes its pins into
# Package.resolved; the file is put back as it was afterwards, so plain builds go on resolving
# only what they need. The build has its own scratch folder, .build-docs.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
preview=false
if [ "${1:-}" = --preview ]; then
  preview=true
  shift
fi
output="${1:-$root/.build-docs/archives}"
scratch="$root/.build-docs"
modules=(SFZSampler SFZ MIDIFile SongPlayback)

saved="$(mktemp "${TMPDIR:-/tmp}/sfzsampler-resolved.XXXXXX")"
had_resolved=false
if [ -f Package.resolved ]; then
  cp Package.resolved "$saved"
  had_resolved=true
fi
restore() {
  if $had_resolved; then cp "$saved" Package.resolved; else rm -f Package.resolved; fi
  rm -f "$saved"
}
trap restore EXIT

if $preview; then
  SFZSAMPLER_DOCS=1 swift package --scratch-path "$scratch" --disable-sandbox \
    preview-documentation --target SFZSampler
  exit
fi

targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
mkdir -p "$output"
log="$scratch/docs.log"
mkdir -p "$scratch"
SFZSAMPLER_DOCS=1 swift package --scratch-path "$scratch" --allow-writing-to-directory "$output" \
  generate-documentation "${targets[@]}" --warnings-as-errors --output-path "$output" 2>&1 |
  tee "$log"
# --warnings-as-errors already fails on a DocC warning; counting them here as well makes sure
# none got through, whatever the plugin's version does with the flag. Only DocC's own output
# counts (after "Building documentation for"), not the compiler's.
warnings="$(awk '/Building documentation for/ { docc = 1 } docc && /warning:/ { n++ } END { print n + 0 }' "$log")"
[ "$warnings" = 0 ] || {
  echo "build-docs: error: $warnings DocC warnings (see above)" >&2
  exit 1
}

python3 scripts/check-doc-comments.py "$scratch" "${modules[@]}"
echo "build-docs: 0 warnings; archives in $output"
