"""Rook-family AIs: legal answers everywhere, decisions from the view alone, the easy
heuristics on fixed tricks, the normal AI's card counting, and levels against levels."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
from crowsnest.engine import Match
from crowsnest_games.rook import VARIANTS
from crowsnest_games.rook.ai import Knowledge, sample_world
from rook_helpers import drive, fixed_match, hidden_shuffle, play_ai_match

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
from tournament import run, wilson  # noqa: E402


def choose(m: Match, level: str, seed: int = 0):
    s = m.to_move
    ai = m.variant.ais[level](m.variant, m.options, m.seats)
    legal = m.legal_actions() if m.deal.legal_complete() else []
    return m.deal.format_action(ai.choose(m.view(s), legal, random.Random(seed)))


@pytest.mark.parametrize("vid", list(VARIANTS))
@pytest.mark.parametrize("level", ["random", "easy"])
def test_ai_answers_are_legal_in_every_phase(vid, level):
    phases = set()
    for m, _, _ in play_ai_match(vid, 3, level, max_deals=3):  # the helper checks legality
        phases.add(m.phase)
    assert {"bid", "play"} <= phases


@pytest.mark.slow
@pytest.mark.parametrize(
    "vid", ["crowsnest", "red-one", "partnership", "individual2", "individual5"]
)
def test_normal_answers_are_legal(vid):
    n = 0
    for _ in play_ai_match(vid, 4, "normal", max_deals=1):
        n += 1
    assert n > 20


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_decisions_depend_only_on_the_view(level):
    v = VARIANTS["crowsnest"]
    rng = random.Random(8)
    compared = 0
    for seed in range(3):
        m = Match(v, seed=seed)
        while not m.over and m.deal_no < 1:
            d = m.deal
            s = d.to_move
            ai = v.ais[level](v, m.options, m.seats)
            legal = d.legal_actions() if d.legal_complete() else []
            if d.phase == "play" and len(d.playable()) > 1:
                other = hidden_shuffle(d, s, rng)
                a = ai.choose(d.view(s), legal, random.Random(1))
                b = ai.choose(other.view(s), legal, random.Random(1))
                assert a == b
                compared += 1
            m.apply(d.random_action(rng))
    assert compared > 5


# ---------------------------------------------------------------- easy on fixed tricks

# seat 0 declares (dealer 3), lays the nest back and names red
S0 = "Y5 G14 G13 G12 R14 R13 R12 R11 R10"
S1 = "BIRD G5 B5 B6 B7 B8 B9 B10 B11"
S2 = "Y6 Y7 B12 B13 B14 G6 G7 G8 G9"
S3 = "Y14 Y10 Y9 G10 G11 R5 R6 R7 R8"
NEST = "R9 Y8 Y11 Y12 Y13"


def table(*plays: str) -> Match:
    m = fixed_match("crowsnest", [S0, S1, S2, S3], NEST, dealer=3)
    drive(m, ["bid 70", "pass", "pass", "pass", "discard " + NEST, "trump red", *plays])
    return m


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_gives_counters_to_a_partner_who_is_winning(level):
    m = table("play Y5", "play BIRD", "play Y6")  # seat 1's Crow wins; seat 3 is last
    assert choose(m, level) in ("play Y10", "play Y14")


def test_easy_follows_cheaply_when_the_trick_is_lost():
    m = table("play R14", "play BIRD", "play B12")  # trump 14 led: seat 3 cannot win
    assert choose(m, "easy") == "play R6"  # not the R5 counter


def test_easy_wins_with_a_counter_when_it_can():
    m = table("play Y5", "play B5", "play Y7")  # seat 3 is last: Y9, Y10 and Y14 all win
    assert choose(m, "easy") in ("play Y14", "play Y10")


def test_easy_bids_on_a_strong_hand_and_passes_a_weak_one():
    strong = fixed_match("crowsnest", ["R14 R13 R12 R11 R10 R9 G14 B14 Y14"], dealer=3)
    assert choose(strong, "easy").startswith("bid")
    weak = fixed_match("crowsnest", ["B5 B6 G7 G8 R6 R7 Y6 Y7 Y8"], dealer=3)
    assert choose(weak, "easy") == "pass"


def test_easy_discard_and_trump_keep_the_long_strong_suit():
    m = fixed_match("crowsnest", ["R14 R13 R12 R11 R10 R9 G5 B6 Y7"], "B7 B8 G6 G7 Y5", dealer=3)
    drive(m, ["bid 70", "pass", "pass", "pass"])
    disc = choose(m, "easy").split()[1:]
    assert not any(c.startswith("R") for c in disc)
    m.apply("discard " + " ".join(disc))
    assert choose(m, "easy") == "trump red"


# ---------------------------------------------------------------- normal: counting


GREEN_TWICE = ("play G12", "play G5", "play G6", "play G10", "play G13", "play B5")


def test_knowledge_records_voids_and_unseen_cards():
    m = table("play Y5", "play BIRD")  # seat 1 did not follow yellow (the Crow never shows a void)
    k = Knowledge(m.view(2))
    assert 3 not in k.void[1]
    m = table(*GREEN_TWICE)
    # seat 1 played B5 on the second green lead: void in green; the cards played are seen
    k = Knowledge(m.view(2))
    assert 1 in k.void[1]
    names = m.deck.names
    unseen = {names[c] for c in k.unseen}
    assert not unseen & {"G12", "G5", "G6", "G10", "G13", "B5"}
    assert not unseen & set(m.view_json(2)["hand"])


def test_sampled_deals_respect_voids_and_counts():
    m = table(*GREEN_TWICE)
    view = m.view(2)
    k = Knowledge(view)
    rng = random.Random(4)
    r = view.rules
    eff = r.orders[view.trump].eff_suit
    for _ in range(50):
        w = sample_world(view, k, rng)
        assert [len(h) for h in w.hands] == list(view.hand_counts)
        assert not any(eff[c] == 1 for c in w.hands[1])  # seat 1 is void in green
        assert w.view(2) == view  # the sample is consistent with what seat 2 sees
        cards = sorted(c for h in w.hands for c in h) + sorted(w.nest)
        played = [c for t in view.history for _, c in t] + [c for _, c in view.trick]
        assert sorted(cards + played) == list(range(len(r.deck)))


# ---------------------------------------------------------------- levels against levels


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and 0.8 < lo < 0.85


def test_easy_beats_random():
    res = run(VARIANTS["crowsnest"], 20, 1, "easy", "random")
    assert res["win_rate"] >= 0.8


@pytest.mark.slow
def test_normal_beats_easy_in_crowsnest():
    res = run(VARIANTS["crowsnest"], 16, 7, "normal", "easy")
    assert res["win_rate"] > 0.5


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("ROOK_TOURNAMENT"), reason="long: set ROOK_TOURNAMENT=1")
@pytest.mark.parametrize(
    "vid", ["crowsnest", "kentucky", "partnership", "one-high", "red-one", "buckeye"]
)
def test_normal_beats_easy_in_every_team_preset(vid):
    res = run(VARIANTS[vid], 100, 1, "normal", "easy")
    assert res["ci95"][0] > 0.5, res


@pytest.mark.parametrize("options", [{}, {"all_pass": "dealer_forced"}])
def test_easy_needs_only_the_view(options):
    """Given no legal list at all, the easy AI still answers legally in every phase."""
    v = VARIANTS["crowsnest"]
    m = Match(v, seed=2, options=options)
    ai = v.ais["easy"](v, m.options, m.seats)
    n = 0
    while m.deal_no < 2 and not m.over:
        a = ai.choose(m.view(m.to_move), [], random.Random(n))
        assert m.check(a) is None
        m.apply(a)
        n += 1
    assert n > 40


def test_equivalent_cards_are_searched_once():
    import dataclasses

    from crowsnest_games.rook.ai import distinct_cards

    def names(view, cards):
        return [view.rules.deck.names[c] for c in cards]

    # test_rook_flaws' table: seat 0 declared, named red and won the first green trick
    hands = ["Y5 G14 G13 G12 R14 R13 R12 R11 R10", "BIRD G5 B5 B6 B7 B8 B9 B10 B11",
             "Y6 Y7 B12 B13 B14 G6 G7 G8 G9", "Y14 Y10 Y9 G10 G11 R5 R6 R7 R8"]  # fmt: skip
    nest = "R9 Y8 Y11 Y12 Y13"
    m = fixed_match("crowsnest", hands, nest, dealer=3)
    drive(m, ["bid 70", "pass", "pass", "pass", "discard " + nest, "trump red"])
    drive(m, ["play G14", "play G5", "play G6", "play G10"])
    v = m.view(0)
    # G13 = G12; R11 = R12 = R13; R14 = R10 (both 10, only own trumps between); Y5 alone
    assert names(v, distinct_cards(v, v.playable())) == ["G12", "R11", "Y5", "R10"]
    drive(m, ["play G12", "play B5"])
    v = m.view(2)  # G6 gone; G7 G8 G9 left, no card between them elsewhere
    assert names(v, distinct_cards(v, v.playable())) == ["G7"]
    g8 = v.rules.deck.names.index("G8")
    hidden = dataclasses.replace(v, hand=tuple(c for c in v.hand if c != g8))
    # were G8 in another hand, G7 and G9 would not be the same card
    assert names(v, distinct_cards(hidden, hidden.playable())) == ["G7", "G9"]
