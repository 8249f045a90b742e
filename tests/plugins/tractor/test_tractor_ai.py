"""Tractor AIs: always legal, from the view only; normal's habits on fixed deals."""

from __future__ import annotations

import random

import pytest
from crowsnest.engine import Match
from crowsnest_games.tractor import VARIANT
from crowsnest_games.tractor.ai import AI_FACTORIES
from tractor_helpers import match_at_play


def ai(level: str):
    return AI_FACTORIES[level](VARIANT, VARIANT.resolve_options(None), 4)


def choose(m: Match, level: str, seed: int = 0) -> str:
    seat = m.to_move
    action = ai(level).choose(m.view(seat), m.legal_actions(), random.Random(seed))
    assert m.check(action) is None
    return m.deal.format_action(action)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("levels", "options"),
    [
        (("normal", "easy"), None),
        (("random", "normal"), {"throws": True}),
        (("easy", "random"), {"kitty_power": True}),
    ],
)
def test_ai_matches_are_legal_and_finish(levels, options):
    m = Match(VARIANT, seed=11, options=options)
    players = [ai(levels[s % 2]) for s in range(4)]
    rng = random.Random(3)
    while not m.over:
        s = m.to_move
        action = players[s].choose(m.view(s), m.legal_actions(), rng)
        assert m.check(action) is None, (levels, m.phase, m.deal.format_action(action))
        m.apply(action)
        assert m.deal_no < 150
    assert m.scores[m.winner] > 14


@pytest.mark.slow
def test_normal_beats_random_and_easy_more_often_than_not():
    def match(a: str, b: str, seed: int) -> int:
        m = Match(VARIANT, seed=seed)
        players = [ai(a if s % 2 == 0 else b) for s in range(4)]
        rng = random.Random(seed)
        while not m.over:
            s = m.to_move
            m.apply(players[s].choose(m.view(s), m.legal_actions(), rng))
        return m.winner

    assert sum(match("normal", "random", s) == 0 for s in range(3)) == 3
    assert sum(match("easy", "normal", 50 + s) == 1 for s in range(4)) >= 3


def test_normal_leads_a_master_tractor():
    m = match_at_play(["2H AS AS KS KS 3S", "QS", "JS", "TS"], spades_to=1)
    assert choose(m, "normal") == "play KS KS AS AS"


def test_normal_feeds_points_to_a_partner_holding_the_trick():
    m = match_at_play(["2H AS", "4S", "KS 3S", "QS"])
    m.apply("play AS")
    m.apply("play 4S")
    # the partner's ace cannot be beaten in spades: give it the king's 10 points
    assert choose(m, "normal") == "play KS"
    # easy, not last to play, keeps the king
    assert choose(m, "easy") == "play 3S"


def test_normal_remembers_played_cards():
    # (the kitty the dealer buried holds no joker: seat 0 cannot know its trumps are masters)
    m = match_at_play(
        ["2H AS KS 5S", "AS", "3S", "4S"], kitty="3C 4C 5C 6C 7C 8C 9C JC", spades_to=2
    )
    for seat, card in ((0, "AS"), (1, "AS"), (2, "3S"), (3, "4S")):
        assert m.to_move == seat
        m.apply(f"play {card}")
    assert m.to_move == 0  # the earlier ace won
    # both aces are gone: the king is now master and worth 10
    assert choose(m, "normal") == "play KS"


def test_normal_keeps_a_trump_pair():
    m = match_at_play(["2H 3H", "5H 5H 9H"], spades_to=1)
    m.apply("play 3H")
    assert sorted(m.legal_strings()) == ["play 5H", "play 9H"]
    assert choose(m, "normal") == "play 9H"


def test_ai_declares_and_buries_from_the_view():
    m = Match(VARIANT, seed=4)
    players = [ai("normal") for _ in range(4)]
    rng = random.Random(1)
    while m.phase != "play":
        s = m.to_move
        action = players[s].choose(m.view(s), m.legal_actions(), rng)
        assert m.check(action) is None
        m.apply(action)
    buried = m.state()["where"]["kitty"]
    # it buried no trump when it had other cards to bury
    trump = m.view_json(0)["trump"]
    level = m.view_json(0)["level_rank"]
    assert not any(
        c in ("BJ", "RJ") or c[0] == level or (trump != "NT" and c[1] == trump) for c in buried
    )
