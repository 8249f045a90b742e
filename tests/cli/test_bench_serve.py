"""tools/bench_serve.py's lean protocol bots: they act only when told they are to move,
with one of the legal actions they were given, over WebSocket frames a server accepts
(masked, pings answered, frames split or fragmented on the wire put together); and the
bench reports its figures against a real server (a smoke test, not a speed test)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "tools" / "bench_serve.py"


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("bench_serve", BENCH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Wire:
    """A transport that keeps what the bot writes."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.closed = False

    def write(self, data: bytes) -> None:
        self.out += data

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def frames(self) -> list[tuple[int, bytes]]:
        """(opcode, unmasked payload) of every frame written; each must be masked."""
        got, d, i = [], bytes(self.out), 0
        while i < len(d):
            op, n = d[i] & 0x0F, d[i + 1]
            assert n & 0x80, "a client frame must be masked"
            n &= 0x7F
            at = i + 2
            if n == 126:
                n, at = int.from_bytes(d[at : at + 2], "big"), at + 2
            key, at = d[at : at + 4], at + 4
            got.append((op, bytes(b ^ key[k % 4] for k, b in enumerate(d[at : at + n]))))
            i = at + n
        return got


def server_frame(payload: bytes, op: int = 1, fin: bool = True) -> bytes:
    n = len(payload)
    first = (0x80 if fin else 0) | op
    if n < 126:
        return bytes([first, n]) + payload
    if n < 65536:
        return bytes([first, 126]) + n.to_bytes(2, "big") + payload
    return bytes([first, 127]) + n.to_bytes(8, "big") + payload


def update(seq: int, seat: int, to_move: int, legal: list[str] | None, over: bool = False) -> bytes:
    """An update as the server lays it out: the head, then the view last."""
    body: dict[str, Any] = {"v": 1, "type": "update", "seq": seq, "seat": seat}
    body |= {"action": "pass", "by": "human", "events": [], "to_move": to_move}
    body |= {"phase": "play", "over": over, "winner": None}
    if legal is not None:
        body |= {"legal": legal, "complete": True, "hint_text": ""}
    body["view"] = {"hand": ["R5", "G14"], "legal_seen": "no", "seat": seat}
    return json.dumps(body, separators=(",", ":")).encode()


def playing_bot(mod: Any, seat: int) -> tuple[Any, Wire, dict[str, Any]]:
    bot = mod.Bot("127.0.0.1:1", random.Random(1))
    wire = Wire()
    bot.transport = wire
    bot.open.set_result(None)
    bot.seat = seat
    stats: dict[str, Any] = {"lat": [], "actions": 0, "errors": 0}
    bot.play(stats, float("inf"), None)
    return bot, wire, stats


def test_a_bot_acts_only_when_it_is_to_move_with_a_legal_action():
    mod = _bench()

    async def go() -> None:
        bot, wire, stats = playing_bot(mod, 2)
        # Another seat is to move (legal actions meant for another seat are no turn either).
        bot.data_received(server_frame(update(7, 1, 3, None)))
        bot.data_received(server_frame(update(8, 3, 0, ["play Y1"])))
        assert wire.frames() == [] and stats["actions"] == 0  # seat 2 counts nothing
        # Seat 2 is to move: one act, for that seq, with one of the legal actions.
        legal = ["play R5", "play G14"]
        bot.data_received(server_frame(update(9, 0, 2, legal)))
        ((op, act),) = wire.frames()
        assert op == 1
        sent = json.loads(act)
        assert sent["type"] == "act" and sent["seq"] == 9 and sent["action"] in legal
        # The same frame again (a snapshot of the same seq) sends nothing more.
        bot.data_received(server_frame(update(9, 0, 2, legal)))
        assert len(wire.frames()) == 1
        # Its own update ends the latency; an over match is no turn.
        bot.data_received(server_frame(update(10, 2, 2, legal, over=True)))
        assert len(stats["lat"]) == 1 and len(wire.frames()) == 1

    asyncio.run(go())


def test_frames_split_fragmented_and_pings_on_the_wire():
    mod = _bench()

    async def go() -> None:
        bot, wire, stats = playing_bot(mod, 0)
        big = update(1, 1, 2, None)[:-1] + b',"pad":"' + b"x" * 70_000 + b'"}'
        data = (
            server_frame(update(1, 3, 1, None))
            + server_frame(b"hi", op=9)  # a ping in the middle
            + server_frame(big)  # a 64-bit length
            + server_frame(update(3, 1, 0, ["bid 70"])[:40], fin=False)
            + server_frame(update(3, 1, 0, ["bid 70"])[40:], op=0)
        )
        for k in range(0, len(data), 997):  # the reads cut frames anywhere
            bot.data_received(data[k : k + 997])
        assert stats["actions"] == 3  # seat 0 counts every update it hears
        (pong, p), (op, act) = wire.frames()
        assert (pong, p) == (0xA, b"hi")
        assert op == 1 and json.loads(act)["action"] == "bid 70"

    asyncio.run(go())


@pytest.mark.slow
def test_bench_serve_reports_actions_latency_and_both_sides_cpu():
    r = subprocess.run(
        [sys.executable, str(BENCH), "--tables", "2", "--seconds", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["actions"] > 0 and out["errors"] == 0
    assert out["latency_ms_p50"] > 0 and out["latency_ms_p99"] >= out["latency_ms_p50"]
    assert out["server_cpu_s_per_1000_actions"] > 0 and out["bot_cpu_s_per_1000_actions"] > 0


@pytest.mark.slow
def test_the_cap_holds_a_busy_process_to_its_share_of_a_core():
    mod = _bench()
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        time.sleep(0.2)
        cap = mod.Cap([busy.pid], 0.2)
        cap.start()
        time.sleep(0.2)  # the bucket's first burst spent
        c0, t0 = mod.schedstat_cpu(busy.pid), time.monotonic()
        time.sleep(1.5)
        share = (mod.schedstat_cpu(busy.pid) - c0) / (time.monotonic() - t0)
        cap.stop()
        assert 0 < share < 0.3 and cap.stops > 10
        c1 = mod.schedstat_cpu(busy.pid)
        time.sleep(0.3)
        assert mod.schedstat_cpu(busy.pid) > c1  # running again once the cap is gone
    finally:
        busy.kill()
        busy.wait(10)
