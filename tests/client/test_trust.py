"""Defects of issue 11 ("a table players can trust"), each reproduced: what a player
saw, then what they see now."""

from __future__ import annotations

from client_driver import DT, make_app
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import SeatSetup, Session
from crowsnest.engine.presentation import render, say


def table(app, variant: str, seats: int, until, seeds=range(40)) -> TableScene:
    """A table whose AIs (all seats) played until `until(match)`; seat 0 human."""
    v = app.registry.variant(variant)
    for seed in seeds:
        setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)]
        s = Session(v, setups, seed=seed)
        m = s.match
        for _ in range(400):
            if until(m) or m.over:
                break
            s.apply(s.runner.choose(m, m.to_move, "random", budget_s=None).action)
        if until(m):
            t = TableScene(s)
            app.stack.replace(t)
            t.tweener.finish_all()
            t.beats.clear()
            t.dealing = None
            app.step(DT)
            return t
    raise AssertionError("no seed reached the position")


def test_counts_fill_their_placeholder_and_take_the_singular():
    """'1 cards', and (after plural forms came) '{count} cards' on every plate."""
    assert render(say("{count} card", plural="{count} cards", count=1), str, str) == "1 card"
    assert render(say("{count} card", plural="{count} cards", count=7), str, str) == "7 cards"
    assert render(say("Nest: {count}", count=5), str, str) == "Nest: 5"
    app = make_app()
    t = table(app, "tractor", 4, lambda m: m.phase == "play" and m.to_move == 0)
    n = t.view.hand_counts[1]
    assert f"{n} cards" in t._plate_line(1, False, False)
    assert "{" not in t.prompt()
    app.close()
