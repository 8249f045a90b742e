"""A seat's view does not change when the other seats' hands are shuffled among them
(generic over every registered variant): a view leaks nothing of other seats' hands,
at the start of a deal and after the other seats' moves. Hidden piles (the nest, kitty,
bottom, stock, the dummy's face-down cards), every seat's moves, the public view and the
events each reader is given are covered by tests/engine/test_public_view.py, which works
out what is hidden from each reader as the deal goes (tests/privacy.py)."""

from __future__ import annotations

import random

import pytest
import toyvariant
from crowsnest.engine import Match, MatchError
from crowsnest.plugin_host import load_registry

VARIANTS = {"toy": toyvariant.TOY, **load_registry(folders=[], user_folder=False).variants}
CASES = [(vid, n) for vid, v in sorted(VARIANTS.items()) for n in v.seats]


def first_deal_piles(variant, seats, seed):
    """The names in each pile of the match's first deal (as Match deals it)."""
    m = Match(variant, seed=seed, seats=seats)
    order = list(range(len(m.deck)))
    random.Random(f"{seed}:deal:0").shuffle(order)
    piles = variant.deck.layout(m.options, seats, order)
    names = m.deck.names
    out = {"hands": [[names[c] for c in h] for h in piles["hands"]]}
    out.update({k: [names[c] for c in v] for k, v in piles.items() if k != "hands"})
    return m, out


def hide_shuffle(piles, seat, rng):
    """Shuffle the other seats' hands among them (sizes kept); `seat`'s hand and the
    other piles (some are face up, some revealed later) stay as they are."""
    others = [c for i, h in enumerate(piles["hands"]) if i != seat for c in h]
    rng.shuffle(others)
    out = dict(piles)
    out["hands"] = []
    for i, h in enumerate(piles["hands"]):
        if i == seat:
            out["hands"].append(list(h))
        else:
            out["hands"].append(others[: len(h)])
            others = others[len(h) :]
    return out


@pytest.mark.parametrize("vid, seats", CASES)
def test_view_ignores_hidden_cards(vid, seats):
    v = VARIANTS[vid]
    rng = random.Random(7)
    compared = 0
    for seed in range(3):
        base, piles = first_deal_piles(v, seats, seed)
        for seat in range(seats):
            kw = {"seed": seed, "seats": seats, "dealer": base.dealer}
            try:
                a = Match(v, deal=piles, **kw)
                b = Match(v, deal=hide_shuffle(piles, seat, rng), **kw)
            except MatchError as e:  # pragma: no cover - a layout the fixed deal cannot express
                pytest.skip(str(e))
            # The same actions of the other seats, while they are legal in both deals.
            for _ in range(12):
                assert a.view_json(seat) == b.view_json(seat)
                compared += 1
                if a.over or a.to_move != b.to_move:
                    break
                if a.to_move == seat:  # its own move may reveal hidden piles (the nest)
                    break
                text = a.deal.format_action(a.deal.random_action(rng))
                if b.check(text) is not None:
                    break
                a.apply(text)
                b.apply(text)
    assert compared >= seats * 3
