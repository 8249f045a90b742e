"""The random AI every variant has: a uniformly random action from the legal list."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from crowsnest.engine import Action, View


class NoListedAction(LookupError):
    """The legal list is empty (incomplete legal sets): the runner's fallback chooses."""


class RandomAI:
    """Uniform over the listed legal actions. Where the engine cannot list them all
    (Deal.legal_complete() is False) the safe runner uses Deal.random_action instead,
    which is uniform over the full set."""

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not legal:
            raise NoListedAction("no listed legal action to choose from")
        return legal[rng.randrange(len(legal))]


def random_factory(variant: Any, options: Any, seats: int) -> RandomAI:
    return RandomAI()
