"""A plugin whose AI raises, stalls past its budget or answers an illegal action is
contained by the safe runner: a fallback makes the move, the fault is reported, the match
finishes. The faulty AIs come in through crowsnest_register_ais, as a community plugin's
would."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import crowsnest_ohhell
import pytest
from crowsnest.ai import AIRunner
from crowsnest.engine import Match
from crowsnest.hookspecs import hookimpl

OHHELL = Path(crowsnest_ohhell.__file__).parent
RELEASE = threading.Event()  # lets the stalled AI's abandoned thread finish after the test


class Raises:
    def choose(self, view, legal, rng):
        raise RuntimeError("bug in the plugin")


class Stalls:
    def choose(self, view, legal, rng):
        RELEASE.wait(30)
        return legal[0]


class Illegal:
    def choose(self, view, legal, rng):
        return ("bid", 99) if view.phase == "bid" else ("play", (view.hand[0] + 52,))


class FaultyAIs:
    """A plugin object adding three broken AI personalities to Oh Hell."""

    __version__ = "0.1"

    @hookimpl
    def crowsnest_register_ais(self, register):
        register("ohhell", "raises", lambda variant, options, seats: Raises())
        register("ohhell", "stalls", lambda variant, options, seats: Stalls())
        register("ohhell", "illegal", lambda variant, options, seats: Illegal())


@pytest.fixture
def ohhell(crowsnest_registry):
    registry = crowsnest_registry(crowsnest_ohhell, FaultyAIs())
    record = next(p for p in registry.plugins if p.name == "faultyais")
    assert record.error is None
    assert set(record.ais) == {"ohhell:raises", "ohhell:stalls", "ohhell:illegal"}
    yield registry.variant("ohhell")
    RELEASE.set()


@pytest.mark.slow
def test_faulty_ais_are_replaced_by_a_fallback_and_the_match_finishes(ohhell):
    options = {"rounds": "down", "max_hand": 3}
    match = Match(ohhell, seed=5, seats=4, options=options)
    reported = []
    runner = AIRunner(
        ohhell, match.options, match.seats, budget_s=0.3, seed=5, on_fault=reported.append
    )
    levels = {0: "raises", 1: "stalls", 2: "illegal", 3: "easy"}
    moves = 0
    try:
        while not match.over and moves < 500:
            choice = runner.choose(match, level=levels[match.to_move])
            match.apply(choice.action)  # raises if the fallback were illegal
            moves += 1
    finally:
        runner.close()
    assert match.over and match.winner is not None
    kinds = {(f.seat, f.kind) for f in runner.faults}
    assert (0, "raised") in kinds and (1, "timeout") in kinds and (2, "illegal") in kinds
    assert all(f.seat != 3 for f in runner.faults)  # the sound AI is never replaced
    assert reported == runner.faults
    raised = next(f for f in runner.faults if f.kind == "raised")
    assert "bug in the plugin" in raised.message and raised.fallback in match.log_strings()
    # A stalled AI is benched after its first timeout: one timeout, not one per move.
    assert sum(f.kind == "timeout" for f in runner.faults) == 1


def test_a_string_answer_in_notation_is_accepted(crowsnest_registry):
    class Notation:
        def choose(self, view, legal, rng):
            return "bid 0" if view.phase == "bid" else "play " + view.to_json()["hand"][0]

    class Plugin:
        @hookimpl
        def crowsnest_register_ais(self, register):
            register("ohhell", "notation", lambda v, o, s: Notation())

    variant = crowsnest_registry(crowsnest_ohhell, Plugin()).variant("ohhell")
    match = Match(
        variant, seed=1, seats=3, options={"rounds": "down", "max_hand": 2, "hook": False}
    )
    runner = AIRunner(variant, match.options, 3, budget_s=None, seed=1)
    faults = 0
    while not match.over:
        choice = runner.choose(match, level="notation")
        match.apply(choice.action)
        # Leading its first card is legal; following with it may not be: those are faults.
        faults += choice.fault is not None
    assert match.over
    assert all(f.kind == "illegal" for f in runner.faults) and len(runner.faults) == faults


FAULTY_DROPIN = """
import threading
from crowsnest.hookspecs import hookimpl

class Raises:
    def choose(self, view, legal, rng):
        raise RuntimeError("bug in the plugin")

class Stalls:
    def choose(self, view, legal, rng):
        threading.Event().wait(60)

class Illegal:
    def choose(self, view, legal, rng):
        return "bid 99"

@hookimpl
def crowsnest_register_ais(register):
    register("ohhell", "raises", lambda v, o, s: Raises())
    register("ohhell", "stalls", lambda v, o, s: Stalls())
    register("ohhell", "illegal", lambda v, o, s: Illegal())
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("level", "kind"), [("raises", "raised"), ("illegal", "illegal"), ("stalls", "timeout")]
)
def test_crowsnest_simulate_contains_a_drop_in_plugins_faulty_ai(tmp_path, level, kind):
    """End to end: Oh Hell and a plugin with broken AIs as drop-ins in a config folder."""
    folder = tmp_path / "plugins"
    shutil.copytree(
        OHHELL, folder / "crowsnest_ohhell", ignore=shutil.ignore_patterns("__pycache__")
    )
    (folder / "faulty_ais.py").write_text(FAULTY_DROPIN)
    config = tmp_path / "config.toml"
    config.write_text(
        f"[plugins]\nfolders = [{json.dumps(str(folder))}]\n\n"
        '[options.ohhell]\nrounds = "down"\nmax_hand = 3\n'
    )
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    cmd = [
        sys.executable,
        "-m",
        "crowsnest",
        "simulate",
        "--config",
        str(config),
        "--variant",
        "ohhell",
    ]
    cmd += [
        "--seats",
        "3",
        "--games",
        "2",
        "--seed",
        "1",
        "--level",
        level,
        "--budget",
        "0.3",
        "--json",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["games"] == 2 and sum(out["wins"]) == 2  # both matches finished
    assert out["deals"] >= 2 * 3
    assert out["fault_count"] > 0 and {f["kind"] for f in out["faults"]} == {kind}
    if kind == "timeout":  # benched after one timeout per seat and match, not every move
        assert out["fault_count"] <= 2 * 3
    else:  # every move of every seat was made by the fallback
        assert out["fault_count"] == out["actions"]
