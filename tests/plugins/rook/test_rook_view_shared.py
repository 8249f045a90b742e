"""RookView.to_json shares its seat-free part between the views of one state: every view
is still the JSON text it was made alone, whatever order the views are asked in and
whatever other deal's views come between (random play of every Rook-family game)."""

from __future__ import annotations

import json
import random

import pytest
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry
from crowsnest_games.rook import view as rook_view
from crowsnest_games.rook.deal import RookDeal

REGISTRY = load_registry(folders=[], user_folder=False)
ROOKS = sorted(
    (vid, n)
    for vid, v in REGISTRY.variants.items()
    for n in v.seats
    if isinstance(Match(v, seed=0, seats=n).deal, RookDeal)
)


def alone(deal: RookDeal, seat: int) -> str:
    rook_view._SHARED = None
    return json.dumps(deal.view(seat).to_json())


@pytest.mark.parametrize("vid,seats", ROOKS)
def test_a_shared_part_never_changes_a_view(vid, seats):
    variant = REGISTRY.variants[vid]
    rng = random.Random(seats)
    a, b = Match(variant, seed=1, seats=seats), Match(variant, seed=2, seats=seats)
    for _ in range(300):
        if a.over or b.over:
            break
        asked = [*range(seats), -1] * 2
        rng.shuffle(asked)
        got = []  # what is shared is left from the last state's views (or b's)
        for s in asked:
            if rng.random() < 0.3:  # another deal's view between two of this one's
                b.deal.view(rng.choice([*range(seats), -1])).to_json()
            got.append((s, json.dumps(a.deal.view(s).to_json())))
        for s, text in got:
            assert text == alone(a.deal, s)
        for m in (a, b):
            legal = m.legal_strings() or [m.deal.format_action(m.deal.random_action(rng))]
            m.apply(rng.choice(legal))
    assert len(ROOKS) >= 8


COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


@pytest.mark.parametrize("vid,seats", ROOKS)
def test_view_texts_are_each_views_own_json(vid, seats):
    """RookDeal.view_texts (the seat-free text made once, each seat's cards spliced in)
    gives exactly the compact JSON of each view's to_json(), and Match.view_texts that of
    view_json (the match block included) and of the public view, over random play."""
    variant = REGISTRY.variants[vid]
    rng = random.Random(seats + 10)
    m = Match(variant, seed=3, seats=seats)
    for _ in range(400):
        if m.over:
            break
        asked = list(range(seats))
        rng.shuffle(asked)
        texts = m.deal.view_texts(asked, COMPACT)
        assert texts == [COMPACT(m.deal.view(s).to_json()) for s in asked]
        readers = [*asked, None]
        got = m.view_texts(readers, COMPACT)
        m.forget_views()
        want = [COMPACT(m.view_json(s) if s is not None else m.public_view_json()) for s in readers]
        assert got == want
        legal = m.legal_strings() or [m.deal.format_action(m.deal.random_action(rng))]
        m.apply(rng.choice(legal))
