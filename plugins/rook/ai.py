"""Rook-family AIs (views only)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.engine import Action

from .deal import random_discard
from .view import RookView


class RookRandomAI:
    """Uniform over the legal actions; builds a uniformly random discard itself (the
    discard set is too large to list)."""

    def choose(self, view: RookView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "nest":
            return ("discard", tuple(sorted(random_discard(view.rules, view.hand, rng))))
        return legal[rng.randrange(len(legal))]


def random_factory(variant: Any, options: Any, seats: int) -> RookRandomAI:
    return RookRandomAI()


AI_FACTORIES = {"random": random_factory}
