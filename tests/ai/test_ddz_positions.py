"""Dou Dizhu: the mistakes players name at once, as scripted positions late in a deal
(issue 31), for normal and for the registered hard (time caps off, three seeds).

Seat 0 is the landlord in every position; play goes 0 -> 1 -> 2. Each position says
which plays are right; where the exact solver run on the true deal (every hand known)
says the right plays win and the others lose, the test checks that too, so a position
cannot quietly stop meaning what its comment says.
"""

from __future__ import annotations

import random

import pytest
from crowsnest.ai.search import set_time_caps
from crowsnest.engine import Match
from crowsnest_games.doudizhu.ai import NormalAI, ranks_of_action
from crowsnest_games.doudizhu.ai.hard import hard_factory
from crowsnest_games.doudizhu.ai.solver import Solver
from ddz_positions import position

# name: (position arguments, right plays, whether the solver proves exactly those win)
POSITIONS: dict[str, tuple[dict, set[str], bool]] = {
    # The logged normal landlord: only 2 2 left, both jokers and the other 2s out, so no
    # bomb or higher card exists: a 2 on the peasant's single wins at once (it used to
    # pass single after single until a peasant went out).
    "unbeatable 2 wins at once": (
        dict(
            hands=("2S 2H", "3S 5H 7D 9C", "4S 6H 8D TC JS"),
            leader=2,
            then=("play 4S",),
        ),
        {"play 2S", "play 2H"},
        False,  # passing this once still wins in the solver: waiting is what loses
    ),
    # The logged hard landlord passing on a pair with K K in hand while a peasant was six
    # cards from out. Here K K takes the lead and counting shows the rest (2, A, K with the
    # other 2s, aces and jokers out) cannot be beaten: taking control wins, passing loses
    # (the peasant leads its straight and goes out).
    "take control before an opponent goes out": (
        dict(
            hands=("KS KH KD AD 2S", "4D 6H 9C JS JH QD", "TS TH 3S 4S 5S 6S 7S 8H"),
            leader=2,
            then=("play TS TH",),
        ),
        {"play KS KH", "play KS KD", "play KH KD"},
        True,
    ),
    # A partner next on one card gets the lowest single (the logged hard peasant led 3 3).
    "partner on one card gets the lowest single": (
        dict(hands=("TS TD JS JD KS", "3S 3H 9S 9H", "6C"), leader=1),
        {"play 3S", "play 3H"},
        True,
    ),
    "the same in the middle game (hard searches, no solver)": (
        dict(
            hands=("TS TD JS JD KS 4S 4H 5S 5H 6S 6H 7C 8C QC QD", "3S 3H 9S 9H", "6C"),
            leader=1,
        ),
        {"play 3S", "play 3H"},
        True,
    ),
    # The logged hard peasant led a low single into a landlord on two cards, which went
    # out. No pair is left that the landlord could hold above 4 4.
    "landlord on two cards: no low single": (
        dict(hands=("KS AH", "2C 5D 7H", "4S 4H 9D JC"), leader=2),
        {"play 4S 4H"},
        True,
    ),
    "landlord on two cards, middle game: a pair or the highest single": (
        dict(
            hands=("KS AH", "2C 3D 5C 6D 7H 8C 9C TC JD QH 5D 6C 7C", "4S 4H 9D JC"),
            leader=2,
        ),
        {"play 4S 4H", "play JC"},
        False,  # the partner's 2 saves every lead here; the rule is what is tested
    ),
    "landlord on one card: a pair": (
        dict(hands=("KS", "2C 5D 7H", "5S 5H 8D 8H"), leader=2),
        {"play 5S 5H", "play 8H 8D"},
        True,
    ),
    "landlord on one card, only singles: the highest": (
        dict(hands=("KS", "BJ 7S 7H", "5S 8D QC 2H"), leader=2),
        {"play 2H"},
        True,
    ),
    "a peasant on one card is kept off the lead by the landlord": (
        dict(hands=("5S 5H 9D 9H", "KS", "3C 4D 6H 8C"), leader=0),
        {"play 5S 5H", "play 9H 9D"},
        True,
    ),
}


def solved(m: Match) -> dict[str, bool]:
    """Every legal play's result for the side to move on the true deal (all hands known)."""
    d = m.deal
    seat, ll = d.to_move, d.landlord
    hands = [tuple(c) for c in d.counts]
    table = None if d.last is None else d.last[2]
    out = {}
    for a in m.legal_actions():
        key = None if a[0] == "pass" else ranks_of_action(a)
        won = Solver(ll, 10**7).after_move(hands, seat, table, d.passes, key) == (seat == ll)
        out[d.format_action(a)] = won
    return out


@pytest.fixture(autouse=True)
def no_time_caps():
    set_time_caps(False)
    yield
    set_time_caps(True)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_position_means_what_it_says(name: str) -> None:
    kw, right, proved = POSITIONS[name]
    m = position(**kw)
    legal = {m.deal.format_action(a) for a in m.legal_actions()}
    assert right & legal, (right, legal)
    if proved:  # the right plays (as the legal list names them) win, every other loses
        result = solved(m)
        assert {a for a, won in result.items() if won} == right & legal, result


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_ai_plays_it(name: str, level: str) -> None:
    kw, right, _ = POSITIONS[name]
    m = position(**kw)
    seat = m.to_move
    for seed in range(3):
        ai = NormalAI() if level == "normal" else hard_factory(m.variant, m.options, 3)
        got = m.deal.format_action(ai.choose(m.view(seat), m.legal_actions(), random.Random(seed)))
        assert got in right, f"{level} played {got} (seed {seed}); right: {sorted(right)}"
