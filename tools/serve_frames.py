#!/usr/bin/env python3
"""Every frame an online table sends, hashed, and the table's CPU per action (issue 21).

Random play of every variant through `crowsnest.net.table.Table` in this process, every
seat a reader and a spectator where the game takes one: after every action, the frames
each reader is sent (`encode(frame)`, the text that goes on the wire) go into one sha256,
and every few actions a reader asks for a snapshot. Nothing reads the real clock or the
system's randomness (a fixed clock; the table's `secrets` seeded), so two versions of the
code that send the same frames print the same hash: run it with the old code through
PYTHONPATH and compare before landing a change of the act path.

    python tools/serve_frames.py [--games 3] [--json]          # the hashes
    python tools/serve_frames.py --drive 3000 [--variant crowsnest]  # CPU per action

`--drive N` plays N actions of one variant (four human seats, no spectator, as the
bench's tables) and prints the CPU time per action: the in-process driver for callgrind,
whose count of instructions is repeatable on a loaded machine where times are not:

    valgrind --tool=callgrind --instr-atstart=no \
        python tools/serve_frames.py --drive 1000 --callgrind     # Ir / 1000 per action
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout too

import crowsnest.net.table as table_mod  # noqa: E402
from crowsnest.net.log import SQLiteLog  # noqa: E402
from crowsnest.net.protocol import encode  # noqa: E402
from crowsnest.net.table import Table  # noqa: E402
from crowsnest.plugin_host import load_registry  # noqa: E402


class _Secrets:
    """The table's `secrets`, seeded: the example actions of an incomplete legal list
    come from secrets.randbits, and the hashes must not depend on them."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self.rng.getrandbits(k)

    def token_bytes(self, n: int) -> bytes:
        return self.rng.randbytes(n)

    def choice(self, seq: Any) -> Any:
        return self.rng.choice(seq)


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_table(variant: Any, seed: int, log: SQLiteLog, clock: _Clock, rules: dict) -> Table:
    seats = variant.default_seats
    start = {
        "variant": variant.id,
        "spec": [{"kind": "human", "level": ""}] * seats,
        "options": {},
        "seed": seed,
        "rules": {**table_mod.resolve_rules(None, variant), **rules},
        "owner": 0,
    }
    log.create(f"T{seed:08d}", start)
    t = Table(f"T{seed:08d}", variant, start, log, clock)
    return t


def play(
    variant: Any,
    seed: int,
    actions: int,
    digest: Any,
    spectate: bool = True,
    snapshots: int = 37,
) -> int:
    """One table of `variant` played at random for up to `actions` actions (or to the
    match's end): every frame into `digest`; the number of frames."""
    table_mod.secrets = _Secrets(seed)  # type: ignore[assignment]
    log = SQLiteLog(":memory:", group=True)
    clock = _Clock()
    rng = random.Random(seed)
    rules = {"undo": "agree", "turn": 30, "bank": 60} if seed % 2 else {}
    t = make_table(variant, seed, log, clock, rules)
    frames = 0

    def take(out: list[tuple[int, dict[str, Any]]]) -> None:
        nonlocal frames
        for rid, frame in out:
            digest.update(b"%d:" % rid)
            digest.update(encode(frame).encode())
            digest.update(b"\n")
            frames += 1

    langs = ["en", "fi", "sv", "fr", "zh", "da"]
    for s in range(len(t.seats)):
        take(t.take(s, langs[(seed + s) % len(langs)], f"P{s}", s)[2])
    if spectate and t.rules["spectators"] and t.has_public_view():
        take(t.watch(100, "en", "watcher"))
    seat_reader = {r.seat: rid for rid, r in t.readers.items() if r.seat is not None}
    for n in range(actions):
        m = t.match
        if m.over:
            break
        clock.now += rng.choice((0.5, 3.0, 40.0))
        a = m.deal.random_action(rng)
        while m.deal.check(a) is not None:
            a = m.deal.random_action(rng)
        take(t.act(seat_reader[m.to_move], t.seq, m.deal.format_action(a)))
        log.flush()
        if n % snapshots == snapshots - 1:
            rid = rng.choice(list(t.readers))
            digest.update(b"S%d:" % rid)
            digest.update(encode(t.snapshot(rid)).encode())
            frames += 1
    log.close()
    return frames


def hashes(games: int, actions: int, only: list[str] | None = None) -> dict[str, Any]:
    variants = load_registry(folders=[], user_folder=False).variants
    out: dict[str, Any] = {}
    total = hashlib.sha256()
    frames = 0
    for vid in only or sorted(variants):
        d = hashlib.sha256()
        n = 0
        for g in range(games):
            n += play(variants[vid], 7919 * g + 11, actions, d)
        out[vid] = {"frames": n, "sha256": d.hexdigest()[:16]}
        total.update(d.digest())
        frames += n
    return {"frames": frames, "sha256": total.hexdigest(), "variants": out}


def _callgrind(on: bool) -> None:
    """Callgrind's instrumentation on or off for this process (run under `valgrind
    --tool=callgrind --instr-atstart=no`): only the actions are counted, not Python's
    start and the imports, which cost more than the actions and run uninstrumented."""
    import os
    import subprocess

    subprocess.run(
        ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())],
        check=True,
        capture_output=True,
    )


def drive(vid: str, actions: int, seed: int = 5, callgrind: bool = False) -> dict[str, Any]:
    """`actions` actions of `vid` through tables of human seats; CPU seconds in Table.act
    (the frames' JSON and the log's flush included), the set-up not. `callgrind`: count
    only the play (_callgrind), from the first table's set-up to the last action."""
    variant = load_registry(folders=[], user_folder=False).variants[vid]
    table_mod.secrets = _Secrets(seed)  # type: ignore[assignment]
    log = SQLiteLog(":memory:", group=True)
    clock = _Clock()
    rng = random.Random(seed)
    done = 0
    spent = 0.0
    k = 0
    if callgrind:
        _callgrind(True)
    while done < actions:
        k += 1
        t = make_table(variant, seed * 1000 + k, log, clock, {})
        for s in range(len(t.seats)):
            t.take(s, "en", f"P{s}", s)
        seat_reader = {r.seat: rid for rid, r in t.readers.items() if r.seat is not None}
        t0 = time.process_time()
        while not t.match.over and done < actions:
            m = t.match
            a = m.deal.random_action(rng)
            while m.deal.check(a) is not None:
                a = m.deal.random_action(rng)
            for _rid, f in t.act(seat_reader[m.to_move], t.seq, m.deal.format_action(a)):
                encode(f)
            log.flush()
            done += 1
        spent += time.process_time() - t0
    if callgrind:
        _callgrind(False)
    return {"variant": vid, "actions": done, "us_per_action": round(spent / done * 1e6, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3, help="tables per variant")
    ap.add_argument("--actions", type=int, default=4000, help="at most, per table")
    ap.add_argument("--drive", type=int, default=0, help="CPU per action over N actions")
    ap.add_argument("--variant", default="crowsnest")
    ap.add_argument(
        "--callgrind", action="store_true", help="with --drive under valgrind: count the play only"
    )
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    res = (
        drive(a.variant, a.drive, callgrind=a.callgrind) if a.drive else hashes(a.games, a.actions)
    )
    if a.json:
        print(json.dumps(res))
    elif a.drive:
        print(f"{res['variant']}: {res['actions']} actions, {res['us_per_action']} us each")
    else:
        for vid, v in res["variants"].items():
            print(f"{vid:12} {v['frames']:7} frames  {v['sha256']}")
        print(f"all          {res['frames']:7} frames  {res['sha256']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
