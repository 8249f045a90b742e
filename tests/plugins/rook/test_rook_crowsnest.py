"""CrowsNest rule scenarios on fixed deals (rook.md section 1)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from crowsnest.engine import ActionError, DealResult, Match
from crowsnest_games.rook.scoring import match_winner
from rook_helpers import drive, finish_deal, fixed_match, of_type, variant

# Dealer 3: seat 0 bids first and leads the first trick. Unnamed cards fill seats 2 and 3
# and then the nest in deck order: seat 2 B10-B14 G6-G9, seat 3 G10 G11 R5-R8 Y7-Y9,
# nest Y10-Y14 (20 points).
SEAT0 = "G14 G13 G12 R14 R13 R12 R11 R10 R9"
SEAT1 = "G5 BIRD B5 B6 B7 B8 B9 Y5 Y6"
NEST = "Y10 Y11 Y12 Y13 Y14"


def deal_a(**options):
    return fixed_match("crowsnest", [SEAT0, SEAT1], dealer=3, options=options or None)


def to_play(m: Match, trump: str = "red", declarer_bid: str = "bid 70") -> None:
    """Seat 0 declares, lays the nest back unchanged and names trump."""
    drive(m, [declarer_bid, "pass", "pass", "pass", "discard " + NEST, "trump " + trump])


# ---------------------------------------------------------------- the deck


def test_deck_and_deal_sizes():
    m = Match(variant(), seed=4)
    assert len(m.deck) == 41
    assert m.deck.total_points == 120
    assert "BIRD" in m.deck.names and m.deck.points[m.deck.ids("BIRD")[0]] == 20
    st = m.state()
    assert [len(h) for h in st["hands"]] == [9, 9, 9, 9]
    assert len(st["where"]["nest"]) == 5


def test_no_crow_option_40_cards_100_points_4_card_nest():
    m = Match(variant(), seed=4, options={"bird": False}, dealer=3)
    assert len(m.deck) == 40 and "BIRD" not in m.deck.names
    assert m.deck.total_points == 100
    st = m.state()
    assert [len(h) for h in st["hands"]] == [9, 9, 9, 9]
    assert len(st["where"]["nest"]) == 4
    assert m.check("bid 105") == "the highest bid is 100"
    assert m.check("bid 100") is None


# ---------------------------------------------------------------- bidding


def test_lowest_bid_and_steps_of_five():
    m = Match(variant(), seed=1, dealer=3)
    assert m.to_move == 0  # the player left of the dealer bids first
    assert m.check("bid 65") == "the lowest bid is 70"
    assert m.check("bid 72") == "bids go up in steps of 5 from 70"
    m.apply("bid 70")
    assert m.check("bid 70") == "you must bid more than 70"
    assert m.check("bid 75") is None
    assert "pass" in m.legal_strings() and "bid 70" not in m.legal_strings()


def test_maximum_bid_and_it_ends_the_bidding():
    m = Match(variant(), seed=1, dealer=3)
    assert m.check("bid 125") == "the highest bid is 120"
    with pytest.raises(ActionError):
        m.apply("bid 125")
    ev = m.apply("bid 120")
    assert of_type(ev, "declarer") == [{"type": "declarer", "seat": 0, "bid": 120}]
    assert m.phase == "nest" and m.to_move == 0


def test_pass_is_final_and_last_bidder_wins():
    m = Match(variant(), seed=1, dealer=3)
    drive(m, ["pass", "bid 70", "pass", "bid 75"])
    assert m.to_move == 1  # seat 0 passed: skipped for the rest of the deal
    ev = m.apply("pass")  # seat 1 passes: only seat 3 is left
    assert of_type(ev, "declarer")[0]["seat"] == 3
    assert m.view(0).declarer == 3 and m.view(0).high_bid == 75


def test_bidding_goes_round_until_all_but_one_pass():
    m = Match(variant(), seed=1, dealer=3)
    drive(m, ["bid 70", "bid 75", "bid 80", "pass"])
    assert m.to_move == 0 and m.phase == "bid"
    drive(m, ["bid 85", "pass"])
    assert m.to_move == 2
    ev = m.apply("pass")
    assert of_type(ev, "declarer")[0] == {"type": "declarer", "seat": 0, "bid": 85}


def test_last_player_may_bid_after_three_passes_and_declares_at_once():
    m = Match(variant(), seed=1, dealer=3)
    drive(m, ["pass", "pass", "pass"])
    assert m.to_move == 3
    assert "pass" in m.legal_strings() and "bid 70" in m.legal_strings()
    ev = m.apply("bid 80")
    assert of_type(ev, "declarer")[0] == {"type": "declarer", "seat": 3, "bid": 80}


def test_all_four_pass_same_dealer_deals_again():
    m = Match(variant(), seed=1, dealer=3)
    first_hands = m.state()["hands"]
    ev = drive(m, ["pass", "pass", "pass", "pass"])
    assert of_type(ev, "redeal") == [{"type": "redeal", "dealer": 3}]
    assert m.dealer == 3 and m.deal_no == 0 and m.scores == (0, 0)
    assert m.phase == "bid" and m.to_move == 0
    assert m.state()["hands"] != first_hands  # a fresh shuffle


def test_dealer_forced_option_makes_last_player_take_the_minimum():
    m = Match(variant(), seed=1, dealer=3, options={"all_pass": "dealer_forced"})
    drive(m, ["pass", "pass", "pass"])
    assert m.legal_strings() == ["bid 70"]
    assert m.check("pass") == "everyone else passed: you must bid 70"
    ev = m.apply("bid 70")
    assert of_type(ev, "declarer")[0]["seat"] == 3


# ---------------------------------------------------------------- nest


def test_declarer_takes_nest_and_lays_five_back():
    m = deal_a()
    drive(m, ["bid 70", "pass", "pass", "pass"])
    assert m.phase == "nest"
    v0 = m.view(0)
    assert len(v0.hand) == 14
    assert set(m.view_json(0)["hand"]) >= set(NEST.split())
    assert sorted(m.view_json(0)["nest_taken"]) == sorted(NEST.split())
    assert "nest_taken" not in m.view_json(1) and "nest" not in m.view_json(1)
    assert not m.deal.legal_complete() and "5" in m.deal.legal_hint()
    assert m.check("discard Y10 Y11 Y12 Y13") == "lay back exactly 5 cards, not 4"
    assert (
        m.check("discard Y10 Y11 Y12 Y13 B5") == "you do not hold the black 5"
    )  # words, not codes (issue 11)
    m.apply("discard R9 Y10 Y11 Y12 G12")
    assert m.phase == "trump"
    assert m.state()["where"]["nest"] == ["G12", "R9", "Y10", "Y11", "Y12"]
    assert len(m.view(0).hand) == 9


def test_random_action_samples_a_legal_discard():
    import random

    m = deal_a()
    drive(m, ["bid 70", "pass", "pass", "pass"])
    rng = random.Random(3)
    seen = set()
    for _ in range(30):
        a = m.deal.random_action(rng)
        assert m.check(a) is None
        seen.add(a)
    assert len(seen) > 20  # sampled, not a fixed answer


def test_nest_counters_go_to_last_trick_winner():
    m = deal_a()
    to_play(m)  # the nest keeps Y10 and Y14: 20 points
    ev = finish_deal(m)
    tricks = of_type(ev, "trick")
    nest = of_type(ev, "nest")[0]
    assert nest["points"] == 20 and nest["to"] == tricks[-1]["winner"]
    over = of_type(ev, "deal_over")[0]
    per_team = [0, 0]
    for t in tricks:
        per_team[t["winner"] % 2] += t["points"]
    per_team[nest["to"] % 2] += 20
    assert over["points"] == per_team
    assert sum(over["points"]) == 120


def test_nest_counters_to_declarer_option():
    m = deal_a(nest_counters="declarer")
    to_play(m)
    ev = finish_deal(m)
    assert of_type(ev, "nest")[0]["to"] == 0


def test_no_burying_counters_option():
    m = deal_a(bury_counters=False)
    drive(m, ["bid 70", "pass", "pass", "pass"])
    # the card is named in words, not by its code (issue 11: "R5 is worth ...")
    assert m.check("discard Y10 Y11 Y12 Y13 Y14") == (
        "counters may not go in the nest (the yellow 10 is worth 10)"
    )
    assert m.check("discard Y11 Y12 Y13 G12 G13") is None


def test_trump_before_nest_option():
    m = deal_a(trump_timing="before_nest")
    drive(m, ["bid 70", "pass", "pass", "pass"])
    assert m.phase == "trump" and len(m.view(0).hand) == 9
    m.apply("trump green")
    assert m.phase == "nest" and len(m.view(0).hand) == 14
    m.apply("discard " + NEST)
    assert m.phase == "play" and m.to_move == 0


# ---------------------------------------------------------------- play


def test_follow_suit_with_the_crow_exception():
    m = deal_a()
    to_play(m)
    m.apply("play G14")
    assert m.legal_strings() == ["play BIRD", "play G5"]
    assert m.check("play B5") == "you must follow green"
    assert m.check("play R5") == "you do not hold the red 5"


def test_crow_not_playable_any_time_when_knob_off():
    m = deal_a(bird_any_time=False)
    to_play(m)
    m.apply("play G14")
    assert m.legal_strings() == ["play G5"]
    assert "Crow" in m.check("play BIRD")


def test_void_player_may_play_anything():
    m = deal_a()
    to_play(m)
    drive(m, ["play G14", "play G5", "play G6"])
    # seat 3 holds G10 G11: must follow; seat 2 (B10-B14 G6-G9) followed with G6
    assert m.legal_strings() == ["play G10", "play G11"]


def test_crow_wins_when_no_other_trump_falls():
    m = deal_a()
    to_play(m)
    ev = drive(m, ["play G14", "play BIRD", "play G6", "play G10"])
    trick = of_type(ev, "trick")[0]
    assert trick["winner"] == 1 and trick["cards"] == ["G14", "BIRD", "G6", "G10"]
    assert trick["points"] == 40
    assert m.to_move == 1  # the winner leads


def test_crow_is_the_lowest_trump():
    # seat 2 is void in green and holds R5, the lowest red
    m = fixed_match("crowsnest", [SEAT0, SEAT1, "B10 B11 B12 B13 B14 R5 R6 R7 R8"], dealer=3)
    to_play(m)
    drive(m, ["play G14", "play BIRD"])
    ev = drive(m, ["play R5", "play G6"])
    assert of_type(ev, "trick")[0]["winner"] == 2


def test_lone_crow_must_be_played_when_trump_is_led():
    m = deal_a()
    to_play(m)
    m.apply("play R14")  # trump led; seat 1's only trump is the Crow
    assert m.legal_strings() == ["play BIRD"]
    assert "only trump" in m.check("play G5")


def test_lone_crow_knob_off_frees_the_player():
    m = deal_a(bird_only_trump_must=False)
    to_play(m)
    m.apply("play R14")
    assert len(m.legal_strings()) == 9


def test_leading_the_crow_leads_trump():
    m = fixed_match("crowsnest", [SEAT0, SEAT1], dealer=0)  # seat 1 bids and leads first
    drive(m, ["bid 70", "pass", "pass", "pass", "discard " + NEST, "trump red"])
    drive(m, ["play BIRD", "play G6"])  # seat 2 has no red: free
    assert m.legal_strings() == ["play R5", "play R6", "play R7", "play R8"]


def test_crow_led_knob_off_next_card_sets_the_suit():
    m = fixed_match("crowsnest", [SEAT0, SEAT1], dealer=0, options={"bird_led_trump": False})
    drive(m, ["bid 70", "pass", "pass", "pass", "discard " + NEST, "trump red"])
    drive(m, ["play BIRD", "play G6"])
    assert m.legal_strings() == ["play G10", "play G11"]


# ---------------------------------------------------------------- scoring


def _settle(m: Match, points, bid, declarer_side, prior=(0, 0)):
    setup = replace(m.setup, scores=prior)
    res = DealResult(
        points=points,
        details={
            "declarer": declarer_side,
            "declarer_side": declarer_side,
            "bid": bid,
            "trump": "red",
            "counters": points,
            "tricks": (5, 4),
            "bonus_to": -1,
            "made": points[declarer_side] >= bid,
        },
    )
    return m.variant.scorer.settle(setup, res)


def test_made_bid_scores_the_bid_not_the_points():
    m = Match(variant(), seed=1, dealer=3)
    st = _settle(m, (95, 25), 80, 0)
    assert st.score_change == (80, 25) and st.scores == (80, 25)
    assert st.next_dealer == 0  # the deal passes to the left


def test_failed_bid_is_subtracted():
    m = Match(variant(), seed=1, dealer=3)
    st = _settle(m, (75, 45), 80, 0, prior=(30, 10))
    assert st.score_change == (-80, 45) and st.scores == (-50, 55)
    assert st.winner is None


def test_scoring_in_played_deals():
    """Every deal of AI matches: bid made -> +bid, failed -> -bid, others +counters."""
    from rook_helpers import play_ai_match

    checked = 0
    for seed in range(6):
        for _m, _, ev in play_ai_match("crowsnest", seed, "easy"):
            for e in of_type(ev, "deal_over"):
                d = e["declarer_side"]
                other = 1 - d
                expect = e["bid"] if e["points"][d] >= e["bid"] else -e["bid"]
                assert e["made"] == (e["points"][d] >= e["bid"])
                assert e["score_change"][d] == expect
                assert e["score_change"][other] == e["points"][other]
                checked += 1
    assert checked > 20


def test_first_to_300_wins():
    assert match_winner((300, 120), 300) == 0
    assert match_winner((295, 120), 300) is None


def test_both_over_300_higher_score_wins():
    m = Match(variant(), seed=1, dealer=3)
    st = _settle(m, (80, 40), 80, 0, prior=(230, 290))  # 310 against 330
    assert st.scores == (310, 330) and st.winner == 1


def test_tie_over_300_plays_on_until_one_team_is_ahead():
    m = deal_a()
    to_play(m)
    # The deal's outcome with the deterministic policy, learned on a copy of the match:
    ev = finish_deal(_clone_match(m))
    over = of_type(ev, "deal_over")[0]
    change = over["score_change"]
    # Set the scores before this deal so both teams finish it on exactly 320.
    prior = (320 - change[0], 320 - change[1])
    m.scores = prior
    m.setup = replace(m.setup, scores=prior)
    m.deal.scores = prior
    ev = finish_deal(m)
    assert of_type(ev, "deal_over")[0]["scores"] == [320, 320]
    assert not m.over and not of_type(ev, "match_over")
    assert m.phase == "bid" and m.dealer == 0  # sudden death: another deal
    # The next deal decides it: play until the match ends; the winner leads.
    while not m.over:
        ev = finish_deal(m, "easy")
    final = of_type(ev, "match_over")[0]
    s = final["scores"]
    assert s[final["winner"]] > s[1 - final["winner"]]


def _clone_match(m: Match) -> Match:
    c = m.fresh()
    for a in m.log:
        c.apply_unchecked(a)
    return c
