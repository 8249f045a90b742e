"""The safe AI runner: raising, stalling and illegal AIs are replaced by a legal fallback
for the move, the fault is recorded, and the match still finishes."""

from __future__ import annotations

import threading

import pytest
import toyvariant
from crowsnest.ai import AIRunner, choose_action, resolve_level
from crowsnest.ai.runner import AILevelError
from crowsnest.engine import Match


class Raising:
    def choose(self, view, legal, rng):
        raise ZeroDivisionError("bad maths")


class Illegal:
    def choose(self, view, legal, rng):
        return ("play", (999,)) if view.phase == "play" else ("bid", 7)


class Notation:
    def choose(self, view, legal, rng):
        if view.phase == "bid":
            return "bid 1"
        return "play " + toyvariant.DECK.names[legal[-1][1][0]]


class Stalling:
    def __init__(self, release: threading.Event) -> None:
        self.release = release
        self.calls = 0

    def choose(self, view, legal, rng):
        self.calls += 1
        self.release.wait(30)
        return legal[0]


def variant_with(ai_factory):
    return toyvariant.make_variant(ais={"easy": ai_factory})


def play(match, runner, level="easy"):
    choices = []
    for _ in range(5000):
        if match.over:
            return choices
        c = runner.choose(match, match.to_move, level)
        assert match.check(c.action) is None
        match.apply(c.action)
        choices.append(c)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("budget", [None, 5.0])
def test_raising_ai_is_replaced_and_reported(budget):
    v = variant_with(lambda variant, options, seats: Raising())
    seen = []
    m = Match(v, seed=1)
    runner = AIRunner(v, m.options, m.seats, budget_s=budget, seed=1, on_fault=seen.append)
    choices = play(m, runner)
    assert m.over and choices
    assert all(c.fault is not None and c.fault.kind == "raised" for c in choices)
    assert seen == runner.faults and len(seen) == len(choices)
    f = seen[0]
    assert "ZeroDivisionError: bad maths" in f.message and f.fallback in f.message
    assert f.to_json()["variant"] == "toy"


def test_illegal_answer_is_replaced_with_the_reason():
    v = variant_with(lambda variant, options, seats: Illegal())
    m = Match(v, seed=2)
    runner = AIRunner(v, m.options, m.seats, budget_s=None, seed=2)
    play(m, runner)
    kinds = {f.kind for f in runner.faults}
    assert kinds == {"illegal"}
    assert any("bid 1 or pass" in f.detail for f in runner.faults)


def test_notation_answers_are_accepted_without_faults():
    v = variant_with(lambda variant, options, seats: Notation())
    m = Match(v, seed=3)
    runner = AIRunner(v, m.options, m.seats, budget_s=None)
    choices = play(m, runner)
    assert not runner.faults
    assert choices[0].text == "bid 1"


def test_stalling_ai_times_out_is_benched_and_the_match_finishes():
    release = threading.Event()
    ai = Stalling(release)
    v = variant_with(lambda variant, options, seats: ai)
    m = Match(v, seed=4, seats=2)
    runner = AIRunner(v, m.options, m.seats, budget_s=0.05, seed=4)
    try:
        play(m, runner)
    finally:
        release.set()
    timeouts = [f for f in runner.faults if f.kind == "timeout"]
    # Each seat's AI stalls once, then is benched: later moves use the fallback directly.
    assert len(timeouts) == len(runner.faults) == ai.calls == 2
    assert {f.seat for f in timeouts} == {0, 1}
    assert "benched" in timeouts[0].message


def test_factory_that_raises_is_contained():
    def factory(variant, options, seats):
        raise RuntimeError("no tables")

    v = variant_with(factory)
    m = Match(v, seed=5)
    c = AIRunner(v, m.options, m.seats, budget_s=None).choose(m, m.to_move, "easy")
    assert c.fault.kind == "raised" and "no tables" in c.fault.detail
    assert m.check(c.action) is None


def test_a_failing_ai_never_changes_the_match():
    class Vandal:
        def choose(self, view, legal, rng):
            legal.clear()  # its own copy: harmless
            raise ValueError("vandal")

    v = variant_with(lambda variant, options, seats: Vandal())
    m = Match(v, seed=6)
    m.apply("bid 1")
    before = m.state()
    AIRunner(v, m.options, m.seats).choose(m, m.to_move, "easy")
    assert m.state() == before and m.legal_actions()


def test_same_seed_gives_the_same_choices():
    v = toyvariant.TOY

    def run():
        m = Match(v, seed=7)
        runner = AIRunner(v, m.options, m.seats, seed=99)
        return [c.text for c in play(m, runner, "random")]

    assert run() == run()


def test_levels_fall_back_to_the_strongest_weaker_one():
    v = toyvariant.TOY  # the host adds "random"; here only "easy" is declared
    assert resolve_level(v, "hard") == "easy"
    assert resolve_level(v, "normal") == "easy"
    assert resolve_level(toyvariant.make_variant(ais={}), "easy") == "random"
    with pytest.raises(AILevelError, match="no AI level 'genius'"):
        resolve_level(v, "genius")


def test_choose_action_and_submit():
    v = toyvariant.TOY
    m = Match(v, seed=8)
    c = choose_action(m, m.to_move, "easy", budget_s=2.0)
    assert m.check(c.action) is None and c.level == "easy"
    with pytest.raises(ValueError, match="is not to move"):
        choose_action(m, (m.to_move + 1) % m.seats, "easy")
    fut = AIRunner(v, m.options, m.seats).submit(m, m.to_move, "easy")
    assert m.check(fut.result(timeout=10).action) is None
    d = choose_action(m.deal, None, "random", variant=v)
    assert m.check(d.action) is None


def test_a_busy_looping_ai_is_unwound_not_left_burning_a_core():
    unwound = threading.Event()

    class Spinner:
        def choose(self, view, legal, rng):
            n = 0
            try:
                while True:  # pure Python: the runner's async exception stops it
                    n += 1
            finally:
                unwound.set()

    v = variant_with(lambda variant, options, seats: Spinner())
    m = Match(v, seed=9)
    runner = AIRunner(v, m.options, m.seats, budget_s=0.05)
    c = runner.choose(m, m.to_move, "easy")
    assert c.fault.kind == "timeout" and m.check(c.action) is None
    assert unwound.wait(10), "the stalled AI is still running"


class UnlistedPlays(toyvariant.ToyDeal):
    """The toy with its plays not listed (as a burial of 8 of 33 cards is not)."""

    def legal_actions(self):
        return [] if self.phase == "play" else super().legal_actions()

    def legal_complete(self):
        return self.phase != "play"

    def random_action(self, rng):
        return rng.choice(toyvariant.ToyDeal.legal_actions(self))

    def check(self, action):
        if self.phase == "play":
            return None if action in toyvariant.ToyDeal.legal_actions(self) else "not legal"
        return super().check(action)

    def clone(self):
        c = super().clone()
        c.__class__ = UnlistedPlays
        return c


def test_random_ai_inside_a_plugin_ai_delegates_unlisted_choices_without_faults():
    from crowsnest.ai import RandomAI

    class Wrapper:  # as a plugin AI that falls back on the random AI
        def choose(self, view, legal, rng):
            return RandomAI().choose(view, legal, rng)

    v = toyvariant.make_variant(
        new_deal=UnlistedPlays, ais={"easy": lambda variant, options, seats: Wrapper()}
    )
    m = Match(v, seed=10)
    runner = AIRunner(v, m.options, m.seats, seed=1)
    choices = play(m, runner)
    assert m.over and not runner.faults and all(c.fault is None for c in choices)
