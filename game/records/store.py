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
- only real damage moves a file aside: a file that is not a database, fails `PRAGMA
  quick_check` or lacks our tables' columns becomes `crowsnest.corrupt-STAMP.db` (a
  SQLite file of another program `crowsnest.foreign-STAMP.db`), with its -wal/-shm files,
  and a fresh store is made; `Store.notice` says so in one sentence;
- a store that is busy, locked, cannot be opened, sits in a read-only folder or was
  written by a newer CrowsNest Arcade is left exactly as it is: `StoreError` (one
  sentence) and statistics and slots are off for this run;
- every row is read defensively: a value of the wrong type, text that is not UTF-8 or
  JSON that does not parse skips that row, with a sentence in `Store.problems`; the rest
  stays usable. Statistics read only the columns they need (never the save texts);
- the schema is made once under concurrency (the version is read again inside the
  `BEGIN IMMEDIATE` that migrates);
- the history keeps the save text (the replay) of the newest `keep_saves` matches; older
  matches keep their records and figures, their save text is pruned.
  Nothing crashes and nothing is deleted but pruned replays.

No pygame here: the CLI and the tests use it headless.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from crowsnest.records.savefile import autosave_path

STORE_NAME = "crowsnest.db"


# The seed an online match is recorded with ("online CODE": the server keeps the real one).
ONLINE_SEED = "online "


class StoreError(RuntimeError):
    """The store cannot be used at all (its folder cannot be written). One sentence."""


def store_path(config_path: str | Path | None) -> Path:
    """The store of a config: beside its autosave, so a `--config` profile keeps its own
    statistics and saves (the same rule as the autosave, docs/saves.md)."""
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


def _v3(db: sqlite3.Connection) -> None:
    """Matches played with undo against the computers are marked (left out of the
    figures by opponent level, docs/rules-decisions.md); our stores carry an application
    id, so a SQLite file of another program is never taken for one."""
    db.execute("ALTER TABLE matches ADD COLUMN undone INTEGER NOT NULL DEFAULT 0")
    # 0 once the history limit pruned its save text (read without touching the text)
    db.execute("ALTER TABLE matches ADD COLUMN kept INTEGER NOT NULL DEFAULT 1")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def _v4(db: sqlite3.Connection) -> None:
    """Statistics from the first deal: the deals of each match still being played, kept
    under the match's start key until the match is finished and recorded whole."""
    _script(
        db,
        """
        CREATE TABLE live_matches (
            key TEXT PRIMARY KEY,           -- savefile.match_key: the same match after a load
            variant TEXT NOT NULL,
            variant_name TEXT NOT NULL,
            players TEXT NOT NULL,          -- JSON: [{seat, name, kind, side}]
            deals TEXT NOT NULL,            -- JSON: [{deal, declarer, made, score_change}]
            updated_at TEXT NOT NULL
        );
        """,
    )


APPLICATION_ID = 0x43724E73  # "CrNs"

# MIGRATIONS[k] upgrades version k to k + 1. Append, never edit a released step.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3, _v4]
SCHEMA_VERSION = len(MIGRATIONS)
_RELEASED = tuple(MIGRATIONS)  # what a store of SCHEMA_VERSION must hold (tests patch MIGRATIONS)

LIVE_KEPT = 100  # matches in progress whose deals count (an abandoned one's stay counted)
KEEP_SAVES = 300  # finished matches whose replay (save text) is kept; ~45 kB each
DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB: the only errors that are damage


def _damage(e: sqlite3.Error) -> bool:
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in DAMAGE_CODES
    text = str(e)
    return "not a database" in text or "malformed" in text


_SCHEMA: dict[str, tuple[str, list[str]]] | None = None


def expected_schema() -> dict[str, tuple[str, list[str]]]:
    """table -> (its CREATE statement, its columns) as the migrations make them."""
    global _SCHEMA
    if _SCHEMA is None:
        mem = sqlite3.connect(":memory:", isolation_level=None)
        for step in _RELEASED:
            step(mem)
        out = {}
        for name, sql in mem.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name"
        ):
            cols = [r[1] for r in mem.execute(f"PRAGMA table_info({name})")]
            out[name] = (sql, cols)
        mem.close()
        _SCHEMA = out
    return _SCHEMA


class Undecodable(str):
    """Text in the file that is not UTF-8 (shown with replacement characters, never
    trusted: the row holding it is reported)."""


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(raw.decode("utf-8", "replace"))


class BadRow(ValueError):
    """A stored value that cannot be used; str() is the sentence."""


def _str(r: sqlite3.Row, key: str, *, empty: bool = True) -> str:
    v = r[key]
    if isinstance(v, Undecodable):
        raise BadRow(f"'{key}' is not UTF-8 text")
    if not isinstance(v, str) or (not empty and not v):
        raise BadRow(f"'{key}' is not text ({_kind(v)})")
    return v


def _int(r: sqlite3.Row, key: str, *, none: bool = False) -> int | None:
    v = r[key]
    if v is None and none:
        return None
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadRow(f"'{key}' is not a whole number ({_kind(v)})")
    return v


def _num(r: sqlite3.Row, key: str) -> float:
    v = r[key]
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise BadRow(f"'{key}' is not a number ({_kind(v)})")
    return float(v)


def _json(r: sqlite3.Row, key: str, kind: type | tuple[type, ...], *, none: bool = False) -> Any:
    text = r[key]
    if text is None and none:
        return None
    text = _str(r, key)
    if len(text) > 1_000_000:
        raise BadRow(f"'{key}' is too long for its kind ({len(text)} characters)")
    try:
        v = json.loads(text)
    except (ValueError, RecursionError):
        raise BadRow(f"'{key}' is not JSON") from None
    if not isinstance(v, kind):
        raise BadRow(f"'{key}' is not the JSON expected ({type(v).__name__})")
    return v


def _kind(v: Any) -> str:
    if v is None:
        return "empty"
    if isinstance(v, bytes):
        return f"{len(v)} bytes of binary data"
    if isinstance(v, str):
        return "empty text" if not v else "text"
    return type(v).__name__


def _numbers(xs: list[Any], key: str) -> list[Any]:
    """A JSON list of scores: numbers (finite) or, for games up levels, short texts."""
    for x in xs:
        ok = (isinstance(x, int) and not isinstance(x, bool) and abs(x) < 10**15) or (
            isinstance(x, float) and math.isfinite(x)
        )
        if not ok and not (isinstance(x, str) and len(x) <= 40):
            raise BadRow(f"'{key}' holds a value that is not a score")
    return xs


def _seat_list(xs: list[Any], key: str) -> list[int]:
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in xs):
        raise BadRow(f"'{key}' holds a value that is not a seat or side number")
    return xs


# ---------------------------------------------------------------- the store


@dataclass(frozen=True)
class Slot:
    id: int
    name: str
    variant: str
    created_at: str
    saved_at: str
    save: str  # the save file's text ("" when it could not be read: see problem)
    problem: str | None = None  # why this slot cannot be continued


class Store:
    """One open store. `Store(path)` never raises for a damaged file: it moves it aside,
    starts afresh and sets `notice`. StoreError (one sentence) when the store cannot be
    used this run and must be left alone: the folder is unusable or read-only, the file
    is locked, busy or cannot be opened, or a newer CrowsNest Arcade wrote it."""

    def __init__(
        self, path: str | Path, *, keep_saves: int = KEEP_SAVES, timeout: float = 5.0
    ) -> None:
        self.path = Path(path).expanduser()
        self.keep_saves = keep_saves
        self.timeout = timeout
        self.notice: str | None = None  # one sentence when a file was moved aside
        self.moved_aside: Path | None = None
        self.problems: list[str] = []  # rows that could not be read (each once)
        self.db = self._open()

    # ---- opening, checking, migrating

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: transactions are ours (tx()), sqlite3 opens none itself
        db = sqlite3.connect(self.path, isolation_level=None, timeout=self.timeout)
        db.row_factory = sqlite3.Row
        db.text_factory = _text
        return db

    def _off(self, e: BaseException) -> StoreError:
        why = str(e) if isinstance(e, sqlite3.Error) else (getattr(e, "strerror", None) or e)
        return StoreError(f"{self.path}: cannot be used now ({why}); it was left as it is")

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"{self.path.parent}: cannot make the folder ({e.strerror})") from None
        for _attempt in range(2):  # a damaged file is moved aside once, then a fresh one
            db: sqlite3.Connection | None = None
            try:
                db = self._connect()
                problem = self._problem(db)
                if problem is None:
                    self._prepare(db)
                    return db
            except (sqlite3.Error, UnicodeDecodeError) as e:
                # (a damaged schema's text can fail to decode inside sqlite3 itself)
                if db is not None:
                    db.close()
                if isinstance(e, sqlite3.Error) and not _damage(e):
                    raise self._off(e) from None
                problem = (f"is not a CrowsNest Arcade store ({e})", "corrupt")
            except StoreError:
                if db is not None:
                    db.close()
                raise
            if db is not None:  # None: the connection itself failed on a damaged file
                db.close()
            self._move_aside(*problem)
        raise StoreError(f"{self.path}: a new store cannot be made there")

    def _problem(self, db: sqlite3.Connection) -> tuple[str, str] | None:
        """Why an existing file must be moved aside: (sentence, kind), or None. Raises
        StoreError for a store to leave alone (newer)."""
        db.execute("BEGIN")  # one snapshot: another process may be making the schema
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            tables = {
                r[0]
                for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                if not str(r[0]).startswith("sqlite_")
            }
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        if app_id not in (0, APPLICATION_ID) or (version == 0 and tables):
            return "is a database of another program, not a CrowsNest Arcade store", "foreign"
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: was written by a newer CrowsNest Arcade (store version "
                f"{version}; this one reads up to {SCHEMA_VERSION}); it was left as it is "
                "for that version"
            )
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            return f"is damaged ({check})", "corrupt"
        want = expected_schema()
        if version == SCHEMA_VERSION:
            for name, (_sql, cols) in want.items():
                have = [r[1] for r in db.execute(f"PRAGMA table_info({name})")]
                if have and not set(cols) <= set(have):
                    return f"is damaged (its table '{name}' lacks columns)", "corrupt"
        return None

    def _prepare(self, db: sqlite3.Connection) -> None:
        for attempt in range(20):  # switching to WAL wants the file alone for a moment
            try:
                db.execute("PRAGMA journal_mode=WAL")
                break
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) and "busy" not in str(e) or attempt == 19:
                    raise
                time.sleep(0.05 * (attempt + 1))
        db.execute("PRAGMA foreign_keys=ON")
        self._migrate(db)

    def _move_aside(self, why: str, kind: str) -> None:
        aside = self.path.with_name(f"{self.path.stem}.{kind}-{_stamp()}{self.path.suffix}")
        k = 2
        while aside.exists():
            aside = self.path.with_name(f"{self.path.stem}.{kind}-{_stamp()}-{k}{self.path.suffix}")
            k += 1
        try:
            for suffix in ("", "-wal", "-shm"):
                src = Path(f"{self.path}{suffix}")
                if src.exists():
                    os.replace(src, f"{aside}{suffix}")
        except OSError as e:
            raise StoreError(
                f"{self.path} {why}, and it cannot be moved aside ({e.strerror or e})"
            ) from None
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
                # read again under the write lock: another process may have just made it
                if db.execute("PRAGMA user_version").fetchone()[0] != k:
                    db.execute("COMMIT")
                    continue
                MIGRATIONS[k](db)
                db.execute(f"PRAGMA user_version = {k + 1}")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        self._complete(db)

    def _complete(self, db: sqlite3.Connection) -> None:
        """A table missing from a store of this version is made again (empty): the
        other tables' records stay usable."""
        have = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = [name for name in expected_schema() if name not in have]
        if not missing:
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            for name in missing:
                sql = expected_schema()[name][0]
                db.execute(sql.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS", 1))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        self.problems.append(
            f"{self.path}: the table(s) {', '.join(missing)} were missing and were made again"
        )

    def reader(self) -> Store:
        """Another connection to this store (already opened and checked), for a thread
        of its own: sqlite3 connections belong to the thread that made them."""
        other = Store.__new__(Store)
        other.path, other.keep_saves, other.timeout = self.path, self.keep_saves, self.timeout
        other.notice, other.moved_aside, other.problems = None, None, []
        try:
            other.db = other._connect()
        except sqlite3.Error as e:
            raise self._off(e) from None
        return other

    @property
    def version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    @contextlib.contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it or nothing. A store that cannot take the
        write now (locked past the timeout, read-only, damaged under us) raises
        StoreError with the sentence; a constraint (a name taken) stays IntegrityError."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: cannot be written now ({e})") from None
        try:
            yield self.db
        except sqlite3.IntegrityError:
            self._rollback()
            raise
        except sqlite3.Error as e:
            self._rollback()
            raise StoreError(f"{self.path}: cannot be written now ({e})") from None
        except BaseException:
            self._rollback()
            raise
        try:
            self.db.execute("COMMIT")
        except sqlite3.Error as e:
            self._rollback()
            raise StoreError(f"{self.path}: cannot be written now ({e})") from None

    def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.db.execute("ROLLBACK")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- reading defensively

    def _problem_row(self, what: str, e: BaseException) -> None:
        msg = f"{what}: {e}; it was skipped"
        if msg not in self.problems:
            self.problems.append(msg)

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        """The rows of a query; a read the file's damage stops is reported and gives
        what could be read (row by row, to keep the rows before the damage)."""
        try:
            return self.db.execute(sql, args).fetchall()
        except (sqlite3.DatabaseError, UnicodeDecodeError):
            pass
        out: list[sqlite3.Row] = []
        try:
            cur = self.db.execute(sql, args)
            while True:
                r = cur.fetchone()
                if r is None:
                    break
                out.append(r)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as e:
            self._problem_row(f"{self.path}", e)
        return out

    # ---- finished matches

    def add_match(self, rec: Any, *, undone: bool = False) -> int:
        """Record a finished match (a crowsnest.records.stats.MatchRecord); returns its
        id. Older matches beyond `keep_saves` lose their save text (their replay), never
        their records."""
        undone = undone or bool(getattr(rec, "undone", False))
        with self.tx() as db:
            cur = db.execute(
                "INSERT INTO matches (variant, variant_name, options, seats, seed, started_at,"
                " finished_at, seconds, deals, scores, scores_by, teams, winners, end_reason,"
                " game_version, save, undone) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
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
                    int(undone),
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
            key = getattr(rec, "key", "")
            if key:  # its deals were counted as a match in progress: now as a finished one
                db.execute("DELETE FROM live_matches WHERE key = ?", (key,))
            self._prune(db)
        return mid

    def _prune(self, db: sqlite3.Connection) -> None:
        if self.keep_saves < 0:
            return
        db.execute(
            "UPDATE matches SET save = '', kept = 0 WHERE kept != 0 AND id NOT IN"
            " (SELECT id FROM matches ORDER BY id DESC LIMIT ?)",
            (self.keep_saves,),
        )

    MATCH_COLUMNS = (
        "id, variant, variant_name, finished_at, seconds, deals, scores, scores_by, teams,"
        " winners, undone, kept, seed"
    )

    def match_rows(self, variant: str | None = None) -> list[dict[str, Any]]:
        """Finished matches, oldest first, as checked values (no save texts): id,
        variant, variant_name, finished_at, seconds, deals, scores, scores_by, teams,
        winners, undone, kept (its replay is kept), online (played at an online table: its
        seed is "online CODE", RemoteGame.record). A bad row is skipped and reported."""
        sql = f"SELECT {self.MATCH_COLUMNS} FROM matches"
        args: tuple[Any, ...] = ()
        if variant:
            sql += " WHERE variant = ?"
            args = (variant,)
        out = []
        for r in self._rows(sql + " ORDER BY finished_at, id", args):
            try:
                out.append(
                    {
                        "id": _int(r, "id"),
                        "variant": _str(r, "variant", empty=False),
                        "variant_name": _str(r, "variant_name"),
                        "finished_at": _str(r, "finished_at"),
                        "seconds": _num(r, "seconds"),
                        "deals": _int(r, "deals"),
                        "scores": _numbers(_json(r, "scores", list), "scores"),
                        "scores_by": _str(r, "scores_by"),
                        "teams": _json(r, "teams", list, none=True),
                        "winners": _seat_list(_json(r, "winners", list), "winners"),
                        "undone": bool(_int(r, "undone")),
                        "kept": bool(r["kept"]),
                        "online": str(r["seed"]).startswith(ONLINE_SEED),
                    }
                )
            except (BadRow, IndexError, KeyError) as e:
                self._problem_row(f"finished match #{_safe_id(r)}", e)
        return out

    def match_save(self, match_id: int) -> tuple[str | None, str | None]:
        """(the save text of a finished match, None) or (None, why not)."""
        rows = self._rows("SELECT id, save FROM matches WHERE id = ?", (match_id,))
        if not rows:
            return None, None
        try:
            text = _str(rows[0], "save")
        except BadRow as e:
            return None, f"finished match #{match_id}: its {e}"
        if not text:
            return None, (
                f"finished match #{match_id}: its replay was not kept (the store keeps the "
                f"newest {self.keep_saves} matches' replays; its figures are kept)"
            )
        return text, None

    def players_of(self, match_ids: Sequence[int] | None = None) -> dict[int, list[dict[str, Any]]]:
        want = set(match_ids) if match_ids is not None else None
        out: dict[int, list[dict[str, Any]]] = {}
        for r in self._rows(
            "SELECT match_id, seat, name, kind, level, side, won FROM match_players"
            " ORDER BY match_id, seat"
        ):
            try:
                p: dict[str, Any] = {
                    "match_id": _int(r, "match_id"),
                    "seat": _int(r, "seat"),
                    "name": _str(r, "name"),
                    "kind": _str(r, "kind"),
                    "level": _str(r, "level"),
                    "side": _int(r, "side"),
                    "won": bool(_int(r, "won")),
                }
            except BadRow as e:
                self._problem_row(f"a player of finished match #{_safe_id(r, 'match_id')}", e)
                continue
            if want is None or p["match_id"] in want:
                out.setdefault(p["match_id"], []).append(p)
        return out

    def deals_of(self) -> dict[int, list[dict[str, Any]]]:
        out: dict[int, list[dict[str, Any]]] = {}
        for r in self._rows(
            "SELECT match_id, deal, declarer, made, score_change FROM deals ORDER BY match_id, deal"
        ):
            try:
                d: dict[str, Any] = {
                    "match_id": _int(r, "match_id"),
                    "deal": _int(r, "deal"),
                    "declarer": _int(r, "declarer", none=True),
                    "made": _int(r, "made", none=True),
                    "score_change": _numbers(_json(r, "score_change", list), "score_change"),
                }
            except BadRow as e:
                self._problem_row(f"a deal of finished match #{_safe_id(r, 'match_id')}", e)
                continue
            out.setdefault(d["match_id"], []).append(d)
        return out

    # ---- matches being played (statistics from the first deal)

    def put_live_match(
        self,
        key: str,
        variant: str,
        variant_name: str,
        players: Sequence[Mapping[str, Any]],
        deals: Sequence[Mapping[str, Any]],
    ) -> None:
        """Keep the finished deals of a match in progress (replacing what was kept for
        it: an undo may have changed the last one). The newest LIVE_KEPT are kept."""
        with self.tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO live_matches VALUES (?,?,?,?,?,?)",
                (key, variant, variant_name, _j(list(players)), _j(list(deals)), now_iso()),
            )
            db.execute(
                "DELETE FROM live_matches WHERE key NOT IN"
                " (SELECT key FROM live_matches ORDER BY updated_at DESC LIMIT ?)",
                (LIVE_KEPT,),
            )

    def drop_live_match(self, key: str) -> None:
        with self.tx() as db:
            db.execute("DELETE FROM live_matches WHERE key = ?", (key,))

    def live_matches(self, variant: str | None = None) -> list[dict[str, Any]]:
        """Matches in progress with at least one finished deal, as checked values: key,
        variant, variant_name, players, deals. A bad row is skipped and reported."""
        sql = "SELECT key, variant, variant_name, players, deals FROM live_matches"
        rows = self._rows(sql + " WHERE variant = ?", (variant,)) if variant else self._rows(sql)
        out = []
        for r in rows:
            try:
                players = _json(r, "players", list)
                deals = _json(r, "deals", list)
                if not all(isinstance(p, dict) for p in players + deals):
                    raise BadRow("players and deals must be objects")
                out.append(
                    {
                        "key": _str(r, "key"),
                        "variant": _str(r, "variant"),
                        "variant_name": _str(r, "variant_name"),
                        "players": players,
                        "deals": deals,
                    }
                )
            except BadRow as e:
                self._problem_row("a match in progress", e)
        return out

    def delete_match(self, match_id: int) -> bool:
        with self.tx() as db:
            return db.execute("DELETE FROM matches WHERE id = ?", (match_id,)).rowcount > 0

    # ---- named save slots

    def _slot(self, r: sqlite3.Row) -> Slot | None:
        try:
            sid = _int(r, "id")
            name = _str(r, "name")
        except BadRow as e:
            self._problem_row(f"save slot #{_safe_id(r)}", e)
            return None
        assert sid is not None
        fields = {}
        problem = None
        for key in ("variant", "created_at", "saved_at", "save"):
            try:
                fields[key] = _str(r, key)
            except BadRow as e:
                fields[key] = ""
                problem = problem or f"save slot '{name}': its {e}"
        return Slot(sid, name, problem=problem, **fields)

    def slots(self) -> list[Slot]:
        rows = self._rows("SELECT * FROM slots ORDER BY saved_at DESC, id DESC")
        return [s for s in map(self._slot, rows) if s is not None]

    def slot(self, name_or_id: str | int) -> Slot | None:
        col = "id" if isinstance(name_or_id, int) else "name"
        rows = self._rows(f"SELECT * FROM slots WHERE {col} = ?", (name_or_id,))
        return self._slot(rows[0]) if rows else None

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
        if got is None:
            raise StoreError(f"{self.path}: the save slot '{name}' could not be read back")
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
        rows = self._rows("SELECT deals FROM coach WHERE variant = ?", (variant,))
        try:
            return max(0, _int(rows[0], "deals") or 0) if rows else 0
        except BadRow as e:
            self._problem_row(f"the coach's count for {variant}", e)
            return 0

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
        taken = {r[0] for r in self._rows("SELECT name FROM slots")}
        if base not in taken:
            return base
        k = 2
        while f"{base} ({k})" in taken:
            k += 1
        return f"{base} ({k})"


def _safe_id(r: sqlite3.Row, key: str = "id") -> str:
    try:
        v = r[key]
    except (IndexError, KeyError):
        return "?"
    return str(v) if isinstance(v, int) and not isinstance(v, bool) else "?"


def _j(x: Any) -> str:
    return json.dumps(x, sort_keys=True, default=str)
