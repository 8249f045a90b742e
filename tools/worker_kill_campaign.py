"""Kill a worker of a long run (issue 29, docs/reliability.md): `crowsnest simulate` and
`crowsnest tournament` with --workers 2, one worker SIGKILLed at a random moment of each
run. A run that does not end by itself within the timeout is a hang; one that ends
without its JSON, with a traceback or BrokenPipeError, or without naming the failed job,
is a failure.

    nice -n 15 python tools/worker_kill_campaign.py --runs 100 --seed 1 [--out FILE]

Runs alternate between simulate and tournament on the test suite's toy game (quick
matches: the point is the pool, not the game). Linux (/proc). Bounded: --runs runs, each
killed after --timeout seconds at most.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def workers_of(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            kids = (task / "children").read_text().split()
        except OSError:
            continue
        for k in kids:
            try:
                if b"spawn_main" in Path(f"/proc/{k}/cmdline").read_bytes():
                    out.append(int(k))
            except OSError:
                pass
    return out


def one_run(cmd: list[str], env: dict[str, str], rng: random.Random, timeout: float) -> dict:
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            text=True, start_new_session=True)  # fmt: skip
    killed = None
    delay = rng.uniform(0.0, 1.5)  # from the workers' start into the run
    t0 = time.monotonic()
    seen_at = None
    try:
        while time.monotonic() - t0 < timeout and proc.poll() is None:
            kids = workers_of(proc.pid)
            if len(kids) >= 2 and seen_at is None:
                seen_at = time.monotonic()
            if seen_at is not None and time.monotonic() - seen_at >= delay and kids:
                killed = rng.choice(kids)
                os.kill(killed, signal.SIGKILL)
                break
            time.sleep(0.02)
        try:
            out, err = proc.communicate(timeout=max(1.0, timeout - (time.monotonic() - t0)))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return {"hang": True, "killed": killed}
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    r: dict = {"hang": False, "killed": killed, "code": proc.returncode,
               "seconds": round(time.monotonic() - t0, 1)}  # fmt: skip
    try:
        report = json.loads(out)
    except ValueError:
        r["problem"] = "no JSON: " + err[-300:]
        return r
    noise = [w for w in ("Traceback", "BrokenPipe") if w in err]
    if noise:
        r["problem"] = f"{', '.join(noise)} on stderr: " + err[-300:]
    elif killed is not None and proc.returncode == 1 and not report.get("failed"):
        r["problem"] = "exit 1 without the failed job"
    elif killed is not None and proc.returncode == 0 and report.get("failed"):
        r["problem"] = "a failed job but exit 0"
    r["failed"] = len(report.get("failed", []))
    return r


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kill-campaign-") as tmp:
        folder = Path(tmp) / "plugins"
        folder.mkdir()
        shutil.copy(ROOT / "tests" / "toyvariant.py", folder / "toyplug.py")
        cfg = Path(tmp) / "config.toml"
        cfg.write_text(f"[plugins]\nfolders = [{json.dumps(str(folder))}]\n")
        env = {**os.environ, "XDG_DATA_HOME": f"{tmp}/data", "XDG_STATE_HOME": f"{tmp}/state",
               "XDG_CONFIG_HOME": f"{tmp}/config"}  # fmt: skip
        exe = [sys.executable, "-m", "crowsnest", "--config", str(cfg)]
        runs = []
        for k in range(a.runs):
            if k % 2 == 0:
                cmd = [*exe, "simulate", "--variant", "toy", "--games", "1000",
                       "--seed", str(k), "--workers", "2", "--json"]  # fmt: skip
            else:
                cmd = [*exe, "tournament", "--variant", "toy", "--levels", "easy,random",
                       "--deals", "3000", "--seed", str(k), "--workers", "2", "--json"]  # fmt: skip
            r = one_run(cmd, env, rng, a.timeout)
            r["command"] = cmd[5]
            runs.append(r)
            print(f"{k + 1}/{a.runs}: {r}", file=sys.stderr)
    summary = {
        "runs": len(runs),
        "killed": sum(r["killed"] is not None for r in runs),
        "hangs": sum(r["hang"] for r in runs),
        "problems": [r for r in runs if r.get("problem")][:10],
        "problem_count": sum(bool(r.get("problem")) for r in runs),
        "failed_jobs": sum(r.get("failed", 0) for r in runs),
        "median_seconds": sorted(r.get("seconds", 0) for r in runs)[len(runs) // 2],
        "seconds": round(time.perf_counter() - t0, 1),
    }
    text = json.dumps(summary, indent=1)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n")
    return 1 if summary["hangs"] or summary["problem_count"] else 0


if __name__ == "__main__":
    sys.exit(main())
