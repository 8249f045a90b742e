"""Protocol fuzzer for `crowsnest engine`: seeded random request lines, most of them
plausible (a legal action, a view of a real seat) and the rest bad in the ways a client
or an attacker gets wrong (invalid JSON and UTF-8, deep nesting, huge integers, NaN,
surrogates, odd bids, unknown cmds, wrong types, megabyte tokens).

    python tools/fuzz_protocol.py --requests 1000000 --seed 1 --json
    python tools/fuzz_protocol.py --requests 20000 --engine     # through the real process

Checked for every line: exactly one response line, valid JSON, an "ok"; a failure has
an "error" sentence and never says "internal error"; a refused apply changes nothing
(the state is compared before and after, on a sample); the session keeps answering.
In-process (crowsnest.protocol.EngineSession, what `crowsnest engine` runs per line) by default;
`--engine` pipes the same lines through a `crowsnest engine` process, which must not exit.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from crowsnest.plugin_host import load_registry  # noqa: E402
from crowsnest.protocol import EngineSession  # noqa: E402

CMDS = ("variants", "new", "legal", "check", "apply", "view", "state", "ai", "log")
WEIRD = [
    "",
    " ",
    "\u00b2",
    "--5",
    "9" * 5000,
    "\ud800",
    "\x00",
    "💥",
    "é",
    "NaN",
    "-0",
    "1e309",
    "x" * 100_000,
    "'\"",
    "\n",
    "bid",
    "play",
    "trump",
    "discard",
    "declare",
    "pass pass",
]


class Fuzzer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.registry = load_registry(user_folder=False)
        self.variants = list(self.registry.variants.values())
        self.legal: list[str] = []
        self.seats = 4

    # ---- values

    def weird_value(self, depth: int = 0) -> Any:
        r = self.rng
        k = r.randrange(12)
        if k == 0:
            return r.choice(WEIRD)
        if k == 1:
            return r.randint(-(10**12), 10**12)
        if k == 2:
            return r.choice([True, False, None, 0, -1, 1.5, 10**40])
        if k == 3 and depth < 3:
            return [self.weird_value(depth + 1) for _ in range(r.randrange(4))]
        if k == 4 and depth < 3:
            return {r.choice(WEIRD[:8]): self.weird_value(depth + 1) for _ in range(r.randrange(3))}
        if k == 5:
            return "".join(chr(r.randrange(0x20, 0x3000)) for _ in range(r.randrange(12)))
        return r.choice(["crowsnest", "tractor", "doudizhu", "individual2", "easy", "hard", 3])

    def options(self, variant: Any) -> dict[str, Any]:
        r = self.rng
        out: dict[str, Any] = {}
        for o in variant.options:
            if r.random() < 0.3:
                if r.random() < 0.8:
                    if o.kind == "bool":
                        out[o.key] = r.random() < 0.5
                    elif o.kind == "choice":
                        out[o.key] = r.choice(o.choices)
                    else:
                        lo = o.minimum if o.minimum is not None else -100
                        hi = o.maximum if o.maximum is not None else 100
                        out[o.key] = r.randint(lo - 2, hi + 2)
                else:
                    out[o.key] = self.weird_value()
        if r.random() < 0.05:
            out[r.choice(WEIRD[:9])] = 1
        return out

    def action(self) -> Any:
        r = self.rng
        if self.legal and r.random() < 0.7:
            return r.choice(self.legal)
        k = r.randrange(6)
        if k == 0 and self.legal:
            a = r.choice(self.legal).split()
            a[r.randrange(len(a))] = r.choice(WEIRD)
            return " ".join(a)
        if k == 1:
            return "bid " + r.choice(["²", "--5", "9" * 5000, "٣", "75", "-5", "0", "1e3"])
        if k == 2:
            return "play " + " ".join(r.choice(["R14", "BIRD", "AS", "BJ", "ZZ"]) for _ in range(3))
        if k == 3:
            return self.weird_value()
        return r.choice(WEIRD)

    # ---- requests

    def request(self) -> bytes:
        r = self.rng
        k = r.random()
        if k < 0.03:
            return self.raw_line()
        if k < 0.12 or not self.legal:
            v = r.choice(self.variants)
            req: dict[str, Any] = {"cmd": "new", "variant": v.id}
            if r.random() < 0.9:
                req["seed"] = r.choice(
                    [r.randrange(10**6), str(r.randrange(100)), self.weird_value()]
                )
            if r.random() < 0.4:
                req["options"] = self.options(v)
            if r.random() < 0.1:
                req["seats"] = r.choice([*v.seats, 0, 7, -1, "4"])
            if r.random() < 0.1:
                req["dealer"] = r.choice([0, 1, -1, 99, None, "x"])
            if r.random() < 0.05:
                req["levels"] = r.choice([[2, 2], [3, 14], ["x"], 5, [[[]]]])
            if r.random() < 0.03:
                req["deal"] = self.weird_value()
            return self.dump(req)
        cmd = r.choices(CMDS + ("quitx",), weights=(1, 0, 12, 6, 40, 6, 3, 4, 1, 1))[0]
        req = {"cmd": cmd}
        if cmd in ("check", "apply"):
            req["action"] = self.action()
        elif cmd == "view":
            req["seat"] = r.choice([0, 1, 2, 3, 5, -1, "1", None, 10**30])
        elif cmd == "ai":
            req["level"] = r.choice(["random", "easy", "easy", "normal", "timid", 3, ""])
            if r.random() < 0.3:
                req["budget"] = r.choice([0.5, 0, -1, 1e300, float("nan"), float("inf"), "1"])
            if r.random() < 0.2:
                req["seat"] = r.choice([0, 1, 2, 3, -1])
        if r.random() < 0.03:
            req[r.choice(WEIRD[:8])] = self.weird_value()
        return self.dump(req)

    def raw_line(self) -> bytes:
        r = self.rng
        k = r.randrange(8)
        if k == 0:
            d = r.choice([50, 999, 3000, 100_000])
            return b"[" * d + b"]" * d
        if k == 1:
            return (
                b'{"cmd":"new","variant":"crowsnest","seed":' + b"9" * r.choice([4301, 6000]) + b"}"
            )
        if k == 2:
            return b'{"cmd":"apply","action":"play \xff\xfe"}'
        if k == 3:
            return bytes(r.randrange(256) for _ in range(r.randrange(1, 60))).replace(b"\n", b"")
        if k == 4:
            return b'{"cmd":"legal"' + b"," * r.randrange(1, 5)
        if k == 5:
            return b'{"cmd":"new","variant":"crowsnest","seed":NaN}'
        if k == 6:
            return json.dumps({"cmd": "x" * 1_000_000}).encode()
        return b'"just a string"'

    def dump(self, req: dict[str, Any]) -> bytes:
        return json.dumps(req, ensure_ascii=self.rng.random() < 0.5).encode(
            "utf-8", "surrogatepass"
        )


def check_response(line: bytes, text: str, problems: list[str]) -> dict[str, Any] | None:
    try:
        resp = json.loads(text)
    except ValueError:
        problems.append(f"not JSON: {text[:200]!r} for {line[:200]!r}")
        return None
    if not isinstance(resp, dict) or "ok" not in resp:
        problems.append(f"no 'ok': {text[:200]!r}")
        return None
    if not resp["ok"]:
        err = resp.get("error")
        if not isinstance(err, str) or not err:
            problems.append(f"failure without an error sentence: {text[:200]!r}")
        elif "internal error" in err:
            problems.append(f"internal error: {err[:300]} for {line[:200]!r}")
    return resp


def fuzz(requests: int, seed: int, state_every: int = 50) -> dict[str, Any]:
    f = Fuzzer(seed)
    session = EngineSession(f.registry)
    problems: list[str] = []
    ok = failed = 0
    start = time.perf_counter()
    for i in range(requests):
        line = f.request()
        before = None
        is_apply = b'"cmd": "apply"' in line or b'"cmd":"apply"' in line
        if is_apply and session.match is not None and i % state_every == 0:
            before = json.dumps(session.handle({"cmd": "state"}), default=str)
        text = session.handle_line(line)
        resp = check_response(line, text, problems)
        if resp is None:
            continue
        if resp["ok"]:
            ok += 1
        else:
            failed += 1
            if before is not None:
                after = json.dumps(session.handle({"cmd": "state"}), default=str)
                if after != before:
                    problems.append(f"a refused apply changed the match: {line[:200]!r}")
        if session.match is not None and (resp.get("ok") or i % 20 == 0):
            lg = session.handle({"cmd": "legal"})
            f.legal = lg.get("legal", []) if lg.get("ok") else []
            if session.match.over:
                f.legal = []
        if len(problems) > 50:
            break
    return {
        "requests": i + 1 if requests else 0,
        "seed": seed,
        "ok": ok,
        "failed": failed,
        "problems": len(problems),
        "first_problems": problems[:10],
        "seconds": round(time.perf_counter() - start, 1),
    }


def fuzz_engine(requests: int, seed: int) -> dict[str, Any]:
    """The same lines through a real `crowsnest engine` process (one response each)."""
    f = Fuzzer(seed)
    p = subprocess.Popen(
        [sys.executable, "-m", "crowsnest", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=dict(os.environ, PYTHONIOENCODING="utf-8:strict"),
    )
    assert p.stdin is not None and p.stdout is not None
    problems: list[str] = []
    start = time.perf_counter()
    n = 0
    for n in range(1, requests + 1):
        line = f.request()
        p.stdin.write(line + b"\n")
        p.stdin.flush()
        out = p.stdout.readline()
        if not out:
            problems.append(f"the engine exited (code {p.poll()}) after {line[:200]!r}")
            break
        resp = check_response(line, out.decode("ascii", "replace"), problems)
        if n % 10 == 0 or (resp and resp.get("ok")):
            p.stdin.write(b'{"cmd":"legal"}\n')
            p.stdin.flush()
            lg = json.loads(p.stdout.readline() or b"{}")
            f.legal = lg.get("legal", []) if lg.get("ok") and not lg.get("over") else []
    p.stdin.close()
    code = p.wait(timeout=30)
    if code != 0 and not problems:
        problems.append(f"the engine exited with {code}")
    return {
        "requests": n,
        "seed": seed,
        "engine": True,
        "problems": len(problems),
        "first_problems": problems[:10],
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", action="store_true", help="through a crowsnest engine process")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    res = fuzz_engine(a.requests, a.seed) if a.engine else fuzz(a.requests, a.seed)
    if a.json:
        print(json.dumps(res))
    else:
        print(f"{res['requests']} requests, {res['problems']} problems, {res['seconds']} s")
        for p in res["first_problems"]:
            print("  ", p)
    return 1 if res["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
