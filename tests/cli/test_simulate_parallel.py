"""`crowsnest simulate --workers N`, its progress line on a terminal and Ctrl-C; and the
machinery under it (crowsnest.batch.parallel)."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest
from crowsnest.batch.parallel import Progress, run_jobs
from test_simulate import sim, toy_config


def without_time(out: dict) -> dict:
    return {**out, "seconds": None}


@pytest.mark.slow
def test_two_workers_give_the_same_json_as_one(cli, tmp_path):
    cfg = toy_config(cli, tmp_path)
    args = ("--variant", "toy", "--seats", "3", "--games", "9", "--seed", "11")
    one = sim(cli, cfg, *args, "--workers", "1")
    two = sim(cli, cfg, *args, "--workers", "2")
    assert one["games"] == 9 and one["interrupted"] is False and sum(one["wins"]) == 9
    assert without_time(two) == without_time(one)


@pytest.mark.slow
def test_two_workers_play_the_default_game_like_one(cli, tmp_path):
    """The issue's check: CrowsNest with --workers 2 runs and agrees with one worker."""
    absent = tmp_path / "absent.toml"
    args = ("--variant", "crowsnest", "--games", "4", "--seed", "3")
    two = sim(cli, absent, *args, "--workers", "2")
    one = sim(cli, absent, *args, "--workers", "1")
    assert two["games"] == 4 and sum(two["wins"]) == 4 and two["fault_count"] == 0
    assert without_time(two) == without_time(one)


def test_bad_workers_is_one_sentence(cli, tmp_path):
    cfg = toy_config(cli, tmp_path)
    r = cli.run("simulate", "--config", str(cfg), "--variant", "toy", "--workers", "0")
    assert r.returncode == 2 and "--workers must be at least 1" in r.stderr
    assert r.stderr.count("\n") == 1


@pytest.mark.slow
def test_no_progress_when_stderr_is_not_a_terminal(cli, tmp_path):
    cfg = toy_config(cli, tmp_path)
    r = cli.run("simulate", "--config", str(cfg), "--variant", "toy", "--games", "5", "--json")
    assert r.returncode == 0 and r.stderr == ""
    assert json.loads(r.stdout)["games"] == 5


def read_until(fd: int, pattern: str, timeout: float) -> str:
    """What the terminal showed until `pattern` matched (or the time ran out)."""
    seen = ""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096).decode(errors="replace")
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if re.search(pattern, seen):
                return seen
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_prints_the_partial_tally_and_exits_130(cli, tmp_path, workers):
    """On a terminal: the progress line shows games done, rate and time left; Ctrl-C
    (SIGINT to the whole process group, as a terminal sends it) stops the run, which
    prints the tally of the finished games as JSON and exits 130."""
    cfg = toy_config(cli, tmp_path)
    master, slave = pty.openpty()
    cmd = [sys.executable, "-m", "crowsnest", "simulate", "--config", str(cfg)]
    cmd += ["--variant", "toy", "--games", "100000", "--seed", "5", "--json"]
    cmd += ["--workers", str(workers)]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=slave,
        env=cli.env,
        text=True,
        start_new_session=True,
    )
    os.close(slave)
    try:
        shown = read_until(
            master, r"\b([3-9]|\d\d+)/100000 games, [\d.]+ games/s, about .+ left", 60
        )
        assert re.search(r"/100000 games, [\d.]+ games/s, about .+ left", shown), shown
        os.killpg(proc.pid, signal.SIGINT)
        stdout, _ = proc.communicate(timeout=60)
        rest = read_until(master, r"$^", 0.5)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)
    assert proc.returncode == 130, (stdout, shown + rest)
    out = json.loads(stdout)
    assert out["interrupted"] is True and out["games_requested"] == 100000
    assert 3 <= out["games"] < 100000
    assert sum(out["wins"]) == out["games"] and out["deals"] >= out["games"]
    assert "Traceback" not in shown + rest


def test_progress_line_counts_rate_and_time_left():
    now = [0.0]
    stream = io.StringIO()
    p = Progress(10, "games", stream=stream, enabled=True, interval=0, clock=lambda: now[0])
    assert p.line() == "0/10 games"
    now[0] = 2.0
    p.advance(3)
    assert p.line() == "3/10 games, 1.50 games/s, about 5 s left"
    now[0] = 200.0
    p.advance(1)
    assert p.line() == "4/10 games, 0.02 games/s, about 5 min 00 s left"
    p.advance(6)
    assert p.line() == "10/10 games, 0.05 games/s, done in 3 min 20 s"
    p.close()
    lines = stream.getvalue().split("\r")
    assert lines[1:] == [
        "3/10 games, 1.50 games/s, about 5 s left",
        "4/10 games, 0.02 games/s, about 5 min 00 s left",
        # spaces wipe the rest of the longer line before it
        "10/10 games, 0.05 games/s, done in 3 min 20 s".ljust(47) + "\n",
    ]


def test_progress_is_off_unless_the_stream_is_a_terminal():
    stream = io.StringIO()  # not a tty: a pipe or a file
    p = Progress(3, stream=stream)
    p.advance(3)
    p.close()
    assert not p.enabled and stream.getvalue() == ""


@pytest.mark.slow
def test_run_jobs_keeps_job_order_with_any_number_of_workers():
    jobs = [-5, 3, -1, 8, 0, -13, 21]
    for workers in (1, 2, 3):
        out = run_jobs(abs, jobs, workers=workers)
        assert out.results == [5, 3, 1, 8, 0, 13, 21] and out.done == 7 and out.total == 7
        assert not out.interrupted and list(out.finished())[1] == (1, 3)


def test_a_failing_job_raises_in_the_caller():
    with pytest.raises(TypeError):
        run_jobs(abs, [1, "x", 3], workers=2)
    with pytest.raises(ValueError, match="workers must be at least 1"):
        run_jobs(abs, [1], workers=0)


PROBE_AI = """
from crowsnest.ai import search


class Probe:
    def choose(self, view, legal, rng):
        if search._time_caps:
            raise RuntimeError("the search time caps are on")
        return rng.choice(legal)


def crowsnest_register_ais(register):
    register("toy", "probe", lambda variant, options, seats: Probe())
"""


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_search_time_caps_are_off_in_every_match(cli, tmp_path, workers):
    """A match depends on its seed alone: search AIs think to their iteration budget,
    not to the clock, in this process and in every worker."""
    cfg = toy_config(cli, tmp_path, [("probe.py", PROBE_AI)])
    out = sim(
        cli, cfg, "--variant", "toy", "--level", "probe", "--games", "3", "--workers", workers
    )
    assert out["level"] == "probe" and out["fault_count"] == 0, out["faults"][:1]
