#!/bin/bash
# make test-cluster: a single-node Slurm cluster on this machine (Debian's slurm-wlm with munge,
# the controller and the node daemon on localhost, in a temporary folder of their own), a job
# array that renders a manifest of the bundled instruments in 4 shards, and a check that the
# shards rendered every line exactly once and the same bytes as `sfzplay batch` without shards.
# The daemons it started are stopped on the way out, whatever happens.
#
#   scripts/test-cluster.sh [path/to/sfzplay]      (default: .build/debug/sfzplay)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
sfzplay=$(realpath "${1:-$root/.build/debug/sfzplay}")
instruments=$root/instruments
started=$(date +%s)

if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
  echo "test-cluster: installing slurm-wlm and munge"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge > /dev/null
fi

work=$(mktemp -d /tmp/sfzplay-cluster.XXXXXX)
conf=$work/slurm.conf
stop() {
  for daemon in slurmd slurmctld munged; do
    if [ -f "$work/$daemon.pid" ]; then kill "$(cat "$work/$daemon.pid")" 2> /dev/null || true; fi
  done
  sleep 1
  rm -rf "$work"
}
trap stop EXIT

# munge with a key and socket of its own, so a munge already running is left alone
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/logs" "$work/data"
chmod 700 "$work/munge"
head -c 1024 /dev/urandom > "$work/munge/munge.key"
chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/socket" \
  --pid-file="$work/munged.pid" --log-file="$work/munge/munged.log" \
  --seed-file="$work/munge/seed"

host=$(hostname -s)
cores=$(nproc)
cat > "$conf" << CONF
ClusterName=sfzplaytest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmctldPort=${SLURMCTLD_PORT:-16817}
SlurmdPort=${SLURMD_PORT:-16818}
AuthType=auth/munge
AuthInfo=socket=$work/munge/socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/logs/slurmctld.log
SlurmdLogFile=$work/logs/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cores State=UNKNOWN
PartitionName=render Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$conf
slurmctld -f "$conf"
slurmd -f "$conf"
for _ in $(seq 60); do
  if sinfo -h -o %T 2> /dev/null | grep -q idle; then break; fi
  sleep 1
done
sinfo -h -o %T | grep -q idle || { echo "test-cluster: the node never came up"; cat "$work"/logs/*; exit 1; }

# 3 songs through 3 instruments at 22.05 kHz: seconds of audio each, a little work for 4 shards
manifest=$work/data/renders.jsonl
for song in demo.mid keys/keys.mid drums/drums.mid; do
  for instrument in demo.sfz keys/keys.sfz drums/drums.sfz; do
    name=$(basename "$song" .mid).$(basename "$instrument" .sfz)
    echo "{\"song\": \"$instruments/$song\", \"instrument\": \"$instruments/$instrument\"," \
      "\"output\": \"out/$name.wav\", \"sample_rate\": 22050, \"tail\": 1}"
  done
done > "$manifest"

cat > "$work/render.sh" << JOB
#!/bin/bash
exec "$sfzplay" batch "$manifest" --jobs 1
JOB
chmod +x "$work/render.sh"
# --wait: sbatch returns when every task has ended, non-zero when one failed
sbatch --wait --array=1-4 --cpus-per-task=1 --output="$work/logs/render-%A_%a.log" \
  "$work/render.sh" > /dev/null || { echo "test-cluster: a task failed"; cat "$work"/logs/render-*; exit 1; }

# the same manifest without shards, beside it
cp "$manifest" "$work/local.jsonl"
mkdir -p "$work/local"
(cd "$work" && sed 's#"out/#"local/#' local.jsonl > local-renders.jsonl)
"$sfzplay" batch "$work/local-renders.jsonl" > /dev/null 2>&1

status=0
lines=$(wc -l < "$manifest")
covered=$(cat "$work"/data/renders.batch-*-of-4.jsonl | python3 -c '
import json, sys, collections
records = [json.loads(line) for line in sys.stdin]
counts = collections.Counter(record["line"] for record in records)
rendered = all(record["status"] == "rendered" for record in records)
print(len(counts) if set(counts.values()) == {1} and rendered else -1)')
if [ "$covered" != "$lines" ]; then
  echo "test-cluster: FAIL: the 4 shards did not render the $lines lines exactly once"
  status=1
fi
written=$(find "$work/data/out" -name '*.wav' | wc -l)
if [ "$written" != "$lines" ] || [ "$(find "$work/local" -name '*.wav' | wc -l)" != "$lines" ]; then
  echo "test-cluster: FAIL: $written of $lines outputs written"
  status=1
fi
if ! diff -r "$work/data/out" "$work/local" > /dev/null; then
  echo "test-cluster: FAIL: the Slurm array's outputs differ from the local batch's"
  status=1
fi
if [ $status = 0 ]; then
  echo "test-cluster: ok: a Slurm array of 4 rendered $lines renders exactly once, the same bytes" \
    "as the local batch, in $(($(date +%s) - started)) s"
fi
exit $status
