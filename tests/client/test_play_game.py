"""A whole CrowsNest game played through the window, headless: the human seat's every
decision is made by posted keyboard or mouse events, against AIs, to game over."""

from __future__ import annotations

import pytest
from client_driver import Driver, make_app, start
from crowsnest.client.scenes.overlays import GameOverScene


@pytest.mark.slow
def test_full_crowsnest_game_by_keyboard_and_mouse_to_game_over():
    app = make_app(speed=0)
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=3)
    drv = Driver(app, table, mode="mixed", seed=3)
    drv.play()
    m = table.match
    assert m.over and m.winner is not None
    assert isinstance(app.stack.top, GameOverScene)
    human_moves = sum(1 for s in table.session.actors if s == 0)
    assert human_moves >= 10  # bids, and a card in every trick of every deal
    assert drv.moves["mouse"] > 3 and drv.moves["keys"] > 3
    # every phase was met by the human: bids, the nest exchange (several cards selected,
    # then confirmed), naming trump, and card play
    kinds = {a[0] for a, s in zip(m.log, table.session.actors, strict=True) if s == 0}
    assert kinds >= {"bid", "discard", "trump", "play"}
    assert len(m.history) >= 2 and m.deal_no == len(m.history)
    app.close()


@pytest.mark.slow
def test_keyboard_only_and_mouse_only_each_play_a_deal():
    for mode in ("keys", "mouse"):
        app = make_app(speed=0)
        table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=11)
        drv = Driver(app, table, mode=mode, seed=5)
        drv.play(stop=lambda t=table: t.match.deal_no >= 1)
        assert table.match.deal_no >= 1
        assert drv.moves["mouse" if mode == "mouse" else "keys"] == drv.turns
        app.close()
