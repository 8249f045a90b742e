"""Issue 29: the AI worker sees only what its seat may see, its whole process group
ends with it, and it ends when its parent dies.

The hostile AI walks every frame above it and every object the garbage collector knows,
looking for a deal (anything with `hand_of`), another seat's view, or a request carrying
the deal's set-up or actions. In process (the probe works) it finds the whole deal; in
its worker it must find nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from crowsnest.ai import AIRunner, isolated
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry

PLUGIN = """
import gc, json, os, subprocess, sys, time

def _probe(o, me, found):
    try:
        if type(o).__module__.startswith(("_pytest", "pytest", "pluggy")):
            return
        if hasattr(o, "hand_of") and callable(o.hand_of) and hasattr(o, "legal_actions"):
            found.append("a deal: " + repr([list(o.hand_of(s)) for s in range(4) if s != me]))
        elif hasattr(o, "hand") and hasattr(o, "seat") and isinstance(getattr(o, "seat"), int):
            if o.seat != me:
                found.append(f"the view of seat {o.seat}")
        elif isinstance(o, dict) and (
            isinstance(o.get("setup"), dict)
            or isinstance(o.get("piles"), dict)
            or (isinstance(o.get("hands"), (list, tuple)) and len(o["hands"]) > 1)
        ):
            found.append("a request or set-up: " + ",".join(sorted(map(str, o)))[:80])
    except Exception:
        pass

class Peek:
    def choose(self, view, legal, rng):
        found = []
        f = sys._getframe(1)
        while f is not None:
            for v in list(f.f_locals.values()):
                _probe(v, view.seat, found)
            f = f.f_back
        for o in gc.get_objects():
            _probe(o, view.seat, found)
        with open(os.environ["PEEK_OUT"], "a") as out:
            out.write(json.dumps(found) + "\\n")
        return legal[0]

class Spawner:
    def choose(self, view, legal, rng):
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        with open(os.environ["PEEK_OUT"], "a") as out:
            out.write(f"{os.getpid()} {child.pid}\\n")
        while True:
            pass

def crowsnest_register_ais(register):
    register("crowsnest", "peek", lambda variant, options, seats: Peek())
    register("crowsnest", "spawner", lambda variant, options, seats: Spawner())
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile")
    (d / "hostile.py").write_text(textwrap.dedent(PLUGIN))
    return d


@pytest.fixture(autouse=True)
def fresh_workers():
    isolated.close_all()
    yield
    isolated.close_all()


def _peek(variant, out, n=120):
    m = Match(variant, seed=3)
    r = AIRunner(variant, m.options, m.seats, budget_s=30.0, seed=3)
    try:
        for _ in range(n):
            if m.over:
                break
            level = "peek" if m.to_move in (0, 1) else "easy"  # two hostile seats
            m.apply(r.choose(m, level=level).action)
    finally:
        r.close()
    return [json.loads(x) for x in out.read_text().splitlines()]


@pytest.mark.slow
def test_a_hostile_ai_in_its_worker_finds_no_hidden_card(folder, tmp_path, monkeypatch):
    out = tmp_path / "peek.jsonl"
    monkeypatch.setenv("PEEK_OUT", str(out))
    here = load_registry([folder], user_folder=False, isolate_ais=False).variant("crowsnest")
    found = _peek(here, out, n=20)
    assert found and all(f for f in found), "the probe finds the deal in process"
    out.unlink()
    variant = load_registry([folder], user_folder=False).variant("crowsnest")
    found = _peek(variant, out)
    assert len(found) > 20  # it was asked, in its worker, many times
    assert all(f == [] for f in found), next(f for f in found if f)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _gone(pid: int, timeout: float = 15.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not _alive(pid):
            return True
        time.sleep(0.1)
    return False


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")
def test_what_an_ai_starts_dies_with_its_worker(folder, tmp_path, monkeypatch):
    out = tmp_path / "pids"
    monkeypatch.setenv("PEEK_OUT", str(out))
    variant = load_registry([folder], user_folder=False).variant("crowsnest")
    m = Match(variant, seed=3)
    r = AIRunner(variant, m.options, m.seats, budget_s=3.0, seed=3)
    try:
        choice = r.choose(m, level="spawner")  # loops: killed at the budget
    finally:
        r.close()
    assert choice.fault is not None and choice.fault.kind == "timeout"
    worker, child = map(int, out.read_text().split())
    assert _gone(worker) and _gone(child), "the AI's own process outlived its worker"


PARENT = """
import os, sys
from crowsnest.ai import AIRunner
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry
v = load_registry([sys.argv[1]], user_folder=False).variant("crowsnest")
m = Match(v, seed=3)
r = AIRunner(v, m.options, m.seats, budget_s=None, seed=3)
r.choose(m, level="spawner")  # never returns: the AI loops
"""


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")
def test_a_worker_ends_when_its_parent_is_killed(folder, tmp_path):
    out = tmp_path / "pids"
    env = {**os.environ, "PEEK_OUT": str(out)}
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(folder)], env=env)
    try:
        end = time.monotonic() + 120
        while time.monotonic() < end and not (out.exists() and out.read_text().strip()):
            time.sleep(0.1)
        worker, child = map(int, out.read_text().split())
        assert _alive(worker)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        assert _gone(worker), "the worker outlived its SIGKILLed parent"
        assert _gone(child), "the AI's process outlived its worker's parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
