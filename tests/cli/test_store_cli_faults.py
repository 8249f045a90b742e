"""Issue 29, through the real command: hostile seeds and save texts in files, slots and
finished matches; a BOM in the config; an explicit --config that is not there; slot names
with escape sequences; a store that cannot be used. One sentence each, never a crash."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from cli_helpers import CLI
from crowsnest.plugin_host import load_registry
from crowsnest.records.savefile import Seat, document, dumps
from crowsnest.records.stats import record_of
from crowsnest.records.store import Store, store_path
from crowsnest.testing import play_match

SEATS = [Seat("human", "normal", "Mum"), Seat(), Seat("ai", "hard"), Seat()]


@pytest.fixture(scope="module")
def save_text() -> str:
    m = play_match(load_registry(user_folder=False).variant("crowsnest"), seed=2, level="easy")
    return dumps(document(m, SEATS, m.log_strings()))


def _with_seed(text: str, seed: str) -> str:
    text = re.sub(r"(?m)^seed = .*$", f"seed = {seed!r}".replace("'", '"'), text, count=1)
    return re.sub(r"(?m)^seed_is_text = .*$", "seed_is_text = false", text, count=1)


def _crashed(r) -> bool:
    """A traceback, or the CLI's last resort for a bug (the traceback in the log)."""
    return "Traceback" in r.stderr or "unexpected error" in r.stderr


HOSTILE_SEEDS = ["--5", "²", "5" * 5000, "-", "+5", "٣"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", HOSTILE_SEEDS)
def test_a_hostile_text_seed_in_a_save_file_is_no_crash(tmp_path: Path, save_text, seed) -> None:
    c = CLI(tmp_path)
    f = tmp_path / "game.toml"
    f.write_text(_with_seed(save_text, seed))
    r = c.run("replay", str(f), "--json")
    assert r.returncode in (0, 1) and not _crashed(r), r.stderr


def _store(tmp_path: Path, save_text: str) -> tuple[CLI, Path, Path]:
    c = CLI(tmp_path)
    cfg = tmp_path / "cfg.toml"
    cfg.write_text("")
    return c, cfg, store_path(cfg)


DEEP = "x = " + "[" * 3000 + "]" * 3000 + "\n"
HUGE = "x = " + "9" * 5000 + "\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [*(f"seed-{s[:8]}" for s in HOSTILE_SEEDS), "deep", "huge", "blob", "bom"],
)
def test_hostile_slot_and_match_texts_are_sentences(tmp_path: Path, save_text, text) -> None:
    c, cfg, db_path = _store(tmp_path, save_text)
    if text.startswith("seed-"):
        seed = next(s for s in HOSTILE_SEEDS if s[:8] == text[5:])
        body: object = _with_seed(save_text, seed)
    else:
        body = {"deep": DEEP, "huge": HUGE, "blob": b"\x00\xff", "bom": "\ufeff" + save_text}[text]
    m = play_match(load_registry(user_folder=False).variant("crowsnest"), seed=2, level="easy")
    with Store(db_path) as st:
        st.put_slot("bad", "crowsnest", "placeholder")
        st.add_match(
            record_of(m, SEATS, ["Mum", "W", "N", "E"], started_at="a", finished_at="b", seconds=5)
        )
    db = sqlite3.connect(db_path)
    db.execute("UPDATE slots SET save = ?", (body,))
    db.execute("UPDATE matches SET save = ?", (body,))
    db.commit()
    db.close()
    for args in (
        ("saves",),
        ("saves", "--json"),
        ("stats",),
        ("replay", "--slot", "bad"),
        ("replay", "--match", "1"),
    ):
        r = c.run("--config", str(cfg), *args)
        assert not _crashed(r), (args, r.stderr[-2000:])
        assert r.returncode in (0, 1), (args, r.returncode, r.stderr)
        if args[0] == "replay" and not text.startswith("seed-"):
            assert r.returncode == 1 and r.stderr.count("\n") == 1, r.stderr


def test_a_config_with_a_bom_names_the_bom(tmp_path: Path) -> None:
    c = CLI(tmp_path)
    cfg = tmp_path / "cfg.toml"
    cfg.write_bytes(b"\xef\xbb\xbf[display]\n")
    r = c.run("--config", str(cfg), "plugins")
    assert r.returncode == 2 and "byte-order mark" in r.stderr, r.stderr


def test_an_explicit_config_that_is_not_there_is_said(tmp_path: Path) -> None:
    c = CLI(tmp_path)
    r = c.run("--config", str(tmp_path / "typo.toml"), "stats")
    assert r.returncode == 0
    assert "typo.toml: there is no such config file" in r.stderr


def test_slot_and_player_names_reach_the_terminal_escaped(tmp_path: Path, save_text) -> None:
    c, cfg, db_path = _store(tmp_path, save_text)
    with Store(db_path) as st:
        st.put_slot("evil\x1b]0;pwned\x07\x1b[2J", "crowsnest", save_text)
    r = c.run("--config", str(cfg), "saves")
    assert r.returncode == 0
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout
    assert "evil\\x1b]0;pwned\\x07" in r.stdout


@pytest.mark.slow
def test_a_locked_store_turns_stats_off_and_leaves_it(tmp_path: Path, save_text) -> None:
    c, cfg, db_path = _store(tmp_path, save_text)
    with Store(db_path) as st:
        st.put_slot("kept", "crowsnest", save_text)
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("PRAGMA journal_mode=DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        r = c.run("--config", str(cfg), "stats", "--json", timeout=60)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert r.returncode == 0 and "statistics and save slots are off" in r.stderr, r.stderr
    assert "moved aside" not in r.stderr
    assert [p.name for p in db_path.parent.glob("*corrupt*")] == []
    assert c.json("--config", str(cfg), "saves")["slots"][0]["name"] == "kept"
