"""Dou Dizhu (Landlord): the 3-player climbing game, as a built-in plugin."""

from __future__ import annotations

from crowsnest.hookspecs import RegisterVariant, hookimpl

from .ai.hard import crowsnest_register_ais as crowsnest_register_ais  # the hard AI's hook
from .deal import describe
from .variant import VARIANT


@hookimpl
def crowsnest_register_variants(register: RegisterVariant) -> None:
    register(VARIANT)


__all__ = ["VARIANT", "crowsnest_register_variants", "describe"]
