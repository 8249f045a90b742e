"""The window's runner asks the built-in searches (hard) in a worker process, so the
render loop's interpreter never waits on a search (issue 31): the same answers as in
process for the same seeds, easy and normal still in process, and a worker that cannot
play the game leaves the search in process without a fault."""

from __future__ import annotations

import pytest
from crowsnest.ai import runner as runner_mod
from crowsnest.ai.runner import AIRunner
from crowsnest.ai.search import set_time_caps
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry


@pytest.fixture(scope="module")
def registry():
    return load_registry([], [], user_folder=False)


@pytest.fixture(autouse=True)
def no_time_caps():
    old = set_time_caps(False)  # the worker follows the setting: answers depend on seeds
    yield
    set_time_caps(old)


def answers(variant, process: bool, n: int, level: str = "hard") -> tuple[list[str], AIRunner]:
    m = Match(variant, seed=5)
    r = AIRunner(variant, m.options, m.seats, seed="s", budget_s=None, search_process=process)
    out = []
    for _ in range(n):
        choice = r.choose(m, level=level)
        assert choice.fault is None, choice.fault
        out.append(choice.text)
        m.apply(choice.action)
    return out, r


@pytest.mark.slow
@pytest.mark.parametrize("vid, n", [("doudizhu", 12), ("tractor", 30)])
def test_hard_in_the_worker_answers_as_in_process(registry, vid, n):
    v = registry.variant(vid)
    here, r0 = answers(v, False, n)
    there, r1 = answers(v, True, n)
    assert there == here
    assert r1._search_worked and not r0._search_worked


def test_only_the_builtin_searches_go_to_the_worker(registry):
    v = registry.variant("doudizhu")
    r = AIRunner(v, None, 3, search_process=True)
    assert r._builtin_search("hard")
    assert not r._builtin_search("normal") and not r._builtin_search("easy")
    _, r = answers(v, True, 5, level="normal")
    assert not r._search_worked  # normal never asked the worker


@pytest.mark.slow
def test_a_worker_without_the_game_leaves_the_search_here(registry, monkeypatch):
    # A worker that loads no plugins has no Dou Dizhu: the first answer comes from this
    # process instead, with no fault, and the runner stops asking the worker.
    monkeypatch.setattr(runner_mod, "SEARCH_WORKER", ("--no-entry-points",))
    v = registry.variant("doudizhu")
    here, _ = answers(v, False, 4)
    got, r = answers(v, True, 4)
    assert got == here
    assert not r._search_process and not r.faults


@pytest.mark.slow
def test_closing_the_worker_under_a_search_is_no_fault(registry):
    # At exit (close_all) the worker ends while the window's hard may still be thinking
    # (tools/bench_client.py stops after its frames): before, the request in flight came
    # back as "its worker process is gone", a fault that benched hard. Now it is no fault,
    # nothing is benched, and the next request starts a fresh worker.
    import time

    from crowsnest.ai import isolated

    v = registry.variant("crowsnest")
    m = Match(v, seed=3)
    faults = []
    r = AIRunner(
        v, m.options, m.seats, seed="c", budget_s=None, search_process=True, on_fault=faults.append
    )
    first = r.choose(m, level="hard")  # starts the worker (the plugins' import)
    assert first.fault is None and r._search_worked
    m.apply(first.action)
    fut = r.submit(m, level="hard")  # a bid searched without time caps: about a second
    time.sleep(0.3)
    isolated.close_all()
    choice = fut.result(timeout=120)
    assert choice.fault is None and not faults and not r.faults
    assert m.check(choice.action) is None
    assert (m.to_move, "hard") not in r._benched
    again = r.choose(m, level="hard")  # a new worker answers
    assert again.fault is None and not faults
    isolated.close_all()
