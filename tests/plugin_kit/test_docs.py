"""docs/plugins.md documents the whole plugin API (datasette's test_plugins_documented
idea): every hook with its exact signature, every Variant field, every testing helper."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

import crowsnest.testing
import pytest
from crowsnest.ai import AIRunner
from crowsnest.engine import Match, Variant
from crowsnest.hookspecs import API_VERSION, CrowsNestSpecs

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
    for name in crowsnest.testing.__all__:
        assert f"`{name}(" in DOCS, f"crowsnest.testing.{name} is not documented"


def test_the_api_version_is_the_current_one():
    assert f"now **{API_VERSION}**" in DOCS


def test_the_first_example_of_the_guide_works(tmp_path, crowsnest_registry):
    """The guide's one-file plugin, copied from the guide as a reader would."""
    code = re.search(r"```python\n(# crowsnest_bidder\.py\n.*?)```", DOCS, re.S)[1]
    plugin = tmp_path / "crowsnest_bidder.py"
    plugin.write_text(code)
    registry = crowsnest_registry(plugin)
    record = next(p for p in registry.plugins if p.name == "crowsnest_bidder")
    assert record.error is None and record.ais == ("crowsnest:always-bids",)
    crowsnest = registry.variant("crowsnest")
    match = Match(crowsnest, seed=2)
    runner = AIRunner(crowsnest, match.options, match.seats, budget_s=None, seed=2)
    while match.deal_no == 0:
        phase = match.phase
        choice = runner.choose(match, level="always-bids")
        assert choice.fault is None
        if phase == "bid":
            assert choice.action[0] == "bid"  # it never passes while it may bid
        match.apply(choice.action)


def test_a_plugin_for_another_api_version_gets_what_the_guide_says(tmp_path, crowsnest_registry):
    future = tmp_path / "from_the_future.py"
    future.write_text(
        f"CROWSNEST_API = {API_VERSION + 1}\n\n"
        "def crowsnest_register_ais(register):\n"
        "    raise AssertionError('a plugin for another API is never called')\n"
    )
    unknown_hook = tmp_path / "newer_hook.py"
    unknown_hook.write_text("def crowsnest_register_sounds(register):\n    pass\n")
    registry = crowsnest_registry(future, unknown_hook)
    records = {p.name: p for p in registry.plugins}
    reason = (
        f"written for plugin API {API_VERSION + 1}; this CrowsNest Arcade speaks API {API_VERSION}"
    )
    assert records["from_the_future"].error == reason
    assert reason.replace(str(API_VERSION + 1), "2").replace(str(API_VERSION), "1") in DOCS
    assert records["newer_hook"].error.startswith("unknown hook 'crowsnest_register_sounds'")
    assert "`unknown hook 'crowsnest_...'`" in DOCS
    assert "crowsnest" in registry.variants  # the rest of the game is unaffected
