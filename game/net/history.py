"""An online table's history from the server's SQLite log, as `crowsnest replay` reads a
save: `crowsnest replay --table CODE [--db PATH]`. The log becomes a save's contents
(variant, seats, seed, options, the actions the match kept after any undo) and is
replayed through the engine with every action checked again (savefile.build), so the
report and its sentences are a save's. A table still open keeps its secrets: the seed
and the full state (every hand) are left out until it finishes."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from crowsnest.net.log import SQLiteLog
from crowsnest.net.protocol import normal_code
from crowsnest.records import savefile
from crowsnest.records.savefile import Loaded, SaveData, SaveError, Seat


@dataclass(frozen=True)
class TableHistory:
    code: str
    state: str  # open, finished, expired
    created: float
    updated: float
    entries: int  # the log's entries (actions and undos)
    undos: int
    loaded: Loaded

    @property
    def open(self) -> bool:
        return self.state == "open"


def _when(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def load(db: str | Path, code_text: str, registry: Any) -> TableHistory:
    """The table `code_text` of the database `db`, replayed (SaveError says why not)."""
    path = Path(db).expanduser()
    if not path.is_file():
        raise SaveError(f"{path}: there is no tables' database here (crowsnest serve --db)")
    code = normal_code(code_text)
    if code is None:
        raise SaveError(
            f"{code_text!r} is not a table code (6 characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ)"
        )
    try:
        log = SQLiteLog(path, read_only=True)
    except sqlite3.Error as e:
        raise SaveError(f"{path}: the tables' database cannot be read ({e})") from None
    try:
        about = log.about(code)
        if about is None:
            recent = ", ".join(f"{c} ({st})" for c, st in log.recent()) or "none"
            raise SaveError(f"{path}: there is no table {code} (latest tables: {recent})")
        start = log.start(code) or {}
        entries = log.entries(code)
        rows = {r.seat: r for r in log.seats(code)}
    except sqlite3.Error as e:
        raise SaveError(f"{path}: the tables' database cannot be read ({e})") from None
    finally:
        log.close()
    where = f"{path}, table {code}"
    try:
        spec = list(start["spec"])
        seed, options = start["seed"], dict(start["options"])
        variant = str(start["variant"])
    except (KeyError, TypeError, ValueError):
        raise SaveError(f"{where}: the table's start row is not usable") from None
    actions: list[str] = []
    undos = 0
    for entry in entries:
        if entry.kind == "act":
            actions.append(entry.text)
        elif entry.kind == "undo" and entry.text.isdigit() and int(entry.text) <= len(actions):
            del actions[int(entry.text) :]
            undos += 1
        else:
            raise SaveError(
                f"{where}: log entry {entry.seq} ({entry.kind} {entry.text!r}) is not usable"
            )
    players = []
    for i, s in enumerate(spec):
        row = rows.get(i)
        kind = s.get("kind", "human") if isinstance(s, dict) else "human"
        level = (s.get("level") or "normal") if kind == "ai" else "normal"
        name = row.name if row is not None and row.name else ""
        players.append(Seat(kind=kind, level=level, name=name))
    data = SaveData(
        variant=variant,
        seats=len(spec),
        seed=seed,
        options=options,
        dealer=None,
        first=None,
        deal=None,
        carry={},
        players=tuple(players),
        actions=tuple(actions),
        saved_at=_when(about[2]),
    )
    match = savefile.build(data, registry, where)
    state, created, updated = about
    return TableHistory(
        code, state, created, updated, len(entries), undos, Loaded(match, data.players, data, path)
    )


def report(h: TableHistory) -> dict[str, Any]:
    """`crowsnest replay --table CODE --json`: a save's replay report plus the table's."""
    r = savefile.replay_report(h.loaded)
    r.update(
        table=h.code,
        table_state=h.state,
        created=_when(h.created),
        updated=_when(h.updated),
        log_entries=h.entries,
        undos=h.undos,
    )
    if h.open:  # the seed and the hands would give an open table's cards away
        r.update(seed=None, state=None)
    return r


def text(h: TableHistory) -> str:
    r = report(h)
    head = [
        f"online table {h.code} ({h.state}) of {r['variant_name']} ({r['variant']}), "
        f"{r['seats']} players: {r['actions']} actions replayed from {h.entries} log entries"
        + (f" ({h.undos} undone)" if h.undos else ""),
        f"created {r['created']}, last entry {r['updated']}",
    ]
    if h.open:
        head.append("the table is still open: its seed and hands are left out")
    return savefile.replay_text(h.loaded, r, head)
