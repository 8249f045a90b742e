"""Issue 29: store damage that `PRAGMA quick_check` passes, a store that is busy or
cannot be opened, concurrent first opens, a foreign file, a missing table, BLOBs, and
the history limit. Nothing crashes, no healthy store is moved aside, a bad row is
skipped and reported, the rest stays usable."""

from __future__ import annotations

import multiprocessing as mp
import sqlite3
from pathlib import Path

import pytest
from crowsnest.records import store as store_mod
from crowsnest.records.saveslots import saves_report
from crowsnest.records.stats import history, player_stats
from crowsnest.records.store import Store, StoreError
from store_helpers import fill


def _raw(path: Path, sql: str, *args) -> None:
    db = sqlite3.connect(path)
    db.execute(sql, args)
    db.commit()
    db.close()


def _figures(path: Path):
    with Store(path) as st:
        rows = player_stats(st)
        rep = saves_report(st, path.parent / "current.toml")
        return st.notice, rows, rep, list(st.problems)


def test_a_slot_save_that_is_not_utf8_is_reported_not_a_crash(tmp_path: Path) -> None:
    p = fill(tmp_path / "crowsnest.db")
    _raw(p, "UPDATE slots SET save = CAST(x'41ff42' AS TEXT) WHERE name = 'slot 1'")
    notice, rows, rep, problems = _figures(p)
    assert notice is None  # a healthy store: never moved aside
    by = {s["name"]: s for s in rep["slots"]}
    assert set(by) == {"slot 0", "slot 1", "slot 2"}
    assert "UTF-8" in by["slot 1"]["problem"]
    assert "problem" not in by["slot 0"] and by["slot 0"]["over"]
    assert rows[0]["matches"] == 3


def test_a_match_whose_scores_are_not_json_is_skipped_and_reported(tmp_path: Path) -> None:
    p = fill(tmp_path / "crowsnest.db")
    _raw(p, "UPDATE matches SET scores = '{bad' WHERE id = 2")
    notice, rows, rep, problems = _figures(p)
    assert notice is None
    (ann,) = rows
    assert ann["matches"] == 2
    assert [h["id"] for h in rep["history"]] == [3, 1]
    assert any("finished match #2" in x and "'scores' is not JSON" in x for x in problems)


@pytest.mark.parametrize(
    ("table", "column", "value"),
    [
        ("matches", "seconds", "'abc'"),
        ("matches", "seconds", "9e999"),  # inf
        ("matches", "winners", "'[\"x\"]'"),
        ("matches", "scores", "x'00ff'"),  # a BLOB
        ("matches", "deals", "'seven'"),
        ("matches", "variant_name", "CAST(x'c328' AS TEXT)"),
        ("match_players", "name", "x'ff'"),
        ("match_players", "side", "'one'"),
        ("deals", "score_change", "'[1, {}]'"),
        ("deals", "declarer", "'north'"),
        ("slots", "name", "x'ff00'"),
        ("slots", "save", "x'0102'"),
        ("slots", "created_at", "x'00'"),
        ("coach", "deals", "'many'"),
    ],
)
def test_crafted_rows_never_crash_the_readers(tmp_path: Path, table, column, value) -> None:
    p = fill(tmp_path / "crowsnest.db")
    _raw(p, "INSERT INTO coach VALUES ('crowsnest', 2)")
    db = sqlite3.connect(p)
    db.execute(f"UPDATE {table} SET {column} = {value} WHERE rowid = 1")
    db.commit()
    db.close()
    with Store(p) as st:
        assert st.notice is None
        player_stats(st)
        rep = saves_report(st, tmp_path / "current.toml")
        assert st.coach_deals("crowsnest") in (0, 2)
        history(st)
        st.free_slot_name("slot 0")
        problems = list(st.problems) + [s["problem"] for s in rep["slots"] if "problem" in s]
    assert problems, "the bad row is reported"


def test_a_locked_store_is_off_for_the_run_and_left_alone(tmp_path: Path) -> None:
    p = fill(tmp_path / "crowsnest.db")
    before = sorted(x.name for x in tmp_path.iterdir())
    holder = sqlite3.connect(p, isolation_level=None)
    holder.execute("PRAGMA journal_mode=DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="locked"):
            Store(p, timeout=0.3)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert sorted(x.name for x in tmp_path.iterdir() if "corrupt" in x.name) == []
    assert {x.name for x in tmp_path.iterdir()} <= set(before) | {"crowsnest.db-journal"}
    assert _figures(p)[1][0]["matches"] == 3  # everything is still there


def test_a_store_that_cannot_be_opened_or_moved_is_off_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A WAL store in a read-only folder: opening fails (cannot make the -shm) and a
    move aside would fail too. Statistics turn off with the reason."""
    p = fill(tmp_path / "crowsnest.db")

    def cannot(self):
        raise sqlite3.OperationalError("unable to open database file")

    def no_replace(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Store, "_connect", cannot)
    monkeypatch.setattr(store_mod.os, "replace", no_replace)
    with pytest.raises(StoreError, match="unable to open"):
        Store(p)
    monkeypatch.undo()
    assert _figures(p)[0] is None


def test_a_damaged_file_in_a_folder_that_cannot_move_it_is_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "crowsnest.db"
    p.write_bytes(b"not sqlite" * 500)

    def no_replace(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store_mod.os, "replace", no_replace)
    with pytest.raises(StoreError, match="cannot be moved aside"):
        Store(p)


def _open_at(path: str, barrier) -> str:
    barrier.wait()
    try:
        with Store(path) as st:
            st.put_slot(f"p{mp.current_process().pid}", "crowsnest", "x")
        return "ok"
    except Exception as e:  # noqa: BLE001 - the test reports it
        return f"{type(e).__name__}: {e}"


@pytest.mark.slow
def test_simultaneous_first_opens_all_succeed(tmp_path: Path) -> None:
    ctx = mp.get_context("spawn")
    n = 6
    for k in range(3):
        p = tmp_path / f"s{k}" / "crowsnest.db"
        p.parent.mkdir()
        with ctx.Manager() as man:
            barrier = man.Barrier(n)
            with ctx.Pool(n) as pool:
                got = pool.starmap(_open_at, [(str(p), barrier)] * n)
        assert got == ["ok"] * n
        with Store(p) as st:
            assert len(st.slots()) == n and st.notice is None


def test_a_foreign_sqlite_file_gets_no_tables_of_ours(tmp_path: Path) -> None:
    p = tmp_path / "crowsnest.db"
    _raw(p, "CREATE TABLE recipes (name TEXT)")
    _raw(p, "INSERT INTO recipes VALUES ('soup')")
    with Store(p) as st:
        assert st.notice and "another program" in st.notice
        aside = st.moved_aside
    db = sqlite3.connect(aside)
    assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["recipes"]
    assert db.execute("SELECT name FROM recipes").fetchall() == [("soup",)]


def test_a_store_missing_a_table_keeps_the_rest(tmp_path: Path) -> None:
    p = fill(tmp_path / "crowsnest.db")
    _raw(p, "DROP TABLE slots")
    notice, rows, rep, problems = _figures(p)
    assert notice is None and rep["slots"] == [] and rows[0]["matches"] == 3
    assert any("slots" in x and "made again" in x for x in problems)


def test_a_store_missing_columns_is_damage_moved_aside(tmp_path: Path) -> None:
    p = fill(tmp_path / "crowsnest.db")
    _raw(p, "ALTER TABLE matches DROP COLUMN scores")
    with Store(p) as st:
        assert st.notice and "lacks columns" in st.notice and st.moved_aside.exists()


def test_the_history_limit_prunes_old_replays_and_keeps_the_records(tmp_path: Path) -> None:
    p = fill(tmp_path / "crowsnest.db", n=5, keep_saves=2)
    with Store(p, keep_saves=2) as st:
        kept = [m["kept"] for m in st.match_rows()]
        assert kept == [False, False, False, True, True]
        assert player_stats(st)[0]["matches"] == 5
        text, why = st.match_save(1)
        assert text is None and "not kept" in why
        text, why = st.match_save(5)
        assert why is None and "crowsnest-save" in text


def test_statistics_never_read_the_save_texts(tmp_path: Path) -> None:
    p = fill(tmp_path / "crowsnest.db")
    read: set[tuple[str, str]] = set()

    def watch(action, a, b, dbname, source):
        if action == sqlite3.SQLITE_READ:
            read.add((a, b))
        return sqlite3.SQLITE_OK

    with Store(p) as st:
        st.db.set_authorizer(watch)
        player_stats(st)
        history(st)
    assert ("matches", "save") not in read
    assert ("deals", "details") not in read
    assert ("matches", "scores") in read  # the watch works
