"""A rolling upgrade seen from the window: a real `crowsnest serve` is stopped with
SIGTERM mid-deal (every table is on disk; the clients get `bye` `shutdown`) and started
again on the same database and port. The window does not give up: it says the server is
going, shows its seat reconnecting, tries again with back-off, resumes with its token
and plays on; its view is then its seat's view in a replay of the table's log."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from client_driver import DT
from crowsnest.client.remote import RECONNECTING, failure_sentence
from crowsnest.client.scenes.overlays import EndOfDealScene
from online_windows import shadow
from ports import free_port
from test_online_server import REGISTRY, new_window


def serve(db, port: int, tmp_path) -> subprocess.Popen:
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    p = subprocess.Popen(
        [sys.executable, "-m", "crowsnest", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    line = p.stdout.readline()  # bounded: the process prints it at once or dies
    assert re.search(rf"ws://[^:]+:{port}", line), (line, p.poll() is not None and p.stderr.read())
    return p


def play_until(w, done, seconds: float) -> None:
    """The window's player plays, and reads each end-of-deal sheet and goes on (a deal
    may end in these moves: its sheet holds the table's next moves until dismissed)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        top = w.app.stack.top
        if isinstance(top, EndOfDealScene):
            w.driver.dismiss(top)
            w.app.step(DT)
        elif not w.tick():
            time.sleep(0.003)


@pytest.mark.slow
def test_the_window_rides_a_server_restart(tmp_path):
    db, port = tmp_path / "online.sqlite3", free_port()
    url = f"ws://127.0.0.1:{port}"
    p = serve(db, port, tmp_path)
    w = new_window("Aino", 4)
    try:
        ai = {"kind": "ai", "level": "random"}
        w.connect(
            url, {"type": "create", "variant": "doudizhu", "seats": [{"kind": "human"}, ai, ai]}
        )
        w.wait_open()
        game = w.game
        code, seat = game.code, game.you
        play_until(w, lambda: game.seq >= 4, 30)
        assert game.seq >= 4
        before = game.seq

        # every banner the table shows from now (a move still to be shown may put its
        # own banner over the notice within the same frames)
        said: list[str] = []
        show = w.table.say

        def say(text: str, seconds: float = 2.4) -> None:
            said.append(text)
            show(text, seconds)

        w.table.say = say
        p.send_signal(signal.SIGTERM)
        assert p.wait(10) == 0  # every table on disk, every client told
        end = time.monotonic() + 10
        while time.monotonic() < end and game.status(seat) != RECONNECTING:
            w.app.step(DT)
            time.sleep(0.005)
        assert game.status(seat) == RECONNECTING
        assert not game.closed_why  # not a failure: the window waits for the server
        assert game.pending and not w.table.my_turn()  # no move now: it would be lost
        said += game.notices  # said next, once the banner before it is done
        assert failure_sentence("shutdown") in said, said

        p = serve(db, port, tmp_path)  # the new version, on the same database and port
        end = time.monotonic() + 30  # back-off 0.5, 1, 2, 4, 8 s: back within seconds
        while time.monotonic() < end and game.status(seat) == RECONNECTING:
            w.app.step(DT)
            time.sleep(0.005)
        assert game.status(seat) == "connected", game.status(seat)
        assert game.code == code and game.you == seat and game.seq >= before

        # on: until the table waits for this window again, 6 moves later (or a new deal)
        def waiting() -> bool:
            moved = game.seq >= before + 6 or game.match.deal_no >= 1
            return moved and game.match.to_move == seat and not game.pending

        play_until(w, waiting, 60)
        top = type(w.app.stack.top).__name__
        assert waiting(), (game.seq, game.match.deal_no, game.match.to_move, len(game._moves), top)
        m, entries = shadow(str(db), code, REGISTRY.variants["doudizhu"])
        assert entries[-1].seq == game.seq  # the server waits for this window's move
        assert game.match.views[seat] == json.loads(json.dumps(m.view_json(seat)))
    finally:
        w.app.close()
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
            assert p.wait(10) == 0
