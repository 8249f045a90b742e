"""Properties every registered variant (and the toy) must have, checked generically
through Match: cards are conserved at every step (full_state()["where"] is exactly the
deck), someone can always act until the match ends, AI matches end, and the same seed and
actions give the same game."""

from __future__ import annotations

import random
from collections import Counter

import pytest
import toyvariant
from crowsnest.ai import AIRunner, resolve_level
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry

REGISTRY = load_registry(folders=[], user_folder=False)
VARIANTS = {"toy": toyvariant.TOY, **REGISTRY.variants}
CASES = [(vid, n) for vid, v in sorted(VARIANTS.items()) for n in v.seats]
MAX_ACTIONS = 60_000
CONSERVATION_DEALS = 2  # full_state() at every step of the first deals only (it is slow)


def step_checks(m, deck):
    assert m.to_move >= 0
    assert m.legal_actions() or not m.deal.legal_complete(), "nobody can act"


@pytest.mark.slow
@pytest.mark.parametrize("vid, seats", CASES)
def test_random_deals_conserve_cards_and_someone_can_act(vid, seats):
    """Uniform random play (which may never finish a match: random bids fail and scores
    sink) over the first deals, checking the whole deck is somewhere at every step."""
    for seed in range(3):
        m = Match(VARIANTS[vid], seed=seed, seats=seats)
        rng = random.Random(seed)
        deck = Counter(m.deck.names)
        for _ in range(MAX_ACTIONS):
            if m.over or m.deal_index > CONSERVATION_DEALS:
                break
            where = m.state()["where"]
            assert Counter(c for pile in where.values() for c in pile) == deck
            step_checks(m, deck)
            action = m.deal.random_action(rng)
            assert m.check(action) is None, f"random_action gave an illegal {action}"
            m.apply(action)
        else:
            raise AssertionError(f"{vid}: deals did not end")


@pytest.mark.slow
@pytest.mark.parametrize("vid, seats", CASES)
def test_ai_matches_end_with_a_winner(vid, seats):
    """Whole matches played by the variant's 'easy' AI (random where it has none) end."""
    v = VARIANTS[vid]
    level = resolve_level(v, "easy")
    m = Match(v, seed=5, seats=seats)
    runner = AIRunner(v, m.options, m.seats, budget_s=None, seed=5)
    deck = Counter(m.deck.names)
    for _ in range(MAX_ACTIONS):
        if m.over:
            break
        step_checks(m, deck)
        choice = runner.choose(m, m.to_move, level)
        assert choice.fault is None, choice.fault.message
        m.apply(choice.action)
    else:
        raise AssertionError(f"{vid}: no end after {MAX_ACTIONS} actions")
    assert m.winner is not None and m.to_move == -1 and not m.legal_actions()
    assert Counter(c for pile in m.state()["where"].values() for c in pile) == deck


@pytest.mark.parametrize("vid, seats", CASES)
def test_same_seed_and_actions_give_the_same_game(vid, seats):
    v = VARIANTS[vid]
    m = Match(v, seed=42, seats=seats)
    rng = random.Random(42)
    for _ in range(150):
        if m.over:
            break
        m.apply(m.deal.random_action(rng))
    again = Match.replay(v, m.log_strings(), seed=42, seats=seats)
    assert again.state() == m.state()
    assert [again.view_json(s) for s in range(m.seats)] == [m.view_json(s) for s in range(m.seats)]
    assert Match(v, seed=42, seats=seats).state() == m.fresh().state()


# Things that are no action, or an action of the wrong shape: Match.check turns the first
# kind away itself (shape_error); the variant's check must give a reason for the rest.
ODD_ACTIONS = [
    None,
    (),
    42,
    [],
    (7,),
    ("",),
    ("play",),
    ("bid",),
    ("play", "x"),
    ("play", None),
    ("play", (9999,)),
    ("play", (-1,)),
    ("discard",),
    ("declare",),
    ("trump", 3),
    ("pass", 1),
    ("bid", True),
]


@pytest.mark.parametrize("vid", sorted(VARIANTS))
def test_odd_actions_get_a_reason_in_every_phase_and_change_nothing(vid):
    v = VARIANTS[vid]
    m = Match(v, seed=3, seats=v.default_seats)
    rng = random.Random(3)
    for _ in range(200):
        if m.over:
            break
        before = m.state()
        for odd in ODD_ACTIONS:
            reason = m.check(odd)
            assert isinstance(reason, str) and reason, (m.phase, odd)
        assert m.state() == before
        m.apply(m.deal.random_action(rng))
    assert Match(v, seed=0, seats=v.default_seats).check(None) == "that is not an action"


def test_every_registered_variant_is_covered():
    assert "toy" in VARIANTS and all(v.seats for v in VARIANTS.values())
