"""The server's frames are the same bytes with orjson as with the standard library's
encoder (crowsnest.net.protocol.dumps): every update and snapshot of random play of every
registered game, to every seat and a spectator, compared with json's own text of the same
frame. In-process (no sockets)."""

from __future__ import annotations

import json
import random
import time

import pytest
from crowsnest.net import protocol
from crowsnest.net.log import SQLiteLog
from crowsnest.net.protocol import dumps, encode
from crowsnest.net.table import Table
from net_registry import REGISTRY

STD = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def frames_of_random_play(vid: str, actions: int, seed: int):
    """(frame, the standard library's text of it) for every frame of random play: an
    update's or snapshot's view is spliced in as text (Match.view_texts), so its text is
    compared with json's of the frame with the reader's view_json at that moment."""
    variant = REGISTRY.variants[vid]
    n = variant.default_seats
    t = Table.create(
        "JSONAB", variant, {"seats": [{"kind": "human"}] * n}, SQLiteLog(":memory:"), time.monotonic
    )
    out = []

    def seen(frames):
        m = t.match
        for rid, f in frames:
            if f["type"] in ("update", "snapshot"):
                seat = t.readers[rid].seat
                view = m.view_json(seat) if seat is not None else m.public_view_json()
                out.append((f, STD({"v": 1, **f, "view": view})))
            else:
                out.append((f, STD({"v": 1, **f})))

    for i in range(n):
        seen(t.take(i + 1, ["en", "fi", "zh"][i % 3], f"P{i}", i)[2])
    if t.match.public_view_json() is not None:
        seen(t.watch(99, "fr", "Spectator"))
    rng = random.Random(seed)
    for _ in range(actions):
        if t.match.over:
            break
        seat, m = t.match.to_move, t.match
        legal = m.legal_strings() or [m.deal.format_action(m.deal.random_action(rng))]
        seen(t.act(seat + 1, t.seq, rng.choice(legal)))
        seen([(rid, t.snapshot(rid)) for rid in list(t.readers) if rng.random() < 0.05])
    return out


@pytest.mark.parametrize("vid", sorted(REGISTRY.variants))
def test_every_frame_is_the_standard_librarys_text(vid):
    assert protocol._fast is not None, "orjson is a dependency (pyproject.toml)"
    frames = frames_of_random_play(vid, 150, seed=len(vid))
    assert len(frames) > 150
    for f, std in frames:
        assert encode(f) == std, f.get("type")


def test_what_orjson_does_not_take_is_written_by_the_standard_library():
    for x in ({1: "a"}, [2**70], {"k": (1, 2)}, "tab\t\u2028\x7f\x01"):
        assert dumps(x) == STD(x)
    # The differences: a float under 1e-4 is written shorter (the same number), and NaN,
    # which JSON has not, is null.
    assert dumps([1e16, 0.5, 0.0]) == STD([1e16, 0.5, 0.0])
    assert dumps(1e-7) == "1e-7" and json.loads(dumps([1e-7, 1.5e-5])) == [1e-7, 1.5e-5]
    assert dumps(float("nan")) == "null"
