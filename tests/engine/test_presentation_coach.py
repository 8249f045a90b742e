"""The first-game coach's words live in one place: a presentation's `coach_phases` table,
which the generic `Presentation.coach()` looks the phase up in (the built-ins set only
the table)."""

from __future__ import annotations

from crowsnest.engine.presentation import Presentation, say
from crowsnest_games.doudizhu import VARIANT as DOUDIZHU
from crowsnest_games.rook import CROWSNEST
from crowsnest_games.tractor import VARIANT as TRACTOR


def test_the_generic_coach_looks_the_phase_up_in_coach_phases():
    class Game(Presentation):
        coach_phases = {"bid": (say("Bidding"), say("Bid or pass."))}

    assert Game().coach("bid", {}) == (say("Bidding"), say("Bid or pass."))
    assert Game().coach("play", {}) is None
    assert Presentation().coach("bid", {}) is None  # no words of its own: facts alone


def test_every_built_in_game_words_each_phase_it_coaches():
    phases = [
        (CROWSNEST, ("bid", "nest", "trump", "play")),
        (TRACTOR, ("declare", "bury", "play")),
        (DOUDIZHU, ("bid", "play")),
    ]
    for variant, names in phases:
        p = variant.presentation
        assert type(p).coach is Presentation.coach  # the table, not a method of its own
        for phase in names:
            title, about = p.coach(phase, {})
            assert title.msg and about.msg, (variant.id, phase)
