#!/usr/bin/env bash
# Instruction counts of fixed work (docs/runs/issue26-parts-cost.md), one checkout against
# another. Usage: docs/runs/issue26-callgrind.sh OLD_CHECKOUT NEW_CHECKOUT [VARIANT...]
# Each checkout's game/ and plugins/ are put on PYTHONPATH as crowsnest and
# crowsnest_games; the interpreter is this checkout's .venv (its dependencies).
set -euo pipefail
old=$1 new=$2; shift 2
variants=${*:-crowsnest partnership tractor doudizhu}
py="${PY:-$(cd "$(dirname "$0")/../.." && pwd)/.venv/bin/python}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/fixed.py" <<'PY'
import random, sys
from crowsnest.engine import Match, shape_error
from crowsnest.plugin_host import load_registry
vid, deals, moves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
v = load_registry(user_folder=False).variants[vid]
seats, rng = v.seats[0], random.Random(7)
done = mno = 0
while done < deals:
    m = Match(v, seed=f"fw:{mno}", seats=seats); mno += 1
    d0 = m.deal_index
    while not m.over and done < deals:
        m.apply_unchecked(m.deal.random_action(rng))
        if m.deal_index != d0: done += m.deal_index - d0; d0 = m.deal_index
ais = [v.ais["normal"](v, v.resolve_options(None), seats) for _ in range(seats)]
n = mno = 0
while n < moves:
    m = Match(v, seed=f"fwai:{mno}", seats=seats); mno += 1
    while not m.over and n < moves:
        d = m.deal; a = ais[d.to_move].choose(d.view(d.to_move), d.legal_actions(), rng); n += 1
        if shape_error(a) or d.check(a) is not None: a = d.random_action(rng)
        m.apply_unchecked(a)
PY
for tree in "$old" "$new"; do
  mkdir -p "$work/$(basename "$tree")"
  ln -sfn "$tree/game" "$work/$(basename "$tree")/crowsnest"
  ln -sfn "$tree/plugins" "$work/$(basename "$tree")/crowsnest_games"
done
count() { PYTHONHASHSEED=0 PYTHONPATH="$work/$1" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
  "$py" "$work/fixed.py" "${@:2}" 2>&1 | sed -n 's/.*Collected : //p'; }
for v in $variants; do
  for tree in "$old" "$new"; do
    t=$(basename "$tree")
    # Warm-up, not counted: a module first imported during the deals would otherwise be
    # compiled inside the counted run of a fresh checkout (no .pyc yet).
    PYTHONHASHSEED=0 PYTHONPATH="$work/$t" "$py" "$work/fixed.py" "$v" 40 150 >/dev/null
    base=$(count "$t" "$v" 0 0); deals=$(count "$t" "$v" 40 0)
    echo "$t $v 40 random deals: $((deals - base)) instructions"
  done
done
