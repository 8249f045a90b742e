"""The store's fault campaign (issue 29, docs/reliability.md): real stores with random
byte flips and crafted rows, read by `crowsnest stats`, `crowsnest saves` and the
window's Statistics and Saves screens. Counts crashes (any exception, or the CLI's "stopped
on an unexpected error") and healthy stores moved aside.

    nice -n 15 python tools/store_campaign.py --cases 1000 --seed 1 [--out FILE]

Each case starts from the same healthy store (finished CrowsNest matches with their
players and deals, save slots, the coach's counts), copied; even cases flip 1 to 64
random bytes of the file, odd cases change one value (or the schema) with SQL. A store is
*healthy* when an independent read-only check finds it a database with `quick_check` ok,
our application id and version and every table's columns: such a store must never be
moved aside. Every reader gets its own fresh copy of the damaged file. Bounded: a fixed
number of cases, nothing but a temporary folder written.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crowsnest.records import store as store_mod  # noqa: E402
from crowsnest.records.savefile import Seat, document, dumps  # noqa: E402
from crowsnest.records.stats import record_of  # noqa: E402
from crowsnest.records.store import Store  # noqa: E402

HOSTILE = [
    "CAST(x'41ff42' AS TEXT)",
    "x'00ff00'",
    "'{bad'",
    "'[1, {}]'",
    "'null'",
    "'[\"x\"]'",
    "9e999",
    "-9e999",
    "'abc'",
    "''",
    "123456789012345678",
    "-1",
    "'" + "[" * 3000 + "'",
    "'x = ' || printf('%.5000c', '9')",
    "CAST(x'efbbbf' AS TEXT) || 'format = 1'",
    "'\x1b]0;pwned\x07'",
]
SCHEMA_DAMAGE = [
    "DROP TABLE slots",
    "DROP TABLE deals",
    "DROP TABLE coach",
    "ALTER TABLE matches DROP COLUMN scores",
    "ALTER TABLE slots DROP COLUMN save",
    "PRAGMA user_version = 99",
    "PRAGMA user_version = 1",
    "PRAGMA application_id = 7",
    "INSERT INTO slots (name, variant, created_at, saved_at, save) VALUES (x'ff', 1, 2, 3, 4)",
    "INSERT INTO matches (variant, variant_name, options, seats, seed, started_at, finished_at,"
    " seconds, deals, scores, scores_by, winners, end_reason, game_version, save)"
    " VALUES ('crowsnest', 'CrowsNest', '{}', 4, '1', 'a', 'b', 'x', 1, '[1]', 'team', '[0]',"
    " '', '0', '')",
]


def template(folder: Path, matches: int) -> Path:
    from crowsnest.plugin_host import load_registry
    from crowsnest.testing import play_match

    v = load_registry(user_folder=False).variant("crowsnest")
    seats = [Seat("human", "normal", "Ann"), Seat("ai", "hard"), Seat("ai", "easy"), Seat()]
    path = folder / "template.db"
    with Store(path) as st:
        for seed in range(1, matches + 1):
            m = play_match(v, seed=seed, level="easy")
            when = f"2026-12-{seed:02d}T10:00:00Z"
            rec = record_of(m, seats, ["Ann", "W", "N", "E"], started_at=when, finished_at=when,
                            seconds=60 + seed, undone=seed % 3 == 0)  # fmt: skip
            st.add_match(rec)
            if seed <= 4:
                st.put_slot(f"slot {seed}", "crowsnest", dumps(document(m, seats, m.log_strings())))
        st.add_coach_deal("crowsnest")
        st.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        st.db.execute("PRAGMA journal_mode=DELETE")  # one file: what is flipped is all of it
    return path


def damage(src: Path, dst: Path, case: int, rng: random.Random) -> str:
    shutil.copyfile(src, dst)
    if case % 2 == 0:
        data = bytearray(dst.read_bytes())
        n = rng.randint(1, 64)
        for _ in range(n):
            data[rng.randrange(len(data))] ^= rng.randint(1, 255)
        dst.write_bytes(bytes(data))
        return f"flip {n}"
    db = sqlite3.connect(dst, isolation_level=None)
    try:
        if rng.random() < 0.2:
            sql = rng.choice(SCHEMA_DAMAGE)
            db.execute(sql)
            return sql[:60]
        tables = ["matches", "match_players", "deals", "slots", "coach"]
        for _ in range(20):
            table = rng.choice(tables)
            cols = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
            rowids = [r[0] for r in db.execute(f"SELECT rowid FROM {table}")]
            if not rowids:
                continue
            col = rng.choice(cols)
            value = rng.choice(HOSTILE)
            try:
                db.execute(
                    f"UPDATE {table} SET {col} = {value} WHERE rowid = ?", (rng.choice(rowids),)
                )
            except sqlite3.DatabaseError:
                continue  # a constraint: try another value
            return f"{table}.{col} = {value[:30]}"
        return "unchanged"
    finally:
        db.close()


def healthy(path: Path) -> bool:
    """An independent, read-only look: would a careful reader call this store sound?"""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        db.text_factory = lambda b: b.decode("utf-8", "replace")
        try:
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                return False
            if db.execute("PRAGMA application_id").fetchone()[0] not in (
                0,
                store_mod.APPLICATION_ID,
            ):
                return False
            if db.execute("PRAGMA user_version").fetchone()[0] != store_mod.SCHEMA_VERSION:
                return False
            for name, (_sql, cols) in store_mod.expected_schema().items():
                have = [r[1] for r in db.execute(f"PRAGMA table_info({name})")]
                if not set(cols) <= set(have):
                    return False
            return True
        finally:
            db.close()
    except (sqlite3.DatabaseError, ValueError):
        return False


def moved(folder: Path) -> bool:
    return any(".corrupt-" in p.name or ".foreign-" in p.name for p in folder.iterdir())


def run_cli(args: list[str]) -> tuple[int, str, str, str | None]:
    from crowsnest.cli.commands import main

    out, err = io.StringIO(), io.StringIO()
    crash = None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
    except BaseException as e:  # noqa: BLE001 - a crash is what is counted
        code, crash = -1, f"{type(e).__name__}: {e}"
    if crash is None and "unexpected error" in err.getvalue():
        crash = err.getvalue().strip()[:300]
    if crash is None and code == 0 and "--json" in args:
        try:
            json.loads(out.getvalue())
        except ValueError:
            crash = "not JSON: " + out.getvalue()[:200]
    return code, out.getvalue(), err.getvalue(), crash


def run_screens(cfg: Path) -> str | None:
    from crowsnest.client.app import App
    from crowsnest.client.input import Act, InputEvent
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.saves import SavesScene
    from crowsnest.client.scenes.stats import StatsScene
    from crowsnest.client.scenes.title import TitleScene

    app = None
    try:
        app = App(PrefsStore(cfg), size=(800, 600))
        app.prefs.coach = False
        app.stack.push(TitleScene())
        saves = app.stack.push(SavesScene())
        for _ in range(3):
            app.step(0.02)
        for _ in range(min(12, len(saves.items))):
            app.dispatch(InputEvent(Act.DOWN))
            app.step(0.02)
        if app.stack.top is not saves:
            return "the Saves screen closed"
        app.dispatch(InputEvent(Act.BACK))
        app.step(0.02)
        st = app.stack.push(StatsScene())
        for _ in range(1500):
            app.step(0.02)
            if not st.loading:
                break
            time.sleep(0.002)
        if st.loading:
            return "the Statistics screen never finished reading"
        for act in (Act.RIGHT, Act.DOWN, Act.RIGHT):
            app.dispatch(InputEvent(act))
            app.step(0.02)
        if app.stack.top is not st:
            return "the Statistics screen closed"
        return None
    except BaseException as e:  # noqa: BLE001 - a crash is what is counted
        return f"{type(e).__name__}: {e}"
    finally:
        if app is not None:
            with contextlib.suppress(Exception):
                app.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--matches", type=int, default=6)
    ap.add_argument("--out", help="write the summary (JSON) here too")
    ap.add_argument("--no-screens", action="store_true")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="store-campaign-") as tmp:
        base = Path(tmp)
        os.environ["XDG_STATE_HOME"] = str(base / "state")  # crash logs stay here
        os.environ["XDG_DATA_HOME"] = str(base / "data")
        os.environ["XDG_CONFIG_HOME"] = str(base / "config")
        src = template(base, a.matches)
        readers = ["stats", "saves"] + ([] if a.no_screens else ["screens"])
        tally: dict[str, Any] = {
            "cases": 0,
            "flip_cases": 0,
            "row_cases": 0,
            "healthy": 0,
            "crashes": {r: 0 for r in readers},
            "healthy_moved_aside": 0,
            "damaged_moved_aside": 0,
            "turned_off": 0,
            "rows_reported": 0,
            "examples": [],
        }
        for case in range(a.cases):
            rng = random.Random(a.seed * 1_000_003 + case)
            folder = base / f"case{case}"
            folder.mkdir()
            damaged = folder / "damaged.db"
            what = damage(src, damaged, case, rng)
            ok = healthy(damaged)
            tally["cases"] += 1
            tally["flip_cases" if case % 2 == 0 else "row_cases"] += 1
            tally["healthy"] += ok
            for reader in readers:
                cfg = folder / f"{reader}.toml"
                cfg.write_text("")
                saves_dir = folder / f"{reader}-saves"
                saves_dir.mkdir()
                shutil.copyfile(damaged, saves_dir / "crowsnest.db")
                if reader == "screens":
                    crash = run_screens(cfg)
                    err = ""
                else:
                    _code, _out, err, crash = run_cli(["--config", str(cfg), reader, "--json"])
                if crash is not None:
                    tally["crashes"][reader] += 1
                    if len(tally["examples"]) < 20:
                        tally["examples"].append({"case": case, "what": what, reader: crash})
                if moved(saves_dir):
                    if ok:
                        tally["healthy_moved_aside"] += 1
                        if len(tally["examples"]) < 20:
                            tally["examples"].append(
                                {"case": case, "what": what, reader: "healthy, moved aside"}
                            )
                    else:
                        tally["damaged_moved_aside"] += 1
                if "are off" in err:
                    tally["turned_off"] += 1
                if "it was skipped" in err:
                    tally["rows_reported"] += 1
            shutil.rmtree(folder)
            if (case + 1) % 50 == 0:
                print(f"{case + 1}/{a.cases} cases, crashes {tally['crashes']}", file=sys.stderr)
        tally["seconds"] = round(time.perf_counter() - t0, 1)
    text = json.dumps(tally, indent=1)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n")
    return 0 if not any(tally["crashes"].values()) and not tally["healthy_moved_aside"] else 1


if __name__ == "__main__":
    sys.exit(main())
