"""Oh Hell, a game the client has never heard of, plays to the end in the window
(headless: SDL dummy drivers) at each of its seat counts: AI seats only, the real App,
scene stack, table scene and overlays, driven frame by frame with a fake clock
(crowsnest.testing.play_in_client). The venv test does the same with the pip-installed
package."""

from __future__ import annotations

import crowsnest_ohhell
import pytest
from crowsnest.testing import play_in_client


@pytest.mark.slow
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_oh_hell_plays_to_the_end_in_the_window(crowsnest_registry, seats):
    registry = crowsnest_registry(crowsnest_ohhell)
    variant = registry.variant("ohhell")
    run = play_in_client(
        variant,
        seats=seats,
        seed=seats,
        options={"rounds": "down", "max_hand": 2},
        registry=registry,
    )
    match = run.match
    assert match.over and match.winner is not None and match.seats == seats
    assert match.deal_no >= 2 and run.deal_sheets >= match.deal_no - 1
    assert not run.faults
    assert run.frames > match.deal_no  # it really drew


def test_a_stuck_game_is_reported(crowsnest_registry):
    registry = crowsnest_registry(crowsnest_ohhell)
    with pytest.raises(AssertionError, match="did not reach the game-over sheet in 3 frames"):
        play_in_client(registry.variant("ohhell"), seats=3, registry=registry, max_frames=3)
