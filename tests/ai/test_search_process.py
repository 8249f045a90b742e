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
