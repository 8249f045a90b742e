"""A window that hosts a table is killed (SIGKILL: no goodbye, no clean-up). Its server
(`crowsnest serve --until-alone`, a process of its own) keeps serving while a friend is
at the table, and ends by itself, every table kept, once nobody has been connected for
its grace: a killed window leaves no server running for ever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from online_windows import Bot

HOST = textwrap.dedent(
    """
    import sys, time
    from crowsnest.client.hosting import HostedServer
    h = HostedServer(sys.argv[1], lan=False, port=0, alone_s=float(sys.argv[2]))
    h.start()
    end = time.monotonic() + 60
    while h.state == "starting" and time.monotonic() < end:
        time.sleep(0.02)
    print(h.state, h.port, h.proc.pid if h.proc else 0, flush=True)
    time.sleep(120)  # killed long before
    """
)


def gone(pid: int) -> bool:
    """The process has ended (a zombie whose reaper has not come yet counts)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True


def wait_gone(pid: int, seconds: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if gone(pid):
            return time.monotonic() - start
        time.sleep(0.05)
    raise AssertionError(f"the server {pid} still runs {seconds} s later")


@pytest.mark.slow
def test_a_killed_hosting_window_leaves_no_server_behind(tmp_path):
    db = tmp_path / "hosted.sqlite3"
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    window = subprocess.Popen(
        [sys.executable, "-c", HOST, str(db), "1.5"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    pid = 0
    friend = None
    try:
        state, port, pid = window.stdout.readline().split()  # bounded: the script prints it
        pid = int(pid)
        assert state == "ready" and pid, state
        url = f"ws://127.0.0.1:{port}"
        friend = Bot(url, name="Bo")
        seats = [{"kind": "human"}, {"kind": "ai", "level": "random"}, {"kind": "human"}]
        friend.send({"type": "create", "variant": "doudizhu", "seats": seats})
        code = friend.expect("created")["code"]

        window.send_signal(signal.SIGKILL)  # the window is gone; its server is not its child now
        window.wait(10)
        time.sleep(3.0)  # twice the grace: a friend is at the table, so the server stays
        assert not gone(pid)
        friend.send({"type": "snapshot"})
        assert friend.expect("snapshot")["code"] == code

        friend.drop()
        friend = None
        took = wait_gone(pid, 20)  # nobody left: it ends by itself after its grace
        assert took >= 1.0, took
    finally:
        if friend is not None:
            friend.drop()
        if window.poll() is None:
            window.kill()
            window.wait(10)
        if pid and not gone(pid):
            os.kill(pid, signal.SIGKILL)
    # it stopped as on SIGTERM: the table is kept for the next time
    from crowsnest.net.log import SQLiteLog

    log = SQLiteLog(Path(db))
    try:
        assert code in log.open_tables()
    finally:
        log.close()
