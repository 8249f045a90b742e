"""The Tractor plugin loads through the real plugin host and describes itself."""

from __future__ import annotations

import pytest
from crowsnest.engine import Match, OptionError
from crowsnest.plugin_host import load_registry


def test_registered_through_the_entry_point():
    registry = load_registry()
    v = registry.variant("tractor")
    assert (v.id, v.name, v.seats) == ("tractor", "Tractor", (4,))
    assert v.teams(4, v.resolve_options(None)) == ((0, 2), (1, 3))
    assert {"random", "easy", "normal"} <= set(registry.ais("tractor"))
    assert {o.key: o.default for o in v.options} == {
        "throws": False,
        "kitty_power": False,
        "defend_levels": "none",
    }
    assert "Tractor" in v.rules_text and "throws" in v.rules_text
    deck = v.deck.build(v.resolve_options(None), 4)
    assert len(deck) == 108 and deck.total_points == 200
    assert len(deck.ids("TH")) == 2 and len(deck.ids("RJ")) == 2


def test_bad_set_up_is_refused_with_a_sentence():
    from crowsnest_games.tractor import VARIANT

    with pytest.raises(OptionError, match="defend_levels"):
        Match(VARIANT, options={"defend_levels": "7"})
    with pytest.raises(ValueError, match="a level must be 2 to 14"):
        Match(VARIANT, carry={"levels": [2, 16]})
    with pytest.raises(ValueError, match="two levels"):
        Match(VARIANT, carry={"levels": [2]})
    m = Match(VARIANT, carry={"levels": ["K", "A"]}, dealer=3)
    assert m.view_json(0)["level_rank"] == "A"
