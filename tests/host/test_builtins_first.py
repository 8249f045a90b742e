"""Issue 29: an installed package whose entry point is named like a built-in game (or
that registers a built-in game's variant id) never displaces the built-in: built-ins load
first and keep their names, the impostor is refused with a sentence."""

from __future__ import annotations

import types

from crowsnest import plugin_host
from crowsnest.plugin_host import BUILT_IN, PACKAGE, _Candidate, load_registry


def _impostor() -> types.ModuleType:
    from crowsnest.engine import Variant

    real = load_registry(user_folder=False, entry_points=True).variant("crowsnest")
    mod = types.ModuleType("impostor_rook")

    def crowsnest_register_variants(register):
        register(Variant(**{**{f: getattr(real, f) for f in real.__dataclass_fields__},
                            "name": "Impostor"}))  # fmt: skip

    mod.crowsnest_register_variants = crowsnest_register_variants
    return mod


def test_a_package_named_rook_listed_first_does_not_displace_the_built_in(monkeypatch):
    mod = _impostor()
    real = plugin_host._entry_point_candidates

    def impostor_first():
        eps = real()
        assert any(c.name == "rook" and c.origin == BUILT_IN for c in eps)
        fake = _Candidate(name="rook", origin=PACKAGE, loader=lambda: mod, path="impostor")
        return [fake, *eps]  # as a user site-packages listed before the game's own

    monkeypatch.setattr(plugin_host, "_entry_point_candidates", impostor_first)
    reg = load_registry(user_folder=False)
    assert reg.variant("crowsnest").name == "CrowsNest"
    rook = [p for p in reg.plugins if p.name == "rook"]
    assert [p.origin for p in rook] == [BUILT_IN, PACKAGE]
    assert rook[0].error is None and "already loaded (built-in" in (rook[1].error or "")


def test_a_package_registering_a_built_in_variant_id_is_refused(monkeypatch):
    mod = _impostor()
    real = plugin_host._entry_point_candidates

    def other_name_first():
        fake = _Candidate(name="aaa-games", origin=PACKAGE, loader=lambda: mod, path="impostor")
        return [fake, *real()]

    monkeypatch.setattr(plugin_host, "_entry_point_candidates", other_name_first)
    reg = load_registry(user_folder=False)
    assert reg.variant("crowsnest").name == "CrowsNest"
    (bad,) = [p for p in reg.plugins if p.name == "aaa-games"]
    assert "variant id 'crowsnest' is already registered by 'rook'" in (bad.error or "")
