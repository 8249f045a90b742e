"""Scripted positions for what Tractor players complain about in a partner: points kept
back from the partner's sure trick, and the last trick's kitty given away (the attackers score the kitty's counters twice over
when they win the last trick, so the card that takes the last trick is worth more than
any small trick before it). Hearts are trump at level 2; seat 0 deals unless a test
says otherwise (seats 0 and 2 defend, 1 and 3 attack). Every position is checked for
normal and hard at three seeds, and the right play is proved on the true deal by the
exact solver (`endgame.solve`: both sides perfect from there)."""

from __future__ import annotations

import random

import pytest
from crowsnest.ai.search import set_time_caps
from crowsnest.engine import Match
from crowsnest_games.tractor import VARIANT
from crowsnest_games.tractor.ai import HeuristicAI, _normal, endgame
from crowsnest_games.tractor.ai.hard import HardAI
from crowsnest_games.tractor.cards import DECK
from tractor_endgames import endgame as position

LEVELS = ("normal", "hard")
SEEDS = range(3)


def choose(m: Match, level: str, seed: int) -> str:
    ai = HardAI(VARIANT, m.options) if level == "hard" else _normal(VARIANT, m.options, 4)
    legal = m.legal_actions() if m.deal.legal_complete() else []
    old = set_time_caps(False)
    try:
        a = ai.choose(m.view(m.to_move), legal, random.Random(seed))
    finally:
        set_time_caps(old)
    assert m.check(a) is None, a
    return m.deal.format_action(a)


def solved(m: Match, play: str) -> int:
    """The attackers' points after `play` on the true deal, both sides perfect."""
    d = m.deal.clone()
    cards = tuple(sorted(c for c in d.hands[d.to_move] if DECK.names[c] == play))[:1]
    d._play(d.to_move, cards, quiet=True)
    return endgame.solve(d, 1 - d.dealer % 2)


# The dealer (seat 0) buried 35 points; one card each after this trick.
RICH_KITTY = "TC TD KD 5C 3D 4D 6D 7S"
NO_POINTS = "3C 4C 6C 7C 8C 9C 3D 6D"


def keep_the_last_trick() -> Match:
    # Seat 1 leads the 5S, the KS (10) of seat 3 holds the trick; seat 0, last and void
    # in spades, holds the master trump RJ (the other one is out) and the 4C. Two
    # trumps are still out (6H, 7H), so at least one attacker holds one: ruffing now
    # wins 15 points but leaves the 4C to lead into the last trick, which an attacker
    # trumps for the kitty twice over (70). Throwing the 4C gives up 15 and keeps the
    # RJ for the last trick.
    return position(
        ["RJ 4C", "5S 6H", "3S 8D", "KS 7H"],
        RICH_KITTY,
        leader=1,
        trick=["play 5S", "play 3S", "play KS"],
    )


def lead_low_keep_the_master() -> Match:
    # Seat 1 (attacking) leads with the RJ, the master trump, and the 5C; no other trump
    # is out, the 35 points seat 1 has not seen can only be in the kitty. Leading the RJ
    # wins a trick of no points and hands the last trick (and the kitty) to the AC;
    # leading the 5C first keeps the RJ for the last trick: the kitty twice over.
    return position(
        ["3C 9D", "RJ 5C", "AC 7D", "4C 8D"],
        RICH_KITTY,
        leader=1,
    )


def feed_the_sure_trick() -> Match:
    # Seat 1 deals (seats 0 and 2 attack). Seat 2 leads the AS, master, and no trump is
    # left unseen: the trick is seat 2's. Seat 0 holds the TS and 3S: the TS now is 10
    # for the attackers; kept, it falls into the defenders' last trick (their AD).
    return position(
        ["TS 3S", "9S 5D", "AS 4D", "8S AD"],
        NO_POINTS,
        leader=2,
        dealer=1,
        trick=["play AS", "play 8S"],
    )


CASES = [
    (keep_the_last_trick, "4C", "RJ"),
    (lead_low_keep_the_master, "5C", "RJ"),
    (feed_the_sure_trick, "TS", "3S"),
]


@pytest.mark.slow
@pytest.mark.parametrize("build, right, wrong", CASES, ids=lambda x: getattr(x, "__name__", x))
def test_the_solver_proves_the_right_play(build, right, wrong):
    m = build()
    att = solved(m, right), solved(m, wrong)
    seat = m.to_move
    attacking = seat % 2 == 1 - m.deal.dealer % 2
    assert (att[0] > att[1]) if attacking else (att[0] < att[1]), att


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("build, right, wrong", CASES, ids=lambda x: getattr(x, "__name__", x))
def test_the_right_play(level, build, right, wrong):
    m = build()
    for seed in SEEDS:
        assert choose(m, level, seed) == f"play {right}", (level, seed)


@pytest.mark.slow
def test_the_singles_solver_agrees_with_playing_the_deal():
    # The bare-state solver for single cards against solving on copies of the deal, in
    # every end-game position of whole deals played by easy.
    easy = HeuristicAI(memory=False)
    seen = 0
    for seed in range(12):
        m = Match(VARIANT, seed=seed)
        while m.deal_no < 1 and m.to_move >= 0:
            view = m.view(m.to_move)
            d = m.deal
            if view.phase == "play" and max(view.hand_counts) <= endgame.MAX_CARDS:
                att = 1 - d.dealer % 2
                assert endgame.solve(d, att) == endgame._solve_deal(d.clone(), att, -1, 1 << 30)
                seen += 1
            legal = m.legal_actions() if d.legal_complete() else []
            m.apply(d.format_action(easy.choose(view, legal, random.Random(seed))))
    assert seen >= 100
