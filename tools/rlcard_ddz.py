"""Dev-only: our Dou Dizhu levels against RLCard's rule agent (DouDizhuRuleAgentV1), an
outside anchor. Needs `pip install rlcard==1.2.0` (not a dependency of the game).

    python tools/rlcard_ddz.py --levels hard,rlcard --deals 200 --seed 1 --workers 2 --json

The deals are played by our engine (the rules authority) through `crowsnest tournament`'s
roles format: the auction by `normal` for every seat, then each deal twice, our level as
the landlord against the agent's peasants and the other way round. The agent sees what
RLCard would show it: its hand, the trace of plays since the auction, the legal plays
(in RLCard's strings; a play RLCard's action table lacks is left out), the landlord and
its own seat. Its random choices come from numpy, seeded per decision from our rng, so
a run is reproducible.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crowsnest.batch import tournament as tm  # noqa: E402

PLUGIN_DIR = Path(__file__).resolve().parent / "rlcard_plugin"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="hard,rlcard")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("this tool needs RLCard: pip install rlcard==1.2.0", file=sys.stderr)
        return 2
    # The agent comes in as a drop-in plugin (level "rlcard"), so the worker processes,
    # which load the plugins from the config, have it too.
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "config.toml"
        cfg.write_text(f"[plugins]\nfolders = [{json.dumps(str(PLUGIN_DIR))}]\n")
        levels = tuple(args.levels.split(","))
        spec = tm.Spec(variant="doudizhu", levels=levels, seed=args.seed, seats=3, config=str(cfg))
        out = tm.run(spec, args.deals, workers=args.workers)
    out["anchor"] = "rlcard 1.2.0 DouDizhuRuleAgentV1"
    print(json.dumps(out) if args.json else tm.text_report(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
