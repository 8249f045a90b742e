"""Dev-only drop-in plugin (tools/rlcard_ddz.py): RLCard 1.2.0's Dou Dizhu rule agent
(DouDizhuRuleAgentV1) as the AI level "rlcard". It plays only; it bids as `normal`.

The agent sees what RLCard would show it: its hand, the trace of plays since the
auction, the legal plays in RLCard's strings (a play RLCard's action table lacks is left
out), the landlord and its own seat. Its random choices come from numpy, seeded per
decision from our rng, so a run is reproducible.
"""

from __future__ import annotations

import random
from typing import Any

from crowsnest.hookspecs import hookimpl

RANK_CHARS = "3456789TJQKA2BR"  # our rank index -> RLCard's card character


def to_str(cards: Any) -> str:
    from crowsnest_games.doudizhu.cards import RANK_OF

    return "".join(RANK_CHARS[r] for r in sorted(RANK_OF[c] for c in cards))


class RLCardRuleAI:
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
        state = {
            "raw_obs": {
                "trace": [(s, to_str(cs) if cs else "pass") for s, cs in view.history],
                "current_hand": to_str(view.hand),
                "actions": list(by_str),
                "landlord": view.landlord,
                "self": view.seat,
            }
        }
        np.random.seed(rng.randrange(2**31))
        got = self.agent.step(state)
        return by_str.get(got, by_str.get("pass", next(iter(by_str.values()))))


@hookimpl
def crowsnest_register_ais(register: Any) -> None:
    register("doudizhu", "rlcard", lambda variant, options, seats: RLCardRuleAI())
