"""Every classic Rook preset (rook.md sections 2-8): deck, deal sizes, points, bids,
targets, a scenario for each point where it differs from CrowsNest, and the knobs."""

from __future__ import annotations

from dataclasses import replace

import pytest
from crowsnest.engine import DealResult, Match, OptionError
from crowsnest_games.rook import VARIANTS
from rook_helpers import drive, finish_deal, fixed_match, of_type, play_ai_match

# id: (seats, deck, counters, points in play, hand, nest, aside, bid min, bid max, target)
TABLE = {
    "crowsnest": (4, 41, 120, 120, 9, 5, 0, 70, 120, 300),
    "kentucky": (4, 41, 120, 120, 9, 5, 0, 70, 120, 300),
    "partnership": (4, 56, 100, 120, 14, 0, 0, 70, 120, 300),
    "one-high": (4, 56, 160, 180, 14, 0, 0, 100, 180, 500),
    "red-one": (4, 42, 150, 150, 9, 6, 0, 70, 150, 300),
    "buckeye": (4, 45, 180, 180, 10, 5, 0, 70, 180, 300),
    "individual2": (2, 44, 100, 100, 12, 5, 3, 50, 100, 300),
    "individual3": (3, 44, 100, 100, 12, 5, 3, 50, 100, 200),
    "individual5": (5, 56, 100, 100, 10, 6, 0, 30, 100, 150),
    "individual6": (6, 56, 100, 100, 9, 2, 0, 30, 100, 150),
}


def test_every_preset_is_listed():
    assert set(TABLE) == set(VARIANTS)


@pytest.mark.parametrize("vid", list(TABLE))
def test_deck_deal_sizes_points_bids(vid):
    seats, deck, counters, in_play, hand, nest, aside, lo, hi, target = TABLE[vid]
    v = VARIANTS[vid]
    assert v.seats == (seats,)
    m = Match(v, seed=3, dealer=seats - 1)
    assert len(m.deck) == deck
    assert m.deck.total_points == counters
    assert m.deal.r.points_in_play == in_play
    st = m.state()
    assert [len(h) for h in st["hands"]] == [hand] * seats
    assert len(st["where"]["nest"]) == nest
    assert len(st["where"].get("aside", [])) == aside
    if seats == 2:
        assert len(st["where"]["dummy_up"]) + len(st["where"]["dummy_down"]) == hand
    assert m.check(f"bid {lo - 5}") == f"the lowest bid is {lo}"
    assert m.check(f"bid {hi + 5}") == f"the highest bid is {hi}"
    assert m.check(f"bid {hi}") is None
    assert m.options["target"] == target
    assert len(m.scores) == (2 if seats == 4 else seats)


@pytest.mark.parametrize("vid", list(TABLE))
def test_game_ends_at_the_target(vid):
    target = TABLE[vid][-1]
    v = VARIANTS[vid]
    m = Match(v, seed=1)
    sides = len(m.scores)
    below = tuple([target - 40] + [0] * (sides - 1))
    st = v.scorer.settle(replace(m.setup, scores=below), _result(sides, 0, bid=40, points=40))
    assert st.scores[0] == target and st.winner == 0
    st = v.scorer.settle(replace(m.setup, scores=below), _result(sides, 0, bid=35, points=35))
    assert st.winner is None


def _result(sides: int, declarer_side: int, bid: int, points: int) -> DealResult:
    pts = [0] * sides
    pts[declarer_side] = points
    return DealResult(
        points=tuple(pts),
        details={
            "declarer": declarer_side,
            "declarer_side": declarer_side,
            "bid": bid,
            "trump": "red",
            "counters": tuple(pts),
            "tricks": tuple([1] * sides),
            "bonus_to": -1,
            "made": points >= bid,
        },
    )


def test_every_preset_exposes_every_knob_and_its_own_rules_text():
    keys = None
    for v in VARIANTS.values():
        mine = {o.key for o in v.options}
        keys = keys or mine
        assert mine == keys
        assert v.rules_text.startswith(v.name.split(" (")[0])
        if v.id != "crowsnest":
            assert (
                "CrowsNest" in v.rules_text
                or "Kentucky" in v.rules_text
                or "Partnership" in v.rules_text
            )
    assert {
        "bird",
        "bird_rank",
        "bird_any_time",
        "bird_led_trump",
        "ones",
        "ones_value",
        "red_one",
        "nest_size",
        "nest_counters",
        "bury_counters",
        "trump_timing",
        "first_lead",
        "bid_min",
        "bid_step",
        "bid_max",
        "all_pass",
        "made_bid",
        "majority_bonus",
        "target",
    } <= keys
    assert len({v.rules_text for v in VARIANTS.values()}) == len(VARIANTS)


# ---------------------------------------------------------------- knob validation


@pytest.mark.parametrize(
    ("vid", "options", "words"),
    [
        ("crowsnest", {"nest_size": 6}, "a nest of 6 does not fit"),
        ("crowsnest", {"bid_max": 125}, "above the 120 points in play"),
        ("crowsnest", {"bird": False, "bid_max": 120}, "above the 100 points in play"),
        (
            "crowsnest",
            {"bid_min": 110, "bid_max": 100},
            "lowest bid (110) is above the highest bid (100)",
        ),
        ("crowsnest", {"lowest_card": 13}, "too small to deal"),
        ("individual3", {"aside": 20, "nest_size": 30}, "does not fit"),
        ("crowsnest", {"nest_size": "big"}, "whole number"),
        ("crowsnest", {"crow": False}, "unknown option 'crow'"),
    ],
)
def test_impossible_combinations_are_refused(vid, options, words):
    with pytest.raises(OptionError) as e:
        Match(VARIANTS[vid], seed=1, options=options)
    assert words in str(e.value)


def test_knobs_combine_freely_when_they_fit():
    m = Match(
        VARIANTS["crowsnest"], seed=1, options={"ones": "high", "ones_value": 15, "nest_size": 5}
    )
    assert len(m.deck) == 45 and m.deck.total_points == 180
    assert [len(h) for h in m.state()["hands"]] == [10] * 4
    m = Match(
        VARIANTS["partnership"],
        seed=1,
        options={"bird": True, "bird_rank": "middle", "nest_size": 5},
    )
    assert len(m.deck) == 57 and len(m.state()["where"]["nest"]) == 5


# ---------------------------------------------------------------- differences from CrowsNest

SEAT0 = "G14 G13 G12 R14 R13 R12 R11 R10 R9"
SEAT1 = "G5 BIRD B5 B6 B7 B8 B9 Y5 Y6"


def test_kentucky_rook_is_the_highest_trump():
    m = fixed_match("kentucky", [SEAT0, SEAT1], dealer=3)
    drive(m, ["bid 70", "pass", "pass", "pass", "discard Y10 Y11 Y12 Y13 Y14", "trump red"])
    assert set(m.legal_strings()) == {f"play {c}" for c in SEAT0.split()}
    m.apply("play R14")
    assert m.legal_strings() == ["play BIRD"]  # lone Rook must be played on a trump lead
    ev = drive(m, ["play BIRD", "play B10", "play R5"])
    assert of_type(ev, "trick")[0]["winner"] == 1  # the Rook beats the trump 14


def test_kentucky_rook_playable_any_time():
    m = fixed_match("kentucky", [SEAT0, SEAT1], dealer=3)
    drive(
        m,
        ["bid 70", "pass", "pass", "pass", "discard Y10 Y11 Y12 Y13 Y14", "trump red", "play G14"],
    )
    assert m.legal_strings() == ["play BIRD", "play G5"]


def test_made_bid_scores_counters_taken_in_kentucky():
    m = Match(VARIANTS["kentucky"], seed=1)
    st = m.variant.scorer.settle(m.setup, _result(2, 0, bid=80, points=95))
    assert st.score_change[0] == 95
    st = m.variant.scorer.settle(m.setup, _result(2, 0, bid=100, points=95))
    assert st.score_change[0] == -100


def test_partnership_has_no_nest_and_a_majority_bonus():
    m = Match(VARIANTS["partnership"], seed=2, dealer=3)
    drive(m, ["bid 70", "pass", "pass", "pass"])
    assert m.phase == "trump" and len(m.view(0).hand) == 14
    m.apply("trump green")
    assert m.phase == "play"
    seen_bonus = 0
    for seed in range(4):
        for _, _, ev in play_ai_match("partnership", seed, "easy", max_deals=6):
            for e in of_type(ev, "deal_over"):
                for side in (0, 1):
                    bonus = 20 if e["tricks"][side] > 7 else 0
                    assert e["points"][side] == e["counters"][side] + bonus
                    seen_bonus += bonus > 0
                assert sum(e["tricks"]) == 14
    assert seen_bonus


def test_one_high_ones_beat_fourteens_and_are_worth_15():
    m = fixed_match("one-high", ["G14 " + " ".join(f"R{n}" for n in range(2, 15)), "G1"], dealer=3)
    drive(m, ["bid 100", "pass", "pass", "pass", "trump red", "play G14"])
    assert "play G1" in m.legal_strings()
    ev = m.apply("play G1")
    while not of_type(ev, "trick"):
        ev = m.apply(m.legal_strings()[0])
    t = of_type(ev, "trick")[0]
    assert t["winner"] == 1 and "G1" in t["cards"]
    assert t["points"] >= 25  # G14 10 + G1 15


def test_red_one_is_above_the_rook_and_has_no_privilege():
    # trump green; seat 1 holds the red 1 and greens; seat 2 the Rook
    m = fixed_match(
        "red-one",
        [
            "G14 G13 G12 B14 B13 B12 B11 B10 B9",
            "R1 G5 G6 B5 B6 B7 B8 Y5 Y6",
            "BIRD R5 R6 R7 R8 R9 R10 R11 R12",
        ],
        dealer=3,
    )
    drive(m, ["bid 70", "pass", "pass", "pass"])
    assert m.check("discard Y10 Y11 Y12 Y13 Y14") == "lay back exactly 6 cards, not 5"
    nest = " ".join(m.view_json(0)["nest_taken"])
    drive(m, [f"discard {nest}", "trump green"])
    m.apply("play B14")  # black led: the red 1 is a trump, not a black card
    assert "play R1" not in m.legal_strings()  # no play-any-time privilege
    m.apply("play B5")
    m.apply("play BIRD")  # seat 2 has no black: trumps with the Rook
    m.apply(m.legal_strings()[0])
    assert m.to_move == 2  # the Rook won
    m2 = fixed_match(
        "red-one",
        [
            "G14 G13 G12 B14 B13 B12 B11 B10 B9",
            "R1 Y14 Y13 Y12 Y11 Y10 Y9 Y8 Y7",
            "BIRD R5 R6 R7 R8 R9 R10 R11 R12",
        ],
        dealer=3,
    )
    drive(m2, ["bid 70", "pass", "pass", "pass"])
    drive(m2, ["discard " + " ".join(m2.view_json(0)["nest_taken"]), "trump green", "play B14"])
    ev = drive(m2, ["play R1", "play BIRD"])
    ev += m2.apply(m2.legal_strings()[0])
    t = of_type(ev, "trick")[0]
    assert t["winner"] == 1 and t["points"] >= 50  # red 1 (30) over the Rook (20)


def test_red_one_counts_as_trump_when_red_is_led():
    m = fixed_match(
        "red-one",
        ["R14 R13 R12 G14 G13 B14 B13 B12 B11", "R1 Y14 Y13 Y12 Y11 Y10 Y9 Y8 Y7"],
        dealer=3,
    )
    drive(m, ["bid 70", "pass", "pass", "pass"])
    drive(m, ["discard " + " ".join(m.view_json(0)["nest_taken"]), "trump green", "play R14"])
    assert len(m.legal_strings()) == 9  # the red 1 is not red here: seat 1 is void


def test_buckeye_ones_high_worth_15():
    m = Match(VARIANTS["buckeye"], seed=1)
    r = m.deal.r
    g1 = m.deck.ids("G1")[0]
    g14 = m.deck.ids("G14")[0]
    assert r.points[g1] == 15
    order = r.orders[0]  # black trump: green is a plain suit
    assert order.strength[g1] > order.strength[g14]
    bird = m.deck.ids("BIRD")[0]
    assert max(order.strength) == order.strength[bird]  # the Rook is the highest trump


def test_bird_rank_middle_knob():
    m = Match(VARIANTS["crowsnest"], seed=1, options={"bird_rank": "middle"})
    r = m.deal.r
    order = r.orders[2]
    names = m.deck.names
    s = {names[c]: order.strength[c] for c in range(len(names)) if order.eff_suit[c] == 2}
    assert s["R10"] < s["BIRD"] < s["R11"]


# ---------------------------------------------------------------- individual play


def test_individual_scores_per_player_and_the_declarer_is_alone():
    m = Match(VARIANTS["individual3"], seed=1)
    assert m.teams is None and m.scores == (0, 0, 0)
    res = DealResult(
        points=(60, 25, 15),
        details={
            "declarer": 0,
            "declarer_side": 0,
            "bid": 55,
            "trump": "red",
            "counters": (60, 25, 15),
            "tricks": (6, 4, 2),
            "bonus_to": -1,
            "made": True,
        },
    )
    st = m.variant.scorer.settle(m.setup, res)
    assert st.score_change == (60, 25, 15)
    res = replace(res, details={**res.details, "bid": 65, "made": False})
    st = m.variant.scorer.settle(m.setup, res)
    assert st.score_change == (-65, 25, 15)


def test_three_cards_set_aside_unseen():
    m = Match(VARIANTS["individual3"], seed=5)
    aside = m.state()["where"]["aside"]
    assert len(aside) == 3
    for _ in range(200):
        if m.deal_no:
            break
        for s in range(3):
            j = m.view_json(s)
            shown = set(j["hand"]) | set(j.get("nest", [])) | set(j.get("nest_taken", []))
            shown |= {c for _, cs in j["trick"] for c in cs}
            assert not shown & set(aside)
            assert j["aside_count"] == 3
        m.apply(m.deal.random_action(__import__("random").Random(len(m.log))))


# ---------------------------------------------------------------- the 2-player dummy

D0 = "B14 B13 B12 B11 B10 B9 R14 R13 R12 R11 R10 R9"
D1 = "G14 G13 G12 G11 G10 G9 Y14 Y13 Y12 Y11 Y10 Y9"
DUMMY = "B4 G4 R4 Y4 B5 G5 B6 G6 R6 Y6 B7 G7"  # six face up, then the six beneath


def dummy_match():
    return fixed_match("individual2", [D0, D1], dealer=1, seats=2, dummy=DUMMY)


def test_dummy_face_up_cards_seen_by_both_face_down_by_neither():
    m = dummy_match()
    for s in (0, 1):
        d = m.view_json(s)["dummy"]
        assert d["up"] == ["B4", "G4", "R4", "Y4", "B5", "G5"]
        assert d["down"] == 6
        shown = str(m.view_json(s))
        for hidden in ("B6", "G6", "R6", "Y6", "B7", "G7"):
            assert f"'{hidden}'" not in shown
    assert m.state()["where"]["dummy_down"] == ["B6", "B7", "G6", "G7", "R6", "Y6"]


def test_dummy_does_not_bid_and_the_loser_of_the_bid_plays_it():
    m = dummy_match()
    assert m.to_move == 0  # the non-dealer bids first; the dummy never bids
    ev = drive(m, ["bid 50", "pass"])
    assert of_type(ev, "declarer")[0]["seat"] == 0
    nest = " ".join(m.view_json(0)["nest_taken"])
    drive(m, [f"discard {nest}", "trump red"])
    assert m.to_move == 0  # the non-dealer leads
    drive(m, ["play B14", "play G9"])
    assert m.to_move == 1 and m.view(1).acting == 2  # seat 1 plays for the dummy
    assert m.view_json(1)["dummy"]["controller"] == 1
    assert m.legal_strings() == ["play B4", "play B5"]  # follows black with face-up cards
    assert m.check("play B6") == ("the black 6 is face down in the dummy and cannot be played yet")


def test_dummy_cards_turn_face_up_and_its_tricks_count_for_its_player():
    m = dummy_match()
    drive(m, ["bid 50", "pass"])
    nest = " ".join(m.view_json(0)["nest_taken"])
    ev = drive(m, [f"discard {nest}", "trump red", "play B14", "play G9", "play B4"])
    for s in (0, 1):
        assert m.view_json(s)["dummy"]["up"][0] == "B6"  # the card beneath turned up
        assert m.view_json(s)["dummy"]["down"] == 5
    ev += drive(m, ["play B13", "play G10", "play B6"])
    assert m.view_json(0)["dummy"]["up"][0] is None  # that pile is gone
    ev += finish_deal(m)
    tricks = of_type(ev, "trick")
    assert len(tricks) == 12
    nest_ev = of_type(ev, "nest")[0]
    for_1 = sum(t["points"] for t in tricks if t["winner"] in (1, 2))  # seat 1 and the dummy
    for_1 += nest_ev["points"] if nest_ev["to"] in (1, 2) else 0
    over = of_type(ev, "deal_over")[0]
    assert over["counters"][1] == for_1
    assert any(t["winner"] == 2 for t in tricks) or for_1 == sum(
        t["points"] for t in tricks if t["winner"] == 1
    )


@pytest.mark.parametrize("vid", ["partnership", "individual5", "individual6"])
def test_ones_are_low_and_worth_nothing_where_all_56_cards_play(vid):
    m = Match(VARIANTS[vid], seed=1)
    r = m.deal.r
    g1, g2 = m.deck.ids("G1")[0], m.deck.ids("G2")[0]
    assert r.points[g1] == 0
    order = r.orders[0]  # black trump: green is a plain suit
    greens = [c for c in range(len(m.deck)) if order.eff_suit[c] == 1]
    assert min(greens, key=lambda c: order.strength[c]) == g1
    assert order.strength[g2] > order.strength[g1]
