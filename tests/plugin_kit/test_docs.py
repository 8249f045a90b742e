"""docs/plugins.md documents the whole plugin API (datasette's test_plugins_documented
idea): every hook with its exact signature, every Variant field, every testing helper."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

import pytest

import game.testing
from game.engine import Variant
from game.hookspecs import API_VERSION, CrowsNestSpecs

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text(encoding="utf-8")
HOOKS = sorted(n for n in dir(CrowsNestSpecs) if n.startswith("crowsnest_"))


def documented_hooks() -> dict[str, str]:
    """Hook headings of the guide: '### name(args)' -> {name: 'args'}."""
    return {m[1]: m[2] for m in re.finditer(r"^### (crowsnest_\w+)\(([^)]*)\)\s*$", DOCS, re.M)}


def test_there_are_hooks_to_document():
    assert "crowsnest_register_variants" in HOOKS and "crowsnest_register_ais" in HOOKS


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_documented_with_its_exact_signature(hook):
    docs = documented_hooks()
    assert hook in docs, f"docs/plugins.md has no '### {hook}(...)' section"
    params = [p for p in inspect.signature(getattr(CrowsNestSpecs, hook)).parameters if p != "self"]
    assert [a.strip() for a in docs[hook].split(",") if a.strip()] == params


def test_the_guide_documents_no_hook_that_does_not_exist():
    assert sorted(documented_hooks()) == HOOKS


def test_every_variant_field_is_in_the_parts_table():
    for f in dataclasses.fields(Variant):
        assert re.search(rf"^\| `{f.name}` \|", DOCS, re.M), f"Variant.{f.name} is not documented"


def test_every_testing_helper_is_documented():
    for name in game.testing.__all__:
        assert f"`{name}(" in DOCS, f"game.testing.{name} is not documented"


def test_the_api_version_is_the_current_one():
    assert f"now **{API_VERSION}**" in DOCS
