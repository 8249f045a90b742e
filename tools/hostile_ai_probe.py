"""A hostile third-party AI looks for hidden cards (issue 29, docs/reliability.md). At
every decision it walks every frame above it and every object the garbage collector
knows, and reports any deal (an object with `hand_of` and `legal_actions`), any view of
another seat, and any set-up or request carrying piles or hands. Played as a drop-in
plugin at two seats of every table (the other seats `easy`), in its worker process (as
the game runs every AI from outside it) and, for comparison, in process (where it finds
the whole deal: the probe works).

    nice -n 15 python tools/hostile_ai_probe.py --matches 3 [--out FILE]

Bounded: a fixed number of matches per game (one deal each).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PLUGIN = """
import gc, json, os, sys

def _probe(o, me, found):
    try:
        if isinstance(o, type) or type(o).__module__.startswith(("_pytest", "pytest", "pluggy")):
            return  # classes are not deals: only instances hold cards
        if hasattr(o, "hand_of") and callable(o.hand_of) and hasattr(o, "legal_actions"):
            found.append(f"a deal ({type(o).__name__})")
        elif hasattr(o, "hand") and hasattr(o, "seat") and isinstance(getattr(o, "seat"), int):
            if o.seat != me:
                found.append("another seat's view")
        elif isinstance(o, dict) and (
            isinstance(o.get("setup"), dict)
            or isinstance(o.get("piles"), dict)
            or (isinstance(o.get("hands"), (list, tuple)) and len(o["hands"]) > 1)
        ):
            found.append("a set-up or request with piles")
    except Exception:
        pass

class Peek:
    def choose(self, view, legal, rng):
        found = []
        f = sys._getframe(1)
        while f is not None:
            for v in list(f.f_locals.values()):
                _probe(v, view.seat, found)
            f = f.f_back
        for o in gc.get_objects():
            _probe(o, view.seat, found)
        with open(os.environ["PEEK_OUT"], "a") as out:
            out.write(json.dumps(sorted(set(found))) + "\\n")
        return legal[0]

def crowsnest_register_ais(register):
    for vid in ("crowsnest", "tractor", "doudizhu", "partnership"):
        register(vid, "peek", lambda variant, options, seats: Peek())
"""

GAMES = ("crowsnest", "partnership", "tractor", "doudizhu")


def play(variant, matches: int, out: Path) -> list[list[str]]:
    from crowsnest.ai import AIRunner
    from crowsnest.engine import Match

    for seed in range(matches):
        m = Match(variant, seed=seed)
        r = AIRunner(variant, m.options, m.seats, budget_s=60.0, seed=seed)
        try:
            while not m.over and m.deal_no == 0:
                level = "peek" if m.to_move in (0, 1) else "easy"
                m.apply(r.choose(m, level=level).action)
        finally:
            r.close()
    found = [json.loads(x) for x in out.read_text().splitlines()] if out.exists() else []
    out.unlink(missing_ok=True)
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=3)
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    from crowsnest.ai import isolated
    from crowsnest.plugin_host import load_registry

    t0 = time.perf_counter()
    report: dict = {"games": {}}
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        folder = Path(tmp) / "plugins"
        folder.mkdir()
        (folder / "hostile.py").write_text(PLUGIN)
        out = Path(tmp) / "found.jsonl"
        os.environ["PEEK_OUT"] = str(out)
        isolated_reg = load_registry([folder], user_folder=False)
        here_reg = load_registry([folder], user_folder=False, isolate_ais=False)
        for vid in GAMES:
            got = play(isolated_reg.variant(vid), a.matches, out)
            isolated.close_all()
            here = play(here_reg.variant(vid), 1, out)
            report["games"][vid] = {
                "decisions_in_worker": len(got),
                "decisions_with_a_find_in_worker": sum(bool(f) for f in got),
                "finds_in_worker": sorted({x for f in got for x in f}),
                "decisions_in_process": len(here),
                "finds_in_process": sorted({x for f in here for x in f}),
            }
    report["decisions_in_worker"] = sum(g["decisions_in_worker"] for g in report["games"].values())
    report["hidden_found"] = sum(
        g["decisions_with_a_find_in_worker"] for g in report["games"].values()
    )
    report["seconds"] = round(time.perf_counter() - t0, 1)
    text = json.dumps(report, indent=1)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n")
    return 1 if report["hidden_found"] else 0


if __name__ == "__main__":
    sys.exit(main())
