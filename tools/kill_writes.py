"""kill -9 during writes: a child process rewrites a save file and a config file in a loop
through crowsnest.tomlfile.write_atomic (the autosave's and the settings' write); the
parent kills it with SIGKILL at a random moment, then checks that each file is whole
(parses, and its checksum matches its body) and starts "the next session" the way the
game does (savefile.Autosaver on the saves folder, config.load on the config), after
which no temp file may be left.

    python tools/kill_writes.py --kills 1000 --json
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

CHILD = r"""
import hashlib, random, sys
from pathlib import Path
from crowsnest.tomlfile import write_atomic
folder = Path(sys.argv[1]); rng = random.Random(int(sys.argv[2]))
save, cfg = folder / "saves" / "current.toml", folder / "config.toml"
print("ready", flush=True)
n = 0
while True:
    n += 1
    body = "x" * rng.randrange(1000, 1_500_000)
    digest = hashlib.sha256(body.encode()).hexdigest()
    text = f'n = {n}\nsum = "{digest}"\nbody = "{body}"\n'
    write_atomic(save if n % 3 else cfg, text, prefix=".save-" if n % 3 else ".config-")
"""


def whole(path: Path) -> bool | None:
    """True: parses and the checksum matches; False: torn; None: not written yet."""
    if not path.exists():
        return None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return hashlib.sha256(data.get("body", "").encode()).hexdigest() == data.get("sum")


def temps(folder: Path) -> list[Path]:
    return [p for p in folder.rglob(".*") if p.name.startswith((".save-", ".config-"))]


def next_start(folder: Path) -> None:
    """What a new session does on start: the config is read, the autosaver made."""
    from crowsnest import config
    from crowsnest.records import savefile

    # the body is not a real config: only the file handling matters here
    with contextlib.suppress(config.ConfigError):
        config.load(folder / "config.toml")
    savefile.Autosaver(folder / "saves" / "current.toml").close()


def campaign(kills: int, seed: int) -> dict:
    rng = random.Random(seed)
    torn = left = mid_write = written = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="crowsnest-kill-") as d:
        folder = Path(d)
        (folder / "saves").mkdir()
        for _ in range(kills):
            child = subprocess.Popen(
                [sys.executable, "-c", CHILD, str(folder), str(rng.randrange(10**9))],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert child.stdout is not None
            child.stdout.readline()  # imported and about to write
            time.sleep(rng.uniform(0.0, 0.25))
            os.kill(child.pid, signal.SIGKILL)
            child.wait()
            child.stdout.close()
            if temps(folder):
                mid_write += 1
            for p in (folder / "saves" / "current.toml", folder / "config.toml"):
                w = whole(p)
                if w is False:
                    torn += 1
                elif w:
                    written += 1
            next_start(folder)
            left += len(temps(folder))
    return {
        "kills": kills,
        "seed": seed,
        "killed_mid_write": mid_write,
        "files_checked_whole": written,
        "torn_files": torn,
        "temps_left_after_next_start": left,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    res = campaign(a.kills, a.seed)
    print(json.dumps(res) if a.json else "\n".join(f"{k}: {v}" for k, v in res.items()))
    return 1 if res["torn_files"] or res["temps_left_after_next_start"] else 0


if __name__ == "__main__":
    sys.exit(main())
