"""Issue 29: the Statistics and Saves screens over a store with damaged rows (text that
is not UTF-8, JSON that does not parse, BLOBs) stay open and show the rest; the figures
are read off the render thread; a store that cannot be used turns them off."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest
from crowsnest.client.app import App
from crowsnest.client.input import Act, InputEvent
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes import stats as stats_scene
from crowsnest.client.scenes.saves import SavesScene
from crowsnest.client.scenes.stats import StatsScene
from crowsnest.client.scenes.title import TitleScene
from crowsnest.records import stats as stats_mod
from crowsnest.records.savefile import Seat, document, dumps
from crowsnest.records.stats import record_of
from crowsnest.testing import play_match


@pytest.fixture
def app(tmp_path: Path):
    a = App(PrefsStore(tmp_path / "config.toml"), size=(1024, 640))
    a.prefs.speed = 0
    a.prefs.coach = False
    a.stack.push(TitleScene())
    yield a
    a.close()


def _fill(app: App) -> Path:
    v = app.registry.variant("crowsnest")
    seats = [Seat("human", "normal", "Ann"), Seat(), Seat(), Seat()]
    for seed in (1, 2, 3):
        m = play_match(v, seed=seed, level="easy")
        app.db.add_match(
            record_of(m, seats, ["Ann", "W", "N", "E"], started_at="x",
                      finished_at=f"2026-12-0{seed}T10:00:00Z", seconds=3)
        )  # fmt: skip
        app.db.put_slot(f"slot {seed}", "crowsnest", dumps(document(m, seats, m.log_strings())))
    return app.db.path


def _wait(app: App, scene: StatsScene) -> None:
    for _ in range(3000):
        app.step(0.02)
        if not scene.loading:
            return
        time.sleep(0.01)
    raise AssertionError("the statistics were never read")


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE slots SET save = CAST(x'41ff42' AS TEXT) WHERE id = 2",
        "UPDATE matches SET scores = '{bad' WHERE id = 2",
        "UPDATE matches SET seconds = x'00' WHERE id = 1",
        "UPDATE match_players SET name = CAST(x'ff' AS TEXT) WHERE match_id = 3",
        "UPDATE deals SET score_change = 'null' WHERE match_id = 1",
        "UPDATE slots SET name = x'00ff' WHERE id = 1",
    ],
)
def test_both_screens_survive_a_damaged_row(app: App, sql: str) -> None:
    path = _fill(app)
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()
    saves = app.stack.push(SavesScene())
    for _ in range(3):
        app.step(0.02)
    assert app.stack.top is saves and saves.items  # the rest is listed
    for _ in range(len(saves.items)):
        app.dispatch(InputEvent(Act.DOWN))
        app.step(0.02)
    app.dispatch(InputEvent(Act.BACK))
    app.step(0.02)
    st = app.stack.push(StatsScene())
    _wait(app, st)
    assert app.stack.top is st and st.players == ["Ann"]
    assert st.current["matches"] >= 2


def test_the_figures_are_read_off_the_render_thread(app: App, monkeypatch) -> None:
    _fill(app)
    seen: list[threading.Thread] = []
    real = stats_mod.player_stats

    def spy(*a, **k):
        seen.append(threading.current_thread())
        return real(*a, **k)

    # the screen imports player_stats at the top of its module: spy on its name there
    monkeypatch.setattr(stats_scene, "player_stats", spy)
    st = app.stack.push(StatsScene())
    _wait(app, st)
    assert seen and all(t is not threading.main_thread() for t in seen)
    assert st.current["matches"] == 3


def test_a_store_that_cannot_be_used_turns_the_screens_off(app: App, monkeypatch) -> None:
    from crowsnest.records.store import Store

    def cannot(self):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(Store, "_connect", cannot)
    app._db = None
    assert app.db is None and "statistics and save slots are off" in app.db_error
    saves = app.stack.push(SavesScene())
    app.step(0.02)
    assert app.stack.top is saves
