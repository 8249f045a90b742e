"""The Rook family's hard AI: its determinizations agree with the view, it never answers
an illegal action, a seed fixes its moves, it finds a constructed winning line the easy
heuristics miss, and the plugin host registers it."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from crowsnest.ai.search import SearchBudget
from crowsnest.engine import Match
from crowsnest_games.rook import VARIANTS
from crowsnest_games.rook.ai import RookEasyAI, play_out
from crowsnest_games.rook.ai.hard import (
    AFTER_AUCTION,
    Determinizer,
    HardConfig,
    RookHardAI,
    sample_deal,
)
from crowsnest_games.rook.deal import DUMMY

SMALL = HardConfig(
    budget=SearchBudget(iterations=60, seconds=None, min_worlds=2),
    declarer_budget=SearchBudget(iterations=40, seconds=None, min_worlds=2),
    bid_budget=SearchBudget(iterations=20, seconds=None, min_worlds=2),
)


def play_positions(
    vid: str,
    seed: int,
    level: str = "easy",
    seats: int | None = None,
    options: dict | None = None,
    phases: tuple[str, ...] = ("play",),
):
    """Every position in `phases` of the first deal of a seeded match (AIs of `level`)."""
    v = VARIANTS[vid]
    m = Match(v, seed=seed, seats=seats, options=options)
    ais = [v.ais[level](v, m.options, m.seats) for _ in range(m.seats)]
    rng = random.Random(seed)
    while not m.over and m.deal_no == 0:
        s = m.to_move
        if m.phase in phases:
            yield m
        legal = m.legal_actions() if m.deal.legal_complete() else []
        m.apply(ais[s].choose(m.view(s), legal, rng))


def proven_voids(m: Match) -> list[set[int]]:
    """Suits each position has shown it lacks (failed to follow, not with the bird)."""
    d = m.deal
    r = d.r
    eff = r.orders[d.trump].eff_suit
    void: list[set[int]] = [set() for _ in range(r.positions)]
    for trick in (*d.history, tuple(d.trick)):
        led = -1
        for i, (pos, c) in enumerate(trick):
            if i == 0:
                led = -1 if (c == r.bird and not r.bird_led_trump) else eff[c]
            elif led < 0:
                led = eff[c]
            elif eff[c] != led and c != r.bird:
                void[pos].add(led)
    return void


BEFORE_NEST = {"trump_timing": "before_nest"}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("vid", "seats", "options"),
    [
        ("crowsnest", None, None),
        ("crowsnest", None, BEFORE_NEST),
        ("partnership", None, None),
        ("individual3", None, None),
        ("individual2", 2, None),
    ],
)
def test_determinizations_agree_with_the_view(vid, seats, options):
    rng = random.Random(3)
    checked = 0
    phases: Counter[str] = Counter()
    for seed in (1, 2):
        for m in play_positions(
            vid, seed, seats=seats, options=options, phases=("bid", *AFTER_AUCTION)
        ):
            phases[m.phase] += 1
            d = m.deal
            seat = d.to_move
            view = m.view(seat)
            real = d.full_state()["where"]
            voids = proven_voids(m)
            det = Determinizer(view)
            for _ in range(3):
                w = det.sample(rng)
                # the viewer sees exactly the same thing in the sampled deal
                assert w.view(seat) == view
                where = w.full_state()["where"]
                # same places, same sizes, the whole deck (card conservation)
                assert {k: len(v) for k, v in where.items()} == {k: len(v) for k, v in real.items()}
                assert Counter(c for v in where.values() for c in v) == Counter(d.deck.names)
                # own hand, table, won piles and visible dummy exactly as they are
                assert sorted(w.hands[d.acting if d.acting == seat else seat]) == sorted(
                    d.hands[seat]
                )
                for k in ("table", *(f"won{p}" for p in range(d.r.positions))):
                    assert where[k] == real[k], k
                if d.r.dummy:
                    assert where["dummy_up"] == real["dummy_up"]
                # played cards are in no hand; no position holds a suit it showed void in
                played = {c for t in d.history for _, c in t} | {c for _, c in d.trick}
                if d.trump < 0:
                    continue  # nothing played yet, so no voids
                eff = d.r.orders[d.trump].eff_suit
                for p in range(d.r.positions):
                    assert not played & set(w.hands[p])
                    if p != seat and not (d.r.dummy and p == DUMMY):
                        held = {eff[c] for c in w.hands[p] if c != d.r.bird}
                        assert not held & voids[p], (p, held, voids[p])
                checked += 1
    assert checked > 30
    assert phases["bid"] and phases["play"] and (phases["nest"] or phases["trump"])


def test_sample_deal_refuses_a_finished_deal():
    d = Match(VARIANTS["crowsnest"], seed=1).deal.clone()
    rng = random.Random(0)
    while not d.over:
        d.apply(d.random_action(rng))
    with pytest.raises(ValueError, match="nothing hidden to sample in the 'over' phase"):
        sample_deal(d.view(0), rng)


def test_samples_differ_where_the_view_leaves_cards_hidden():
    m = next(iter(play_positions("crowsnest", 4)))
    view = m.view(m.to_move)
    det = Determinizer(view)
    rng = random.Random(0)
    hidden = {tuple(map(tuple, det.deal_hidden(rng))) for _ in range(20)}
    assert len(hidden) > 15


@pytest.mark.slow
@pytest.mark.parametrize(
    ("vid", "seats", "options"),
    [("crowsnest", None, None), ("crowsnest", None, BEFORE_NEST), ("individual2", 2, None)],
)
def test_hard_answers_only_legal_actions_in_whole_deals(vid, seats, options):
    v = VARIANTS[vid]
    for seed in (5, 6):
        m = Match(v, seed=seed, seats=seats, options=options)
        hard = RookHardAI(v, m.options, m.seats, SMALL)
        rng = random.Random(seed)
        phases = Counter()
        while not m.over and m.deal_no == 0:
            s = m.to_move
            legal = m.legal_actions() if m.deal.legal_complete() else []
            a = hard.choose(m.view(s), legal, rng)
            assert m.check(a) is None, (m.deal.format_action(a), m.check(a))
            phases[m.phase] += 1
            m.apply(a)
        assert phases["play"] >= 20
        assert phases["trump"] == 1 and phases["nest"] == 1


def test_hard_is_deterministic_for_a_seed():
    v = VARIANTS["crowsnest"]

    def moves(seed: int) -> list[str]:
        m = Match(v, seed=9)
        hard = RookHardAI(v, m.options, m.seats, SMALL)
        rng = random.Random(seed)
        out = []
        while not m.over and m.deal_no == 0:
            a = hard.choose(m.view(m.to_move), m.legal_actions(), rng)
            out.append(m.deal.format_action(a))
            m.apply(a)
        return out

    assert moves(1) == moves(1)


# ---------------------------------------------------------------- a constructed endgame

# CrowsNest, red trump, seat 0 declares and wins the first seven tricks; two tricks
# remain and seat 0 leads, holding R14 (top trump) and Y14 (top yellow). Seat 1 showed
# void in yellow; seat 0 saw the nest, so the six unseen cards are R6 B6 G6 G7 G8 G9
# (no yellow anywhere, one trump). Cashing Y14 first (the easy rule: cash a top off-suit
# card) lets whoever holds R6 trump it when that is an opponent; R14 first draws R6, and
# Y14 then wins the last trick in every deal.
HANDS = [
    "Y13 Y12 Y11 B14 B13 G14 R13 R14 Y14",
    "B5 B7 B8 B9 B12 G12 R5 R6 B6",
    "Y5 Y7 Y9 B10 G5 G10 R12 G6 G7",
    "Y6 Y8 Y10 B11 G13 G11 BIRD G8 G9",
]
NEST = "R7 R8 R9 R10 R11"
SCRIPT = [
    "bid 70", "pass", "pass", "pass", "discard R7 R8 R9 R10 R11", "trump red",
    "play Y13", "play B5", "play Y5", "play Y6",
    "play Y12", "play B7", "play Y7", "play Y8",
    "play Y11", "play B8", "play Y9", "play Y10",
    "play B14", "play B9", "play B10", "play B11",
    "play B13", "play B12", "play G5", "play G13",
    "play G14", "play G12", "play G10", "play G11",
    "play R13", "play R5", "play R12", "play BIRD",
]  # fmt: skip


def endgame() -> Match:
    v = VARIANTS["crowsnest"]
    deal = {"hands": [h.split() for h in HANDS], "nest": NEST.split()}
    m = Match(v, seed=1, dealer=3, deal=deal)
    for a in SCRIPT:
        m.apply(a)
    return m


def test_endgame_position_is_what_the_comment_says():
    m = endgame()
    assert (m.phase, m.to_move) == ("play", 0)
    view = m.view(0)
    names = m.deal.deck.names
    assert sorted(names[c] for c in Determinizer(view).unseen) == sorted(
        ["R6", "B6", "G6", "G7", "G8", "G9"]
    )


def test_hard_draws_the_last_trump_where_easy_cashes_its_top_card():
    m = endgame()
    view = m.view(0)
    names = m.deal.deck.names
    easy = RookEasyAI().choose(view, m.legal_actions(), random.Random(0))
    assert names[easy[1][0]] == "Y14"
    for seed in range(3):
        hard = RookHardAI(config=HardConfig(SearchBudget(iterations=200, seconds=None)))
        a = hard.choose(view, m.legal_actions(), random.Random(seed))
        assert names[a[1][0]] == "R14", seed
        # the margin is the expected loss of Y14 (10) in the two worlds of three where
        # an opponent holds R6: a real difference, not noise
        means = {names[k[1][0]]: x for k, x in hard.last_search.means.items()}
        assert means["R14"] - means["Y14"] > 3


def test_the_plugin_host_registers_hard_for_every_rook_variant():
    from crowsnest.plugin_host import load_registry

    reg = load_registry()
    for vid in VARIANTS:
        assert "hard" in reg.variants[vid].ais, vid
        assert reg.ai_owner[(vid, "hard")] == "rook"


@pytest.mark.slow
@pytest.mark.parametrize("vid", sorted(VARIANTS))
def test_hard_plays_a_legal_deal_in_every_preset(vid):
    v = VARIANTS[vid]
    m = Match(v, seed=11)
    hard = RookHardAI(v, m.options, m.seats, SMALL)
    rng = random.Random(11)
    moves = 0
    while not m.over and m.deal_no == 0:
        legal = m.legal_actions() if m.deal.legal_complete() else []
        a = hard.choose(m.view(m.to_move), legal, rng)
        assert m.check(a) is None, (m.deal.format_action(a), m.check(a))
        m.apply(a)
        moves += 1
    assert moves > m.seats * 5


# ---------------------------------------------------------------- the match's value


def finished(points: tuple[int, int], bid: int, declarer_side: int = 0):
    """A stand-in for a finished CrowsNest deal: the points each side took, the bid."""
    from types import SimpleNamespace

    res = SimpleNamespace(points=points, details={"declarer_side": declarer_side, "bid": bid})
    r = SimpleNamespace(made_scores_bid=True, target=300, floor=-(10**9))
    return SimpleNamespace(redeal=False, r=r, result=lambda: res)


def test_match_value_adds_the_match_where_the_deal_ends_it():
    from crowsnest_games.rook.ai.hard import match_value

    made = finished((100, 20), 70)  # side 0 makes 70: +70 against the defenders' 20
    assert match_value(made, 0, (0, 0), 120) == 50  # far from the target: the margin
    assert match_value(made, 0, (250, 200), 120) == 50 + 120  # 320 to 220: side 0 wins
    assert match_value(made, 1, (250, 200), 120) == -50 - 120
    # the defenders' counters end it: 220 + 70 = 290 against 285 + 20 = 305
    assert match_value(made, 1, (220, 285), 120) == -50 + 120
    # a tie at the top plays on (sudden death): the margin alone
    assert match_value(made, 0, (230, 280), 120) == 50
    # set at 80 with 75: -80 against +45, 170 to 245, nothing ends
    assert match_value(finished((75, 45), 80), 0, (250, 200), 120) == -125
    thrown_in = finished((0, 0), 0)
    thrown_in.redeal = True
    assert match_value(thrown_in, 0, (290, 290), 120) == 0


def test_hard_values_play_outs_as_the_match_counts_them():
    """The evaluator every search uses: the deal's margin, plus or less the match where a
    play-out's scores end it (HardConfig.value "match", the default), the margin alone
    with "deal"; at 0 to 0 no deal ends a CrowsNest match and the two agree."""
    from crowsnest_games.rook.ai.hard import outcome_value

    m = Match(VARIANTS["crowsnest"], seed=4, seats=4, dealer=0)
    m.scores = (250, 260)  # the first deal dealt again late in a match
    m.deal_index = 0
    m._start_deal(0)
    ais = [RookEasyAI() for _ in range(4)]
    rng = random.Random(4)
    while m.phase != "play":
        s = m.to_move
        legal = m.legal_actions() if m.deal.legal_complete() else []
        m.apply(ais[s].choose(m.view(s), legal, rng))
    view = m.view(m.to_move)
    assert view.scores == (250, 260)
    match = HardConfig()
    assert match.value == "match"
    late = RookHardAI(m.variant, m.options, 4, match).evaluator(view)
    plain = RookHardAI(m.variant, m.options, 4, HardConfig(value="deal")).evaluator(view)
    early = RookHardAI(m.variant, m.options, 4, match).evaluator(
        dataclasses.replace(view, scores=(0, 0))
    )
    side = view.side_of(view.acting)
    gaps = set()
    for k in range(12):
        d = sample_deal(view, random.Random(k))
        play_out(d, random.Random(k))
        assert plain(d) == outcome_value(d, side) == early(d)
        gaps.add(late(d) - plain(d))
    # at 250 to 260 nearly every deal ends the match (a high bid set may not)
    assert gaps <= {120.0, 0.0, -120.0} and gaps & {120.0, -120.0}


def test_hard_config_refuses_an_unknown_value():
    with pytest.raises(ValueError, match="HardConfig.value must be one of match, deal"):
        HardConfig(value="points")
    with pytest.raises(ValueError, match="match_win must be 0 or more"):
        HardConfig(match_win=-1)
