"""An AI level the game does not have (issue 12: `level = "timid"` after its plugin was
removed) is shown on the set-up screen with the level that will play, and a table
started from it plays that level; a save with it plays on and says so."""

from __future__ import annotations

import random

from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore, SeatPrefs
from crowsnest.client.scenes.setup import SetupScene
from crowsnest.client.session import LocalGame
from crowsnest.engine import Match
from crowsnest.records import savefile


def test_setup_shows_and_uses_the_fallback_level(tmp_path):
    store = PrefsStore(str(tmp_path / "config.toml"))
    store.prefs.variant = "crowsnest"
    store.prefs.players = [SeatPrefs("human", "normal", "Me")] + [
        SeatPrefs("ai", "timid", "") for _ in range(3)
    ]
    app = App(store, size=(1024, 640))
    try:
        scene = SetupScene()
        app.stack.push(scene)
        app.step(0.016)
        shown = [r.value() for r in scene.rows if r.label == "Seat 2 is"]
        assert shown == ["Computer (normal: there is no 'timid' here)"]
        scene.start()
        table = app.stack.top
        levels = [s.level for s in table.session.seat_setups]
        assert levels == ["normal", "normal", "normal", "normal"]
    finally:
        app.close()


def test_a_save_with_a_missing_level_plays_on_and_says_so(tmp_path):
    from crowsnest.plugin_host import load_registry

    reg = load_registry(user_folder=False)
    m = Match(reg.variants["crowsnest"], seed=4)
    rng = random.Random(4)
    for _ in range(5):
        m.apply(m.deal.random_action(rng))
    p = tmp_path / "s.toml"
    seats = [savefile.Seat("human", "normal", "")] + [savefile.Seat("ai", "timid", "")] * 3
    savefile.save(m, seats, p, registry=reg)
    match, players = savefile.load(p, reg)
    s = LocalGame.resume(match, players)
    for _ in range(30):
        if s.is_human(s.to_move) or s.match.over:
            s.apply(s.match.deal.random_action(rng))
            continue
        s.request_ai()
        s.wait_ai()
        got = s.poll_ai()
        s.apply(got[1])
    assert any("'timid'" in f and "'normal'" in f for f in s.fault_log)
    s.close()
