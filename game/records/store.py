"""The store: what the game remembers between runs, in one SQLite file.

Finished matches (for statistics and the history of saves) and named save slots live in
`crowsnest.db` beside the autosave (`<user data dir>/saves/` for the default config,
`FILE-STEM-saves/` for `--config FILE`; docs/saves.md). Written with the stdlib's
sqlite3:

- the schema's version is `PRAGMA user_version`; `MIGRATIONS[k]` takes a database from
  version k to k + 1, each in its own transaction, so a crash half-way leaves the last
  whole version;
- WAL journal (readers never wait for the writer: `crowsnest stats` can run while the
  window plays);
- every write is one transaction (`with store.tx():`), never a half-recorded match;
- a file that is not a database, is damaged, or was written by a newer CrowsNest Arcade
  is moved aside (`crowsnest.corrupt-STAMP.db`, `crowsnest.newer-vN-STAMP.db`, with its
  -wal/-shm files) and a fresh store made; `Store.notice` says so in one sentence.
  Nothing crashes and nothing is deleted.

No pygame here: the CLI and the tests use it headless.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

STORE_NAME = "crowsnest.db"


class StoreError(RuntimeError):
    """The store cannot be used at all (its folder cannot be written). One sentence."""


def store_path(config_path: str | Path | None) -> Path:
    """The store of a config: beside its autosave, so a `--config` profile keeps its own
    statistics and saves (the same rule as the autosave, docs/saves.md)."""
    from crowsnest.records.savefile import autosave_path

    return autosave_path(config_path).parent / STORE_NAME


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S")


# ---------------------------------------------------------------- schema


def _script(db: sqlite3.Connection, sql: str) -> None:
    """Run statements one by one inside the caller's transaction (executescript would
    commit first)."""
    for stmt in sql.split(";"):
        if stmt.strip():
            db.execute(stmt)


def _v1(db: sqlite3.Connection) -> None:
    _script(
        db,
        """
        CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            variant TEXT NOT NULL,
            variant_name TEXT NOT NULL,
            options TEXT NOT NULL,          -- JSON: every rule option, resolved
            seats INTEGER NOT NULL,
            seed TEXT NOT NULL,
            started_at TEXT NOT NULL,       -- ISO 8601 UTC
            finished_at TEXT NOT NULL,
            seconds REAL NOT NULL,          -- time played in the window
            deals INTEGER NOT NULL,
            scores TEXT NOT NULL,           -- JSON: final scores by side
            scores_by TEXT NOT NULL,        -- 'team' or 'seat'
            teams TEXT,                     -- JSON: seat lists per team, or NULL
            winners TEXT NOT NULL,          -- JSON: the winning sides
            end_reason TEXT NOT NULL,
            game_version TEXT NOT NULL,
            save TEXT NOT NULL              -- the match as a save file (docs/saves.md)
        );
        CREATE TABLE match_players (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,             -- 'human' or 'ai'
            level TEXT NOT NULL,
            side INTEGER NOT NULL,          -- the team (or the seat) its score is under
            won INTEGER NOT NULL,
            PRIMARY KEY (match_id, seat)
        );
        CREATE INDEX match_players_name ON match_players(name, kind);
        CREATE TABLE deals (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            deal INTEGER NOT NULL,          -- 1, 2, ... (redeals are not deals)
            declarer INTEGER,               -- the seat that held the contract, if any
            bid INTEGER,
            made INTEGER,                   -- 1 made, 0 set, NULL no contract
            points TEXT NOT NULL,           -- JSON by side
            score_change TEXT NOT NULL,
            scores TEXT NOT NULL,
            details TEXT NOT NULL,          -- JSON: the engine's whole deal record
            PRIMARY KEY (match_id, deal)
        );
        CREATE TABLE slots (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            variant TEXT NOT NULL,
            created_at TEXT NOT NULL,
            saved_at TEXT NOT NULL,
            save TEXT NOT NULL              -- a save file's text (docs/saves.md)
        );
        """,
    )


def _v2(db: sqlite3.Connection) -> None:
    """The first-game coach remembers how many deals of each game it has coached."""
    _script(
        db,
        """
        CREATE TABLE coach (
            variant TEXT PRIMARY KEY,
            deals INTEGER NOT NULL
        )
        """,
    )


# MIGRATIONS[k] upgrades version k to k + 1. Append, never edit a released step.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2]
SCHEMA_VERSION = len(MIGRATIONS)


# ---------------------------------------------------------------- the store


@dataclass(frozen=True)
class Slot:
    id: int
    name: str
    variant: str
    created_at: str
    saved_at: str
    save: str  # the save file's text


class Store:
    """One open store. `Store(path)` never raises for a bad file: it moves it aside,
    starts afresh and sets `notice`; StoreError only when the folder is unusable."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser()
        self.notice: str | None = None  # one sentence when a file was moved aside
        self.moved_aside: Path | None = None
        self.db = self._open()

    # ---- opening, checking, migrating

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: transactions are ours (tx()), sqlite3 opens none itself
        db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        db.row_factory = sqlite3.Row
        return db

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"{self.path.parent}: cannot make the folder ({e.strerror})") from None
        try:
            db = self._connect()
            problem = self._problem(db)
        except sqlite3.DatabaseError as e:
            db, problem = None, (f"is not a CrowsNest Arcade store ({e})", "corrupt")
        if problem is not None:
            if db is not None:
                db.close()
            self._move_aside(*problem)
            try:
                db = self._connect()
            except sqlite3.DatabaseError as e:
                raise StoreError(f"{self.path}: cannot be created ({e})") from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA foreign_keys=ON")
            self._migrate(db)
        except sqlite3.DatabaseError as e:  # e.g. a read-only folder
            db.close()
            raise StoreError(f"{self.path}: cannot be used ({e})") from None
        return db

    def _problem(self, db: sqlite3.Connection) -> tuple[str, str] | None:
        """Why an existing file cannot be used: (sentence, kind) or None."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            return (
                f"was written by a newer CrowsNest Arcade (store version {version}; "
                f"this one reads up to {SCHEMA_VERSION})",
                f"newer-v{version}",
            )
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            return f"is damaged ({check})", "corrupt"
        return None

    def _move_aside(self, why: str, kind: str) -> None:
        aside = self.path.with_name(f"{self.path.stem}.{kind}-{_stamp()}{self.path.suffix}")
        for suffix in ("", "-wal", "-shm"):
            src = Path(f"{self.path}{suffix}")
            if src.exists():
                os.replace(src, f"{aside}{suffix}")
        self.moved_aside = aside
        self.notice = (
            f"{self.path} {why}: it was moved aside to {aside.name} and a new, empty "
            "store was started (statistics and save slots begin again)"
        )

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for k in range(version, SCHEMA_VERSION):
            db.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[k](db)
                db.execute(f"PRAGMA user_version = {k + 1}")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    @property
    def version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    @contextlib.contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it or nothing."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- finished matches

    def add_match(self, rec: Any) -> int:
        """Record a finished match (a crowsnest.records.stats.MatchRecord); returns its id."""
        with self.tx() as db:
            cur = db.execute(
                "INSERT INTO matches (variant, variant_name, options, seats, seed, started_at,"
                " finished_at, seconds, deals, scores, scores_by, teams, winners, end_reason,"
                " game_version, save) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    rec.variant,
                    rec.variant_name,
                    _j(rec.options),
                    rec.seats,
                    str(rec.seed),
                    rec.started_at,
                    rec.finished_at,
                    rec.seconds,
                    len(rec.deals),
                    _j(rec.scores),
                    "team" if rec.teams else "seat",
                    _j(rec.teams) if rec.teams else None,
                    _j(rec.winners),
                    rec.end_reason,
                    rec.game_version,
                    rec.save,
                ),
            )
            mid = int(cur.lastrowid or 0)
            db.executemany(
                "INSERT INTO match_players VALUES (?,?,?,?,?,?,?)",
                [(mid, p.seat, p.name, p.kind, p.level, p.side, int(p.won)) for p in rec.players],
            )
            db.executemany(
                "INSERT INTO deals VALUES (?,?,?,?,?,?,?,?,?)",
                [
                    (
                        mid,
                        d.deal,
                        d.declarer,
                        d.bid,
                        None if d.made is None else int(d.made),
                        _j(d.points),
                        _j(d.score_change),
                        _j(d.scores),
                        _j(d.details),
                    )
                    for d in rec.deals
                ],
            )
        return mid

    def match_rows(self, variant: str | None = None) -> list[sqlite3.Row]:
        sql = "SELECT * FROM matches"
        args: tuple[Any, ...] = ()
        if variant:
            sql += " WHERE variant = ?"
            args = (variant,)
        return self.db.execute(sql + " ORDER BY finished_at, id", args).fetchall()

    def match_row(self, match_id: int) -> sqlite3.Row | None:
        return self.db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()

    def players_of(self, match_ids: Sequence[int] | None = None) -> dict[int, list[sqlite3.Row]]:
        rows = self.db.execute("SELECT * FROM match_players ORDER BY match_id, seat").fetchall()
        out: dict[int, list[sqlite3.Row]] = {}
        want = set(match_ids) if match_ids is not None else None
        for r in rows:
            if want is None or r["match_id"] in want:
                out.setdefault(r["match_id"], []).append(r)
        return out

    def deals_of(self) -> dict[int, list[sqlite3.Row]]:
        out: dict[int, list[sqlite3.Row]] = {}
        for r in self.db.execute("SELECT * FROM deals ORDER BY match_id, deal"):
            out.setdefault(r["match_id"], []).append(r)
        return out

    def delete_match(self, match_id: int) -> bool:
        with self.tx() as db:
            return db.execute("DELETE FROM matches WHERE id = ?", (match_id,)).rowcount > 0

    # ---- named save slots

    def slots(self) -> list[Slot]:
        rows = self.db.execute("SELECT * FROM slots ORDER BY saved_at DESC, id DESC").fetchall()
        return [Slot(**{k: r[k] for k in r.keys()}) for r in rows]  # noqa: SIM118 - sqlite3.Row

    def slot(self, name_or_id: str | int) -> Slot | None:
        col = "id" if isinstance(name_or_id, int) else "name"
        r = self.db.execute(f"SELECT * FROM slots WHERE {col} = ?", (name_or_id,)).fetchone()
        return Slot(**{k: r[k] for k in r.keys()}) if r else None  # noqa: SIM118

    def put_slot(self, name: str, variant: str, save_text: str) -> Slot:
        """Save into the slot `name` (made, or overwritten when it exists)."""
        name = name.strip()
        if not name:
            raise ValueError("a save slot needs a name")
        t = now_iso()
        with self.tx() as db:
            db.execute(
                "INSERT INTO slots (name, variant, created_at, saved_at, save) VALUES (?,?,?,?,?)"
                " ON CONFLICT(name) DO UPDATE SET variant = excluded.variant,"
                " saved_at = excluded.saved_at, save = excluded.save",
                (name, variant, t, t, save_text),
            )
        got = self.slot(name)
        assert got is not None
        return got

    def rename_slot(self, slot_id: int, name: str) -> None:
        """Rename; ValueError (a sentence) when the name is empty or taken."""
        name = name.strip()
        if not name:
            raise ValueError("a save slot needs a name")
        try:
            with self.tx() as db:
                db.execute("UPDATE slots SET name = ? WHERE id = ?", (name, slot_id))
        except sqlite3.IntegrityError:
            raise ValueError(f"there is already a save called '{name}'") from None

    def delete_slot(self, slot_id: int) -> bool:
        with self.tx() as db:
            return db.execute("DELETE FROM slots WHERE id = ?", (slot_id,)).rowcount > 0

    # ---- the first-game coach

    def coach_deals(self, variant: str) -> int:
        r = self.db.execute("SELECT deals FROM coach WHERE variant = ?", (variant,)).fetchone()
        return int(r[0]) if r else 0

    def add_coach_deal(self, variant: str) -> None:
        with self.tx() as db:
            db.execute(
                "INSERT INTO coach VALUES (?, 1) ON CONFLICT(variant) DO UPDATE SET deals = deals + 1",
                (variant,),
            )

    def reset_coach(self) -> None:
        """The coach starts again from the first deal of every game."""
        with self.tx() as db:
            db.execute("DELETE FROM coach")

    def free_slot_name(self, base: str) -> str:
        """`base`, or `base (2)`, `base (3)`... whichever is not taken."""
        taken = {r[0] for r in self.db.execute("SELECT name FROM slots")}
        if base not in taken:
            return base
        k = 2
        while f"{base} ({k})" in taken:
            k += 1
        return f"{base} ({k})"


def _j(x: Any) -> str:
    return json.dumps(x, sort_keys=True, default=str)
