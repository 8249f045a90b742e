"""The Rook family: CrowsNest (the default game) and the classic Rook versions, one
plugin whose presets are sets of rule knobs (see rules.py and variant.py)."""

from __future__ import annotations

from typing import Any

from crowsnest.engine import Variant
from crowsnest.hookspecs import hookimpl

from .ai.hard import crowsnest_register_ais as crowsnest_register_ais  # the hard AI's hook
from .variant import PRESETS, Preset, make_variant

VARIANTS: dict[str, Variant] = {p.id: make_variant(p) for p in PRESETS}
CROWSNEST: Variant = VARIANTS["crowsnest"]


def get_variant(variant_id: str = "crowsnest") -> Variant:
    """A Rook-family variant by id, without the plugin host (tests, tools)."""
    return VARIANTS[variant_id]


@hookimpl
def crowsnest_register_variants(register: Any) -> None:
    for v in VARIANTS.values():
        register(v)


__all__ = [
    "CROWSNEST",
    "PRESETS",
    "VARIANTS",
    "Preset",
    "crowsnest_register_variants",
    "get_variant",
]
