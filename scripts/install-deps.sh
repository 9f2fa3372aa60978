#!/usr/bin/env bash
# Installs what building and testing SFZSampler need, if it is missing: the libsndfile, WavPack,
# libebur128 (sfzplay's loudness meter) and OpenSSL libcrypto (sfzplay batch's SHA-256)
# development files (found through pkg-config), the
# wavpack, flac and sox tools that tests use to make fixture files, and numpy for the comparison
# with the shared reference renders; and for the LV2 plugin the LV2 headers, lilv (the reference
# host library its tests load it with), jalv and the JACK server (its live test and
# scripts/play-lv2.sh), and Ardour (its test in a real DAW session, on Debian/Ubuntu only). apt
# on Debian/Ubuntu, brew on macOS; otherwise it says what to install.
set -euo pipefail

missing=()
pkg-config --exists sndfile 2>/dev/null || missing+=(sndfile)
pkg-config --exists wavpack 2>/dev/null || missing+=(wavpack-dev)
pkg-config --exists libebur128 2>/dev/null || missing+=(libebur128-dev)
pkg-config --exists libcrypto 2>/dev/null || missing+=(libssl-dev)
for tool in wavpack flac sox; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists lv2 2>/dev/null || missing+=(lv2-dev)
pkg-config --exists lilv-0 2>/dev/null || missing+=(lilv-dev)
command -v jalv >/dev/null 2>&1 || missing+=(jalv)
command -v jackd >/dev/null 2>&1 || missing+=(jackd)
python3 -c 'import numpy' >/dev/null 2>&1 || missing+=(numpy)
# Ardour, for the test that drives a real DAW session (headless, ardour7-lua): Debian's package;
# Homebrew has none, and the test skips without it.
if command -v apt-get >/dev/null 2>&1; then
  command -v ardour7-lua >/dev/null 2>&1 || command -v ardour8-lua >/dev/null 2>&1 ||
    missing+=(ardour)
  # the loudness meter --normalize's test checks against (Ardour's package brings it too)
  command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: missing: ${missing[*]}" >&2
if command -v apt-get >/dev/null 2>&1; then
  packages=(pkg-config libsndfile1-dev libwavpack-dev libebur128-dev libssl-dev wavpack flac sox python3-numpy
    lv2-dev liblilv-dev jalv jackd2 ardour ffmpeg)
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  # noninteractive also through sudo, so jackd2's real-time priority question does not wait
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
elif command -v brew >/dev/null 2>&1; then
  brew install pkg-config libsndfile wavpack libebur128 openssl@3 flac sox numpy lv2 lilv jalv jack
else
  echo "install-deps: install pkg-config, libsndfile and OpenSSL libcrypto (development files)," \
    "WavPack (library and tools), flac, sox, Python's numpy, the LV2 headers, lilv, jalv, jackd and (for one" \
    "test) Ardour with your package manager, then run this again." >&2
  exit 1
fi
# A python3 of its own (pyenv, a virtual environment) does not see the system's numpy.
if ! python3 -c 'import numpy' >/dev/null 2>&1; then
  python3 -m pip install --quiet numpy
fi
