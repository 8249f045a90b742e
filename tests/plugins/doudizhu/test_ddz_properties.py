"""Property runs: card conservation, termination, view invariance, and the legal list
agreeing with check() at every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from crowsnest.engine import Match
from crowsnest.testing import play_match
from crowsnest_games.doudizhu import VARIANT
from crowsnest_games.doudizhu.cards import NAMES, RANK_OF, ranks_of

DECK = Counter(NAMES)


def random_deal(seed: int, stop_after: int | None = None) -> tuple[Match, list[str], int]:
    """One deal of random play from `seed` (a thrown-in deal retries with another seed);
    returns the match, the actions as notation (stopping early after `stop_after` actions
    if given) and the seed used."""
    rng = random.Random(seed)
    m = Match(VARIANT, seed=seed, first=seed % 3)
    log: list[str] = []
    while m.deal_no == 0 and (stop_after is None or len(log) < stop_after):
        action = m.deal.random_action(rng)
        log.append(m.deal.format_action(action))
        m.apply(log[-1])
        if m.deal_index > 1:  # thrown in: start over with the next seed
            return random_deal(seed + 1000, stop_after)
    return m, log, seed


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_conservation_and_check_agree_with_legal(seed: int) -> None:
    rng = random.Random(seed)
    m = Match(VARIANT, seed=seed, options={"deals": 1})
    steps = 0
    while not m.over:
        where = m.state()["where"]
        assert Counter(c for pile in where.values() for c in pile) == DECK
        sizes = [len(where[f"hand{s}"]) for s in range(3)]
        assert sizes == list(m.view(0).hand_counts)
        legal = m.legal_actions()
        assert legal, "nobody can act but the deal is not over"
        for a in legal:
            assert m.check(a) is None, (m.deal.format_action(a), m.check(a))
        assert m.deal.random_action(random.Random(steps)) in legal
        m.apply(rng.choice(legal))
        steps += 1
        assert steps < 400


@pytest.mark.parametrize("seed", range(100))
def test_every_deal_terminates(seed: int) -> None:
    """Each round plays at least one card, so a deal needs at most 54 x 3 actions plus the
    auction (at most 9); random play must end every deal within that, and a match too."""
    rng = random.Random(seed)
    m = Match(VARIANT, seed=seed, options={"deals": 2})
    deals = 0
    while not m.over:
        for _ in range(9 + 3 * 54):
            events = m.apply_unchecked(m.deal.random_action(rng))
            if any(e["type"] in ("deal_over", "redeal") for e in events):
                break
        else:
            raise AssertionError("a deal did not end")
        deals += 1
        assert deals < 100  # ties at the top extend a match, but not for ever


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_ai_matches_conserve_cards_and_end(level: str) -> None:
    for seed in range(3):
        m = play_match(VARIANT, seed=seed, level=level, options={"deals": 2})
        assert m.over and not m.ai_faults


@pytest.mark.parametrize("seed", range(12))
def test_view_depends_only_on_what_the_seat_may_see(seed: int) -> None:
    """Redistribute the other two seats' unplayed cards between them and replay the same
    actions: the seat's view is unchanged (their views are not)."""
    rng = random.Random(seed)
    m, log, seed = random_deal(seed, stop_after=rng.randrange(3, 40))
    d = m.deal
    state = m.state()
    bottom = set(state["bottom"])
    for k in range(3):
        j1, j2 = [s for s in range(3) if s != k]
        played = {s: [c for who, cs in d.history for c in cs if who == s] for s in range(3)}
        holds = {s: set(state["hands"][s]) for s in range(3)}
        # Each hand as dealt: held + played, minus the bottom for the landlord.
        dealt = {}
        for s in range(3):
            cards = holds[s] | {NAMES[c] for c in played[s]}
            dealt[s] = cards - bottom if s == d.landlord else cards
        a = sorted(holds[j1] - bottom)
        b = sorted(holds[j2] - bottom)
        pool = a + b
        rng.shuffle(pool)
        new = {k: dealt[k], j1: (dealt[j1] - set(a)) | set(pool[: len(a)])}
        new[j2] = (dealt[j2] - set(b)) | set(pool[len(a) :])
        fixed = {"hands": [sorted(new[s]) for s in range(3)], "bottom": state["bottom"]}
        m2 = Match.replay(VARIANT, log, seed=seed, deal=fixed, first=d.first_bidder)
        assert m2.view(k) == m.view(k)
        assert m2.view_json(k) == m.view_json(k)
        if set(pool[: len(a)]) != set(a):
            assert m2.view(j1) != m.view(j1)


def test_clone_is_independent() -> None:
    m, _, _ = random_deal(5, stop_after=8)
    d = m.deal
    before = d.full_state()
    c = d.clone()
    rng = random.Random(1)
    while not c.over:
        c.apply(c.random_action(rng))
    assert d.full_state() == before
    assert c.full_state()["where"]["played"] != before["where"]["played"]


def test_views_hide_other_hands_and_bottom() -> None:
    m = Match(VARIANT, seed=4, first=0)
    v = m.view_json(1)
    others = set(m.state()["hands"][0]) | set(m.state()["hands"][2]) | set(m.state()["bottom"])
    text = repr(v)
    assert not any(f"'{c}'" in text for c in others)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_check_accepts_exactly_the_listed_rank_sets_in_any_suits(seed: int) -> None:
    """For random selections of the mover's cards, check() allows the play exactly when
    its rank multiset is among the legal actions, whichever suits were chosen."""
    rng = random.Random(seed)
    m = Match(VARIANT, seed=seed, options={"deals": 1})
    while not m.over:
        if m.phase == "play":
            legal_sets = {ranks_of(a[1]) for a in m.legal_actions() if a[0] == "play"}
            hand = list(m.deal.hand_of(m.to_move))
            for _ in range(30):
                pick = tuple(sorted(rng.sample(hand, rng.randint(1, min(8, len(hand))))))
                assert (m.check(("play", pick)) is None) == (ranks_of(pick) in legal_sets)
            for a in m.legal_actions()[:5]:  # the same ranks in other held suits
                if a[0] == "play":
                    other = _other_suits(a[1], hand, rng)
                    assert m.check(("play", other)) is None
        m.apply_unchecked(m.deal.random_action(rng))


def _other_suits(cards: tuple[int, ...], hand: list[int], rng: random.Random) -> tuple[int, ...]:
    """Held cards with the same ranks as `cards`, suits chosen at random."""
    out: list[int] = []
    for r in sorted(set(ranks_of(cards))):
        same = [c for c in hand if RANK_OF[c] == r]
        out.extend(rng.sample(same, sum(1 for c in cards if RANK_OF[c] == r)))
    return tuple(sorted(out))
