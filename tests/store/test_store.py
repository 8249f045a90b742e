"""The SQLite store: schema versions and migrations, WAL, transactions, and bad files
moved aside (never crashing, never deleting)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from crowsnest.records import store as store_mod
from crowsnest.records.store import SCHEMA_VERSION, Store, StoreError, store_path


def test_fresh_store_has_the_schema_and_wal(tmp_path: Path) -> None:
    with Store(tmp_path / "a" / "crowsnest.db") as s:
        assert s.version == SCHEMA_VERSION >= 1
        assert s.notice is None
        assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in s.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"matches", "match_players", "deals", "slots"} <= tables


def test_reopening_keeps_data(tmp_path: Path) -> None:
    p = tmp_path / "crowsnest.db"
    with Store(p) as s:
        s.put_slot("Sunday", "crowsnest", "text")
    with Store(p) as s:
        assert [x.name for x in s.slots()] == ["Sunday"]
        assert s.notice is None


def test_a_file_that_is_not_a_database_is_moved_aside(tmp_path: Path) -> None:
    p = tmp_path / "crowsnest.db"
    junk = b"this is not sqlite at all\n" * 200
    p.write_bytes(junk)
    with Store(p) as s:
        assert s.notice and "moved aside" in s.notice and str(p) in s.notice
        assert s.moved_aside is not None and s.moved_aside.read_bytes() == junk
        assert "corrupt" in s.moved_aside.name
        assert s.version == SCHEMA_VERSION
        s.put_slot("x", "crowsnest", "t")  # the fresh store works
    assert sorted(x.name for x in tmp_path.iterdir() if x.suffix == ".db") == sorted(
        ["crowsnest.db", s.moved_aside.name]
    )


def test_a_damaged_database_is_moved_aside(tmp_path: Path) -> None:
    p = tmp_path / "crowsnest.db"
    with Store(p) as s:
        for i in range(300):
            s.put_slot(f"slot {i}", "crowsnest", "x" * 500)
        s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(p.read_bytes())
    assert len(data) > 8192
    data[4096:8192] = b"\xff" * 4096  # scribble over a b-tree page
    p.write_bytes(bytes(data))
    with Store(p) as s:
        assert s.notice and ("damaged" in s.notice or "not a CrowsNest" in s.notice)
        assert s.slots() == []
        assert s.moved_aside is not None and s.moved_aside.exists()


def test_a_newer_database_is_left_alone_and_turns_the_store_off(tmp_path: Path) -> None:
    """Issue 29: an older version must never move a newer version's store aside (its
    statistics would begin again there): it is left as it is, statistics are off."""
    p = tmp_path / "crowsnest.db"
    db = sqlite3.connect(p)
    db.execute("CREATE TABLE future (x)")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    db.commit()
    db.close()
    before = p.read_bytes()
    with pytest.raises(StoreError, match="newer CrowsNest Arcade") as e:
        Store(p)
    assert f"store version {SCHEMA_VERSION + 5}" in str(e.value)
    assert p.read_bytes() == before
    assert sorted(x.name for x in tmp_path.iterdir()) == ["crowsnest.db"]


def test_migration_from_an_older_version_keeps_the_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "crowsnest.db"
    with Store(p) as s:
        s.put_slot("kept", "crowsnest", "save text")

    def v_next(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE slots ADD COLUMN note TEXT NOT NULL DEFAULT ''")

    monkeypatch.setattr(store_mod, "MIGRATIONS", [*store_mod.MIGRATIONS, v_next])
    monkeypatch.setattr(store_mod, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    db = Store.__new__(Store)  # open without the dataclass Slot (it lacks 'note')
    db.path, db.notice, db.moved_aside, db.problems = p, None, None, []
    db.keep_saves, db.timeout = store_mod.KEEP_SAVES, 5.0
    db.db = db._open()
    assert db.version == SCHEMA_VERSION + 1
    assert db.notice is None
    row = db.db.execute("SELECT name, save, note FROM slots").fetchone()
    assert tuple(row) == ("kept", "save text", "")
    db.close()


def test_a_failing_migration_leaves_the_last_whole_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "crowsnest.db"
    with Store(p) as s:
        s.put_slot("kept", "crowsnest", "t")

    def broken(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE slots ADD COLUMN half TEXT")
        raise sqlite3.OperationalError("disk full")

    monkeypatch.setattr(store_mod, "MIGRATIONS", [*store_mod.MIGRATIONS, broken])
    monkeypatch.setattr(store_mod, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(StoreError, match="cannot be used"):
        Store(p)
    monkeypatch.undo()
    with Store(p) as s:
        assert s.version == SCHEMA_VERSION
        cols = [r[1] for r in s.db.execute("PRAGMA table_info(slots)")]
        assert "half" not in cols
        assert [x.name for x in s.slots()] == ["kept"]


def test_a_write_is_all_or_nothing(tmp_path: Path) -> None:
    with Store(tmp_path / "crowsnest.db") as s:
        with pytest.raises(RuntimeError), s.tx() as db:
            db.execute(
                "INSERT INTO slots (name, variant, created_at, saved_at, save) "
                "VALUES ('a', 'v', 't', 't', 's')"
            )
            raise RuntimeError("crash in the middle")
        assert s.slots() == []


def test_slots_rename_delete_and_free_names(tmp_path: Path) -> None:
    with Store(tmp_path / "crowsnest.db") as s:
        a = s.put_slot("Game", "crowsnest", "one")
        assert s.free_slot_name("Game") == "Game (2)"
        b = s.put_slot(s.free_slot_name("Game"), "tractor", "two")
        with pytest.raises(ValueError, match="already a save called 'Game'"):
            s.rename_slot(b.id, "Game")
        with pytest.raises(ValueError, match="needs a name"):
            s.rename_slot(b.id, "   ")
        s.rename_slot(b.id, "Tractor night")
        assert {x.name for x in s.slots()} == {"Game", "Tractor night"}
        s.put_slot("Game", "crowsnest", "one, later")  # overwrite keeps the id
        assert s.slot("Game").id == a.id and s.slot("Game").save == "one, later"
        assert s.delete_slot(a.id) and not s.delete_slot(a.id)
        assert [x.name for x in s.slots()] == ["Tractor night"]


def test_an_unusable_folder_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot make the folder"):
        Store(blocker / "sub" / "crowsnest.db")


def test_store_path_follows_the_autosave(tmp_path: Path) -> None:
    cfg = tmp_path / "family.toml"
    assert store_path(cfg) == tmp_path / "family-saves" / "crowsnest.db"
