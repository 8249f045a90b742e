#!/bin/bash
# One vs two `crowsnest serve --redis` processes, interleaved pairs (issue 23), from a
# worktree root: docs/runs/issue23-procs.sh PAIRS OUT.jsonl [bench_serve args...]
# e.g. docs/runs/issue23-procs.sh 5 /tmp/procs.jsonl --cap 0.45 --tables 24 --seconds 10
# Each pair runs --procs 1 then --procs 2 with the same arguments (--redis --bot-procs 2
# added); every run's JSON goes to OUT, one line each; a summary follows (medians, the
# pairs' ratios, actions per server CPU second).
set -euo pipefail
pairs=$1 out=$2
shift 2
: >"$out"
for i in $(seq "$pairs"); do
  for n in 1 2; do
    .venv/bin/python tools/bench_serve.py --redis --procs "$n" --bot-procs 2 "$@" --json |
      python3 -c "import json,sys; d=json.load(sys.stdin); d['pair']=$i; d['load']=open('/proc/loadavg').read().split()[0]; print(json.dumps(d))" >>"$out"
  done
done
python3 - "$out" <<'PY'
import json, statistics, sys
rows = [json.loads(x) for x in open(sys.argv[1])]
one = [r for r in rows if r["server_procs"] == 1]
two = [r for r in rows if r["server_procs"] == 2]
ratios = [b["actions_per_s"] / a["actions_per_s"] for a, b in zip(one, two)]
for name, rs in (("1 process", one), ("2 processes", two)):
    print(f"{name}: actions/s {[r['actions_per_s'] for r in rs]} median {statistics.median(r['actions_per_s'] for r in rs)};"
          f" server ms/action median {statistics.median(r['server_cpu_s_per_1000_actions'] for r in rs)};"
          f" shares {[r['server_cpu_share_each'] for r in rs]}; loads {[r['load'] for r in rs]}")
print(f"pair ratios (2/1): {[round(x, 2) for x in ratios]} median {round(statistics.median(ratios), 2)}")
# Per core the servers actually got: whether a process's capacity holds when there are two.
per = lambda r: r["actions_per_s"] / max(1e-9, sum(r["server_cpu_share_each"]))
print(f"actions/s per core of server: one {[round(per(r)) for r in one]}, two {[round(per(r)) for r in two]}")
PY
