"""An online table in the window: RemoteGame (client/remote.py) over a Link
(client/online.py) plays whole deals through the real table scene, the player's moves
made with keys and the mouse, the other seats on the server; a dropped connection
mid-deal: the server's computer plays the seat, the link reconnects with back-off,
resumes with the token, and the window finishes the deal from the snapshot."""

from __future__ import annotations

import json

import pytest
from client_driver import DT, Driver, make_app
from crowsnest.client.online import Link
from crowsnest.client.remote import RemoteGame
from crowsnest.client.scenes.overlays import EndOfDealScene
from crowsnest.client.scenes.table import TableScene
from online_table import FakeServer


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class OnlineDriver(Driver):
    def __init__(self, app, table, server) -> None:
        super().__init__(app, table, "mixed", seed=3)
        self.server = server

    def choose(self):  # the server's match is the oracle of what is legal
        m = self.server.match
        a = m.deal.random_action(self.rng)
        return self.table.match.parse(m.deal.format_action(a))


def open_table(app, server, clock):
    link = Link(
        "ws://127.0.0.1:9",
        {"type": "join", "code": "k7qw3m"},
        connect=server.connect,
        clock=clock,
        name="Aino",
    )
    got = []
    for _ in range(10):
        got += link.poll()
        if any(m["type"] == "snapshot" for m in got):
            break
    snap = next(m for m in got if m["type"] == "snapshot")
    game = RemoteGame(app.registry.variant(snap["variant"]), link, snap)
    table = TableScene(game)
    app.stack.replace(table)
    return link, game, table


@pytest.mark.parametrize("variant", ["crowsnest", "doudizhu"])
def test_a_whole_online_deal_with_a_drop_and_a_resume(variant):
    app = make_app(speed=0)
    try:
        server = FakeServer(app.registry.variant(variant), seed=5, you=0)
        clock = Clock()
        link, game, table = open_table(app, server, clock)
        d = OnlineDriver(app, table, server)
        dropped = resumed = False
        sheets = 0
        for _ in range(20_000):
            clock.t += DT
            server.run_others(1)
            app.step(DT)
            top = app.stack.top
            if isinstance(top, EndOfDealScene):
                sheets += 1
                break
            if top is not table:
                d.dismiss(top)
                continue
            if not dropped and len(server.match.log) >= 6 and server.match.deal_no == 0:
                link.drop()  # the network fails mid-deal
                dropped = True
                assert server.away
                continue
            if dropped and not resumed and not server.away:
                resumed = True
            if table.my_turn() and not game.pending:
                d.act()
        assert sheets == 1, "the deal did not end in the window"
        assert dropped and resumed, "the link did not reconnect and resume"
        assert server.played_for_away > 0  # the computer played the seat while it was away
        assert game.rebuilt >= 2  # the first snapshot and the one after the resume
        assert d.moves["mouse"] > 0 and d.moves["keys"] > 0
        # the window holds nothing it may not see: its views are the server's for seat 0
        assert set(game.match.views) <= {0}
    finally:
        app.close()


def test_an_unreachable_server_is_said_and_not_retried():
    def refuse(url):
        raise OSError("connection refused")

    link = Link("ws://127.0.0.1:9", {"type": "join", "code": "ZZZZZZ"}, connect=refuse)
    got = link.poll()
    assert link.over
    assert got == [] or got[-1]["type"] == "_closed"


def test_an_illegal_move_comes_back_with_the_engines_reason():
    app = make_app(speed=0)
    try:
        server = FakeServer(app.registry.variant("crowsnest"), seed=2, you=0)
        clock = Clock()
        link, game, table = open_table(app, server, clock)
        for _ in range(400):
            server.run_others(1)
            app.step(DT)
            if table.my_turn():
                break
        assert table.my_turn()
        bad = next(a for a in ["bid 5", "pass", "bid 300"] if server.match.check(a))
        game.apply(table.match.parse(bad) or ("bid", 300))
        assert game.pending
        for _ in range(5):
            app.step(DT)
        assert not game.pending
        assert table.banner or game.notices  # the engine's sentence is shown
    finally:
        app.close()


def test_a_ticket_is_kept_and_dropped(tmp_path):
    from crowsnest.client.online import Ticket, drop_ticket, keep_ticket, load_tickets

    path = tmp_path / "online.json"
    t = Ticket("ws://127.0.0.1:8765", "K7QW3M", 2, "ab" * 16, "crowsnest", "Aino")
    keep_ticket(t, path)
    keep_ticket(Ticket("ws://127.0.0.1:8765", "K7QW3M", 1, "cd" * 16), path)  # same table
    assert [x.seat for x in load_tickets(path)] == [1, 2]  # every seat of the window
    keep_ticket(Ticket("ws://127.0.0.1:8765", "K7QW3M", 2, "ef" * 16), path)  # same seat
    assert [(x.seat, x.token) for x in load_tickets(path)] == [(2, "ef" * 16), (1, "cd" * 16)]
    drop_ticket("ws://127.0.0.1:8765", "K7QW3M", path, seat=2)
    assert [x.seat for x in load_tickets(path)] == [1]
    drop_ticket("ws://127.0.0.1:8765", "K7QW3M", path)
    assert load_tickets(path) == []
    path.write_text("not json")
    assert load_tickets(path) == []  # a bad file: no tickets, the file left as it is
    assert path.read_text() == "not json"
    # a bad ticket costs only itself; a newer window's extra field is ignored
    good = {"server": "ws://127.0.0.1:8765", "code": "K7QW3M", "seat": 1, "token": "cd" * 16}
    path.write_text(json.dumps([{"code": 5}, {**good, "colour": "red"}, "x"]))
    assert [(t.code, t.seat) for t in load_tickets(path)] == [("K7QW3M", 1)]


@pytest.mark.slow
def test_a_finished_online_match_goes_into_the_statistics_marked_online(tmp_path):
    """The window records the finished online match like a local one (its seats, names,
    deals, winners), marked online by its seed, with no replay (it never had the cards)."""
    import random

    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.config import Config

    store = PrefsStore(Config())
    app = App(store, size=(1280, 720))
    app.save_path = tmp_path / "saves" / "autosave.toml"
    try:
        server = FakeServer(app.registry.variant("doudizhu"), seed=4, you=0)
        m, rng = server.match, random.Random(4)
        while not m.over:
            server.apply(m.to_move, m.deal.random_action(rng), "ai")
        link = Link("ws://127.0.0.1:9", {"type": "join", "code": "K7QW3M"}, connect=server.connect)
        snap = next(f for f in link.poll() + link.poll() if f["type"] == "snapshot")
        snap["players"][1].update(kind="human", name="Bo")  # a friend at another window
        game = RemoteGame(app.registry.variant("doudizhu"), link, snap)
        assert game.match.over
        mid = app.record_match(game)
        assert mid
        got = next(r for r in app.db.match_rows() if r["id"] == mid)
        seed = app.db._rows("SELECT seed FROM matches WHERE id = ?", (mid,))[0]["seed"]
        assert seed == "online K7QW3M"  # marked online
        assert got["deals"] == len(m.history) and got["winners"] == list(
            m.winner if isinstance(m.winner, list | tuple) else [m.winner]
        )
        players = app.db.players_of([mid])[mid]
        assert [p["name"] for p in players][0] == "You"  # the window's own seat
        assert [p["kind"] for p in players] == ["human", "remote", "ai"]
        text, why = app.db.match_save(mid)
        assert text is None and "replay" in why
        # the Statistics screen marks it: "Online matches" among the figures
        from crowsnest.client.scenes.stats import figures
        from crowsnest.records.stats import player_stats

        with app.db.reader() as r:
            (row,) = player_stats(r, player="You")
            assert player_stats(r, player="Bo") == []  # the local player's figures only
        assert row["matches"] == row["online"] == 1
        assert ("Online matches", f"{row['online_wins']} of 1 won") in figures(row)
        assert got["online"]
    finally:
        app.close()


def test_typing_replaces_the_address_the_code_and_the_name():
    """The form hands over the whole text typed (the old value selected, replaced): a
    mistyped code, a remembered address and the name are each replaced, never added to."""
    from client_driver import make_app
    from crowsnest.client.scenes.online import JoinScene, edit_name, player_name

    app = make_app(speed=0)
    try:
        join = JoinScene()
        join._edit_code("zzzzzz")
        join._edit_code("k7-qw3m9")  # case ignored, only letters and digits, six
        assert join.code == "K7QW3M"
        join._edit_address("192.168.1.20:8765")
        join._edit_address(" 127.0.0.1:9000 ")
        assert join.address == "127.0.0.1:9000"
        edit_name(app, "Aino")
        edit_name(app, "Bo\x07")
        assert player_name(app) == "Bo"
        edit_name(app, "")  # emptied: the default name again
        assert player_name(app) == "Player"
    finally:
        app.close()


def test_computer_seats_at_an_online_table_have_the_computers_names():
    """An online table's computer seats are named as at a local table (records/seats.py's
    computer_name: the seat's portrait's bird, or the player's [look] names); a name a
    player gave stays; an empty human seat is "Seat N"."""
    from crowsnest import i18n
    from crowsnest.plugin_host import load_registry
    from crowsnest.records.seats import computer_name

    class Quiet:
        url = "ws://127.0.0.1:9"

        def poll(self):
            return []

    players = [
        {"seat": 0, "name": "Aino", "kind": "human", "status": "connected"},
        {"seat": 1, "name": "", "kind": "ai", "level": "random", "status": "ai"},
        {"seat": 2, "name": "", "kind": "ai", "level": "hard", "status": "ai"},
        {"seat": 3, "name": "", "kind": "human", "status": "empty"},
    ]
    snap = {"type": "snapshot", "code": "K7QW3M", "seats": 4, "you": 0, "players": players}
    v = load_registry(folders=[], user_folder=False).variant("crowsnest")
    game = RemoteGame(v, Quiet(), snap)
    assert game.name_keys == ["You", computer_name(1), computer_name(2), "Seat 4"]
    assert game.names[1:3] == ["Otto", "Iris"]
    mine = RemoteGame(v, Quiet(), snap, computer_names=("", "Kaarne"))
    assert mine.names[1:3] == ["Kaarne", "Iris"]  # the player's own name for that portrait
    watcher = RemoteGame(v, Quiet(), {**snap, "you": None})
    assert watcher.names[0] == "Aino"
    i18n.set_language("zh_CN")
    try:
        assert game.names[1] != "Otto"  # shown in the player's language
    finally:
        i18n.set_language("en")


def test_a_server_that_says_it_is_going_is_reconnected_and_resumed():
    """`bye` `shutdown` (a restart, an upgrade) is a drop for a seat's link: it says
    _reconnecting (why: shutdown), waits its back-off, dials again and resumes with the
    token; `bye` for any other reason ends the link."""

    class Conn:
        def __init__(self, frames):
            self.frames, self.sent, self.closed = list(frames), [], False

        def send(self, msg):
            self.sent.append(msg)

        def poll(self):
            out, self.frames = self.frames, []
            return out

        def close(self):
            self.closed = True

    now = [0.0]
    token = "ab" * 16
    welcome = {"type": "welcome", "protocol": 1}
    conns = [
        Conn([welcome, {"type": "joined", "code": "K7QW3M", "seat": 2, "token": token}]),
        Conn([welcome]),
    ]
    link = Link(
        "ws://127.0.0.1:9",
        {"type": "join", "code": "K7QW3M"},
        connect=lambda u: conns.pop(0) if conns else Conn([]),
        clock=lambda: now[0],
    )
    first = link._conn
    link.poll()
    assert link.joined and link.token == token
    first.frames.append({"type": "bye", "reason": "shutdown", "text": "..."})
    assert link.poll() == [{"type": "_reconnecting", "why": "shutdown"}]
    assert not link.over and first.closed
    now[0] += 0.4
    assert link.poll() == [] and link._conn is None  # the back-off: 0.5 s
    now[0] += 0.2
    link.poll()  # dials again
    second = link._conn
    link.poll()  # welcome: resume with the token
    assert second.sent[-1] == {"v": 1, "type": "resume", "code": "K7QW3M", "token": token, "seq": 0}
    second.frames.append({"type": "bye", "reason": "kicked", "text": "..."})
    assert [m["type"] for m in link.poll()] == ["bye"] and link.over  # the end, said


def test_a_peek_asks_for_seats_or_watches_an_older_server():
    """The Join screen's look at a table: `seats` where the server has it (welcome's
    features), else a watcher's snapshot (its empty human seats are the free ones); a
    redirect's new connection is asked again; an error is said as its code."""
    from crowsnest.client.online import Peek

    class Conn:
        def __init__(self, frames):
            self.frames, self.sent = list(frames), []

        def send(self, msg):
            self.sent.append(msg)

        def poll(self):
            out, self.frames = self.frames, []
            return out

        def close(self):
            pass

    players = [
        {"seat": 0, "name": "Ada", "kind": "human", "status": "connected"},
        {"seat": 1, "name": "", "kind": "ai", "status": "ai"},
        {"seat": 2, "name": "", "kind": "human", "status": "empty"},
    ]
    new = Conn([{"type": "welcome", "features": ["redirect", "tables", "seats"]}])
    peek = Peek("ws://127.0.0.1:9", "K7QW3M", connect=lambda u: new)
    assert peek.poll() is None and new.sent[-1] == {"v": 1, "type": "seats", "code": "K7QW3M"}
    new.frames.append({"type": "_moved", "address": "ws://127.0.0.1:10", "code": "K7QW3M"})
    assert peek.poll() is None and new.sent[-1]["type"] == "seats"  # asked again there
    new.frames.append({"type": "seats", "free": [2], "players": players})
    assert peek.poll() == {"free": [2], "players": players}

    old = Conn([{"type": "welcome", "features": ["redirect"]}])
    peek = Peek("ws://127.0.0.1:9", "K7QW3M", connect=lambda u: old)
    peek.poll()
    assert old.sent[-1] == {"v": 1, "type": "join", "code": "K7QW3M", "watch": True}
    old.frames.append({"type": "snapshot", "players": players})
    assert peek.poll() == {"free": [2], "players": players}

    gone = Conn([{"type": "welcome"}, {"type": "error", "code": "no_table"}])
    assert Peek("ws://127.0.0.1:9", "ZZZZZZ", connect=lambda u: gone).poll() == {
        "error": "no_table"
    }


def test_a_watcher_rides_a_server_restart_too():
    """A watcher's link (no token) told bye shutdown comes back as a watcher again."""

    class Conn:
        def __init__(self, frames):
            self.frames, self.sent = list(frames), []

        def send(self, msg):
            self.sent.append(msg)

        def poll(self):
            out, self.frames = self.frames, []
            return out

        def close(self):
            pass

    now = [0.0]
    welcome = {"type": "welcome", "protocol": 1}
    joined = {"type": "joined", "code": "K7QW3M", "seat": None}
    conns = [Conn([welcome, joined, {"type": "bye", "reason": "shutdown"}]), Conn([welcome])]
    first = {"type": "join", "code": "K7QW3M", "watch": True}
    link = Link("ws://127.0.0.1:9", first, connect=lambda u: conns.pop(0), clock=lambda: now[0])
    assert link.poll()[-1] == {"type": "_reconnecting", "why": "shutdown"}
    now[0] += 1.0
    link.poll()
    link.poll()
    assert link._conn.sent[-1] == {"v": 1, "type": "join", "code": "K7QW3M", "watch": True}
