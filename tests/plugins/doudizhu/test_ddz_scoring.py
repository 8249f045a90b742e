"""The multiplier (bid, bombs, rocket, spring, reverse spring), zero-sum scoring with the
landlord's double share, and the end of the match."""

from __future__ import annotations

import random

import pytest
from crowsnest.engine import DealResult, DealSetup, Match
from crowsnest.testing import play_match
from crowsnest_games.doudizhu import VARIANT
from ddz_helpers import landlord_match

# Seat 0 (landlord) can go out in four leads: straight, pair, bomb, rocket.
SPRING_HAND = "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S 2H 2D 2C KH"


def play(m: Match, *actions: str) -> list[dict]:
    events: list[dict] = []
    for a in actions:
        events.extend(m.apply(a))
    return events


def deal_over(events: list[dict]) -> dict:
    return next(e for e in events if e["type"] == "deal_over")


def test_spring_doubles_and_landlord_takes_double_share() -> None:
    m = landlord_match(SPRING_HAND, bottom="KD BJ RJ", bid=1)
    events = play(
        m,
        "play 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "pass", "pass",
        "play KH KD", "pass", "pass",
        "play 2S 2H 2D 2C", "pass", "pass",
        "play BJ RJ",
    )  # fmt: skip
    over = deal_over(events)
    assert over["spring"] and not over["reverse_spring"]
    assert over["multiplier"] == 1 * 2 * 2 * 2  # bid 1, bomb, rocket, spring
    assert over["score_change"] == [16, -8, -8]
    assert sum(over["score_change"]) == 0
    assert over["points"] == [0, 17, 17]  # cards left in each hand


def test_no_spring_once_a_farmer_has_played() -> None:
    m = landlord_match(SPRING_HAND, "AH AD", bottom="KD BJ RJ", bid=1)
    events = play(
        m,
        "play 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "pass", "pass",
        "play KH KD", "play AH AD", "pass", "play 2S 2H 2D 2C", "pass", "pass",
        "play BJ RJ",
    )  # fmt: skip
    over = deal_over(events)
    assert not over["spring"] and over["landlord_wins"]
    assert over["multiplier"] == 4 and over["score_change"] == [8, -4, -4]


# Seat 1 (farmer) goes out after the landlord's single opening lead.
FARMER = "4S 5H 6H 7H 8H 9H TH JH QH KH AH 2H 2D 2C 3H KS KD"


def test_reverse_spring() -> None:
    m = landlord_match("3S", FARMER, bid=2)
    events = play(
        m,
        "play 3S", "play 4S", "pass", "pass",
        "play 5H 6H 7H 8H 9H TH JH QH KH AH", "pass", "pass",
        "play 2H 2D 2C 3H", "pass", "pass",
        "play KS KD",
    )  # fmt: skip
    over = deal_over(events)
    assert over["reverse_spring"] and not over["spring"] and not over["landlord_wins"]
    assert over["multiplier"] == 2 * 2
    assert over["score_change"] == [-8, 4, 4]


def test_no_reverse_spring_when_the_landlord_played_twice() -> None:
    m = landlord_match("3S 3D", FARMER, bid=2)
    events = play(
        m,
        "play 3S", "pass", "pass", "play 3D", "play 4S", "pass", "pass",
        "play 5H 6H 7H 8H 9H TH JH QH KH AH", "pass", "pass",
        "play 2H 2D 2C 3H", "pass", "pass",
        "play KS KD",
    )  # fmt: skip
    over = deal_over(events)
    assert not over["reverse_spring"] and over["multiplier"] == 2
    assert over["score_change"] == [-4, 2, 2]


@pytest.mark.slow
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_every_deal_sums_to_zero_and_totals_run(level: str) -> None:
    for seed in range(4):
        m = play_match(VARIANT, seed=seed, level=level, options={"deals": 3})
        assert m.over and len(m.history) >= 3
        running = [0, 0, 0]
        for h in m.history:
            assert sum(h["score_change"]) == 0
            ll = h["landlord"]
            assert h["score_change"][ll] == -2 * h["score_change"][(ll + 1) % 3]
            assert h["score_change"][(ll + 1) % 3] == h["score_change"][(ll + 2) % 3]
            assert abs(h["score_change"][ll]) == 2 * h["multiplier"]
            running = [a + b for a, b in zip(running, h["score_change"], strict=True)]
            assert h["scores"] == running
        assert m.winner == max(range(3), key=lambda s: m.scores[s])
        assert sorted(m.scores)[-1] > sorted(m.scores)[-2]  # a unique leader


def _settle(scores: tuple[int, ...], deal_no: int, landlord_wins: bool, **options: int):
    opts = VARIANT.resolve_options(options)
    setup = DealSetup(
        variant=VARIANT, options=opts, seats=3, dealer=0, deal_no=deal_no, piles={},
        scores=scores, carry={}, rng_seed="x",
    )  # fmt: skip
    details = {
        "landlord": 0, "bid": 1, "bombs": 0, "spring": False, "reverse_spring": False,
        "multiplier": 1, "winner": 0 if landlord_wins else 1, "landlord_wins": landlord_wins,
    }  # fmt: skip
    return VARIANT.scorer.settle(setup, DealResult(points=(0, 3, 3), details=details))


def test_match_ends_after_the_deals_option_with_the_top_seat() -> None:
    assert _settle((0, 0, 0), 0, True, deals=2).winner is None
    st = _settle((0, 0, 0), 1, True, deals=2)
    assert st.scores == (2, -1, -1) and st.winner == 0


def test_a_tie_at_the_top_plays_on() -> None:
    st = _settle((-2, 1, 1), 5, False, deals=6)  # farmers 1 and 2 tie at the top
    assert st.scores == (-4, 2, 2) and st.winner is None
    st = _settle((-4, 3, 1), 6, True, deals=6)  # the extra deal breaks it
    assert st.scores == (-2, 2, 0) and st.winner == 1


def test_target_ends_the_match_early() -> None:
    assert _settle((9, -5, -4), 0, True, deals=50, target=10).winner == 0
    assert _settle((5, -3, -2), 0, True, deals=50, target=10).winner is None


def test_redeals_do_not_count_as_deals() -> None:
    m = Match(VARIANT, seed=3, options={"deals": 1}, first=0)
    m.apply("pass")
    m.apply("pass")
    m.apply("pass")
    assert m.deal_no == 0 and not m.over
    rng = random.Random(0)
    while not m.over:
        m.apply_unchecked(m.deal.random_action(rng))
    assert len(m.history) >= 1
