"""A variant that raises partway through an action leaves the match as it was.

Match.apply_unchecked copies nothing before an action; a failed action is undone by
rebuilding the deal from its set-up and its actions (what a save does). These tests make
a game's apply fail after it has changed the deal, at every kind of moment (the first
action, mid-deal, the action that ends a deal, later deals), for every registered game,
and check that the match is exactly as before and then plays on as if nothing happened.
"""

from __future__ import annotations

import random

import pytest
from crowsnest.engine import Match, VariantFault
from crowsnest.engine.actions import Action
from crowsnest.plugin_host import load_registry

REG = load_registry(user_folder=False)
GAMES = sorted(REG.variants)


def snapshot(m: Match) -> tuple:
    return (
        m.state(),
        list(m.log),
        m.scores,
        m.deal_index,
        m.deal_no,
        list(m.history),
        m.deal_start,
        m.over,
        sorted(map(repr, m.legal_actions())),
    )


def fail_on(monkeypatch: pytest.MonkeyPatch, m: Match, target: int) -> list[int]:
    """Make the deal class's apply fail, after doing its work, on the target-th call
    from now on (counted 0 up); the rebuild's own applies come after and succeed."""
    cls = type(m.deal)
    real = cls.apply
    calls = [0]

    def broken(self, action):  # type: ignore[no-untyped-def]
        n = calls[0]
        calls[0] += 1
        out = real(self, action)  # the deal is changed, then the variant fails
        if n == target:
            raise IndexError("half done")
        return out

    monkeypatch.setattr(cls, "apply", broken)
    return calls


def play_to(m: Match, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if m.over:
            return
        m.apply_unchecked(m.deal.random_action(rng))


def to_deal_end(m: Match, rng: random.Random) -> Action | None:
    """Play up to the action that ends the deal in progress; that action."""
    while not m.over:
        a = m.deal.random_action(rng)
        probe = m.deal.clone()
        probe.apply(a)
        if probe.over:
            return a
        m.apply_unchecked(a)
    return None


def reach(m: Match, moment: str) -> Action | None:
    """Play to the moment; the action to fail on there (None: the match ended first)."""
    rng = random.Random(5)
    if moment == "mid-deal":
        play_to(m, rng, 7)
    elif moment in ("deal end", "settling"):
        return to_deal_end(m, rng)
    elif moment == "later deal":
        a = to_deal_end(m, rng)
        if a is None:
            return None
        m.apply_unchecked(a)
        play_to(m, rng, 3)
    return None if m.over else m.deal.random_action(rng)


MOMENTS = ["first", "mid-deal", "deal end", "later deal", "settling"]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("moment", MOMENTS)
def test_a_failed_action_leaves_the_match_as_it_was(game, moment, monkeypatch):
    v = REG.variants[game]
    m = Match(v, seed=5)
    action = reach(m, moment)
    assert action is not None, "the seed reaches every moment"
    before = snapshot(m)
    if moment == "settling":  # the deal's last action applies; scoring it fails
        scorer = type(v.scorer)

        def broken_settle(self, setup, result):  # type: ignore[no-untyped-def]
            raise KeyError("scorer bug")

        monkeypatch.setattr(scorer, "settle", broken_settle)
        monkeypatch.setattr(scorer, "redeal_dealer", broken_settle)
    else:
        fail_on(monkeypatch, m, 0)
    with pytest.raises(VariantFault, match="the match is unchanged"):
        m.apply_unchecked(action)
    monkeypatch.undo()
    assert snapshot(m) == before
    # And it plays on exactly like a match that never failed (compared in notation:
    # with two decks equal cards have several ids).
    twin = Match.replay(v, m.log_strings(), **m.start_kwargs())
    assert public(twin) == public(m)
    for i in range(30):
        if m.over:
            break
        text = m.deal.format_action(m.deal.random_action(random.Random(i)))
        assert m.apply(text) == twin.apply(text)
        assert public(m) == public(twin)


def public(m: Match) -> tuple:
    return (m.state(), m.log_strings(), m.scores, m.deal_no, m.history, sorted(m.legal_strings()))


def test_a_deal_that_cannot_be_rebuilt_is_said_plainly(monkeypatch):
    """A variant whose replays fail too (not deterministic): the fault says the match
    cannot go on rather than claiming it is unchanged."""
    v = REG.variants["doudizhu"]
    m = Match(v, seed=2)
    play_to(m, random.Random(2), 5)
    cls = type(m.deal)
    real = cls.apply

    def broken(self, action):  # type: ignore[no-untyped-def]
        real(self, action)
        raise ValueError("always")

    monkeypatch.setattr(cls, "apply", broken)
    with pytest.raises(VariantFault, match="could not be rebuilt.*cannot go on"):
        m.apply_unchecked(m.deal.random_action(random.Random(0)))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_rebuilt_deal_is_the_deal(game):
    """Deals are functions of their set-up and actions: the rebuild every fault relies on
    gives the same state, legal actions and views at every step of whole deals."""
    v = REG.variants[game]
    m = Match(v, seed=11)
    rng = random.Random(11)
    for _ in range(400):
        if m.over:
            break
        rebuilt = m.rebuilt_deal()
        assert rebuilt.full_state() == m.deal.full_state()
        assert sorted(map(repr, rebuilt.legal_actions())) == sorted(
            map(repr, m.deal.legal_actions())
        )
        seat = max(m.deal.to_move, 0)
        assert rebuilt.view(seat) == m.deal.view(seat)
        m.apply_unchecked(m.deal.random_action(rng))


def test_a_failed_action_in_a_fixed_deal_is_undone_on_the_same_cards(monkeypatch):
    """A match started on a fixed deal (cards named, as the protocol's "deal" allows)
    rebuilds its first deal from those cards, not from a shuffle."""
    v = REG.variants["doudizhu"]
    dealt = Match(v, seed=1).deal.full_state()
    fixed = {"hands": dealt["hands"], "bottom": dealt["bottom"]}
    m = Match(v, seed=2, deal=fixed)
    m.apply("bid 3")  # the first bidder takes it: no all-pass redeal, still the fixed deal
    play_to(m, random.Random(2), 6)
    assert m.deal_index == 1 and not m.deal.over
    before = snapshot(m)
    assert m.state()["hands"] != Match(v, seed=2).state()["hands"]  # not the seed's shuffle
    fail_on(monkeypatch, m, 0)
    with pytest.raises(VariantFault, match="the match is unchanged"):
        m.apply_unchecked(m.deal.random_action(random.Random(3)))
    monkeypatch.undo()
    assert snapshot(m) == before
