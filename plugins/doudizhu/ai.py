"""Dou Dizhu AIs, from views only."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.actions import Action
from game.engine.options import Options

from .deal import DouDizhuView


class RandomAI:
    def choose(self, view: DouDizhuView, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))


def _random(variant: object, options: Options, seats: int) -> RandomAI:
    return RandomAI()


AIS = {"random": _random}
