#!/usr/bin/env python3
"""Turns real sample files into small fuzz seeds (scripts/fuzz-seeds.sh calls it).

Real instruments' files are too long to fuzz whole: libFuzzer cuts a seed at -max_len, which
drops a WAV's `smpl` chunk when it follows the audio, and every extra frame costs time on every
run. So the audio is cut short while every metadata chunk is kept, and formats the shared corpus
lacks (AIFF with INST/MARK loops, the raw-data and instrument layouts of our own fuzz targets) are
built from the shortened WAVs.

  shrink-wav FRAMES DIR      DIR/1.wav, DIR/2.wav…: each WAV named on standard input (NUL after
                             each path) with FRAMES frames of its `data` chunk and all other
                             chunks, `smpl` loops that no longer fit pulled inside; files that are
                             not RIFF/WAVE are skipped
  aiff WAV OUT               AIFF (integer PCM) or AIFF-C fl32 (float) with a MARK/INST loop
  raw WAV OUT FLAGS          a FuzzRawSample input (see Fuzz/Sources/FuzzRawSample/main.swift)
  instrument SFZ SAMPLE OUT  a FuzzInstrument input: the SFZ with every sample= pointing at
                             sample.wav, a NUL byte, then SAMPLE's bytes
  tuning DIR                 FuzzTuning inputs made from the formats' published shapes (scales,
                             a keyboard mapping, MIDI Tuning Standard messages)
"""

import re
import struct
import sys


def chunks(riff):
    """(id, payload) for each chunk after the 12-byte RIFF/WAVE header."""
    offset = 12
    while offset + 8 <= len(riff):
        cid, size = riff[offset:offset + 4], struct.unpack("<I", riff[offset + 4:offset + 8])[0]
        yield cid, riff[offset + 8:offset + 8 + size]
        offset += 8 + size + (size & 1)


def riff(parts):
    body = b"WAVE"
    for cid, payload in parts:
        body += cid + struct.pack("<I", len(payload)) + payload + b"\0" * (len(payload) & 1)
    return b"RIFF" + struct.pack("<I", len(body)) + body


def wav_format(parts):
    fmt = dict(parts)[b"fmt "]
    tag, channels, rate, _, align, bits = struct.unpack("<HHIIHH", fmt[:16])
    if tag == 0xFFFE and len(fmt) >= 26:
        tag = struct.unpack("<H", fmt[24:26])[0]
    return tag, channels, rate, align, bits


def fit_loops(smpl, frames):
    """The smpl payload with every loop moved inside `frames` frames when it no longer fits."""
    count = struct.unpack("<I", smpl[28:32])[0] if len(smpl) >= 36 else 0
    smpl = bytearray(smpl)
    for index in range(min(count, (len(smpl) - 36) // 24)):
        base = 36 + index * 24
        start, end = struct.unpack("<II", smpl[base + 8:base + 16])
        if end >= frames or start >= end:
            smpl[base + 8:base + 16] = struct.pack("<II", frames // 4, frames - 1)
    return bytes(smpl)


def shrink_wav(source, target, frames):
    data = open(source, "rb").read()
    parts = list(chunks(data))
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE" or b"fmt " not in dict(parts):
        print(f"{source}: not RIFF/WAVE; skipped", file=sys.stderr)
        return
    align = wav_format(parts)[3]
    kept = []
    for cid, payload in parts:
        if cid == b"data":
            payload = payload[:frames * align]
        elif cid == b"smpl":
            payload = fit_loops(payload, frames)
        kept.append((cid, payload))
    open(target, "wb").write(riff(kept))


def wav_frames(source):
    """Format and interleaved samples as floats in -1...1."""
    parts = list(chunks(open(source, "rb").read()))
    tag, channels, rate, align, bits = wav_format(parts)
    data = dict(parts)[b"data"]
    width = align // channels
    values = []
    for offset in range(0, len(data) - width + 1, width):
        word = data[offset:offset + width]
        if tag == 3 and width == 4:
            values.append(struct.unpack("<f", word)[0])
        elif width == 1:
            values.append((word[0] - 128) / 128)
        else:
            values.append(int.from_bytes(word, "little", signed=True) / (1 << (8 * width - 1)))
    loop = None
    smpl = dict(parts).get(b"smpl")
    if smpl and len(smpl) >= 60 and struct.unpack("<I", smpl[28:32])[0] > 0:
        loop = struct.unpack("<II", smpl[44:52])
    return tag, channels, rate, width, values, loop


def extended80(value):
    """An IEEE 754 80-bit extended float, as AIFF's COMM chunk stores the sample rate."""
    exponent = value.bit_length() - 1
    return struct.pack(">HQ", 16383 + exponent, value << (63 - exponent))


def aiff_chunk(cid, payload):
    return cid + struct.pack(">I", len(payload)) + payload + b"\0" * (len(payload) & 1)


def aiff(source, target):
    tag, channels, rate, width, values, loop = wav_frames(source)
    frames = len(values) // channels
    is_float = tag == 3
    if is_float:
        sound = b"".join(struct.pack(">f", v) for v in values)
        comm = struct.pack(">hIh", channels, frames, 32) + extended80(rate) + b"fl32"
        comm += bytes([7]) + b"float32"
    else:
        bits = 8 * width
        top = (1 << (bits - 1)) - 1
        sound = b"".join(
            max(-top - 1, min(top, round(v * (top + 1)))).to_bytes(width, "big", signed=True)
            for v in values)
        comm = struct.pack(">hIh", channels, frames, bits) + extended80(rate)
    start, end = loop if loop and loop[1] < frames else (frames // 4, frames - 1)
    # MARK positions sit between frames, so the loop's inclusive last frame becomes end + 1.
    mark = struct.pack(">H", 2)
    for ident, position, name in ((1, start, b"beg loop"), (2, end + 1, b"end loop")):
        text = bytes([len(name)]) + name
        mark += struct.pack(">HI", ident, position) + text + b"\0" * (len(text) & 1)
    # base note 60, detune 0, full key and velocity range, gain 0, forward sustain loop 1→2.
    inst = struct.pack(">bbbbbbhhhhhhh", 60, 0, 0, 127, 1, 127, 0, 1, 1, 2, 0, 0, 0)
    form = b"AIFC" if is_float else b"AIFF"
    body = form
    if is_float:
        body += aiff_chunk(b"FVER", struct.pack(">I", 0xA2805140))
    body += aiff_chunk(b"COMM", comm) + aiff_chunk(b"MARK", mark) + aiff_chunk(b"INST", inst)
    body += aiff_chunk(b"SSND", struct.pack(">II", 0, 0) + sound)
    open(target, "wb").write(b"FORM" + struct.pack(">I", len(body)) + body)


def raw(source, target, flags):
    _, channels, rate, _, values, loop = wav_frames(source)
    frames = len(values) // channels
    looping = flags & 4 != 0
    loop_start, loop_end = (loop if loop else (0, 0)) if looping else (0, 0)
    header = struct.pack("<bBid", channels, flags, frames, float(rate))
    header += struct.pack("<bbbbbB", 60, 48, 72, 1, 127, 60)
    header += struct.pack("<5f", 261.63, loop_start, loop_end, 0, 0)
    if channels == 2 and not flags & 1:
        values = values[0::2] + values[1::2]
    open(target, "wb").write(header + struct.pack(f"<{len(values)}f", *values))


def instrument(sfz, sample, target):
    text = open(sfz, "rb").read().decode("utf-8", "replace").replace("\0", "")
    # A sample= value runs to the next opcode, header or line end: it may hold spaces.
    text = re.sub(r"sample=.*?(?=\s+[A-Za-z0-9_]+=|\s*<|\s*$)", "sample=sample.wav", text,
                  flags=re.MULTILINE)
    text = re.sub(r"default_path=.*?(?=\s+[A-Za-z0-9_]+=|\s*<|\s*$)", "default_path=", text,
                  flags=re.MULTILINE)
    open(target, "wb").write(text.encode() + b"\0" + open(sample, "rb").read())


def tuning(out):
    """Seeds for FuzzTuning: a selector byte (0 scale, 1 scale NUL mapping, 2 SysEx) and the
    shapes of the formats as published: a Scala scale in cents, one in ratios with comments, a keyboard mapping with unmapped keys, and MIDI Tuning Standard
    messages (bulk dump, real-time single note change, scale/octave tuning)."""
    edo19 = "! 19-tone equal\n19 tones\n 19\n!\n" + "".join(
        f" {1200 * k / 19:.5f}\n" for k in range(1, 20))
    just = "!just.scl\n! ratios\nJust major\n7\n9/8\n5/4\n4/3 ! fourth\n3/2\n5/3\n15/8\n2\n"
    kbm = ("! white keys\n12\n0\n127\n60\n69\n440.0\n7\n! map\n0\nx\n1\nx\n2\n3\nx\n4\nx\n5\nx\n6\n")
    def dump(program):
        body = [0x7E, 0x7F, 0x08, 0x01, program] + list(b"fuzz seed tuning".ljust(16))
        for key in range(128):
            body += [key, 0x00, 0x00]
        checksum = 0
        for byte in body:
            checksum ^= byte
        return bytes([0xF0] + body + [checksum & 0x7F, 0xF7])
    single = bytes([0xF0, 0x7F, 0x7F, 0x08, 0x02, 0x00, 0x02, 60, 61, 0x00, 0x00, 69, 69, 0x10, 0x00,
                    0xF7])
    octave = bytes([0xF0, 0x7E, 0x7F, 0x08, 0x08, 0x03, 0x7F, 0x7F] + [0x40] * 12 + [0xF7])
    seeds = {"edo19": b"\0" + edo19.encode(), "just": b"\0" + just.encode(),
             "just-kbm": b"\1" + just.encode() + b"\0" + kbm.encode(), "dump": b"\2" + dump(0),
             "single": b"\2" + single, "octave": b"\2" + octave}
    for name, data in seeds.items():
        open(f"{out}/{name}.bin", "wb").write(data)


def main():
    command, args = sys.argv[1], sys.argv[2:]
    if command == "shrink-wav":
        sources = [path for path in sys.stdin.buffer.read().decode().split("\0") if path]
        for number, source in enumerate(sources, start=1):
            shrink_wav(source, f"{args[1]}/{number}.wav", int(args[0]))
    elif command == "aiff":
        aiff(args[0], args[1])
    elif command == "raw":
        raw(args[0], args[1], int(args[2]))
    elif command == "instrument":
        instrument(args[0], args[1], args[2])
    elif command == "tuning":
        tuning(args[0])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
