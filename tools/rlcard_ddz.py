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
import dataclasses
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crowsnest import tournament as tm  # noqa: E402
from crowsnest_games.doudizhu.cards import RANK_OF  # noqa: E402

RANK_CHARS = "3456789TJQKA2BR"  # our rank index -> RLCard's card character


def to_str(cards: Any) -> str:
    return "".join(RANK_CHARS[r] for r in sorted(RANK_OF[c] for c in cards))


class RLCardRuleAI:
    """DouDizhuRuleAgentV1 behind our AI interface (plays only; bids as `normal`)."""

    def __init__(self) -> None:
        from crowsnest_games.doudizhu.ai import NormalAI
        from rlcard.games.doudizhu.utils import CARD_TYPE
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

        self.agent = DouDizhuRuleAgentV1()
        self.known = CARD_TYPE[0]
        self.bidder = NormalAI()

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        import numpy as np

        if view.phase != "play":
            return self.bidder.choose(view, legal, rng)
        by_str: dict[str, Any] = {}
        for a in legal:
            key = "pass" if a[0] == "pass" else to_str(a[1])
            if key == "pass" or key in self.known:
                by_str.setdefault(key, a)
        if not by_str:
            return legal[0]
        trace = [(s, to_str(cs) if cs else "pass") for s, cs in view.history]
        state = {
            "raw_obs": {
                "trace": trace,
                "current_hand": to_str(view.hand),
                "actions": list(by_str),
                "landlord": view.landlord,
                "self": view.seat,
            }
        }
        np.random.seed(rng.randrange(2**31))
        got = self.agent.step(state)
        return by_str.get(got, by_str.get("pass", next(iter(by_str.values()))))


def rlcard_factory(variant: Any, options: Any, seats: int) -> RLCardRuleAI:
    return RLCardRuleAI()


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
    from crowsnest.plugin_host import load_registry

    base = load_registry().variant("doudizhu")
    v = dataclasses.replace(base, ais={**base.ais, "rlcard": rlcard_factory})
    levels = tuple(args.levels.split(","))
    spec = tm.Spec(variant="doudizhu", levels=levels, seed=args.seed, seats=3)
    tm._VARIANTS[("doudizhu", None)] = v  # the forked workers inherit it

    def progress(done: int, total: int, brief: dict[str, Any]) -> None:
        if done % 10 == 0 or done == total:
            rates = ", ".join(f"{r['level']} {r['win_rate']:.3f}" for r in brief["results"])
            print(f"{done}/{total} tasks: {rates}", file=sys.stderr, flush=True)

    out = tm.run(spec, args.deals, workers=args.workers, progress=progress)
    out["anchor"] = "rlcard 1.2.0 DouDizhuRuleAgentV1"
    print(json.dumps(out) if args.json else tm.text_report(out))
    return 0


__all__ = ["RLCardRuleAI", "main"]

if __name__ == "__main__":
    raise SystemExit(main())
