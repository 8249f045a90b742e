"""A plugin's view with a key of an unexpected shape never crashes the table: every
key the table reads, given odd values, still draws, prompts and lays out."""

from __future__ import annotations

import pygame
from client_driver import DT, make_app

from game.client.scenes.table import TableScene
from game.client.session import SeatSetup, Session
from game.client.view_shape import clean_view

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
    "kitty",
    "phase",
    "to_move",
]


def test_odd_view_values_are_dropped_and_the_table_still_draws():
    app = make_app()
    surf = pygame.Surface((1280, 720))
    for variant, seats in (("crowsnest", 4), ("doudizhu", 3), ("individual2", 2), ("tractor", 4)):
        v = app.registry.variant(variant)
        setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)]
        t = TableScene(Session(v, setups, seed=1))
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
