"""The Dou Dizhu AIs: legal, from views only, and the normal AI's habits (plans its hand,
keeps bombs, cooperates as a farmer) on fixed deals; normal beats easy and random."""

from __future__ import annotations

import dataclasses
import random

import pytest
from crowsnest.engine import PASS, Match
from crowsnest_games.doudizhu import VARIANT
from crowsnest_games.doudizhu.ai import (
    AIS,
    EasyAI,
    NormalAI,
    bid_strength,
    hand_plan,
    unseen_counts,
)
from crowsnest_games.doudizhu.cards import counts_of, ranks_of
from crowsnest_games.doudizhu.rules import PAIRRUN, PLANE1, STRAIGHT, classify
from ddz_helpers import landlord_match, match

RNG = random.Random(0)


def normal_move(m: Match) -> str:
    s = m.to_move
    return m.deal.format_action(NormalAI().choose(m.view(s), m.legal_actions(), RNG))


def test_hand_plan_covers_the_hand_with_real_combinations() -> None:
    for seed in range(40):
        m = Match(VARIANT, seed=seed)
        c = counts_of(m.view(0).hand)
        score, groups = hand_plan(tuple(c))
        assert sorted(r for g in groups for r in g) == sorted(ranks_of(m.view(0).hand))
        assert all(isinstance(classify(g), tuple) for g in groups)
        assert score >= 10 * len(groups)


def by_ranks(*ranks: int) -> tuple[int, ...]:
    """Card ids for rank indices (0 = 3 ... 12 = 2), suits taken in turn."""
    seen: dict[int, int] = {}
    out = []
    for r in ranks:
        out.append(4 * r + seen.get(r, 0) if r < 13 else 39 + r)  # jokers: 52, 53
        seen[r] = seen.get(r, 0) + 1
    return tuple(sorted(out))


def test_hand_plan_finds_chains() -> None:
    # 3-7 straight, 9-J pair run, Q-K airplane taking the spare 3 and the A as wings.
    hand = by_ranks(0, 1, 2, 3, 4, 6, 6, 7, 7, 8, 8, 9, 9, 9, 10, 10, 10, 0, 11)
    _, groups = hand_plan(tuple(counts_of(hand)))
    kinds = sorted(classify(g)[0] for g in groups)
    assert kinds == [STRAIGHT, PAIRRUN, PLANE1], groups


STRONG = by_ranks(14, 13, 12, 12, 12, 12, 11, 11, 11, 10, 0, 1, 2, 3, 4, 5, 6)
WEAK = by_ranks(0, 0, 1, 2, 2, 3, 3, 5, 5, 6, 7, 7, 8, 8, 10, 10, 11)


def test_bidding_follows_hand_strength() -> None:
    assert bid_strength(counts_of(STRONG)) > bid_strength(counts_of(WEAK))
    m = match(first=0)
    view = m.view(0)
    legal = m.legal_actions()
    assert NormalAI().choose(dataclasses.replace(view, hand=STRONG), legal, RNG) == ("bid", 3)
    assert NormalAI().choose(dataclasses.replace(view, hand=WEAK), legal, RNG) == PASS
    assert EasyAI().choose(dataclasses.replace(view, hand=WEAK), legal, RNG) == PASS


def test_plays_the_whole_hand_when_it_is_one_combination() -> None:
    m = landlord_match("3S 4S 5S 6S 7S", "8H 9H TH JH QH")
    m.apply("play 3S 4S 5S 6S 7S")
    view = dataclasses.replace(
        m.view(1), hand=tuple(sorted(m.view(1).hand)[:0]) + (27, 31, 35, 39, 43)
    )
    legal = [("play", (27, 31, 35, 39, 43)), PASS]
    assert NormalAI().choose(view, legal, RNG) == ("play", (27, 31, 35, 39, 43))


def test_farmer_does_not_beat_its_partner() -> None:
    m = landlord_match("3S", "KH", "AS AH")
    m.apply("play 3S")
    m.apply("play KH")
    assert normal_move(m) == "pass"
    # ... but does beat the landlord.
    m = landlord_match("3S KS", "4H", "AS 5D 7D 9D JD 3C 5C 7C 9C JC QC 6H 8H TH QH 2H 8D")
    m.apply("play KS")
    m.apply("pass")
    assert normal_move(m) == "play AS"  # its lone ace, not its 2


BOMB_HAND = "2S 2H 2D 2C 3D 5D 7D 9D JD KD 4C 6C 8C TC QC AC 3C"


def test_keeps_a_bomb_early_and_uses_it_when_the_landlord_is_nearly_out() -> None:
    m = landlord_match("BJ", BOMB_HAND, "RJ")
    m.apply("play BJ")
    assert m.legal_strings() == ["pass", "play 2S 2H 2D 2C"]
    assert normal_move(m) == "pass"  # the landlord holds 19 cards: no need yet

    ll = "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 3H 4H 5H 6H 7H"
    m = landlord_match(ll, BOMB_HAND, "RJ", bottom="BJ 9H 8H")
    for a in ("play 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "pass", "pass"):
        m.apply(a)
    for a in ("play 3H 4H 5H 6H 7H", "pass", "pass", "play BJ"):
        m.apply(a)
    assert m.view(1).hand_counts[0] == 2
    assert normal_move(m) == "play 2S 2H 2D 2C"


def test_feeds_a_partner_with_one_card_and_guards_against_a_near_out_landlord() -> None:
    m = landlord_match("3S 3H", "4S 5S 5H KS KH")
    m.apply("play 3S")
    m.apply("play 4S")
    m.apply("pass")
    m.apply("pass")
    view = m.view(1)
    fed = dataclasses.replace(view, hand_counts=(18, 16, 1))
    act = NormalAI().choose(fed, m.legal_actions(), RNG)
    assert classify(ranks_of(act[1]))[0] == 0  # a single, the lowest
    assert ranks_of(act[1]) == (min(ranks_of(view.hand)),)
    near_out = dataclasses.replace(view, hand_counts=(1, 16, 17))
    act = NormalAI().choose(near_out, m.legal_actions(), RNG)
    assert classify(ranks_of(act[1]))[0] != 0 or ranks_of(act[1])[0] == max(ranks_of(view.hand))


def test_counts_the_unseen_cards_from_the_view() -> None:
    m = landlord_match("3S", "KH")
    m.apply("play 3S")
    unseen = unseen_counts(m.view(1))
    assert sum(unseen) == 54 - 17 - 1
    assert unseen[0] == 4 - 1 - sum(1 for c in m.view(1).hand if c < 4)


def _totals(level: str, other: str, deals: int) -> int:
    total = 0
    for g in range(deals):
        seat = g % 3
        ais = {s: AIS[level if s == seat else other](VARIANT, None, 3) for s in range(3)}
        m = Match(VARIANT, seed=f"ai:{g}", options={"deals": 1})
        rng = random.Random(g)
        while m.deal_no == 0:
            s = m.to_move
            m.apply(ais[s].choose(m.view(s), m.legal_actions(), rng))
        total += m.history[0]["score_change"][seat]
    return total


@pytest.mark.slow
def test_normal_beats_easy_and_easy_beats_random() -> None:
    assert _totals("normal", "easy", 90) > 0
    assert _totals("easy", "random", 60) > 0
    assert isinstance(EasyAI(), EasyAI)
