"""AI faults that escaped the safe runner (issue 12): an exception whose str() raises, an
answer whose repr() raises or is huge, sys.exit() and KeyboardInterrupt from an AI, NaN
and infinite budgets, and AI levels the game does not have."""

from __future__ import annotations

import os
import signal
import time

import pytest
import toyvariant
from crowsnest.ai import AIRunner
from crowsnest.ai.runner import sane_budget
from crowsnest.batch.parallel import run_jobs
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.engine import Match


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no str for you")


class BadRepr(tuple):
    def __repr__(self):
        raise RuntimeError("no repr for you")


class RaisesUnprintable:
    def choose(self, view, legal, rng):
        raise Unprintable()


class AnswersBadRepr:
    def choose(self, view, legal, rng):
        return BadRepr(("play", (999,)))


class AnswersHuge:
    def choose(self, view, legal, rng):
        return list(range(3_000_000))


class Exits:
    def choose(self, view, legal, rng):
        raise SystemExit(3)


class Interrupts:
    def choose(self, view, legal, rng):
        raise KeyboardInterrupt


class StopsTheRun:
    """An AI in whose choose() the user's stop lands (sent by the AI itself to be sure)."""

    signum = signal.SIGTERM

    def choose(self, view, legal, rng):
        os.kill(os.getpid(), self.signum)
        time.sleep(5.0)  # the run's handler raises here, on this (the main) thread
        return legal[0]


def variant_with(cls):
    return toyvariant.make_variant(ais={"easy": lambda v, o, n: cls()})


def play_all(variant, budget):
    m = Match(variant, seed=1)
    r = AIRunner(variant, m.options, m.seats, budget_s=budget, seed=1)
    n = 0
    while not m.over and n < 3000:
        c = r.choose(m, m.to_move, "easy")
        m.apply(c.action)
        n += 1
    r.close()
    return m, r


@pytest.mark.parametrize("budget", [None, 5.0])
@pytest.mark.parametrize("cls", [RaisesUnprintable, AnswersBadRepr, Exits, Interrupts])
def test_escaping_faults_are_contained(cls, budget):
    m, r = play_all(variant_with(cls), budget)
    assert m.over
    assert r.faults
    for f in r.faults:
        assert f.message  # printable
        assert len(f.message) < 500


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stop_landing_in_an_ai_stops_the_run_and_is_no_fault(sig, monkeypatch):
    """SIGTERM or Ctrl-C while an AI chooses on the main thread (a one-worker simulate or
    tournament) stops the run like anywhere else: it was contained as the AI's own
    KeyboardInterrupt, so the AI was faulted and the run went on (CI saw a one-worker
    `simulate` outlive SIGTERM by a minute)."""
    monkeypatch.setattr(StopsTheRun, "signum", sig)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)  # xdist may ignore it
    runners = []

    def job(seed):
        m, r = play_all(variant_with(StopsTheRun), None)
        runners.append(r)
        return m.over

    try:
        out = run_jobs(job, [1, 2, 3], workers=1)
    finally:
        signal.signal(signal.SIGINT, old)
    assert out.interrupted and out.stopped_by == sig and out.done == 0
    assert out.exit_code == 128 + sig
    assert runners == []  # the first decision stopped it: no game went on past it


def test_unprintable_exception_is_named_by_type():
    m, r = play_all(variant_with(RaisesUnprintable), None)
    assert r.faults[0].detail == "Unprintable"


def test_huge_answer_costs_little():
    v = variant_with(AnswersHuge)
    m = Match(v, seed=1)
    r = AIRunner(v, m.options, m.seats, budget_s=None, seed=1)
    c = r.choose(m, m.to_move, "easy")  # warm the AI
    t = time.perf_counter()
    c = r.choose(m, m.to_move, "easy")
    took = time.perf_counter() - t
    assert c.fault is not None and len(c.fault.detail) < 300
    # building the list is the AI's time; describing it must not add a full repr
    assert took < 2.0


@pytest.mark.parametrize(
    ("given", "want"), [(float("nan"), 10.0), (float("inf"), 86400.0), (1e300, 86400.0), (0, 10.0)]
)
def test_budgets_are_made_sane(given, want):
    assert sane_budget(given) == want
    assert sane_budget(None) is None


def test_nan_budget_does_not_bench_a_good_ai():
    v = toyvariant.make_variant()
    m = Match(v, seed=2)
    r = AIRunner(v, m.options, m.seats, budget_s=float("nan"), seed=1)
    for _ in range(5):
        if m.over:
            break
        c = r.choose(m, m.to_move, "random" if "easy" not in v.ais else "easy")
        assert c.fault is None
        m.apply(c.action)
    assert not r.faults


@pytest.mark.slow
def test_unknown_level_falls_back_to_a_level_the_game_has_and_says_so():
    from crowsnest.plugin_host import load_registry

    v = load_registry(user_folder=False).variants["crowsnest"]
    seats = [SeatSetup(kind="ai", level="timid", name="") for _ in range(4)]
    s = LocalGame(v, seats, seed=5)
    for _ in range(400):
        if s.match.over:
            break
        s.request_ai()
        s.wait_ai()
        got = s.poll_ai()
        assert got is not None
        s.apply(got[1])
    # the table plays (bids are made, not an endless pass-and-redeal) and reports it
    assert any(a[0] == "bid" for a in s.match.log)
    assert any("timid" in f and "normal" in f for f in s.faults)
    assert sum("timid" in f for f in s.faults) == 4  # once per seat
    s.close()
