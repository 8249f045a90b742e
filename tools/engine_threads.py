"""The engine's thread count over a long session (issue 29, docs/reliability.md):
`crowsnest engine` fed REQUESTS requests (new matches, `ai`, `apply`, `legal`, `view`)
through its pipes; the engine process's thread count (/proc/PID/status) is sampled every
SAMPLE requests. Flat means no thread is left behind per match.

    nice -n 15 python tools/engine_threads.py --requests 100000 [--out FILE]

A new match every ~40 requests, so thousands of matches replace one another. Linux
(/proc). Bounded: a fixed number of requests.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path


def threads(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    return -1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=100_000)
    ap.add_argument("--sample", type=int, default=5_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    p = subprocess.Popen([sys.executable, "-m", "crowsnest", "engine"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert p.stdin is not None and p.stdout is not None

    def ask(req: dict) -> dict:
        p.stdin.write(json.dumps(req) + "\n")  # type: ignore[union-attr]
        p.stdin.flush()  # type: ignore[union-attr]
        return json.loads(p.stdout.readline())  # type: ignore[union-attr]

    t0 = time.perf_counter()
    samples: list[tuple[int, int]] = []
    matches = 0
    sent = 0
    errors = 0
    since_new = 10**9
    variants = ["crowsnest", "tractor", "doudizhu", "partnership"]
    try:
        while sent < a.requests:
            if since_new > rng.randint(20, 60):
                r = ask(
                    {"cmd": "new", "variant": rng.choice(variants), "seed": rng.randrange(10**6)}
                )
                matches += 1
                since_new = 0
            else:
                kind = rng.random()
                if kind < 0.45:
                    r = ask({"cmd": "ai", "level": "easy"})
                    if r.get("ok"):
                        r = ask({"cmd": "apply", "action": r["action"]})
                        sent += 1
                elif kind < 0.7:
                    r = ask({"cmd": "legal"})
                elif kind < 0.9:
                    r = ask({"cmd": "view", "seat": rng.randrange(3)})
                else:
                    r = ask({"cmd": "ai", "level": "random"})
                since_new += 1
            errors += not r.get("ok")
            sent += 1
            if sent // a.sample > len(samples) - 1 or not samples:
                samples.append((sent, threads(p.pid)))
        samples.append((sent, threads(p.pid)))
        ask({"cmd": "quit"})
    finally:
        p.stdin.close()
        p.wait(30)
    counts = [t for _, t in samples]
    out = {
        "requests": sent,
        "matches": matches,
        "error_answers": errors,  # e.g. "the match is over": answers, not faults
        "threads_first": counts[0],
        "threads_max": max(counts),
        "threads_last": counts[-1],
        "samples": samples,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    text = json.dumps(out)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n")
    return 0 if max(counts) - min(counts) <= 2 else 1


if __name__ == "__main__":
    sys.exit(main())
