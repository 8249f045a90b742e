"""crowsnest.testing.play_in_client(...).faults lists the AI faults of the match (issue
12: the table popped them as it showed them, so the result was always empty)."""

from __future__ import annotations

import toyvariant
from crowsnest.testing import play_in_client


class Raising:
    def choose(self, view, legal, rng):
        raise ZeroDivisionError("bad maths")


def test_play_in_client_reports_faults():
    v = toyvariant.make_variant(ais={"easy": lambda variant, options, seats: Raising()})
    run = play_in_client(v, seats=2, seed=3, level="easy")
    assert run.match.over
    assert run.faults and all("ZeroDivisionError" in f for f in run.faults)


def test_play_in_client_reports_none_when_all_is_well():
    run = play_in_client(toyvariant.make_variant(), seats=2, seed=3, level="easy")
    assert run.faults == ()
