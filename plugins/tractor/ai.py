"""Tractor AIs. They see only their seat's view (plus the engine's legal list)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.engine.actions import Action

from .cards import order_for
from .deal import TractorView
from .plays import Shape, count_pairs, random_follow, random_lead, shape_of


def lead_shape(view: TractorView, es: Sequence[int], ps: Sequence[int]) -> Shape:
    """The shape a follower must answer (a throw counts its size and its pairs)."""
    cards = view.trick[0][1]
    shape = shape_of(cards, es, ps)
    if shape is not None:
        return shape
    return (es[cards[0]], len(cards), count_pairs(cards), -1)


class RandomAI:
    """Any legal action, chosen at random (from the view where the list is incomplete)."""

    def choose(self, view: TractorView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "bury":
            return ("discard", tuple(sorted(rng.sample(view.hand, 8))))
        if view.phase == "play":
            order = order_for(view.level, view.trump)  # type: ignore[arg-type]
            es, ps = order.esuit, order.pos
            if not view.trick:
                return ("play", random_lead(list(view.hand), es, ps, rng))
            return ("play", random_follow(list(view.hand), lead_shape(view, es, ps), es, rng))
        return rng.choice(list(legal))


def _random(variant: Any, options: Any, seats: int) -> RandomAI:
    return RandomAI()


AI_FACTORIES: dict[str, Any] = {"random": _random}
