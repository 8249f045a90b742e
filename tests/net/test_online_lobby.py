"""The lobby (`tables`): public tables with their free seats and who sits where, and no
private table; it follows the seats as players join."""

from __future__ import annotations

import time

from bots import Bot


def lobby(b):
    b.send({"type": "tables", "ref": 7})
    f = b.expect("tables")
    assert f["ref"] == 7
    return f["tables"]


def test_the_lobby_lists_public_tables_and_their_free_seats(server):
    a = Bot(server.url, name="Ada")
    a.send(
        {
            "type": "create",
            "variant": "doudizhu",
            "seats": [{"kind": "human"}] * 3,
            "rules": {"lobby": True},
        }
    )
    a.expect("created")
    p = Bot(server.url, name="Pim")
    p.send({"type": "create", "variant": "doudizhu", "seats": [{"kind": "human"}] * 3})
    p.expect("created")
    c = Bot(server.url, name="Cy")
    assert "tables" in c.frames[0]["features"]
    (entry,) = lobby(c)
    assert entry["code"] == a.code and entry["variant"] == "doudizhu" and entry["seats"] == 3
    assert entry["free"] == [1, 2] and not entry["over"] and entry["spectators"]
    assert [(x["seat"], x["name"], x["status"]) for x in entry["players"]] == [
        (0, "Ada", "connected"),
        (1, "", "empty"),
        (2, "", "empty"),
    ]
    assert "token" not in str(entry) and "seed" not in str(entry)
    c.send({"type": "join", "code": entry["code"], "seat": entry["free"][0]})
    c.expect("joined")
    (entry,) = lobby(c)
    assert entry["free"] == [2] and entry["players"][1]["name"] == "Cy"
    c.drop()
    w = Bot(server.url, name="W")
    deadline = time.monotonic() + 10  # the server hears of the drop a moment later
    while lobby(w)[0]["players"][1]["status"] != "away":
        assert time.monotonic() < deadline, "the dropped seat never showed away"
        time.sleep(0.05)


def test_seats_tells_who_sits_where_without_a_view(server):
    """`seats`: a joiner's look at a table before taking a seat, also where the table
    takes no watchers: the free seats and who sits in the others, never a view, a hand
    or a token; an unknown code is `no_table`."""
    a = Bot(server.url, name="Ada")
    seats = [{"kind": "human"}, {"kind": "ai", "level": "random"}, {"kind": "human"}]
    a.send(
        {"type": "create", "variant": "doudizhu", "seats": seats, "rules": {"spectators": False}}
    )
    a.expect("created")
    c = Bot(server.url, name="Cy")
    assert "seats" in c.frames[0]["features"]
    c.send({"type": "join", "code": a.code, "watch": True})
    assert c.expect("error")["code"] == "no_spectators"
    c.send({"type": "seats", "code": a.code.lower(), "ref": 3})
    f = c.expect("seats")
    assert f["ref"] == 3 and f["code"] == a.code and f["variant"] == "doudizhu"
    assert f["seats"] == 3 and f["free"] == [2] and not f["spectators"] and not f["over"]
    assert [(p["seat"], p["name"], p["kind"], p["status"]) for p in f["players"]] == [
        (0, "Ada", "human", "connected"),
        (1, "", "ai", "ai"),
        (2, "", "human", "empty"),
    ]
    assert not {"view", "hand", "token", "seed", "legal"} & set(f)
    assert "token" not in str(f) and "hand" not in str(f)
    c.send({"type": "seats", "code": "ZZZZZZ"})
    assert c.expect("error")["code"] == "no_table"
    c.send({"type": "seats", "code": a.code})
    c.expect("seats")
    c.send({"type": "join", "code": a.code})  # a peek takes no seat: the free one is there
    assert c.expect("joined")["seat"] == 2
