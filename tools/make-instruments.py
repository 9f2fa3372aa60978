#!/usr/bin/env python3
"""Make the bundled demo instruments of SFZSampler, then check them.

Every sound is synthesised here (additive synthesis, sine sweeps, filtered noise), so the
instruments are entirely the project's own. The output is deterministic: running the script twice
gives byte-identical files (random numbers come from generators seeded by each sample's name).

Output (default: ../instruments next to this tools/ folder):
  keys/keys.sfz, keys/samples/*.wv, keys/keys.mid       "Sine Keys" electric-piano-like keyboard
  drums/drums.sfz, drums/samples/*.wav|*.flac, drums/drums.mid   drum kit on General MIDI keys
  demo.sfz, demo.mid                                    both in one instrument, drums on keys 24..35
  README.md

Usage:
  tools/make-instruments.py                 regenerate everything, then run the checks
  tools/make-instruments.py --check-only    only run the checks on an existing folder
  tools/make-instruments.py --out DIR       write somewhere else

Needs Python 3 (standard library only) and the `wavpack` and `flac` command-line tools; the checks
also use `wvunpack` and `sox` when they are installed.
"""

import argparse
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SR = 48_000
PPQ = 480

# ---------------------------------------------------------------------------------------------
# Small signal helpers
# ---------------------------------------------------------------------------------------------


def seeded(name):
    """A random generator whose seed comes from a name (str hash() is salted per process)."""
    return random.Random(zlib.crc32(name.encode("utf-8")))


def note_freq(note):
    return 440.0 * 2.0 ** ((note - 69) / 12.0)


def note_name(note):
    """Lower-case note name without '#', which some tools dislike in paths: 61 -> 'cs4'."""
    names = ["c", "cs", "d", "ds", "e", "f", "fs", "g", "gs", "a", "as", "b"]
    return f"{names[note % 12]}{note // 12 - 1}"


def biquad(x, kind, freq, q):
    """Second-order filter, coefficients from the well-known RBJ audio-EQ formulas."""
    w0 = 2.0 * math.pi * freq / SR
    cw, alpha = math.cos(w0), math.sin(w0) / (2.0 * q)
    if kind == "lp":
        b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
    elif kind == "hp":
        b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
    else:  # band-pass, 0 dB peak gain
        b0, b1, b2 = alpha, 0.0, -alpha
    a0, a1, a2 = 1 + alpha, -2 * cw, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    y = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    for i, v in enumerate(x):
        out = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, out
        y[i] = out
    return y


def noise(n, rng):
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def decay_env(n, tau, attack=0.0005):
    """Exponential decay with a short linear attack so no sample starts with a jump."""
    na = max(1, int(attack * SR))
    return [min(1.0, i / na) * math.exp(-i / (SR * tau)) for i in range(n)]


def fade_out(x, seconds):
    """Raised-cosine fade over the last `seconds` so every one-shot ends in silence."""
    nf = min(len(x), int(seconds * SR))
    start = len(x) - nf
    for i in range(nf):
        x[start + i] *= 0.5 * (1.0 + math.cos(math.pi * (i + 1) / nf))
    return x


def mul(a, b):
    return [p * q for p, q in zip(a, b)]


def mix(*parts):
    """Sum of (gain, signal) pairs; signals may differ in length."""
    n = max(len(s) for _, s in parts)
    out = [0.0] * n
    for g, s in parts:
        for i, v in enumerate(s):
            out[i] += g * v
    return out


def normalize(chans, peak):
    top = max(abs(v) for c in chans for v in c) or 1.0
    return [[v * peak / top for v in c] for c in chans]


# ---------------------------------------------------------------------------------------------
# File writers
# ---------------------------------------------------------------------------------------------


def quantize(x, bits):
    top = (1 << (bits - 1)) - 1
    return [max(-top - 1, min(top, int(round(v * top)))) for v in x]


def wav_bytes(chans, bits, loop=None, unity_note=60):
    """A PCM RIFF/WAVE file; `loop=(first, last)` adds a `smpl` chunk (last frame inclusive)."""
    nch, n = len(chans), len(chans[0])
    q = [quantize(c, bits) for c in chans]
    inter = [q[c][i] for i in range(n) for c in range(nch)]
    if bits == 16:
        data = struct.pack(f"<{len(inter)}h", *inter)
    else:
        data = b"".join(v.to_bytes(3, "little", signed=True) for v in inter)
    block = nch * bits // 8
    if bits == 16:
        fmt = struct.pack("<HHIIHH", 1, nch, SR, SR * block, block, bits)
    else:  # more than 16 bits calls for WAVE_FORMAT_EXTENSIBLE with the PCM sub-format GUID
        mask = 0x4 if nch == 1 else 0x3
        guid = struct.pack("<IHH", 1, 0x0000, 0x0010) + bytes.fromhex("800000aa00389b71")
        fmt = struct.pack("<HHIIHHHHI", 0xFFFE, nch, SR, SR * block, block, bits, 22, bits, mask)
        fmt += guid
    chunks = [b"fmt " + struct.pack("<I", len(fmt)) + fmt]
    chunks.append(b"data" + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b""))
    if loop is not None:
        period_ns = round(1e9 / SR)
        smpl = struct.pack("<9I", 0, 0, period_ns, unity_note, 0, 0, 0, 1, 0)
        smpl += struct.pack("<6I", 0, 0, loop[0], loop[1], 0, 0)
        chunks.append(b"smpl" + struct.pack("<I", len(smpl)) + smpl)
    body = b"WAVE" + b"".join(chunks)
    return b"RIFF" + struct.pack("<I", len(body)) + body


def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def write_audio(path, chans, bits, loop=None, unity_note=60):
    """Writes .wav directly; .wv and .flac go through a temporary WAV and the encoder CLI."""
    wav = wav_bytes(chans, bits, loop, unity_note)
    if path.endswith(".wav"):
        with open(path, "wb") as f:
            f.write(wav)
        return
    tmp = path + ".tmp.wav"
    with open(tmp, "wb") as f:
        f.write(wav)
    try:
        if path.endswith(".wv"):
            run(["wavpack", "-q", "-h", "-y", tmp, "-o", path])
        else:
            run(["flac", "-s", "--best", "-f", "-o", path, tmp])
    finally:
        os.remove(tmp)


def write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


# ---------------------------------------------------------------------------------------------
# Sine Keys
# ---------------------------------------------------------------------------------------------

KEY_ROOTS = list(range(36, 97, 3))  # C2..C7 every minor third: the keys own MIDI keys 36..96
KEY_LAYERS = [(1, 50), (51, 95), (96, 127)]  # lovel..hivel of each velocity layer
KEY_LOOP_START = int(0.55 * SR)  # attack/decay part before the loop
KEY_TAIL = int(0.15 * SR)  # what plays after loop_end once the key is released
KEY_AMP_VELTRACK = 50


def choose_loop(f0, shortest=0.32, longest=0.45):
    """Whole number k of fundamental periods whose length is nearest an integer frame count.

    Returns (k, length in frames, tuning error in cents): the fundamental is then synthesised at
    exactly k cycles per loop, so the error is the price of a seam-free loop.
    """
    period = SR / f0
    best = None
    fewest, most = max(1, math.ceil(shortest * SR / period)), math.floor(longest * SR / period)
    for k in range(fewest, most + 1):
        length = round(k * period)
        cents = 1200.0 * math.log2(k * SR / length / f0)
        if best is None or abs(cents) < abs(best[2]):
            best = (k, length, cents)
    return best


def key_window(n):
    """1 for the first half of the attack part, then a raised-cosine fade to exactly 0 at the
    loop start: after it only the loop-periodic partials remain."""
    half = n // 2
    return [1.0 if i < half else 0.5 * (1 + math.cos(math.pi * (i - half) / (n - half)))
            for i in range(n)]


def synth_key_root(root):
    """Three velocity layers for one root key. Returns (layers, loop_length, cents)."""
    f0 = note_freq(root)
    k, loop_len, cents = choose_loop(f0)
    s = KEY_LOOP_START
    n_all = s + loop_len
    brightness = [0.35, 0.65, 1.0]
    rolloff = [2.5, 1.9, 1.45]
    window = key_window(s)
    tau0 = min(0.9, max(0.12, 0.5 * (220.0 / f0) ** 0.35))
    layers = [[0.0] * n_all for _ in brightness]

    partials = []  # (cycles per loop, harmonic number); harmonics slightly stretched
    for h in range(1, 17):
        cycles = k if h == 1 else round(h * k * (1.0 + 0.0002 * (h * h - 1) / 2.0))
        if cycles * SR / loop_len < min(16_000.0, 0.4 * SR):
            partials.append((cycles, h))
    for cycles, h in partials:
        omega = 2.0 * math.pi * cycles / loop_len
        freq = cycles * SR / loop_len
        sins = [math.sin(omega * (i % loop_len)) for i in range(n_all)]
        tau = tau0 / (1.0 + 0.5 * (h - 1))
        env = [math.exp(-i / (SR * tau)) * window[i] for i in range(s)]
        transient = mul(env, sins)
        for v, layer in enumerate(layers):
            sus = (1.0 / h ** rolloff[v]) * math.exp(-freq / 9000.0)
            boost = sus * (1.0 + 1.4 * brightness[v] * (h - 1))
            layers[v] = [a + sus * b for a, b in zip(layer, sins)]
            layers[v][:s] = [a + boost * b for a, b in zip(layers[v][:s], transient)]
    # One cycle per loop above the fundamental: a slow, seam-safe beating like a tine's shimmer.
    beat = [math.sin(2.0 * math.pi * (k + 1) * (i % loop_len) / loop_len) for i in range(n_all)]
    rng = seeded(f"keys-{root}")
    hammer = biquad(noise(int(0.04 * SR), rng), "lp", min(6000.0, 8 * f0), 0.7)
    hammer = mul(hammer, decay_env(len(hammer), 0.004))
    for v, layer in enumerate(layers):
        bright = brightness[v]
        layer = [a + 0.05 * b for a, b in zip(layer, beat)]
        # Inharmonic "tine" partials ring only during the attack (never inside the loop).
        for j, ratio in enumerate((5.93, 9.46)):
            if f0 * ratio < 0.4 * SR:
                amp = 0.25 * bright * bright * 0.6 ** j
                w = 2.0 * math.pi * f0 * ratio / SR
                for i in range(s):
                    layer[i] += amp * math.exp(-i / (SR * 0.05)) * window[i] * math.sin(w * i)
        for i, v2 in enumerate(hammer):
            layer[i] += 0.12 * bright * v2
        for i in range(48):
            layer[i] *= 0.5 * (1.0 - math.cos(math.pi * i / 48))
        layers[v] = layer
    gains = [0.4, 0.65, 1.0]
    scale = 0.89 / max(abs(x) for x in layers[-1])
    out = []
    for v, layer in enumerate(layers):
        cycle = layer[s:]
        tail = [cycle[i % loop_len] for i in range(KEY_TAIL)]
        fade_out(tail, KEY_TAIL / SR)
        out.append([x * scale * gains[v] for x in layer + tail])
    return out, loop_len, cents


def synth_key_release(name, freq):
    """A quiet key-off thump: a low damped sine and a soft mechanical click."""
    rng = seeded(name)
    n = int(0.16 * SR)
    sine = [math.sin(2 * math.pi * freq * i / SR) for i in range(n)]
    thump = mul(sine, decay_env(n, 0.03, 0.002))
    click = biquad(noise(n, rng), "bp", 2200.0, 1.2)
    click = mul(click, decay_env(n, 0.006))
    sig = fade_out(mix((1.0, thump), (0.5, click)), 0.03)
    return normalize([sig], 0.25)


KEY_RELEASES = [("release_low.wv", 36, 65, 48, 70.0), ("release_high.wv", 66, 96, 78, 120.0)]


def make_keys(out):
    """Writes keys/samples/*.wv; returns region records and loop statistics."""
    sdir = os.path.join(out, "keys", "samples")
    os.makedirs(sdir)
    regions, stats = [], []
    for idx, root in enumerate(KEY_ROOTS):
        lokey = KEY_ROOTS[0] if idx == 0 else root - 1
        hikey = KEY_ROOTS[-1] if idx == len(KEY_ROOTS) - 1 else root + 1
        layers, loop_len, cents = synth_key_root(root)
        for v, data in enumerate(layers):
            name = f"{note_name(root)}_v{v + 1}.wv"
            loop = (KEY_LOOP_START, KEY_LOOP_START + loop_len - 1)
            write_audio(os.path.join(sdir, name), [data], 16, loop, root)
            regions.append(dict(sample=name, root=root, lokey=lokey, hikey=hikey, layer=v,
                                loop_start=loop[0], loop_end=loop[1]))
        stats.append((root, loop_len, cents))
    for name, _, _, _, freq in KEY_RELEASES:
        write_audio(os.path.join(sdir, name), synth_key_release(name, freq), 16)
    return regions, stats


def keys_sfz_body(regions, prefix):
    """Velocity-layer groups and the release group, shared by keys.sfz and demo.sfz."""
    lines = []
    for v, (lo, hi) in enumerate(KEY_LAYERS):
        lines.append(f"\n<group> lovel={lo} hivel={hi}  // velocity layer {v + 1}")
        for r in (r for r in regions if r["layer"] == v):
            lines.append(
                f"<region> sample={prefix}{r['sample']} lokey={r['lokey']} hikey={r['hikey']} "
                f"pitch_keycenter={r['root']} amp_veltrack={KEY_AMP_VELTRACK} "
                f"loop_mode=loop_sustain loop_start={r['loop_start']} loop_end={r['loop_end']}")
    lines.append("\n// Key-off thumps, started by note-off; quieter the longer the key was held.")
    lines.append("<group> trigger=release rt_decay=6 loop_mode=one_shot volume=-4 amp_veltrack=80")
    for name, lo, hi, center, _ in KEY_RELEASES:
        lines.append(
            f"<region> sample={prefix}{name} lokey={lo} hikey={hi} pitch_keycenter={center}")
    return "\n".join(lines) + "\n"


KEYS_ENVELOPE = "ampeg_attack=0.001 ampeg_decay=9 ampeg_sustain=30 ampeg_release=0.45 volume=-6"


def keys_sfz(regions):
    roots = f"{note_name(KEY_ROOTS[0]).upper()}..{note_name(KEY_ROOTS[-1]).upper()}"
    return (
        "// Sine Keys: an electric-piano-like keyboard, synthesised additively (decaying\n"
        "// partials, slightly stretched harmonics).\n"
        "// Generated by tools/make-instruments.py: edit the script and re-run it, not this file.\n"
        "//\n"
        "// Demonstrates: <control> default_path; a <global> amp envelope with release;\n"
        "// velocity layers as <group> lovel/hivel; key splits with lokey/hikey/pitch_keycenter;\n"
        "// amp_veltrack; loop_mode=loop_sustain with loop_start/loop_end in frames (loop_end is\n"
        "// the last frame of the loop) placed on whole periods of the fundamental (the .wv files\n"
        "// also carry the loop in a smpl chunk); WavPack samples; release samples played by\n"
        "// note-off (trigger=release) that fade with rt_decay.\n"
        f"// Keys 36..96; roots {roots} every 3 semitones; velocity layers 1-50, 51-95, 96-127.\n"
        "\n<control>\ndefault_path=samples/\n"
        f"\n<global>\n{KEYS_ENVELOPE}\n" + keys_sfz_body(regions, ""))


# ---------------------------------------------------------------------------------------------
# Drums
# ---------------------------------------------------------------------------------------------


def sweep(n, f_start, f_end, tau):
    """Sine whose frequency falls exponentially from f_start toward f_end."""
    out, phase = [], 0.0
    for i in range(n):
        f = f_end + (f_start - f_end) * math.exp(-i / (SR * tau))
        out.append(math.sin(phase))
        phase += 2 * math.pi * f / SR
    return out


def metal(n, rng):
    """Six detuned square waves plus noise: the usual recipe for a synthetic cymbal source."""
    freqs = [rng.uniform(f * 0.98, f * 1.02) for f in (296.0, 447.0, 540.0, 605.0, 811.0, 1063.0)]
    sq = [sum(1.0 if math.sin(2 * math.pi * f * i / SR + f) >= 0 else -1.0 for f in freqs) / 6
          for i in range(n)]
    return mix((0.7, sq), (0.5, noise(n, rng)))


def kick():
    n = int(0.5 * SR)
    body = mul(sweep(n, 160.0, 46.0, 0.03), decay_env(n, 0.22, 0.0008))
    click = mul(biquad(noise(n, seeded("kick")), "hp", 3000.0, 0.7), decay_env(n, 0.0025))
    sig = [math.tanh(1.6 * v) for v in mix((1.0, body), (0.3, click))]
    return normalize([fade_out(sig, 0.05)], 0.9)


def snare(rr):
    rng = seeded(f"snare-{rr}")
    n = int(0.42 * SR)
    detune = 1.0 + 0.02 * (rr - 2)
    tone = mix((1.0, sweep(n, 200.0 * detune, 180.0 * detune, 0.02)),
               (0.5, sweep(n, 340.0 * detune, 320.0 * detune, 0.02)))
    tone = mul(tone, decay_env(n, 0.045))
    common = noise(n, rng)
    chans = []
    for side in range(2):
        raw = mix((1.0, common), (0.3, noise(n, rng)))
        nz = biquad(biquad(raw, "hp", 1300.0, 0.7), "lp", 9000.0, 0.7)
        nz = mul(nz, decay_env(n, 0.11 + 0.01 * rr + 0.005 * side))
        chans.append(fade_out(mix((0.8, tone), (0.9, nz)), 0.04))
    return normalize(chans, 0.85 * 10 ** (-(rr - 1) * 0.5 / 20))


def hat(name, seconds, tau, cutoff, pan, peak):
    rng = seeded(name)
    n = int(seconds * SR)
    src = biquad(biquad(metal(n, rng), "hp", cutoff, 0.8), "hp", cutoff, 0.8)
    sig = fade_out(mul(src, decay_env(n, tau, 0.0007)), min(0.03, seconds / 3))
    if pan is None:
        return normalize([sig], peak)
    gl, gr = math.cos((pan + 1) * math.pi / 4), math.sin((pan + 1) * math.pi / 4)
    return normalize([[gl * v for v in sig], [gr * v for v in sig]], peak)


def clap():
    rng = seeded("clap")
    n = int(0.45 * SR)
    chans = []
    for side in range(2):
        env = [0.0] * n
        for k, start in enumerate((0.0, 0.011, 0.022 + 0.002 * side)):
            s0 = int(start * SR)
            for i in range(s0, n):
                env[i] += math.exp(-(i - s0) / (SR * 0.004)) * (0.9 if k < 2 else 1.0)
        s0 = int(0.031 * SR)
        for i in range(s0, n):
            env[i] += 0.6 * math.exp(-(i - s0) / (SR * 0.11))
        nz = biquad(noise(n, rng), "bp", 1150.0 + 80 * side, 1.4)
        chans.append(fade_out(mul(nz, env), 0.05))
    return normalize(chans, 0.8)


def tom(name, freq):
    rng = seeded(name)
    n = int(0.7 * SR)
    body = mul(sweep(n, freq * 1.5, freq, 0.05), decay_env(n, 0.22, 0.001))
    skin = mul(biquad(noise(n, rng), "bp", 2.5 * freq, 2.0), decay_env(n, 0.02))
    return normalize([fade_out(mix((1.0, body), (0.35, skin)), 0.08)], 0.85)


# (file, GM key, demo key, bits, maker, role); roles pick the SFZ group.
DRUMS = [
    ("kick.wav", 36, 24, 24, kick, "kick"),
    ("snare_rr1.flac", 38, 26, 16, lambda: snare(1), "snare"),
    ("snare_rr2.flac", 38, 26, 16, lambda: snare(2), "snare"),
    ("snare_rr3.flac", 38, 26, 16, lambda: snare(3), "snare"),
    ("clap.wav", 39, 27, 16, clap, "clap"),
    ("tom_low.flac", 45, 29, 24, lambda: tom("tom_low", 98.0), "toms"),
    ("hat_closed.wav", 42, 30, 24,
     lambda: hat("hat_closed", 0.14, 0.028, 7000.0, 0.25, 0.5), "closed"),
    ("tom_mid.flac", 47, 31, 24, lambda: tom("tom_mid", 131.0), "toms"),
    ("hat_pedal.flac", 44, 32, 16,
     lambda: hat("hat_pedal", 0.2, 0.04, 5500.0, None, 0.35), "closed"),
    ("tom_high.flac", 50, 33, 24, lambda: tom("tom_high", 175.0), "toms"),
    ("hat_open.flac", 46, 34, 16,
     lambda: hat("hat_open", 1.0, 0.32, 6500.0, 0.25, 0.5), "open"),
]
GM_TO_DEMO = {gm: demo for _, gm, demo, _, _, _ in DRUMS}


def make_drums(out):
    sdir = os.path.join(out, "drums", "samples")
    os.makedirs(sdir)
    for name, _, _, bits, maker, _ in DRUMS:
        write_audio(os.path.join(sdir, name), maker(), bits)


def drums_sfz_body(prefix, key_column):
    """Groups of the kit; key_column 1 = General MIDI keys, 2 = the demo's keys 24..35."""
    def regions(role, extra=lambda i: ""):
        picked = [d for d in DRUMS if d[5] == role]
        return "\n".join(f"<region> sample={prefix}{d[0]} key={d[key_column]}{extra(i)}"
                         for i, d in enumerate(picked))
    return (
        "\n<group>  // kick\n" + regions("kick") +
        "\n\n<group> seq_length=3  // snare: three round robins, played in turn\n" +
        regions("snare", lambda i: f" seq_position={i + 1}") +
        "\n\n<group>  // clap\n" + regions("clap") +
        "\n\n<group>  // toms: low, mid, high\n" + regions("toms") +
        "\n\n<group> group=2  // closed and pedal hats: their notes choke the open hat\n" +
        regions("closed") +
        "\n\n<group> group=1 off_by=2  // open hat, cut off by any voice of group 2\n" +
        regions("open") + "\n")


DRUM_MAP_DOC = ("kick {k36}, snare {k38} (3 round robins), clap {k39}, closed hat {k42}, "
                "pedal hat {k44}, open hat {k46}, toms {k45}/{k47}/{k50}")


def drum_map(column, wrap=False):
    """The kit's key map as prose; wrap=True splits it over two SFZ comment lines."""
    text = DRUM_MAP_DOC.format(**{f"k{d[1]}": d[column] for d in DRUMS})
    return text.replace(", clap", ",\n// clap") if wrap else text


def drums_sfz():
    return (
        "// Drum kit: synthesised (sine sweeps, filtered noise, square-wave metal) one-shots.\n"
        "// Generated by tools/make-instruments.py: edit the script and re-run it, not this file.\n"
        "//\n"
        "// Demonstrates: loop_mode=one_shot (note-off is ignored); key= as lokey/hikey/\n"
        "// pitch_keycenter; round robin with seq_length/seq_position; a hi-hat choke (the open\n"
        "// hat has group=1 off_by=2, the closed and pedal hats have group=2); mixed formats:\n"
        "// 16- and 24-bit WAV and FLAC, mono and stereo, 48 kHz.\n"
        f"// General MIDI keys: {drum_map(1, wrap=True)}.\n"
        "\n<control>\ndefault_path=samples/\n"
        "\n<global>\nloop_mode=one_shot\n" + drums_sfz_body("", 1))


def demo_sfz(key_regions):
    return (
        "// Demo instrument: Sine Keys and the drum kit in one instrument, for demo.mid.\n"
        "// Generated by tools/make-instruments.py: edit the script and re-run it, not this file.\n"
        "//\n"
        "// The engine plays one instrument per render and these regions ignore MIDI channels, so\n"
        "// the drums live below the keys: drums on keys 24..35, keys on 36..96.\n"
        f"// Drum map: {drum_map(2, wrap=True)}.\n"
        "// Samples are shared with keys/ and drums/ through relative paths (no copied audio).\n"
        "// Demonstrates the full header hierarchy: <control>, <global>, one <master> per\n"
        "// instrument, <group>, <region>.\n"
        "\n<control>\n"
        "\n<global>\nglobal_volume=-4  // headroom: the full demo song stays below full scale\n"
        f"\n<master>  // Sine Keys, keys 36..96\n{KEYS_ENVELOPE}\n" +
        keys_sfz_body(key_regions, "keys/samples/") +
        "\n<master>  // drums, keys 24..35\nloop_mode=one_shot\n" +
        drums_sfz_body("drums/samples/", 2))


# ---------------------------------------------------------------------------------------------
# Standard MIDI Files
# ---------------------------------------------------------------------------------------------


def vlq(n):
    out = [n & 0x7F]
    n >>= 7
    while n:
        out.append(0x80 | (n & 0x7F))
        n >>= 7
    return bytes(reversed(out))


def meta(kind, payload):
    return bytes([0xFF, kind]) + vlq(len(payload)) + payload


class Track:
    """Events at absolute ticks; at one tick note-offs go first, then controllers, then note-ons."""

    def __init__(self, name):
        self.events = [(0, 0, meta(0x03, name.encode("ascii")))]

    def tempo(self, tick, bpm):
        self.events.append((tick, 0, meta(0x51, round(60_000_000 / bpm).to_bytes(3, "big"))))

    def note(self, tick, length, key, velocity, channel):
        self.events.append((tick, 3, bytes([0x90 | channel, key, velocity])))
        self.events.append((tick + length, 1, bytes([0x80 | channel, key, 64])))

    def cc(self, tick, number, value, channel):
        self.events.append((tick, 2, bytes([0xB0 | channel, number, value])))

    def chunk(self):
        data, now = b"", 0
        events = sorted(self.events, key=lambda e: (e[0], e[1]))
        for tick, _, payload in events:
            data += vlq(tick - now) + payload
            now = tick
        data += vlq(0) + meta(0x2F, b"")
        return b"MTrk" + struct.pack(">I", len(data)) + data


def smf(tracks):
    head = b"MThd" + struct.pack(">IHHH", 6, 1, len(tracks), PPQ)
    return head + b"".join(t.chunk() for t in tracks)


def tempo_track(changes):
    t = Track("tempo")
    t.events.append((0, 0, meta(0x58, bytes([4, 2, 24, 8]))))
    for tick, bpm in changes:
        t.tempo(tick, bpm)
    return t


BAR, BEAT = 4 * PPQ, PPQ
KEYS_CH, DRUM_CH = 0, 9


def at(bar, beat):
    """Tick of a 1-based bar and beat (beat may be fractional: 2.5 = the 'and' of 2)."""
    return (bar - 1) * BAR + round((beat - 1) * BEAT)


# Demo chords: (bar, beat, beats held, bass, upper voices)
CHORDS = [
    (1, 1, 4, 36, (52, 55, 59)), (2, 1, 4, 45, (48, 52, 55)), (3, 1, 4, 38, (53, 57, 60)),
    (4, 1, 4, 43, (53, 59, 62)), (5, 1, 4, 41, (52, 57, 60)), (6, 1, 4, 40, (50, 55, 59)),
    (7, 1, 4, 38, (53, 57, 60)), (8, 1, 4, 43, (53, 59, 62)), (9, 1, 2, 40, (50, 55, 59)),
    (9, 3, 2, 45, (49, 55, 61)), (10, 1, 2, 38, (53, 57, 60)), (10, 3, 2, 43, (53, 59, 65)),
    (11, 1, 6, 36, (52, 55, 59, 62)),
]
# Melody: (bar, beat, beats, key, velocity)
MELODY = [
    (1, 4, 0.5, 71, 58), (1, 4.5, 0.5, 72, 70),
    (2, 1, 1, 76, 92), (2, 2, 0.5, 74, 64), (2, 2.5, 0.5, 72, 70), (2, 3, 2, 69, 80),
    (3, 1, 1.5, 77, 100), (3, 2.5, 0.5, 76, 72), (3, 3, 1, 74, 85), (3, 4, 1, 72, 60),
    (4, 1, 1, 71, 78), (4, 2, 1, 74, 88), (4, 3, 2, 79, 110),
    (5, 1, 1.5, 81, 118), (5, 2.5, 0.5, 79, 80), (5, 3, 1, 76, 90), (5, 4, 1, 77, 70),
    (6, 1, 2, 79, 95), (6, 3, 0.5, 74, 60), (6, 3.5, 0.5, 76, 66), (6, 4, 1, 71, 72),
]
MELODY += [(7, 1 + i / 2, 0.5, k, v) for i, (k, v) in enumerate(
    zip((74, 77, 81, 84, 81, 77, 74, 72), (70, 78, 88, 105, 84, 76, 68, 62)))]
MELODY += [(8, 1 + i / 2, 0.5, k, v) for i, (k, v) in enumerate(
    zip((71, 74, 77, 79, 83, 79, 77, 74), (96, 60, 72, 64, 112, 66, 74, 58)))]
MELODY += [
    (9, 1, 1, 79, 100), (9, 2, 1, 76, 74), (9, 3, 1, 73, 90), (9, 4, 1, 76, 70),
    (10, 1, 0.5, 77, 96), (10, 1.5, 0.5, 76, 70), (10, 2, 1, 74, 84), (10, 3, 1, 71, 78),
    (10, 4, 1, 74, 64), (11, 1, 6, 76, 88), (11, 1, 6, 84, 72),
]


def add_keys_part(track):
    for bar, beat, beats, bass, upper in CHORDS:
        start, length = at(bar, beat), round(beats * BEAT)
        track.note(start, length - 20, bass, 72, KEYS_CH)
        for i, key in enumerate(upper):
            track.note(start + 6 * i, length - 30, key, 58 + 4 * i, KEYS_CH)
        # Lift the pedal exactly at the chord change, catch the new chord just after it.
        track.cc(start, 64, 0, KEYS_CH)
        track.cc(start + 60, 64, 127, KEYS_CH)
    track.cc(at(12, 3), 64, 0, KEYS_CH)
    for bar, beat, beats, key, vel in MELODY:
        track.note(at(bar, beat), round(beats * BEAT) - 24, key, vel, KEYS_CH)


def add_drum_part(track, keymap):
    def hit(bar, beat, gm, vel):
        track.note(at(bar, beat), 60, keymap(gm), vel, DRUM_CH)

    for beat in (2, 4):
        hit(1, beat, 44, 50)
    for bar in range(2, 11):
        fast = bar >= 7
        kicks = (1, 2.5, 3) if fast else ((1, 3, 3.5) if bar == 4 else (1, 3))
        for beat in kicks:
            hit(bar, beat, 36, 110 if beat == 1 else 92)
        for beat in (2, 4):
            hit(bar, beat, 38, 100 if beat == 2 else 108)
            if fast:
                hit(bar, beat, 39, 80)
        if bar == 6:  # tom fill on beats 3-4 instead of hats
            hit(6, 1, 42, 90)
            hit(6, 1.5, 42, 60)
            hit(6, 2, 42, 84)
            for beat, gm in zip((3, 3.5, 4, 4.5), (50, 50, 47, 45)):
                hit(6, beat, gm, 96 if beat in (3, 4) else 84)
            continue
        for e in range(8):
            beat = 1 + e / 2
            open_hat = (bar in (3, 5, 8) and beat == 4.5) or (bar in (9, 10) and beat in (2.5, 4.5))
            if open_hat:
                hit(bar, beat, 46, 96)
            elif bar in (9, 10) and beat == int(beat):
                hit(bar, beat, 44, 72)  # pedal hats on the beat choke the open hats
            elif bar == 10 and beat >= 4:
                continue
            else:
                hit(bar, beat, 42, 92 if e % 2 == 0 else 58)
        if bar == 10:  # a short roll shows the snare round robins
            for i in range(4):
                hit(10, 4 + i / 4, 38, 60 + 14 * i)
    hit(11, 1, 36, 120)
    hit(11, 1, 46, 100)
    hit(11, 1, 39, 96)


def demo_midi():
    keys, drums = Track("Sine Keys"), Track("Drums (keys 24-35 for demo.sfz)")
    add_keys_part(keys)
    add_drum_part(drums, lambda gm: GM_TO_DEMO[gm])
    return smf([tempo_track([(0, 100), (at(7, 1), 120)]), keys, drums])


def keys_midi():
    t = Track("Sine Keys tour")
    # Every root region, bottom to top, then one key through the three velocity layers.
    for i, key in enumerate(range(36, 97, 3)):
        t.note(i * PPQ // 4, PPQ // 4 - 10, key, 64 + (i * 7) % 48, KEYS_CH)
    base = 6 * PPQ
    for i, vel in enumerate((24, 48, 72, 96, 120)):
        t.note(base + i * PPQ, PPQ - 40, 60, vel, KEYS_CH)
    base += 6 * PPQ
    for i, (bass, upper) in enumerate(((36, (52, 55, 59, 62)), (41, (57, 60, 64, 67)))):
        start = base + i * BAR
        t.cc(start, 64, 0, KEYS_CH)
        t.cc(start + 60, 64, 127, KEYS_CH)
        for j, key in enumerate((bass,) + upper):
            t.note(start + 40 * j, PPQ - 60, key, 70 + 6 * j, KEYS_CH)
        for j, key in enumerate(upper[::-1] + (84, 88, 91, 96)):
            t.note(start + PPQ + j * PPQ // 4, PPQ // 4, key, 50 + 8 * j, KEYS_CH)
    t.cc(base + 2 * BAR + 2 * PPQ, 64, 0, KEYS_CH)
    return smf([tempo_track([(0, 96)]), t])


def drums_midi():
    t = Track("Drum kit tour")
    tour = [36, 38, 38, 38, 39, 42, 44, 46, 45, 47, 50]
    for i, gm in enumerate(tour):
        t.note(i * PPQ // 2, 60, gm, 100, DRUM_CH)
    start = 7 * PPQ
    for bar in range(2):
        b0 = start + bar * BAR
        for beat in range(8):
            tick = b0 + beat * PPQ // 2
            t.note(tick, 60, 46 if beat == 7 else 42, 96 if beat % 2 == 0 else 60, DRUM_CH)
            if beat in (0, 4, 5):
                t.note(tick, 60, 36, 110, DRUM_CH)
            if beat in (2, 6):
                t.note(tick, 60, 38, 100, DRUM_CH)
    t.note(start + 2 * BAR, 60, 44, 80, DRUM_CH)
    t.note(start + 2 * BAR, 60, 36, 110, DRUM_CH)
    return smf([tempo_track([(0, 110)]), t])


# ---------------------------------------------------------------------------------------------
# README
# ---------------------------------------------------------------------------------------------


def readme():
    return (
        "# Bundled instruments\n\n"
        "Everything here is generated by `tools/make-instruments.py` (synthesised sounds, no "
        "recordings).\nDo not edit these files by hand: change the script and run it again.\n\n"
        "- `keys/keys.sfz` (Sine Keys): electric-piano-like keyboard, keys 36..96 (roots every "
        "3 semitones, 3 velocity layers); demonstrates default_path, a global amp envelope, "
        "velocity-layer groups, loop_sustain loops on whole periods (WavPack .wv with smpl "
        "chunks), amp_veltrack and release samples (trigger=release, rt_decay). "
        "`keys/keys.mid` tours it.\n"
        "- `drums/drums.sfz` (drum kit, General MIDI keys): demonstrates one_shot, key=, "
        "snare round robins (seq_length/seq_position), the hi-hat choke (open hat group=1 "
        "off_by=2; closed and pedal hats group=2) and mixed 16/24-bit WAV and FLAC, mono and "
        f"stereo. Map: {drum_map(1)}. `drums/drums.mid` tours it.\n"
        "- `demo.sfz` (both in one instrument): demonstrates `<master>` sections and sample paths "
        "shared across folders; drums on keys 24..35, keys on 36..96. Drum map: "
        f"{drum_map(2)}. `demo.mid` (format 1, PPQ 480, 100 then 120 BPM, ~25 s) plays it: "
        "keys on channel 1 with sustain pedal, drums on channel 10 (the instrument ignores "
        "channels).\n\n"
        "Regenerate (needs Python 3, `wavpack` and `flac`; the checks also use `wvunpack` and "
        "`sox`):\n\n"
        "    python3 tools/make-instruments.py            # rewrites instruments/, then checks it\n"
        "    python3 tools/make-instruments.py --check-only\n\n"
        "The output is deterministic: two runs give identical bytes (with the same `flac` "
        "version, whose vendor string is stored in each FLAC file).\n")


# ---------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------


def effective_regions(path):
    """Each region merged with its global/master/group at the time it was declared.

    Enough for this script's own files: no #include/#define, values without spaces."""
    text = open(path, encoding="utf-8").read()
    text = "\n".join(line.split("//")[0] for line in text.splitlines())
    levels = {"control": {}, "global": {}, "master": {}, "group": {}}
    order = ["global", "master", "group"]
    out, region, header = [], None, "global"
    for token in text.replace("<", " <").replace(">", "> ").split():
        if token.startswith("<"):
            header = token.strip("<>")
            if region is not None:
                out.append({**levels["global"], **levels["master"], **levels["group"], **region})
                region = None
            if header == "region":
                region = {}
            else:
                levels[header] = {}
                for lower in order[order.index(header) + 1:] if header in order else []:
                    levels[lower] = {}
        elif "=" in token:
            key, value = token.split("=", 1)
            (region if region is not None else levels[header])[key] = value
    if region is not None:
        out.append({**levels["global"], **levels["master"], **levels["group"], **region})
    return out, levels["control"].get("default_path", "")


def read_riff(path):
    """(channels, bits, frames as int lists per channel, smpl loop or None) of a PCM WAV."""
    raw = open(path, "rb").read()
    if raw[:4] != b"RIFF" or raw[8:12] != b"WAVE":
        raise ValueError(f"{path}: not a RIFF/WAVE file")
    pos, fmt, data, loop = 12, None, None, None
    while pos + 8 <= len(raw):
        cid, size = raw[pos:pos + 4], struct.unpack("<I", raw[pos + 4:pos + 8])[0]
        body = raw[pos + 8:pos + 8 + size]
        if cid == b"fmt ":
            fmt = struct.unpack("<HHIIHH", body[:16])
        elif cid == b"data":
            data = body
        elif cid == b"smpl" and struct.unpack("<I", body[28:32])[0] > 0:
            loop = struct.unpack("<II", body[44:52])
        pos += 8 + size + (size & 1)
    nch, bits = fmt[1], fmt[5]
    width = bits // 8
    vals = [int.from_bytes(data[i:i + width], "little", signed=True)
            for i in range(0, len(data), width)]
    return nch, bits, [vals[c::nch] for c in range(nch)], loop


def seam_figures(x, first, last):
    """Loop seam versus the waveform's own steps, in LSB.

    jump: |x[first] - x[last]|, the step played at each wrap; max_step: the largest step between
    neighbouring frames inside the loop; continuity: |x[last] - x[first - 1]|, zero when the
    frame before the loop equals the loop's last frame (the wrap then repeats the original flow).
    """
    jump = abs(x[first] - x[last])
    max_step = max(abs(x[i + 1] - x[i]) for i in range(first, last))
    continuity = abs(x[last] - x[first - 1])
    return jump, max_step, continuity


def read_midi(path):
    """Independent SMF reader: (format, ppq, note-ons as (seconds, channel, key, vel), length s)."""
    raw = open(path, "rb").read()
    assert raw[:4] == b"MThd", f"{path}: no MThd"
    fmt, ntracks, ppq = struct.unpack(">HHH", raw[8:14])
    pos, tempos, notes, end_tick = 14, [], [], 0
    for _ in range(ntracks):
        assert raw[pos:pos + 4] == b"MTrk", f"{path}: bad track at byte {pos}"
        size = struct.unpack(">I", raw[pos + 4:pos + 8])[0]
        p, stop, tick, status = pos + 8, pos + 8 + size, 0, 0
        while p < stop:
            delta = 0
            while True:
                b = raw[p]
                p += 1
                delta = (delta << 7) | (b & 0x7F)
                if b < 0x80:
                    break
            tick += delta
            if raw[p] >= 0x80:
                status = raw[p]
                p += 1
            if status == 0xFF:
                kind, length = raw[p], raw[p + 1]
                if kind == 0x51:
                    tempos.append((tick, int.from_bytes(raw[p + 2:p + 5], "big")))
                p += 2 + length
            else:
                nbytes = 1 if status & 0xF0 in (0xC0, 0xD0) else 2
                d = raw[p:p + nbytes]
                p += nbytes
                if status & 0xF0 == 0x90 and d[1] > 0:
                    notes.append((tick, status & 0x0F, d[0], d[1]))
        end_tick = max(end_tick, tick)
        pos = stop

    def seconds(t):
        s, last_tick, us = 0.0, 0, 500_000
        for tt, new in sorted(tempos):
            if tt >= t:
                break
            s += (tt - last_tick) * us / 1e6 / ppq
            last_tick, us = tt, new
        return s + (t - last_tick) * us / 1e6 / ppq

    return fmt, ppq, len(tempos), [(seconds(t), c, k, v) for t, c, k, v in notes], seconds(end_tick)


def tool(name):
    return shutil.which(name) is not None


def check(out, key_stats=None):
    """Checks the instruments folder and prints the figures; returns the number of failures."""
    failures = []
    print(f"== checks of {out}")
    sfzs = ["keys/keys.sfz", "drums/drums.sfz", "demo.sfz"]
    referenced = set()
    for rel in sfzs:
        path = os.path.join(out, rel)
        regions, default_path = effective_regions(path)
        missing = []
        for r in regions:
            sample = os.path.join(os.path.dirname(path), default_path + r["sample"])
            sample = os.path.normpath(sample)
            referenced.add(sample)
            if not os.path.isfile(sample):
                missing.append(sample)
        failures += [f"{rel}: missing {m}" for m in missing]
        print(f"{rel}: {len(regions)} regions, {len(missing)} missing sample paths")

    audio = sorted(os.path.join(d, f) for d, _, fs in os.walk(out) for f in fs
                   if f.endswith((".wav", ".flac", ".wv")))
    unused = [a for a in audio if os.path.normpath(a) not in referenced]
    failures += [f"unreferenced audio {u}" for u in unused]
    print(f"audio files: {len(audio)} ({len(unused)} not referenced by any .sfz)")

    if tool("sox"):
        ok = 0
        for a in (a for a in audio if not a.endswith(".wv")):
            r = subprocess.run(["sox", a, "-n", "stat"], capture_output=True, text=True)
            fields = dict(line.split(":", 1) for line in r.stderr.splitlines() if ":" in line)
            if r.returncode != 0:
                failures.append(f"sox cannot read {a}: {r.stderr.strip()}")
                continue
            ok += 1
            print(f"  sox {os.path.relpath(a, out)}: {float(fields['Length (seconds)']):.3f} s, "
                  f"max amplitude {float(fields['Maximum amplitude']):.3f}")
        print(f"sox read {ok} WAV/FLAC files")
    else:
        print("sox not installed: WAV/FLAC read check skipped")

    if tool("wvunpack"):
        worst_ratio, worst_cont, exact, n = 0.0, 0, 0, 0
        loops = {}
        for rel in ("keys/keys.sfz", "demo.sfz"):
            regions, dp = effective_regions(os.path.join(out, rel))
            base = os.path.dirname(os.path.join(out, rel))
            for r in regions:
                if "loop_start" in r:
                    key = os.path.normpath(os.path.join(base, dp + r["sample"]))
                    loops.setdefault(key, set()).add((int(r["loop_start"]), int(r["loop_end"])))
        with tempfile.TemporaryDirectory() as tmp:
            for a in (a for a in audio if a.endswith(".wv")):
                r = subprocess.run(["wvunpack", "-q", "-ss", a], capture_output=True, text=True)
                if r.returncode != 0 or "48000 Hz" not in r.stdout.replace(",", ""):
                    failures.append(f"wvunpack -ss failed on {a}: {r.stdout} {r.stderr}")
                    continue
                dec = os.path.join(tmp, "x.wav")
                subprocess.run(["wvunpack", "-q", "-y", a, "-o", dec], check=True)
                nch, bits, chans, loop = read_riff(dec)
                n += 1
                want = loops.get(os.path.normpath(a))
                if want is None:
                    continue
                if len(want) != 1 or loop not in want:
                    failures.append(f"{a}: smpl loop {loop} differs from the SFZ {want}")
                    continue
                first, last = loop
                jump, step, cont = seam_figures(chans[0], first, last)
                worst_ratio = max(worst_ratio, jump / step)
                worst_cont = max(worst_cont, cont)
                exact += chans[0][last + 1] == chans[0][first]
                # The jump test alone misses a loop a few frames off in a bright sample; the
                # continuity test catches it (hundreds of LSB), so both must pass.
                if jump > step or cont > 2:
                    failures.append(f"{a}: seam jump {jump} (max step {step}), continuity {cont}")
        print(f"wvunpack -ss and decode OK for {n} .wv files")
        print(f"loops checked on decoded audio: {len(loops)}; worst seam jump / max in-loop step = "
              f"{worst_ratio:.3f}; worst |x[loop_end] - x[loop_start-1]| = {worst_cont} LSB; "
              f"x[loop_end+1] == x[loop_start] in {exact} of them")
    else:
        print("wvunpack not installed: WavPack checks skipped")

    if key_stats:
        worst = max(abs(c) for _, _, c in key_stats)
        lens = [length for _, length, _ in key_stats]
        print(f"key loops: {len(key_stats)} roots, lengths {min(lens)}..{max(lens)} frames, "
              f"worst tuning error from whole-period loops {worst:.4f} cents")

    demo_regions, _ = effective_regions(os.path.join(out, "demo.sfz"))
    for rel in ("demo.mid", "keys/keys.mid", "drums/drums.mid"):
        fmt, ppq, ntempo, notes, length = read_midi(os.path.join(out, rel))
        chans = sorted({c + 1 for _, c, _, _ in notes})
        print(f"{rel}: format {fmt}, PPQ {ppq}, {ntempo} tempo events, {len(notes)} notes on "
              f"channels {chans}, {length:.2f} s")
        if rel == "demo.mid":
            unmapped = [k for _, _, k, v in notes if not any(
                int(r.get("lokey", r.get("key", -1))) <= k <= int(r.get("hikey", r.get("key", -1)))
                and int(r.get("lovel", 1)) <= v <= int(r.get("hivel", 127))
                and r.get("trigger", "attack") == "attack" for r in demo_regions)]
            drum_keys = sorted({k for _, c, k, _ in notes if c == DRUM_CH})
            key_keys = [k for _, c, k, _ in notes if c == KEYS_CH]
            print(f"  demo drum keys {drum_keys}; keys part spans "
                  f"{min(key_keys)}..{max(key_keys)}; "
                  f"{len(unmapped)} notes without a region")
            failures += [f"demo.mid note {k} hits no region of demo.sfz" for k in unmapped]
            if not 20 <= length <= 30 or ntempo != 2:
                failures.append(f"demo.mid: {length:.1f} s with {ntempo} tempo events")

    total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(out) for f in fs)
    du = subprocess.run(["du", "-sh", out], capture_output=True, text=True).stdout.split("\t")[0]
    print(f"total size: {total} bytes ({total / 1e6:.2f} MB; du -sh: {du})")
    for f in failures:
        print(f"FAIL: {f}")
    print("all checks passed" if not failures else f"{len(failures)} checks failed")
    return len(failures)


# ---------------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------------


def generate(out):
    os.makedirs(out, exist_ok=True)
    for sub in ("keys", "drums"):
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
    key_regions, key_stats = make_keys(out)
    make_drums(out)
    write_text(os.path.join(out, "keys", "keys.sfz"), keys_sfz(key_regions))
    write_text(os.path.join(out, "drums", "drums.sfz"), drums_sfz())
    write_text(os.path.join(out, "demo.sfz"), demo_sfz(key_regions))
    write_text(os.path.join(out, "README.md"), readme())
    for rel, data in (("demo.mid", demo_midi()), ("keys/keys.mid", keys_midi()),
                      ("drums/drums.mid", drums_midi())):
        with open(os.path.join(out, rel), "wb") as f:
            f.write(data)
    return key_stats


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(here), "instruments"))
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args()
    out = os.path.abspath(args.out)
    stats = None
    if not args.check_only:
        for needed in ("wavpack", "flac"):
            if not tool(needed):
                sys.exit(f"make-instruments.py: the `{needed}` command is needed")
        stats = generate(out)
    sys.exit(1 if check(out, stats) else 0)


if __name__ == "__main__":
    main()
