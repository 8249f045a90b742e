"""The game-over screen says why a match ended: each built-in scorer gives the reason,
the match_over event carries it and Match keeps it."""

import random

import pytest
from crowsnest.engine import Match
from crowsnest_games.doudizhu.variant import VARIANT as DOUDIZHU
from crowsnest_games.rook import CROWSNEST
from crowsnest_games.tractor import VARIANT as TRACTOR


def play_out(m: Match, rng: random.Random, easy: bool) -> list[dict]:
    ai = m.variant.ais["easy"](m.variant, m.options, m.seats) if easy else None
    for _ in range(200_000):
        if m.over:
            break
        d = m.deal
        if ai is not None and d.legal_complete():
            a = ai.choose(d.view(d.to_move), d.legal_actions(), rng)
            if d.check(a) is not None:
                a = d.random_action(rng)
        else:
            a = d.random_action(rng)
        events = m.apply_unchecked(a)
        if m.over:
            return events
    raise AssertionError("match did not end")


@pytest.mark.parametrize(
    ("variant", "options", "words"),
    [
        (CROWSNEST, {}, ("300", "-300")),
        (DOUDIZHU, {"deals": 2}, ("2 deals",)),
        (TRACTOR, {}, ("past level A",)),
    ],
)
def test_match_over_names_its_reason(variant, options, words):
    rng = random.Random(3)
    carry = {"levels": [14, 14]} if variant is TRACTOR else None
    m = Match(variant, seed=4, options=options, carry=carry)
    events = play_out(m, rng, easy=variant is not DOUDIZHU)
    over = [e for e in events if e["type"] == "match_over"]
    assert len(over) == 1
    assert over[0]["reason"] == m.end_reason
    assert any(w in m.end_reason for w in words), m.end_reason


def test_rook_reason_tells_target_from_floor():
    from crowsnest_games.rook.scoring import end_reason

    assert "reaches 300" in end_reason((310, 20), 300, -300).plain()
    assert "losing floor" in end_reason((120, -305), 300, -300).plain()
