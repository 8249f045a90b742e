"""A plugin's AI (outside the game) runs in a worker process (crowsnest.ai.isolated):
os._exit, a loop that catches BaseException, memory without bound and printing end or
disturb only the worker; the match goes on with the fallback, the AI is benched, the next
isolated AI gets a new worker; the same seed gives the same moves as in process."""

from __future__ import annotations

import os
import textwrap
import time

import pytest
from crowsnest.ai import AIRunner, isolated
from crowsnest.ai.isolated import IsolatedFactory
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry

PLUGIN = """
import os, sys, time

class Bold:
    def choose(self, view, legal, rng):
        print("thinking out loud")  # must not garble the worker's answers
        if os.environ.get("BOLD_PIDS"):  # where it runs, for the test to see
            with open(os.environ["BOLD_PIDS"], "a") as f:
                f.write(f"{os.getpid()}\\n")
        return legal[rng.randrange(len(legal))]

class Quits:
    def choose(self, view, legal, rng):
        os._exit(3)

class Loops:
    def choose(self, view, legal, rng):
        while True:
            try:
                time.sleep(0.001)
            except BaseException:
                pass

class Hog:
    def choose(self, view, legal, rng):
        hoard = []
        while True:
            hoard.append(bytearray(20 * 2**20))

class Exits:
    def choose(self, view, legal, rng):
        sys.exit("bye")

class Huge:
    def choose(self, view, legal, rng):
        return ("bid", list(range(100000)))

def crowsnest_register_ais(register):
    for name, cls in [("bold", Bold), ("quits", Quits), ("loops", Loops), ("hog", Hog),
                      ("exits", Exits), ("huge", Huge)]:
        register("crowsnest", name, lambda variant, options, seats, cls=cls: cls())
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    d = tmp_path_factory.mktemp("plugins")
    (d / "strangeais.py").write_text(textwrap.dedent(PLUGIN))
    return d


@pytest.fixture(scope="module")
def variant(folder):
    v = load_registry([folder], user_folder=False).variant("crowsnest")
    assert isinstance(v.ais["bold"], IsolatedFactory)  # the plugin's AIs: isolated
    assert not isinstance(v.ais["easy"], IsolatedFactory)  # built-in: in process
    return v


@pytest.fixture(autouse=True)
def fresh_workers():
    isolated.close_all()  # each test starts with no worker process
    yield
    isolated.close_all()


def _workers():
    """This process's live worker processes (pids), from /proc."""
    found = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{d}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if int(stat[1]) == os.getpid() and stat[0] != "Z" and b"crowsnest.ai.worker" in cmd:
            found.append(int(d))
    return found


def _play(variant, levels, budget, n=300, seed=4):
    m = Match(variant, seed=seed, options={"deal_limit": 1})
    faults = []
    r = AIRunner(variant, m.options, m.seats, budget_s=budget, seed=seed, on_fault=faults.append)
    try:
        for _ in range(n):
            if m.over:
                break
            m.apply(r.choose(m, level=levels[m.to_move]).action)  # raises if illegal
    finally:
        workers = list(r._processes.values())
        r.close()
    return m, faults, workers


@pytest.mark.slow
def test_same_seed_same_moves_as_in_process(folder, variant):
    here = load_registry([folder], user_folder=False, isolate_ais=False).variant("crowsnest")
    assert not isinstance(here.ais["bold"], IsolatedFactory)
    levels = ["bold", "easy", "bold", "random"]
    a, fa, _ = _play(variant, levels, None, n=400)
    b, fb, _ = _play(here, levels, None, n=400)
    assert fa == fb == [] and a.over
    assert a.log == b.log and a.state() == b.state()


@pytest.mark.slow
def test_os_exit_ends_the_worker_not_the_table(variant):
    m, faults, workers = _play(variant, ["quits", "bold", "easy", "bold"], 5.0)
    kinds = [(f.level, f.kind) for f in faults]
    assert kinds == [("quits", "died")]  # benched after the first: reported once
    assert "exit status 3" in faults[0].message and "benched" in faults[0].message
    assert m.over  # the match went on to its end: fallbacks for the benched seat
    # a worker per seat (issue 29: no seat's AI shares a process with another's views):
    # seat 0's died and was not started again (benched); seats 1 and 3 each had one
    assert sum(w.started for w in workers) == 3


@pytest.mark.slow
def test_a_loop_catching_baseexception_is_killed_at_the_budget(variant):
    t = time.monotonic()
    m, faults, workers = _play(variant, ["loops", "bold", "bold", "bold"], 0.5)
    assert [(f.level, f.kind) for f in faults] == [("loops", "timeout")]
    assert time.monotonic() - t < 30 and m.over
    # the looping worker was killed (no core kept busy); each 'bold' seat has its own
    assert [w.started for w in workers] == [1, 1, 1, 1] and len(_workers()) == 3


@pytest.mark.slow
def test_memory_without_bound_is_the_workers_problem(variant, monkeypatch):
    monkeypatch.setattr(isolated, "MEMORY_MB", 400)
    m, faults, _ = _play(variant, ["hog", "bold", "bold", "bold"], 20.0)
    # MemoryError inside the worker (contained: the AI raises at each of its moves, as it
    # would in process), or the worker killed (then benched): never the table
    assert faults and {f.level for f in faults} == {"hog"}
    assert {f.kind for f in faults} <= {"raised", "died"}
    assert m.over


@pytest.mark.slow
def test_sys_exit_and_a_huge_answer_are_faults_with_a_fallback(variant):
    m, faults, _ = _play(variant, ["exits", "huge", "bold", "bold"], 5.0, n=12)
    got = {(f.level, f.kind) for f in faults}
    assert ("exits", "raised") in got and ("huge", "illegal") in got
    assert any("SystemExit" in f.detail for f in faults)


@pytest.mark.slow
def test_matches_share_one_worker_until_exit(variant):
    for seed in (1, 2):
        m = Match(variant, seed=seed)
        r = AIRunner(variant, m.options, m.seats, seed=seed)
        r.choose(m, level="bold")
        r.close()
    (w,) = isolated._shared.values()
    assert w.started == 1 and len(_workers()) == 1  # the second match paid no start
    isolated.close_all()  # at exit
    assert _workers() == []


@pytest.mark.slow
def test_submit_from_a_thread_uses_the_worker(variant):
    m = Match(variant, seed=2)
    r = AIRunner(variant, m.options, m.seats, seed=2)
    try:
        choice = r.submit(m, level="bold").result(timeout=60)
        assert choice.fault is None and m.check(choice.action) is None
        assert [w.started for w in r._processes.values()] == [1]
    finally:
        r.close()


def test_worker_args_load_the_same_plugins(folder):
    reg = load_registry([folder], ["nosuch"], user_folder=False, entry_points=True)
    args = reg.variant("crowsnest").ais["bold"].worker_args
    assert args == ("--folder", os.path.abspath(folder), "--disabled", "nosuch")


@pytest.mark.slow
def test_the_headless_client_plays_a_match_with_isolated_ais(folder, tmp_path, monkeypatch):
    # A forking prototype hung here (fork from the AI thread of a process running
    # pygame and the autosave thread); the worker is exec'd, so nothing is inherited.
    from crowsnest.testing import play_in_client

    pids = tmp_path / "pids"
    monkeypatch.setenv("BOLD_PIDS", str(pids))
    reg = load_registry([folder], user_folder=False)
    run = play_in_client(
        reg.variant("crowsnest"), level="bold", registry=reg, options={"deal_limit": 1}, seed=3
    )
    assert run.match.over and run.faults == ()
    where = set(pids.read_text().split())
    assert where and str(os.getpid()) not in where  # every decision in a worker


def test_a_worker_that_cannot_start_benches_the_ai(variant, monkeypatch):
    def no_processes(*a, **k):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(isolated.subprocess, "Popen", no_processes)
    m, faults, _ = _play(variant, ["bold", "easy", "easy", "easy"], 5.0)
    assert [(f.level, f.kind) for f in faults] == [("bold", "died")]
    assert "could not be started" in faults[0].detail and m.over
