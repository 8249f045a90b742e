"""Oh Hell, a game the client has never heard of, plays to the end in the window
(headless: SDL dummy drivers) at each of its seat counts: AI seats only, the real App,
scene stack, table scene and overlays, driven frame by frame with a fake clock. The
end-of-deal sheets are dismissed with CONFIRM as a player would."""

from __future__ import annotations

import crowsnest_ohhell
import pytest

pygame = pytest.importorskip("pygame")

from game.client.app import App  # noqa: E402
from game.client.input import Act, InputEvent  # noqa: E402
from game.client.prefs import PrefsStore  # noqa: E402
from game.client.scenes.overlays import EndOfDealScene, GameOverScene  # noqa: E402
from game.client.scenes.table import TableScene  # noqa: E402
from game.client.session import SeatSetup, Session  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch, crowsnest_registry):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = PrefsStore(tmp_path / "config.toml")
    a = App(store, size=(1280, 720), registry=crowsnest_registry(crowsnest_ohhell))
    a.prefs.speed = 0  # instant animations: the test needs no waiting
    yield a
    a.close()


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_oh_hell_plays_to_the_end_in_the_window(app, seats):
    variant = app.registry.variant("ohhell")
    options = {"rounds": "down", "max_hand": 2}
    session = Session(variant, [SeatSetup("ai", "easy")] * seats, options=options, seed=seats)
    app.stack.push(TableScene(session))
    sheets = 0
    for _ in range(5000):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            break
        if isinstance(top, EndOfDealScene):
            sheets += 1
            app.dispatch(InputEvent(Act.CONFIRM))
            app.dispatch(InputEvent(Act.CONFIRM))
        session.wait_ai(10)
        app.step(0.05)
    assert isinstance(app.stack.top, GameOverScene), f"stuck on {type(app.stack.top).__name__}"
    match = session.match
    assert match.over and match.winner is not None
    assert match.deal_no >= 2 and sheets >= match.deal_no - 1
    assert not session.faults
    assert app.frames > match.deal_no  # it really drew
