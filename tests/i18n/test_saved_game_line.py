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


def test_danish_says_runde_and_giv_not_uddeling() -> None:
    """Danish players say "Runde" (a deal played) and "giv" (whose deal it is); the game
    said "Uddeling" everywhere (issue 28's native-reader pass)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    po = (root / "game/locale/da/LC_MESSAGES/crowsnest.po").read_text(encoding="utf-8")
    said = [ln for ln in po.splitlines() if ln.startswith(("msgstr", '"')) and "ddeling" in ln]
    assert not said, said[:3]
    for md in root.glob("plugins/**/*.da.md"):
        assert "ddeling" not in md.read_text(encoding="utf-8"), md
    i18n.set_language("da")
    assert i18n._("Deal {number}").format(number=3) == "Runde 3"
