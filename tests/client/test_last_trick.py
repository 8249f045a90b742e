"""The last-trick sheet marks who won it, for the Rook family (its view names the
winner) as for Tractor (its last trick carries the winner)."""

from __future__ import annotations

import random

from client_driver import DT, make_app
from crowsnest.client.scenes.overlays import LastTrickScene
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup


def test_rook_views_name_the_last_tricks_winner_as_the_trick_event_did():
    app = make_app()
    for variant, seats in (("crowsnest", 4), ("individual2", 2)):
        v = app.registry.variant(variant)
        s = LocalGame(v, [SeatSetup("ai", "random", "") for _ in range(seats)], seed=4)
        m, rng, checked = s.match, random.Random(2), 0
        while m.deal_no < 1:
            for ev in m.apply(m.deal.random_action(rng)):
                if ev["type"] == "trick" and m.deal_no == 0 and m.phase == "play":
                    for seat in range(seats):
                        assert m.view_json(seat)["last_trick_winner"] == ev["winner"]
                    checked += 1
        assert checked >= 5, variant
    app.close()


def test_the_last_trick_sheet_rings_the_winner():
    app = make_app()
    v = app.registry.variant("crowsnest")
    s = LocalGame(v, [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(4)])
    rng = random.Random(3)
    while not (s.match.phase == "play" and s.match.view_json(0)["last_trick"]):
        s.apply(s.match.deal.random_action(rng))
    t = TableScene(s)
    app.stack.replace(t)
    app.step(DT)
    sheet = LastTrickScene(t)
    app.stack.push(sheet)
    app.draw()
    winner = t.view["last_trick_winner"]
    assert winner in {seat for seat, _ in t.view["last_trick"]}
    # the winner's name is drawn in gold under its card, "won it" below
    assert any(k[0] == "won it" for k in app.text._cache)
    assert any(k[0] == t.name_of(winner) and k[2] == (244, 200, 86) for k in app.text._cache)
    app.close()
