#!/usr/bin/env python3
"""Hostile frames against `crowsnest serve` over loopback (docs/online.md, "Limits").

    python tools/fuzz_serve.py --frames 100000 [--seed 1] [--json]

A server runs on a thread of this process (127.0.0.1, a free port) with its rate limits
raised so every frame reaches the parser; a table of protocol bots plays a whole match
beside it; fuzz connections send bad JSON and UTF-8, binary frames, deep nesting, huge
numbers and frames, wrong types, unknown fields, stale seqs, another seat's moves, bad
tokens and codes, chat floods. At the end: the server's internal error count (must be 0),
whether the bots' table finished with each view equal to a shadow replay of its log, and
the frames sent. Bounded: it stops after --frames or --seconds, whichever comes first."""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "net"))


def hostile(rng: random.Random, code: str, token: str, seq: int) -> str | bytes:
    """One hostile frame."""
    k = rng.randrange(16)
    if k == 0:
        return "{" * rng.randrange(1, 50) + '"v":1'
    if k == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if k == 2:
        return "[" * 2000 + "]" * 2000
    if k == 3:
        return (
            '{"v":1,"type":"act","seq":' + "9" * rng.choice((20, 101, 4000)) + ',"action":"pass"}'
        )
    if k == 4:
        return json.dumps(
            {"v": 1, "type": rng.choice(["act", "join", "hello", "x", 5, None]), "seq": "x"}
        )
    if k == 5:
        return json.dumps({"v": rng.choice([0, 2, "1", True, None, 1.0]), "type": "hello"})
    if k == 6:
        return json.dumps(
            {
                "v": 1,
                "type": "act",
                "seq": seq + rng.randrange(-3, 3),
                "action": rng.choice(
                    ["pass", "bid 70", "play R14", "discard", "bid 1e9", "play " + "X" * 300]
                ),
            }
        )
    if k == 7:
        return json.dumps(
            {
                "v": 1,
                "type": "resume",
                "code": code,
                "token": rng.choice([token[:-1] + "0", "0" * 32, token.upper(), "", "g" * 32]),
            }
        )
    if k == 8:
        return json.dumps(
            {
                "v": 1,
                "type": "join",
                "code": rng.choice([code.lower(), "AAAAAA", "0O1IL2", "", code + "X"]),
                "seat": rng.randrange(-2, 9),
            }
        )
    if k == 9:
        return json.dumps(
            {
                "v": 1,
                "type": "chat",
                rng.choice(["preset", "text"]): rng.choice(
                    ["gg", "nope", "x" * 300, "\u0000\u202e", ""]
                ),
            }
        )
    if k == 10:
        return json.dumps(
            {
                "v": 1,
                "type": "create",
                "variant": rng.choice(["crowsnest", "nope", "tractor"]),
                "seats": rng.choice(
                    [
                        [],
                        [{"kind": "ai", "level": "god"}] * 4,
                        [{"kind": "human"}] * 9,
                        "four",
                        [1, 2],
                    ]
                ),
                "rules": rng.choice([{}, {"grace": -1}, {"turn": 3}, {"bogus": 1}, []]),
            }
        )
    if k == 11:
        return json.dumps(
            {
                "v": 1,
                "type": "undo",
                "op": rng.choice(["ask", "yes", "no", "maybe"]),
                "seq": rng.randrange(0, 5),
            }
        )
    if k == 12:
        if rng.random() < 0.3:  # a look at a table's seats: bad and unknown codes
            code = rng.choice(["ZZZZZZ", "", "x" * 20, 5, None, "k7qw3m"])
            return json.dumps({"v": 1, "type": "seats", "code": code})
        return json.dumps(
            {"v": 1, "type": rng.choice(["kick", "to_ai"]), "seat": rng.randrange(0, 70)}
        )
    if k == 13:
        return json.dumps(
            {
                "v": 1,
                "type": "hello",
                "name": "\ud800" if rng.random() < 0.5 else "x" * 30,
                "extra": 1,
            }
        )
    if k == 14:
        return (
            '"\\ud800"'
            if rng.random() < 0.5
            else "\ud800".encode("utf-8", "surrogatepass").decode("latin-1")
        )
    return json.dumps(
        {
            "v": 1,
            "type": rng.choice(["check", "hint", "snapshot", "bye"]),
            "action": "play " + rng.choice(["R14", "BIRD", "2S", ""]),
        }
    )


def campaign(frames: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    from bots import Bot, run, shadow
    from crowsnest.net.client import ThreadClient
    from crowsnest.net.server import start_in_thread
    from crowsnest.plugin_host import load_registry

    reg = load_registry(folders=[], user_folder=False)
    db = Path(tempfile.mkdtemp(prefix="crowsnest-fuzz-")) / "online.sqlite3"
    h = start_in_thread("127.0.0.1", 0, db, registry=reg, frames_per_s=1e9, joins_per_min=1e9)
    rng = random.Random(seed)
    try:
        # The bystanders: a whole match that must not notice the fuzzing.
        owner = Bot(h.url, name="Ada", seed=seed)
        owner.send(
            {
                "type": "create",
                "variant": "crowsnest",
                "seats": [{"kind": "human"}] * 4,
                "options": {"target": 100},
            }
        )
        owner.expect("created")
        bots = [owner]
        for i in range(1, 4):
            b = Bot(h.url, name=f"Player {i}", seed=seed + i)
            b.send({"type": "join", "code": owner.code})
            b.expect("joined")
            bots.append(b)
        # The fuzzers: each has a table of its own with a seat and a token, and Ada's code.
        fuzzers = []
        for _ in range(3):
            f = ThreadClient(h.url)
            f.send({"type": "hello"})
            f.send({"type": "create", "variant": "crowsnest", "seats": [{"kind": "human"}] * 4})
            fuzzers.append(f)
        time.sleep(0.3)
        tokens = {}
        for f in fuzzers:
            for fr in f.poll():
                if fr.get("type") == "created":
                    tokens[id(f)] = fr["token"]
        sent = 0
        closed_big = 0
        deadline = time.monotonic() + seconds
        while sent < frames and time.monotonic() < deadline:
            for i, f in enumerate(fuzzers):
                if f.closed:  # a huge frame closes the connection (1009): open another
                    f = ThreadClient(h.url)
                    f.send({"type": "hello"})
                    fuzzers[i] = f
                    closed_big += 1
                if rng.random() < 0.001:
                    f.send_raw("x" * 70_000)  # larger than 64 KiB
                else:
                    f.send_raw(hostile(rng, owner.code, tokens.get(id(f), "0" * 32), owner.seq))
                sent += 1
                if sent % 200 == 0:
                    f.poll()
            for b in bots:  # the bystanders play on meanwhile
                b.pump()
                b.play()
        run(bots, seconds=max(30.0, deadline - time.monotonic() + 30))
        m, entries = shadow(str(db), owner.code, reg.variants["crowsnest"])
        views_ok = all(b.state["view"] == json.loads(json.dumps(m.view_json(b.seat))) for b in bots)
        alive = h.thread.is_alive()
        for f in fuzzers:
            f.close()
        return {
            "frames": sent,
            "reconnects_after_huge_frames": closed_big,
            "internal_errors": h.server.internal_errors,
            "server_alive": alive,
            "bystander_match_over": m.over,
            "bystander_views_equal_replay": views_ok,
            "bystander_actions": len(entries),
        }
    finally:
        h.stop()
        shutil.rmtree(db.parent, ignore_errors=True)  # leave nothing in the temp folder


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--frames", type=int, default=100_000)
    ap.add_argument("--seconds", type=float, default=300.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    out = campaign(a.frames, a.seconds, a.seed)
    print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    ok = out["internal_errors"] == 0 and out["server_alive"] and out["bystander_views_equal_replay"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
