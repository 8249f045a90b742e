"""Two windows at a real online table (a crowsnest.net server on 127.0.0.1) with protocol
bots in the other seats play a whole deal through the table scene, their players using
keys and the mouse; one window's connection is cut mid-deal: its seat is away, then the
server's computer plays it, then the window reconnects by itself, resumes with its
token and finishes the deal. Each window's last view is its seat's view in a replay of
the table's log: the window holds what the server sent and nothing else."""

from __future__ import annotations

import time

import pytest
from client_driver import DT
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.config import Config
from crowsnest.net.server import start_in_thread
from crowsnest.plugin_host import load_registry
from online_windows import Window, bots_join, pump, shadow

REGISTRY = load_registry(folders=[], user_folder=False)


def new_window(name: str, seed: int) -> Window:
    store = PrefsStore(Config())
    store.prefs.speed = 0
    return Window(name, App(store, size=(1280, 720), registry=REGISTRY), seed=seed)


def play_deal(windows, bots, *, drop=None, seconds=150.0):
    """Run windows and bots until every window shows the end-of-deal sheet. `drop`:
    (window, at_seq) cuts that window's connection once the table reaches the seq and
    keeps it away until the server's computer has played its seat."""
    end = time.monotonic() + seconds
    dropped_at = None
    released = False
    watch = bots[0]
    while time.monotonic() < end:
        busy = pump(bots)
        for w in windows:
            busy = w.tick() or busy
        if drop is not None and dropped_at is None:
            w, at = drop
            # once it has made a move of its own (the computer may bid for a seat still
            # empty and the window's partner take the contract: its first turn can be
            # late), so there is a turn of its own before the cut and a deal after it
            moved = sum(w.driver.moves.values()) > 0
            if w.game.seq >= at and moved and w.game.match.deal_no == 0 and not w.game.pending:
                w.clock.hold()  # its back-off waits until the computer has played for it
                w.game.link.drop()
                dropped_at = len(watch.frames)
        if dropped_at is not None and not released:
            seat = drop[0].game.you
            later = watch.frames[dropped_at:]
            if any(
                f.get("type") == "update" and f.get("seat") == seat and f.get("by") == "ai"
                for f in later
            ):
                drop[0].clock.release()
                released = True
        # a window that got back only after the deal ended resumes into the next deal:
        # it has finished the deal too (its sheet comes once it is back: missed_deal)
        if all(w.sheets or w.game.match.deal_no >= 1 for w in windows):
            return dropped_at is not None, released
        if not busy:
            time.sleep(0.003)
    raise AssertionError(
        f"the deal did not end in every window within {seconds} s: "
        f"seqs {[w.game.seq for w in windows]}, sheets {[w.sheets for w in windows]}, "
        f"tops {[type(w.app.stack.top).__name__ for w in windows]}, "
        f"queued {[len(w.game._moves) for w in windows]}, "
        f"pending {[w.game.pending for w in windows]}, to_move {windows[0].game.to_move}, "
        f"turns {[w.table.my_turn() for w in windows]}, busy {[w.table.tweener.busy for w in windows]}, "
        f"beats {[len(w.table.beats) for w in windows]} between {[w.table.between for w in windows]}"
        f" dealing {[w.table.dealing for w in windows]} notices {[w.game.notices for w in windows]}"
    )


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "seats"), [("crowsnest", 4), ("doudizhu", 3)])
def test_two_windows_and_bots_play_a_deal_and_a_dropped_window_comes_back(tmp_path, variant, seats):
    db = tmp_path / "online.sqlite3"
    h = start_in_thread("127.0.0.1", 0, db, registry=REGISTRY, ai_budget_s=2.0)
    a, b = new_window("Aino", 1), new_window("Bo", 2)
    bots = []
    try:
        a.connect(
            h.url,
            {
                "type": "create",
                "variant": variant,
                "seats": [{"kind": "human"}] * seats,
                "rules": {"grace": 1, "substitute": "random"},
            },
        )
        a.wait_open()
        code = a.game.code
        assert len(code) == 6 and a.game.you == 0 and a.game.owner_here
        b.connect(h.url, {"type": "join", "code": code.lower()})
        b.wait_open()
        assert b.game.you == 1
        bots = bots_join(h.url, code, seats - 2, seed=7)
        # every move each window was sent, in updates and in snapshots' logs (the
        # mirror's own log restarts at a snapshot's deal: a resume, a stale move)
        shown: dict[str, list] = {a.name: [], b.name: []}
        for w in (a, b):
            # what it was sent already: the first snapshot's log (the server's computer
            # may have played a seat still empty before the window opened) and the
            # updates read but not yet shown
            shown[w.name] += zip(w.game.actors, w.game.match.log, strict=True)
            for msg in w.game._moves:
                shown[w.name].append((msg.get("seat"), w.game._action(msg.get("action"))))

            def receive(msg, w=w, orig=w.game.receive):
                if msg.get("type") == "update":
                    shown[w.name].append((msg.get("seat"), w.game._action(msg.get("action"))))
                elif msg.get("type") == "snapshot":
                    for who, act in msg.get("log") or []:
                        shown[w.name].append((who, w.game._action(act)))
                return orig(msg)

            w.game.receive = receive

        dropped, released = play_deal([a, b], bots, drop=(b, 6))
        assert dropped and released, "the window was not dropped, or the computer never played"

        # the dropped window reconnected by itself and resumed its seat with its token
        assert b.game.link.joined and not b.game.link.over and b.game.link.attempt == 0
        assert b.game.rebuilt >= 2  # the first snapshot, and the one after the resume
        assert b.game.you == 1 and b.game.status(1) == "connected"
        # the other window's plates showed the seat away, then played by the computer
        assert (1, "away") in a.statuses and (1, "ai") in a.statuses
        for w in (a, b):
            assert w.game.match.deal_no >= 1 or w.game.finished_deal is not None
            # the dropped window may get back only as the deal ends (a loaded machine:
            # the computer and the bots race on): the other one played all its turns
            if w is a:
                assert w.driver.moves["mouse"] > 0 and w.driver.moves["keys"] > 0, w.driver.moves
            # every move its player made and the server took is in the log as the
            # player's (a move the server refused is made again: it counts twice here)
            m, entries = shadow(str(db), code, REGISTRY.variant(variant), upto=w.game.seq)
            mine = [e for e in entries if e.kind == "act" and e.seat == w.game.you]
            played = sum(w.driver.moves.values())
            assert 1 <= sum(e.by == "player" for e in mine) <= played, (mine, w.driver.moves)
            # the window's view is its seat's in a replay of the table's log at its seq
            assert w.game.match.views[w.game.you] == m.view_json(w.game.you)
            assert set(w.game.match.views) == {w.game.you}  # no other seat's view
            # another seat's public call comes whole (a bid's amount is no hidden card)
            theirs = [act for who, act in shown[w.name] if who != w.game.you]
            if variant == "crowsnest":
                assert any(x[0] == "bid" and len(x) > 1 for x in theirs), (w.name, theirs[:8])
    finally:
        for bot in bots:
            bot.drop()
        for w in (b, a):
            if w.table is not None:
                w.game.close()
        h.stop()
        b.app.close()
        a.app.close()
    assert h.server.internal_errors == 0


@pytest.mark.slow
def test_a_server_that_never_answers_is_said_and_the_window_keeps_drawing():
    """A socket that takes the connection and never answers (the worst case: no refusal,
    only silence): the link gives up after its open timeout with the sentence, and the
    window drew frames all the while (the socket is opened on its own thread)."""
    import socket

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)  # accepted by the kernel, never answered
    port = silent.getsockname()[1]
    w = new_window("Aino", 1)
    try:
        w.connect(f"ws://127.0.0.1:{port}", {"type": "join", "code": "ABCDEF"})
        end = time.monotonic() + 30
        top = w.app.stack.top
        frames = 0
        while time.monotonic() < end and not top.failed:
            w.app.step(DT)
            frames += 1
            time.sleep(0.01)
        assert "cannot be reached" in top.failed
        assert frames > 50  # about 5 s of frames while the connection was tried
    finally:
        silent.close()
        w.app.close()
