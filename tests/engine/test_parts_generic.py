"""Every variant's bidding part and play validator are the rules its deal plays by.

At every step of random deals of every registered variant (the built-ins, the toy and
the examples): where the deal says its bidding part or validator is to answer
(Deal.auction_position / play_position), the part's legal calls or plays equal the deal's
legal actions, its refusals agree with Deal.check on legal and illegal actions alike, the
seat to move's view hands the part the same position, and a view's playable cards (where
the view has them) are the validator's.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import toyvariant
from crowsnest.engine import PASS, Match, Variant
from crowsnest.engine.variant import NoBidding
from crowsnest.plugin_host import load_registry

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples" / "ohhell"))


def _dropin(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = mod
    spec.loader.exec_module(mod)
    return mod


def _variants() -> dict[str, Variant]:
    import crowsnest_ohhell

    out: dict[str, Variant] = {"toy": toyvariant.TOY, "ohhell": crowsnest_ohhell.VARIANT}
    for f in sorted((ROOT / "examples").rglob("crowsnest_*.py")):
        if f.parent.name == "dropin":
            out.update({v.id: v for v in _registered(_dropin(f))})
    out.update(load_registry(folders=[], user_folder=False).variants)
    return out


def _registered(mod: Any) -> list[Variant]:
    got: list[Variant] = []
    hook = getattr(mod, "crowsnest_register_variants", None)
    if hook is not None:
        hook(got.append)
    return got


VARIANTS = _variants()
CASES = [(vid, n) for vid, v in sorted(VARIANTS.items()) for n in v.seats]
STEPS = 1500  # actions per case (a few deals each)


def named(deck: Any, a: Any) -> str:
    """An action by card names (two copies of a card in a double pack are one play)."""
    if len(a) == 2 and isinstance(a[1], tuple):
        return repr((a[0], tuple(sorted(deck.names[c] for c in a[1]))))
    return repr(a)


def key(actions: Iterable[Any], deck: Any = None) -> list[str]:
    if deck is None:
        return sorted(map(repr, actions))
    return sorted({named(deck, a) for a in actions})


def candidates(m: Match, hand: Any, legal: list[Any], rng: random.Random) -> list[Any]:
    """Legal actions and near misses: every single card of the hand, other calls."""
    out = list(legal)
    out += [("play", (c,)) for c in hand]
    out += [PASS, ("bid", 0), ("bid", 1), ("bid", 3), ("bid", 7), ("bid", 10**6), ("trump", "red")]
    if legal and legal[0][0] == "bid":
        out += [("bid", a[1] + d) for a in legal if a[0] == "bid" for d in (-1, 1, 5)]
    cards = list(hand)
    for _ in range(6):
        if len(cards) >= 2:
            out.append(
                ("play", tuple(sorted(rng.sample(cards, rng.randint(2, min(4, len(cards)))))))
            )
    return out


def check_step(v: Variant, m: Match, rng: random.Random) -> tuple[bool, bool]:
    deal = m.deal
    ap = deal.auction_position()
    pp = deal.play_position()
    assert ap is None or pp is None, "a deal is either in its auction or in its play"
    complete = deal.legal_complete()
    legal = m.legal_actions()
    seat = m.to_move
    view = deal.view(seat)
    if ap is not None:
        assert v.bidding.to_call(ap.auction) == seat
        calls = v.bidding.legal_calls(*ap)
        if complete:
            assert key(calls) == key(legal)
        for a in candidates(m, ap.hand, legal, rng):
            why = v.bidding.refusal(ap.auction, ap.hand, a)
            assert (why is None) == (deal.check(a) is None), (a, why, deal.check(a))
            if complete:
                assert (why is None) == (a in legal), (a, why)
        vp = getattr(view, "auction_position", None)
        if vp is not None:
            got = vp()
            assert got is not None and got.auction == ap.auction
            assert sorted(got.hand) == sorted(ap.hand)
    if pp is not None:
        plays = v.validator.legal_plays(*pp)
        if complete:
            assert key(plays) == key(legal)
        for a in candidates(m, pp.hand, legal, rng):
            why = v.validator.refusal(pp.hand, pp.trick, pp.contract, a)
            assert (why is None) == (deal.check(a) is None), (a, why, deal.check(a))
            if complete and not deal.legal_note() and a[0] == "play" and len(a[1]) == 1:
                names = key(legal, m.deck)
                assert (why is None) == (named(m.deck, a) in names), (a, why)
        vp = getattr(view, "play_position", None)
        if vp is not None:
            got = vp()
            assert got is not None, "the view of the seat to play has no play position"
            assert sorted(got.hand) == sorted(pp.hand)
            assert key(v.validator.legal_plays(*got)) == key(plays)
        playable = getattr(view, "playable", None)
        if playable is not None and complete:
            shown = {c for a in plays if a[0] == "play" for c in a[1]}
            assert set(playable()) == shown
    return ap is not None, pp is not None


@pytest.mark.slow
@pytest.mark.parametrize("vid, seats", CASES)
def test_the_parts_are_the_rules_the_deal_plays_by(vid: str, seats: int) -> None:
    v = VARIANTS[vid]
    asked = [False, False]
    for seed in range(2):
        m = Match(v, seed=seed, seats=seats)
        rng = random.Random(seed)
        for _ in range(STEPS // 2):
            if m.over:
                break
            bid, play = check_step(v, m, rng)
            asked[0] |= bid
            asked[1] |= play
            m.apply(m.deal.random_action(rng))
    assert asked[1], f"{vid}: the deal never handed its validator a play position"
    if not isinstance(v.bidding, NoBidding):
        assert asked[0], f"{vid}: the deal never handed its bidding part an auction"


def test_every_variant_is_covered() -> None:
    assert {"crowsnest", "tractor", "doudizhu", "ohhell", "sevens", "toy"} <= set(VARIANTS)
