"""The Saves and Statistics screens, driven by input events: continue a slot, rename it,
delete with confirmation; the pause menu's Save to a slot; the figures and the plot."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from crowsnest.client.app import App
from crowsnest.client.input import Act, InputEvent
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.common import NameScene
from crowsnest.client.scenes.overlays import PauseScene
from crowsnest.client.scenes.saves import ConfirmScene, SavesScene
from crowsnest.client.scenes.stats import StatsScene, figures
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.scenes.title import TitleScene
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.records.savefile import Seat
from crowsnest.records.stats import record_of
from crowsnest.testing import play_match


@pytest.fixture
def app(tmp_path: Path):
    a = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    a.prefs.speed = 0
    a.prefs.coach = False
    a.stack.push(TitleScene())
    yield a
    a.close()


def press(app: App, act: Act, **kw) -> None:
    app.dispatch(InputEvent(act, **kw))
    app.step(0.02)


def test_save_to_a_slot_then_continue_rename_and_delete(app: App) -> None:
    v = app.registry.variant("crowsnest")
    session = LocalGame(v, [SeatSetup("human", "normal", "")] + [SeatSetup()] * 3, seed=7)
    for _ in range(6):  # a few moves into the auction
        session.apply(session.match.legal_actions()[0])
    app.stack.replace(TableScene(session))
    app.step(0.02)
    pause = app.stack.push(PauseScene(app.stack.top))
    labels = [label for label, _ in pause.items]
    pause.items[labels.index("Save to a slot")][1]()
    asked = app.stack.top  # the name is asked, the game and the time offered
    assert isinstance(asked, NameScene) and asked.box.text.startswith("CrowsNest, 20")
    assert asked.box.selected == asked.box.text and not app.db.slots()
    app.dispatch(InputEvent(Act.KEY, key=pygame.K_RETURN))  # Enter keeps the name offered
    (slot,) = app.db.slots()
    assert slot.name.startswith("CrowsNest, ") and session.slot_name == slot.name
    assert app.stack.top.banner.startswith(f"Saved as '{slot.name}'")
    log = list(session.match.log)

    saves = app.stack.push(SavesScene())
    app.step(0.02)
    kinds = [e.kind for e in saves.items]
    assert kinds == ["autosave", "slot"]  # the running match is autosaved too
    press(app, Act.DOWN)
    assert saves.current.kind == "slot" and "deal 1" in saves.current.detail
    assert [b.enabled for b in saves.buttons.buttons] == [True, True, True, True]

    # rename: Rename, type, Enter
    saves.buttons.focus = 1
    press(app, Act.CONFIRM)
    assert saves.renaming.text == slot.name
    app.dispatch(InputEvent(Act.TEXT, text="Sunday"))  # the old name is selected: replaced
    app.dispatch(InputEvent(Act.KEY, key=pygame.K_RETURN))
    assert [s.name for s in app.db.slots()] == ["Sunday"]
    assert saves.current.title == "Sunday"
    assert saves.current.detail.startswith("CrowsNest  |  You, Otto, Iris, Pippa  |  deal 1")

    # delete asks first; Cancel keeps it, Delete removes it
    saves.buttons.focus = 2
    press(app, Act.CONFIRM)
    assert isinstance(app.stack.top, ConfirmScene)
    assert "Delete the save 'Sunday'?" in app.stack.top.question
    press(app, Act.CONFIRM)  # the focus starts on Cancel
    assert app.stack.top is saves and len(app.db.slots()) == 1

    # continue the slot: the same position, at the table
    saves.buttons.focus = 0
    press(app, Act.CONFIRM)
    table = app.stack.top
    assert isinstance(table, TableScene)
    # the same position (the AIs may already have moved on from it)
    assert table.session.match.log[: len(log)] == log and table.session.slot_name == "Sunday"

    saves = app.stack.push(SavesScene())
    app.step(0.02)
    saves.index = [e.kind for e in saves.items].index("slot")
    saves._enable()
    saves.buttons.focus = 2
    press(app, Act.CONFIRM)
    app.stack.top.menu.focus = 0
    press(app, Act.CONFIRM)
    assert app.db.slots() == [] and saves.message == "Deleted"


def test_finished_matches_are_listed_and_the_statistics_plot_them(app: App) -> None:
    v = app.registry.variant("crowsnest")
    seats = [Seat("human", "normal", "Ann"), Seat("ai", "hard"), Seat(), Seat("ai", "hard")]
    results = []
    for seed in (1, 2, 3):
        m = play_match(v, seed=seed, level="easy")
        results.append(m.winner == 0)
        app.db.add_match(
            record_of(
                m, seats, ["Ann", "W", "N", "E"], started_at="x",
                finished_at=f"2026-12-0{seed}T10:00:00Z", seconds=3,
            )
        )  # fmt: skip
    saves = app.stack.push(SavesScene())
    app.step(0.02)
    assert [e.kind for e in saves.items] == ["finished"] * 3
    assert saves.items[0].title.startswith("Finished: CrowsNest, won by ")
    assert [b.enabled for b in saves.buttons.buttons] == [False, False, True, True]
    press(app, Act.BACK)

    st = app.stack.push(StatsScene())
    for _ in range(3000):  # the figures are read by a thread (issue 29)
        app.step(0.02)
        if not st.loading:
            break
        time.sleep(0.01)
    assert st.players == ["Ann"] and st.current["matches"] == 3
    assert st.current["results"] == "".join("W" if w else "L" for w in results)
    lines = dict(figures(st.current))
    assert lines["Matches played"] == "3"
    assert lines["Against hard AI"] == f"{sum(results)} of 3 won"
    for size in ((1280, 720), (800, 600)):
        app.screen = pygame.display.set_mode(size)
        app._resized(size)
        app.step(0.02)  # draws: the figures and the plot fit
    press(app, Act.BACK)
    assert isinstance(app.stack.top, TitleScene)


def test_save_to_a_slot_takes_the_name_typed_and_escape_saves_nothing(app: App) -> None:
    v = app.registry.variant("crowsnest")
    session = LocalGame(v, [SeatSetup("human", "normal", "")] + [SeatSetup()] * 3, seed=7)
    app.stack.replace(TableScene(session))
    app.step(0.02)
    pause = app.stack.push(PauseScene(app.stack.top))
    for typed, end in (("Friday", pygame.K_ESCAPE), ("Friday night", pygame.K_RETURN)):
        dict(pause.items)["Save to a slot"]()
        app.dispatch(InputEvent(Act.TEXT, text=typed))
        press(app, Act.KEY, key=end)
        # Esc goes back to the pause menu, saving nothing; Enter saves and plays on
        assert app.stack.top is (pause if end == pygame.K_ESCAPE else app.stack.top)
    assert isinstance(app.stack.top, TableScene)
    assert [s.name for s in app.db.slots()] == ["Friday night"]
    assert session.slot_name == "Friday night"
    pause = app.stack.push(PauseScene(app.stack.top))
    dict(pause.items)["Save to a slot"]()
    assert app.stack.top.box.text == "Friday night"  # saving again offers the same slot


def test_back_from_new_game_opened_in_the_pause_menu_returns_to_the_game(app: App) -> None:
    """Pause -> New game -> Back went to the title and the game was gone."""
    v = app.registry.variant("crowsnest")
    session = LocalGame(v, [SeatSetup("human", "normal", "")] + [SeatSetup()] * 3, seed=7)
    table = app.stack.replace(TableScene(session))
    app.step(0.02)
    pause = app.stack.push(PauseScene(table))
    dict(pause.items)["New game"]()
    setup = app.stack.top
    assert type(setup).__name__ == "SetupScene"
    press(app, Act.BACK)
    assert app.stack.top is pause and list(app.stack)[0] is table
    press(app, Act.BACK)  # the pause menu closes: the same game goes on
    assert app.stack.top is table and table.session is session
    closed: list[bool] = []
    session.close = lambda: closed.append(True)  # type: ignore[method-assign]
    pause = app.stack.push(PauseScene(table))
    dict(pause.items)["New game"]()
    app.stack.top._start(v, v.resolve_options({}))  # Start (the question is tested elsewhere)
    top = app.stack.top
    assert isinstance(top, TableScene) and top is not table and closed == [True]
    assert len(list(app.stack)) == 1


def _play_until(session: LocalGame, done) -> None:
    m = session.match
    while not done(m):
        got = session.runner.choose(m, m.to_move, "random", budget_s=None)
        session.apply(got.action)


def test_statistics_count_from_the_first_finished_deal(app: App) -> None:
    """A whole evening of deals left Statistics empty ("No finished games yet"): a match
    in progress now counts its finished deals, and once finished, counts them once."""
    from crowsnest.records.stats import player_stats

    v = app.registry.variant("crowsnest")
    setups = [SeatSetup("human", "random", "")] + [SeatSetup("ai", "random", "")] * 3
    session = LocalGame(v, setups, {"target": 300}, seed=11)
    app.stack.replace(TableScene(session))
    app.step(0.02)
    stats = app.stack.push(StatsScene())
    _wait_figures(app, stats)
    assert stats.current is None  # nothing finished yet
    stats.close()
    _play_until(session, lambda m: m.deal_no >= 1)
    app.autosave()
    (you,) = player_stats(app.db)
    h = session.match.history[0]
    side = 0  # You and North are side 0
    assert you["deals"] == 1 and you["in_progress"] == 1 and you["matches"] == 0
    assert you["best_deal"] == h["score_change"][side]
    assert you["deals_won"] == int(h["score_change"][side] > h["score_change"][1])
    made = [you["bids_made"], you["bids_set"]]
    assert sum(made) == (h["declarer"] == 0)
    stats = app.stack.push(StatsScene())
    _wait_figures(app, stats)
    assert stats.current is not None  # shown after one finished deal
    lines = dict(figures(stats.current))
    assert lines["Deals played"] == "1" and lines["Matches in progress"] == "1"
    assert lines["Best deal"] == f"{h['score_change'][side]:+}"
    app.draw()
    stats.close()
    _play_until(session, lambda m: m.over)
    app.autosave()
    (you,) = player_stats(app.db)
    assert you["matches"] == 1 and you["in_progress"] == 0
    assert you["deals"] == session.match.deal_no  # counted once, not again as live


def _wait_figures(app: App, stats: StatsScene) -> None:
    for _ in range(200):
        app.step(0.01)
        if not stats.loading:
            return
        time.sleep(0.01)
    raise AssertionError("the figures were not read")
