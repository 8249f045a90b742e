"""Whole matches over loopback: protocol bots at every seat of every built-in game (and a
spectator), each bot's last view equal to its seat's view in a shadow replay of the
table's log, and no frame to any reader naming a card hidden from it at that seq."""

from __future__ import annotations

import json

import pytest
from bots import Bot, run, shadow
from crowsnest.engine import Match
from net_registry import REGISTRY
from privacy import Knowledge, card_counts

GAMES = sorted(REGISTRY.variants)


def short(variant):
    """House rules for a short whole match (the suite stays quick): the lowest target."""
    keys = {o.key: o for o in variant.options}
    if "target" in keys and keys["target"].minimum:
        return {"target": keys["target"].minimum}
    if "deals" in keys:
        return {"deals": 2}
    return {}


def allowed_names(variant, start, entries):
    """seq -> reader -> the card names that reader may have seen by then."""
    n = len(start["spec"])
    m = Match(variant, seed=start["seed"], seats=n, options=start["options"])
    names = frozenset(m.deck.names)

    def look(deal):
        k = Knowledge(n, names)
        k.look(deal)
        return k

    k = look(m.deal)
    out = {0: {r: set(k.known[r]) for r in k.known}}
    for e in entries:
        assert e.kind == "act"
        old = m.deal
        events = m.apply(e.text)
        k.look(old, events)  # the deal as the action left it (finished, when it ended it)
        seen = {r: set(k.known[r]) for r in k.known}
        if m.deal is not old:
            k = look(m.deal)
            seen = {r: seen[r] | set(k.known[r]) for r in seen}
        out[e.seq] = seen
    return names, out


@pytest.mark.slow
@pytest.mark.parametrize("vid", GAMES)
def test_a_whole_match_over_the_wire_matches_the_log_and_leaks_nothing(server, vid):
    variant = REGISTRY.variants[vid]
    n = variant.default_seats
    owner = Bot(server.url, name="Owner", seed=f"{vid}:0")
    owner.send(
        {
            "type": "create",
            "variant": vid,
            "seats": [{"kind": "human"}] * n,
            "options": short(variant),
        }
    )
    owner.expect("created")
    owner.expect("snapshot")
    bots = [owner]
    for i in range(1, n):
        b = Bot(
            server.url, lang=("fi", "sv", "da", "fr")[i % 4], name=f"Player {i}", seed=f"{vid}:{i}"
        )
        b.send({"type": "join", "code": owner.code})
        b.expect("joined")
        bots.append(b)
    watcher = Bot(server.url, name="Watcher")
    watcher.send({"type": "join", "code": owner.code, "watch": True})
    watcher.expect("joined")
    run([*bots, watcher], seconds=600)

    m, entries = shadow(server.db, owner.code, variant)
    assert m.over and entries

    def wire(x):
        return json.loads(json.dumps(x))  # as it travels: tuples are lists, keys strings

    for b in bots:
        assert b.state["view"] == wire(m.view_json(b.seat)), (vid, b.seat)
        assert b.seq == entries[-1].seq
    assert watcher.state["view"] == wire(m.public_view_json())

    from crowsnest.net.log import SQLiteLog

    db = SQLiteLog(server.db)
    start = db.start(owner.code)
    db.close()
    names, allowed = allowed_names(variant, start, entries)
    # An action that names no card reaches everyone whole ("bid 75", "trump red").
    texts = {e.seq: e.text for e in entries}
    for b in [*bots, watcher]:
        for f in b.frames:
            if f.get("type") == "update" and not set(texts[f["seq"]].split()[1:]) & names:
                assert f["action"] == texts[f["seq"]], (vid, b.seat, f["action"])
    leaks = []
    for b in [*bots, watcher]:
        for f in b.frames:
            if f.get("type") not in ("update", "snapshot"):
                continue
            seen = allowed[f["seq"]][b.seat]
            named = set(card_counts(f, names)) - seen
            if named:
                leaks.append((b.seat, f["type"], f["seq"], sorted(named)[:5]))
    assert not leaks, leaks[:5]


def test_the_leak_scan_catches_a_leak(server):
    """The scan above fails when a frame names another seat's card (checked by planting
    one: the other seats' hands put into a seat's frame)."""
    variant = REGISTRY.variants["crowsnest"]
    b = Bot(server.url)
    b.send({"type": "create", "variant": "crowsnest", "seats": [{"kind": "human"}] * 4})
    b.expect("created")
    snap = b.expect("snapshot")
    from crowsnest.net.log import SQLiteLog

    db = SQLiteLog(server.db)
    start = db.start(b.code)
    db.close()
    names, allowed = allowed_names(variant, start, [])
    m = Match(variant, seed=start["seed"], seats=4, options=start["options"])
    planted = {**snap, "view": {**snap["view"], "x": m.state()["hands"][1]}}
    assert set(card_counts(planted, names)) - allowed[0][0]
    assert not set(card_counts(snap, names)) - allowed[0][0]
