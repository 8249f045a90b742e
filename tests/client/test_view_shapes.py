"""A plugin's view with a key of an unexpected shape never crashes the table: every
key the table reads, given odd values, still draws, prompts and lays out."""

from __future__ import annotations

import pygame
import pytest
from client_driver import DT, make_app
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.client.view_shape import clean_view

ODD = [None, "x", 7, True, [], {}, [None], [[None]], [["AS", None]], [1, "b"], [[0, "AS"]]]
KEYS = [
    "hand",
    "hand_counts",
    "trick",
    "bids",
    "bid",
    "last_trick",
    "last_trick_winner",
    "kitty_revealed",
    "bottom",
    "landlord",
    "multiplier",
    "level_names",
    "level_rank",
    "dummy",
    "nest_taken",
    "nest_count",
    "tricks_won",
    "trump",
    "dealer",
    "declarer",
    "attackers",
    "attacker_points",
    "attacker_target",
    "kitty",
    "phase",
    "to_move",
]


@pytest.mark.slow
def test_odd_view_values_are_dropped_and_the_table_still_draws():
    app = make_app()
    surf = pygame.Surface((1280, 720))
    for variant, seats in (("crowsnest", 4), ("doudizhu", 3), ("individual2", 2), ("tractor", 4)):
        v = app.registry.variant(variant)
        setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)]
        t = TableScene(LocalGame(v, setups, seed=1))
        app.stack.replace(t)
        app.step(DT)
        base = t.match.view_json(0)
        known = set(t.match.deck.names)
        assert clean_view(base, known) == base  # a well-formed view passes unchanged
        for key in KEYS:
            for val in ODD:
                t.view = clean_view({**base, key: val}, known)
                t._hand_cache = None
                t.relayout()
                t.draw(surf)
                t.facts()
                t.prompt()
                t._rebuild_calls()
    app.close()


def test_the_tractor_takeover_mark_comes_from_the_variant():
    """The top bar and the end-of-deal sheet show the attackers' target as the view and
    the deal_over event give it (the client holds no Tractor rule of its own)."""
    from crowsnest.client.scenes.overlays import EndOfDealScene

    app = make_app()
    v = app.registry.variant("tractor")
    setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(4)]
    t = TableScene(LocalGame(v, setups, seed=1))
    app.stack.replace(t)
    app.step(DT)
    t.view = {**t.view, "attackers": 1, "attacker_points": 35}
    assert "Attackers 35/80" in t.facts()
    t.view = {**t.view, "attacker_target": 100}
    assert "Attackers 35/100" in t.facts()
    t.view = {k: x for k, x in t.view.items() if k != "attacker_target"}
    assert "Attackers 35" in t.facts()
    ev = {"type": "deal_over", "attackers": 1, "attacker_points": 35, "takeover": False}
    sheet = EndOfDealScene(t.session, {**ev, "attacker_target": 80})
    app.stack.push(sheet)
    assert any("scored 35 of the 80 needed." in line for line in sheet._details())
    sheet.ev = ev
    assert any(line.endswith("scored 35.") for line in sheet._details())
    app.close()
