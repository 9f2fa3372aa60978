#!/usr/bin/env python3
"""Make a large synthetic SFZ instrument on disk, for the streaming and loading benchmarks.

Real sample libraries are gigabytes of 16- and 24-bit audio; this makes one of chosen size whose
every sound is synthesised here, so errors stay audible and nothing is borrowed. It has 88 keys
(A0...C8), four velocity layers, two round robins per layer and a release sample per key, in four
formats: 16-bit and 24-bit WAV, 16-bit and 24-bit FLAC, spread across the keyboard so every
decoder path is exercised. Each sustain sample is a decaying harmonic tone at its key's pitch
(brighter and louder in higher layers, with a little seeded noise so FLAC cannot shrink it to
nothing); each release sample is a short damped thump at the same pitch.

Sample lengths are chosen so the files add up to at least --gigabytes on disk; the script reports
the actual total. The output is deterministic (random numbers are seeded by each sample's name).

Usage:
  tools/make-big-library.py --out DIR                 about 4 GB (the benchmarks' instrument)
  tools/make-big-library.py --out DIR --gigabytes 0.05   a small one, for trying things out

Writes DIR/big-library.sfz and DIR/samples/. Needs Python 3 with numpy and the `flac` tool.
"""

import argparse
import os
import subprocess
import sys
import wave
import zlib

import numpy as np

SR = 48_000
KEYS = range(21, 109)
LAYERS = [(1, 40), (41, 80), (81, 110), (111, 127)]
ROUND_ROBINS = 2
RELEASE_SECONDS = 1.0
# (extension, bits): which format a key's samples use, by key number modulo 4.
FORMATS = [("wav", 16), ("wav", 24), ("flac", 16), ("flac", 24)]
# The share of the WAV size FLAC keeps for these tones, by bit depth (measured on a 4 GB run:
# 0.23 and 0.48); used only to size the files, a little under so the total reaches the target.
FLAC_SHARE = {16: 0.22, 24: 0.46}


def frequency(key):
    return 440.0 * 2.0 ** ((key - 69) / 12.0)


def rng_for(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def sustain_tone(key, layer, rr, seconds):
    """A decaying stereo harmonic tone at the key's pitch; higher layers are louder and
    brighter, round robins differ in their partials' phases."""
    name = f"s{key}-{layer}-{rr}"
    rng = rng_for(name)
    n = int(seconds * SR)
    t = np.arange(n) / SR
    f0 = frequency(key)
    level = [0.15, 0.3, 0.5, 0.8][layer]
    partials = 4 + 3 * layer
    left = np.zeros(n)
    right = np.zeros(n)
    for h in range(1, partials + 1):
        f = f0 * h
        if f >= SR / 2 * 0.9:
            break
        amplitude = level / h
        decay = np.exp(-t * (0.6 + 0.25 * h) * (1.0 + (key - 21) / 60.0))
        phase_l, phase_r = rng.uniform(0, 2 * np.pi, 2)
        left += amplitude * decay * np.sin(2 * np.pi * f * t + phase_l)
        right += amplitude * decay * np.sin(2 * np.pi * f * t + phase_r)
    attack = np.minimum(t / 0.004, 1.0)
    noise = rng.normal(0.0, 1e-4, (2, n))
    return np.stack([left * attack, right * attack]) * 0.5 + noise


def release_thump(key):
    rng = rng_for(f"r{key}")
    n = int(RELEASE_SECONDS * SR)
    t = np.arange(n) / SR
    tone = 0.1 * np.exp(-t * 12.0) * np.sin(2 * np.pi * frequency(key) * t)
    noise = 0.02 * np.exp(-t * 40.0) * rng.normal(0.0, 1.0, n)
    mono = tone + noise
    return np.stack([mono, mono])


def pcm_bytes(audio, bits):
    """Interleaved little-endian PCM, each sample peaking at -12 dBFS so chords have headroom."""
    peak = float(np.max(np.abs(audio))) or 1.0
    scale = (2 ** (bits - 1) - 1) * 0.25 / peak
    ints = np.ascontiguousarray(np.round(audio.T * scale).astype(np.int32))
    if bits == 16:
        return ints.astype("<i2").tobytes()
    return ints.astype("<i4").view(np.uint8).reshape(-1, 4)[:, :3].tobytes()


def write_sample(path, audio, extension, bits):
    data = pcm_bytes(audio, bits)
    if extension == "wav":
        with wave.open(path, "wb") as w:
            w.setnchannels(2)
            w.setsampwidth(bits // 8)
            w.setframerate(SR)
            w.writeframes(data)
        return
    subprocess.run(
        ["flac", "--silent", "--force", "-5", "--force-raw-format", "--endian=little",
         "--sign=signed", "--channels=2", f"--bps={bits}", f"--sample-rate={SR}", "-o", path,
         "-"],
        input=data, check=True)


def plan_seconds(target_bytes):
    """Seconds per sustain sample so that the files reach target_bytes."""
    release_bytes = 0.0
    per_second = 0.0
    for key in KEYS:
        extension, bits = FORMATS[key % 4]
        share = FLAC_SHARE[bits] if extension == "flac" else 1.0
        bytes_per_second = SR * 2 * bits / 8 * share
        release_bytes += RELEASE_SECONDS * bytes_per_second
        per_second += len(LAYERS) * ROUND_ROBINS * bytes_per_second
    return max(1.0, (target_bytes - release_bytes) / per_second)


def region_lines(key, extension):
    lines = []
    for layer, (lovel, hivel) in enumerate(LAYERS):
        for rr in range(ROUND_ROBINS):
            lines.append(
                f"<region> sample=samples/s{key}-{layer}-{rr}.{extension} key={key} "
                f"lovel={lovel} hivel={hivel} seq_length={ROUND_ROBINS} seq_position={rr + 1}")
    lines.append(
        f"<region> sample=samples/r{key}.{extension} key={key} trigger=release rt_decay=6 "
        "ampeg_release=0.2")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="folder to write (created if missing)")
    parser.add_argument(
        "--gigabytes", type=float, default=4.0, help="least total size on disk (default 4)")
    args = parser.parse_args()
    if args.gigabytes <= 0:
        sys.exit("make-big-library: --gigabytes must be positive")
    samples = os.path.join(args.out, "samples")
    os.makedirs(samples, exist_ok=True)
    seconds = plan_seconds(args.gigabytes * 1e9)
    print(f"make-big-library: {len(KEYS)} keys x {len(LAYERS)} layers x {ROUND_ROBINS} round "
          f"robins of {seconds:.1f} s, plus release samples, into {args.out}")
    lines = [
        "// Synthetic big library made by tools/make-big-library.py: 88 keys, 4 velocity layers,",
        "// 2 round robins, release samples; 16/24-bit WAV and FLAC.",
        "<global> ampeg_release=0.3 amp_veltrack=60",
    ]
    for key in KEYS:
        extension, bits = FORMATS[key % 4]
        for layer in range(len(LAYERS)):
            for rr in range(ROUND_ROBINS):
                path = os.path.join(samples, f"s{key}-{layer}-{rr}.{extension}")
                write_sample(path, sustain_tone(key, layer, rr, seconds), extension, bits)
        write_sample(os.path.join(samples, f"r{key}.{extension}"), release_thump(key), extension,
                     bits)
        lines += region_lines(key, extension)
        print(f"\r  key {key} of {KEYS[-1]}", end="", flush=True)
    print()
    with open(os.path.join(args.out, "big-library.sfz"), "w") as sfz:
        sfz.write("\n".join(lines) + "\n")
    total = sum(os.path.getsize(os.path.join(samples, f)) for f in os.listdir(samples))
    files = len(os.listdir(samples))
    print(f"make-big-library: {files} sample files, {total / 1e9:.2f} GB on disk")
    if total < args.gigabytes * 1e9:
        sys.exit(f"make-big-library: only {total / 1e9:.2f} GB; FLAC compressed more than "
                 "expected (lower FLAC_SHARE)")


if __name__ == "__main__":
    main()
