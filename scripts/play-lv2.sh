#!/usr/bin/env bash
# Plays an SFZ instrument live through JACK: jalv runs the SFZSampler LV2 plugin with the
# instrument loaded, its outputs go to the system's playback ports and every MIDI input port
# JACK has (a keyboard through ALSA MIDI or a2jmidid) goes to the plugin.
#
#   scripts/play-lv2.sh INSTRUMENT.sfz
#
# Needs a running JACK server (started with jackd or a session manager) and the bundle: the
# one `make install-lv2` installed, or `make lv2`'s, which this script builds when neither is
# there. Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
  echo "usage: scripts/play-lv2.sh INSTRUMENT.sfz" >&2
  exit 2
fi
instrument="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
plugin="https://github.com/sfzsampler/sfzsampler#instrument"

bundle_dir="$PWD/.build/lv2"
if [ ! -d "$bundle_dir/sfzsampler.lv2" ] && [ ! -d "${LV2_INSTALL_DIR:-$HOME/.lv2}/sfzsampler.lv2" ]; then
  make lv2
fi
export LV2_PATH="$bundle_dir:${LV2_INSTALL_DIR:-$HOME/.lv2}:${LV2_PATH:-/usr/lib/lv2:/usr/local/lib/lv2}"

if ! jack_lsp >/dev/null 2>&1; then
  echo "play-lv2: no JACK server is running; start one, for example:" \
    "jackd -d alsa -r 48000 -p 256 -n 2 &" >&2
  exit 1
fi

# The instrument reaches the plugin as a saved state, as a host session would restore it.
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT
cat >"$state/manifest.ttl" <<TTL
@prefix lv2: <http://lv2plug.in/ns/lv2core#> .
@prefix pset: <http://lv2plug.in/ns/ext/presets#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<state.ttl> a pset:Preset ; lv2:appliesTo <$plugin> ; rdfs:seeAlso <state.ttl> .
TTL
cat >"$state/state.ttl" <<TTL
@prefix lv2: <http://lv2plug.in/ns/lv2core#> .
@prefix pset: <http://lv2plug.in/ns/ext/presets#> .
@prefix state: <http://lv2plug.in/ns/ext/state#> .
<> a pset:Preset ; lv2:appliesTo <$plugin> ;
  state:state [ <https://github.com/sfzsampler/sfzsampler#instrumentFile> <file://$instrument> ] .
TTL

connect() {
  for _ in $(seq 50); do
    jack_lsp | grep -q '^sfzsampler:out_left$' && break
    sleep 0.1
  done
  jack_connect sfzsampler:out_left system:playback_1 2>/dev/null || true
  jack_connect sfzsampler:out_right system:playback_2 2>/dev/null || true
  jack_lsp -p | awk '/^[^ \t]/ { port = $0 } /properties: output,physical/ { print port }' |
    while read -r port; do
      if jack_lsp -t "$port" | grep -q midi; then jack_connect "$port" sfzsampler:control || true; fi
    done
}
connect &
jalv -n sfzsampler -l "$state"
