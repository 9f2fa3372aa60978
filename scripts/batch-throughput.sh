#!/usr/bin/env bash
# The issue's throughput figure: a manifest of 112 renders (the 28 corpus songs in
# ../shared/corpus/midi through the General MIDI bank `make gm-bank` makes, the same with stems
# and a report, the CP80 electric piano and the bundled demo instrument, 2 s tail), rendered as
# one `sfzplay batch --jobs 2 --threads 1`, as the same batch with --cache-mb 0 (sharing
# nothing) and as one sfzplay per render with the same options, two side by side. Each runs under
# /usr/bin/time -v; the script prints for each the wall and CPU time, the audio rendered, audio
# hours per wall hour per core (2 cores) and the peak resident memory (for one sfzplay per
# render, the largest single process), and checks that the three wrote the same bytes (the
# mixes, stems and reports). Run it on a quiet machine with a release build; --quick renders 6
# lines (two short songs through the three instruments) to try the script itself.
#
#   scripts/batch-throughput.sh [--quick] [path/to/sfzplay]   (default: .build/release/sfzplay)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
quick=0
if [ "${1:-}" = "--quick" ]; then
  quick=1
  shift
fi
sfzplay=${1:-$root/.build/release/sfzplay}
corpus=$root/../shared/corpus
bank=${SFZSAMPLER_GM_BANK:-${GM_BANK_DIR:-$HOME/sfzsampler-gm-bank}}
cores=2

if [ ! -d "$corpus/midi" ]; then
  echo "batch-throughput: skipped: $corpus is absent (the corpus songs and the CP80 live there)"
  exit 0
fi
if [ ! -d "$bank/000" ]; then
  echo "batch-throughput: skipped: no General MIDI bank in $bank (make gm-bank makes it)"
  exit 0
fi
if [ ! -x "$sfzplay" ]; then
  echo "batch-throughput: $sfzplay is not built (swift build -c release --product sfzplay)" >&2
  exit 1
fi
sfzplay=$(realpath "$sfzplay")

work=$(mktemp -d /tmp/sfzplay-throughput.XXXXXX)
trap 'rm -rf "$work"' EXIT

# the manifest, and the same renders as sfzplay command lines (JSON arrays, one a line)
python3 - "$work" "$corpus" "$bank" "$root/instruments/demo.sfz" "$quick" << 'PYTHON'
import json, os, sys
work, corpus, bank, demo, quick = sys.argv[1:6]
songs = sorted(f for f in os.listdir(f"{corpus}/midi") if f.endswith(".mid"))
if quick == "1":
    # two short songs that sound (a scale, 7 s of General MIDI drums): the try-out takes seconds
    songs = ["jazzsoft_test-c-major-scale.mid", "freedoom_d_intro_7s_gm_drums.mid"]
cp80 = f"{corpus}/instruments/GregSullivan.E-Pianos/CP80/CP80.sfz"
sounds = [("gm", bank, False), ("cp80", cp80, False), ("demo", demo, False)]
if quick != "1":
    sounds.insert(1, ("gm-stems", bank, True))
lines, commands = [], []
for song in songs:
    name = song[:-4]
    for label, instrument, stems in sounds:
        entry = {"song": f"{corpus}/midi/{song}", "instrument": instrument,
                 "output": f"{label}/{name}.wav", "tail": 2}
        if stems:
            entry["stems"] = f"{label}/{name}"
            entry["report"] = f"{label}/{name}.json"
        lines.append(entry)
        command = [entry["instrument"], entry["song"], "--output", entry["output"],
                   "--tail", "2", "--threads", "1", "--quiet"]
        if stems:
            command += ["--stems", entry["stems"], "--report", entry["report"]]
        commands.append(command)
        os.makedirs(f"{work}/batch/{label}", exist_ok=True)
        os.makedirs(f"{work}/single/{label}", exist_ok=True)
with open(f"{work}/batch/renders.jsonl", "w") as f:
    f.writelines(json.dumps(line) + "\n" for line in lines)
with open(f"{work}/single/commands.jsonl", "w") as f:
    f.writelines(json.dumps(command) + "\n" for command in commands)
print(f"batch-throughput: {len(lines)} renders of {len(songs)} songs")
PYTHON

# one sfzplay per render, two at a time, as the batch runs two renders side by side
cat > "$work/single/run.py" << 'PYTHON'
import json, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
sfzplay, jobs = sys.argv[1], int(sys.argv[2])
commands = [json.loads(line) for line in open("commands.jsonl")]
with ThreadPoolExecutor(jobs) as pool:
    # their warnings go to a log, as the batch's go into its record
    with open("renders.log", "w") as log:
        codes = list(pool.map(
            lambda c: subprocess.run([sfzplay] + c, stderr=log).returncode, commands))
sys.exit(1 if any(codes) else 0)
PYTHON

# /usr/bin/time -v's figures: wall seconds, CPU seconds and the peak resident memory in MB
measure() {
  local log=$1
  python3 - "$log" << 'PYTHON'
import re, sys
text = open(sys.argv[1]).read()
def field(name):
    return re.search(re.escape(name) + r":\s*(.+)", text).group(1).strip()
parts = [float(p) for p in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")]
wall = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
print(f"{wall:.2f} {cpu:.2f} {int(field('Maximum resident set size (kbytes)')) / 1024:.0f}")
PYTHON
}

echo "batch-throughput: sfzplay batch --jobs $cores --threads 1"
(cd "$work/batch" &&
  /usr/bin/time -v -o "$work/batch.time" "$sfzplay" batch renders.jsonl --jobs "$cores" \
    --threads 1 2> "$work/batch.log") || {
  echo "batch-throughput: the batch failed:" >&2
  tail -5 "$work/batch.log" >&2
  exit 1
}
# the same batch sharing nothing: what the cache's memory buys
mkdir -p "$work/nocache"
(cd "$work/batch" && find . -mindepth 1 -type d -exec mkdir -p "$work/nocache/{}" \;)
cp "$work/batch/renders.jsonl" "$work/nocache/"
echo "batch-throughput: sfzplay batch --jobs $cores --threads 1 --cache-mb 0"
(cd "$work/nocache" &&
  /usr/bin/time -v -o "$work/nocache.time" "$sfzplay" batch renders.jsonl --jobs "$cores" \
    --threads 1 --cache-mb 0 2> "$work/nocache.log") || {
  echo "batch-throughput: the batch without a cache failed:" >&2
  tail -5 "$work/nocache.log" >&2
  exit 1
}
echo "batch-throughput: one sfzplay per render, $cores side by side"
(cd "$work/single" &&
  /usr/bin/time -v -o "$work/single.time" python3 run.py "$sfzplay" "$cores") || {
  echo "batch-throughput: a single render failed" >&2
  exit 1
}

# the audio rendered, from the batch's record (both ways render the same files: checked below)
audio=$(python3 -c '
import json, sys
print(sum(json.loads(l).get("seconds", 0) for l in open(sys.argv[1])))' \
  "$work/batch/renders.batch.jsonl")
different=0
while IFS= read -r file; do
  cmp -s "$work/batch/$file" "$work/single/$file" || {
    echo "batch-throughput: $file differs between the two ways" >&2
    different=1
  }
  cmp -s "$work/batch/$file" "$work/nocache/$file" || {
    echo "batch-throughput: $file differs without the cache" >&2
    different=1
  }
done < <(cd "$work/batch" && find . \( -name '*.wav' -o -name '*.json' \) | sort)

printf '\n%-38s %9s %9s %11s %21s %12s\n' "how" "wall s" "CPU s" "audio s" \
  "audio h/wall h/core" "peak MB"
for way in batch nocache single; do
  read -r wall cpu peak < <(measure "$work/$way.time")
  label="sfzplay batch --jobs $cores --threads 1"
  [ "$way" = nocache ] && label="the same with --cache-mb 0"
  [ "$way" = single ] && label="one sfzplay per render ($cores at once)"
  python3 -c '
import sys
label, wall, cpu, audio, peak, cores = sys.argv[1], *map(float, sys.argv[2:])
print(f"{label:<38} {wall:9.1f} {cpu:9.1f} {audio:11.1f} {audio / wall / cores:21.2f} {peak:12.0f}")
' "$label" "$wall" "$cpu" "$audio" "$peak" "$cores"
done
echo "(load average during the runs: $(cut -d' ' -f1-3 /proc/loadavg); peak MB of one sfzplay" \
  "per render is its largest single process)"
[ "$different" -eq 0 ] || exit 1
echo "batch-throughput: the three ways wrote the same bytes"
