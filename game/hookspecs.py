"""The plugin API. Every hook is documented here and in docs/plugins.md.

A plugin is a module (or package) with functions marked by `hookimpl`:

    from crowsnest.hookspecs import hookimpl

    @hookimpl
    def crowsnest_register_variants(register):
        register(my_variant)

Hooks are register-callbacks (as in llm and tox): the host passes a `register` function
and validates what is handed to it, so one bad registration is reported without
affecting the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

import pluggy

from .engine.variant import AIFactory, Variant

PROJECT = "crowsnest"
API_VERSION = 1  # bump on incompatible changes to this module or crowsnest.engine.variant

# What the hooks are handed: register(variant) and register(variant_id, level, factory).
RegisterVariant: TypeAlias = Callable[[Variant], None]
RegisterAI: TypeAlias = Callable[[str, str, AIFactory], None]

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class CrowsNestSpecs:
    """The hook specifications (methods without self in plugins)."""

    @hookspec
    def crowsnest_register_variants(self, register: RegisterVariant) -> None:
        """Register variants: call ``register(variant)`` once per crowsnest.engine.Variant.

        The variant must carry all five parts, each with its methods: a deck
        (DeckSpec), a bidding part (Bidding; ``NO_AUCTION`` for a game without an
        auction), a play validator (PlayValidator), a scorer (Scorer), and AIs, plus a
        ``new_deal`` (crowsnest.engine.trickdeal composes one from the parts). An invalid
        variant is refused and reported, the others load.
        """

    @hookspec
    def crowsnest_register_ais(self, register: RegisterAI) -> None:
        """Add AIs to existing variants: call ``register(variant_id, level, factory)``.

        ``factory(variant, options, seats)`` returns an object with
        ``choose(view, legal, rng) -> action``. A level that already exists is refused.
        """
