"""Issue 29: long runs that cannot hang. A worker that dies fails its job with a
sentence and the run goes on; SIGTERM and SIGHUP stop a run like Ctrl-C (the partial
tally printed, 128 + the signal); no BrokenPipeError noise from the workers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from crowsnest.batch.parallel import run_jobs
from jobs_helpers import always_die, square_or_die
from test_simulate import toy_config


def test_a_job_that_kills_its_worker_fails_and_the_run_goes_on():
    jobs = [1, 2, -1, 3, 4, 5, 6]
    out = run_jobs(square_or_die, jobs, workers=2)
    assert not out.interrupted
    assert [i for i, _ in out.failures] == [2]
    assert out.failures[0][1] == "job 3 failed: its worker process died (killed by SIGKILL)"
    assert out.results == [1, 4, None, 9, 16, 25, 36] and out.done == 6


@pytest.mark.slow
def test_workers_that_keep_dying_stop_the_run_with_what_finished():
    out = run_jobs(always_die, list(range(30)), workers=2)
    assert out.done == 0 and len(out.failures) == 30
    assert any("keep dying" in why for _i, why in out.failures)


def _children(pid: int) -> list[int]:
    """The worker processes of `pid` (not multiprocessing's resource tracker)."""
    got = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with open(task / "children") as f:
            for x in f.read().split():
                try:
                    cmdline = Path(f"/proc/{x}/cmdline").read_bytes()
                except OSError:
                    continue
                if b"spawn_main" in cmdline:
                    got.append(int(x))
    return got


def _start(cli, cmd: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "crowsnest", *cmd],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=cli.env,
        text=True,
        start_new_session=True,
    )


def _wait_for_workers(proc: subprocess.Popen, n: int, timeout: float = 60) -> list[int]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        kids = _children(proc.pid)
        if len(kids) >= n:
            return kids  # each holds its first job from its start
        time.sleep(0.05)
    raise AssertionError("the workers never started")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_killed_worker_fails_its_job_and_the_run_ends(cli, tmp_path, command):
    cfg = toy_config(cli, tmp_path)
    if command == "simulate":
        cmd = ["simulate", "--config", str(cfg), "--variant", "toy", "--games", "1500"]
    else:
        cmd = ["tournament", "--config", str(cfg), "--variant", "toy", "--deals", "3000"]
        cmd += ["--levels", "easy,random"]
    proc = _start(cli, [*cmd, "--workers", "2", "--json"])
    try:
        kids = _wait_for_workers(proc, 2)
        os.kill(kids[0], signal.SIGKILL)
        stdout, stderr = proc.communicate(timeout=240)  # a hang fails here
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    out = json.loads(stdout)
    assert proc.returncode == 1, stderr
    assert len(out["failed"]) == 1 and "worker process died (killed by SIGKILL)" in stderr
    if command == "simulate":
        assert out["games"] == 1499 and sum(out["wins"]) == 1499
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_and_sighup_stop_like_ctrl_c(cli, tmp_path, sig, code, workers):
    cfg = toy_config(cli, tmp_path)
    cmd = ["simulate", "--config", str(cfg), "--variant", "toy", "--games", "100000"]
    proc = _start(cli, [*cmd, "--workers", workers, "--json"])
    try:
        if workers == "2":
            _wait_for_workers(proc, 2)
        # Some games finished: the run prints nothing before it ends, so wait long enough
        # for the first games on a loaded machine too (at load 12, 4 s saw none).
        time.sleep(4.0 + min(20.0, os.getloadavg()[0]))
        os.kill(proc.pid, sig)  # the parent only, as `timeout` or `kill` does
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == code, stderr
    out = json.loads(stdout)
    assert out["interrupted"] is True and out["stopped_by"] == signal.Signals(sig).name
    assert 1 <= out["games"] < 100000 and sum(out["wins"]) == out["games"]
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr
    assert _group_gone(proc.pid), "a worker was left behind"


def _group_gone(pgid: int, timeout: float = 15.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.2)  # (an orphan's zombie waits for its reaper)
    return False
