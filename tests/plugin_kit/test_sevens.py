"""The Sevens drop-in (examples/dropin/crowsnest_sevens.py): a game whose events are
none of the built-ins' ("laid", "knock", "went_out") plays through the engine and in the
window, which shows its own sentences, top-bar facts and end-of-deal sheet, though the
client knows nothing of it (tests/client/test_no_game_knowledge.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from crowsnest.testing import play_in_client, play_match

SEVENS = Path(__file__).resolve().parents[2] / "examples" / "dropin" / "crowsnest_sevens.py"
CLIENT = Path(__file__).resolve().parents[2] / "game" / "client"


def test_sevens_loads_as_a_drop_in_and_plays_whole_matches(crowsnest_registry):
    registry = crowsnest_registry(SEVENS)
    record = next(p for p in registry.plugins if p.name == "crowsnest_sevens")
    assert record.error is None and record.variants == ("sevens",)
    variant = registry.variant("sevens")
    for seats in variant.seats:
        match = play_match(variant, seats=seats, seed=seats, level="easy")
        assert match.over and not match.ai_faults
        assert sum(match.scores) == 0  # the first out collects what the others pay


def test_the_laying_rules_give_reasons(crowsnest_registry):
    variant = crowsnest_registry(SEVENS).variant("sevens")
    from crowsnest.engine import Match

    hands = [[r + s for s in "SHDC" for r in "23456789TJQKA"][i::4] for i in range(4)]
    m = Match(variant, seats=4, dealer=3, deal={"hands": hands})
    opener = next(s for s, h in enumerate(hands) if "7D" in h)
    assert m.to_move == opener
    assert m.legal_strings() == ["play 7D"]
    other = next(c for c in hands[opener] if c != "7D")
    assert m.check(f"play {other}") == "the 7 of diamonds opens the deal"
    events = m.apply("play 7D")
    assert events[0] == {"type": "laid", "seat": opener, "card": "7D", "suit": "diamonds"}


@pytest.mark.slow
def test_the_table_shows_sevens_in_its_own_words(crowsnest_registry):
    registry = crowsnest_registry(SEVENS)
    run = play_in_client(registry.variant("sevens"), seats=4, seed=1, registry=registry)
    assert run.match.over and not run.faults and run.deal_sheets >= 3
    said = run.said
    # its news, its calls on the name plates, its top-bar fact
    assert any(s.endswith("cannot lay a card and knocks") for s in said), sorted(said)
    assert any(s.endswith("has laid every card and ends the deal") for s in said)
    assert any(s.startswith("laid ") and " of " in s for s in said)  # "laid 8 of clubs"
    assert any(s.endswith("of 52 cards laid") for s in said)
    # its end-of-deal sheet: its columns and the sentence that says why
    assert "Cards left" in said
    assert any("went out first and collects" in s for s in said)
    # none of it is written in the client's code (its string constants)
    source = "\n".join(
        node.value
        for p in CLIENT.rglob("*.py")
        for node in ast.walk(ast.parse(p.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    )
    for words in (
        "knock",
        "cannot lay a card",
        "went out first",
        "cards laid",
        "cards left",
        "sevens",
    ):
        assert words not in source.lower(), words
