"""Tractor (Shengji): the double-deck promotion game for 4 players, as a plugin."""

from __future__ import annotations

from crowsnest.hookspecs import RegisterVariant, hookimpl

from .ai.hard import crowsnest_register_ais as crowsnest_register_ais  # the hard AI's hook
from .variant import VARIANT


@hookimpl
def crowsnest_register_variants(register: RegisterVariant) -> None:
    register(VARIANT)
