"""crowsnest.testing, the helpers plugin authors test with: registry_with loads a plugin
through the real host (so errors are reported as users would see them), the fixture
cleans up, play_match plays whole matches with invariant checks."""

from __future__ import annotations

import sys
from pathlib import Path

import crowsnest_ohhell
import pytest
from crowsnest.engine import Variant
from crowsnest.hookspecs import hookimpl
from crowsnest.testing import play_match, registry_with

OHHELL_SRC = Path(__file__).resolve().parents[2] / "examples" / "ohhell"


def test_a_module_loads_as_an_installed_package():
    registry = registry_with(crowsnest_ohhell)
    record = next(p for p in registry.plugins if p.name == "crowsnest_ohhell")
    assert (record.origin, record.version, record.error) == ("package", "1.0.0", None)
    assert record.variants == ("ohhell",)
    assert "random" in registry.variant("ohhell").ais
    # The temporary entry point is gone afterwards: the next plain load lacks the plugin.
    assert "ohhell" not in registry_with().variants
    assert not any("crowsnest-testing-" in p for p in sys.path)


def test_a_folder_loads_as_a_drop_in():
    registry = registry_with(OHHELL_SRC / "crowsnest_ohhell")
    record = next(p for p in registry.plugins if p.name == "crowsnest_ohhell")
    assert record.origin == "drop-in" and record.error is None
    assert isinstance(registry.variant("ohhell"), Variant)


def test_a_broken_plugin_is_reported_not_raised(crowsnest_registry):
    class Broken:
        @hookimpl
        def crowsnest_register_variants(self, register):
            register("not a variant")

    registry = crowsnest_registry(Broken(), crowsnest_ohhell)
    record = next(p for p in registry.plugins if p.name == "broken")
    assert record.error and "not a crowsnest.engine.Variant" in record.error
    assert "ohhell" in registry.variants  # the others still load


def test_a_missing_path_is_a_clear_error():
    with pytest.raises(FileNotFoundError, match="no plugin file or folder"):
        registry_with("/nonexistent/plugin.py")


def test_play_match_checks_conservation_and_reports_a_broken_variant():
    play_match(crowsnest_ohhell.VARIANT, seats=5, seed=3, options={"rounds": "up", "max_hand": 3})

    # A scorer that never ends the match: play_match says so instead of looping forever.
    class Endless(type(crowsnest_ohhell.VARIANT.scorer)):
        def settle(self, setup, result):
            st = super().settle(setup, result)
            return type(st)(
                st.score_change, st.scores, st.next_dealer, None, st.carry, st.extra_event
            )

    import dataclasses

    endless = dataclasses.replace(crowsnest_ohhell.VARIANT, scorer=Endless())
    with pytest.raises(AssertionError, match="did not end within 200 actions"):
        play_match(endless, seats=3, options={"rounds": "fixed", "max_hand": 1}, max_actions=200)


def test_play_match_catches_a_deal_that_depends_on_more_than_its_actions():
    """A deal that takes randomness of its own (not the set-up's seed) cannot be rebuilt
    from its actions: saves, undo and the recovery from a failed action would break."""
    import dataclasses
    import random

    v = crowsnest_ohhell.VARIANT
    real_new_deal = v.new_deal

    def new_deal(setup):
        deal = real_new_deal(setup)
        hands = getattr(deal, "hands", None)
        if hands:
            random.shuffle(hands)  # the process's own random: another deal each time
        return deal

    moody = dataclasses.replace(v, new_deal=new_deal)
    with pytest.raises(AssertionError, match="rebuilt from its set-up and actions is another"):
        play_match(moody, seats=4, seed=2, options={"rounds": "fixed", "max_hand": 8})
