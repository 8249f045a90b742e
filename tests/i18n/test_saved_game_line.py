"""The title's saved-game line ("CrowsNest, deal 4: You & North 120, West & East 85")
is said in the player's language (it was English in every language)."""

from __future__ import annotations

import pytest
from crowsnest import i18n
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry
from crowsnest.records import savefile
from crowsnest.records.savefile import Seat


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("language", "word"), [("fi", "jako"), ("sv", "giv"), ("da", "runde"), ("fr", "donne")]
)
def test_the_saved_game_line_is_in_the_players_language(language: str, word: str) -> None:
    reg = load_registry(user_folder=False)
    m = Match(reg.variant("tractor"), seed=1)
    seats = [Seat("human", "You")] + [Seat("ai", "")] * 3
    i18n.set_language(language)
    line = savefile.describe(m, seats, ["A", "B", "C", "D"])
    assert word in line.lower() and "deal" not in line, line
    assert f"A & C {m.scores[0]}, B & D {m.scores[1]}" in line
