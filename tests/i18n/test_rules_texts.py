"""The rules of every built-in game (and the Oh Hell example) in Finnish, Swedish, Danish
and French: complete, the same shape as the English (headings, list items, paragraphs),
the same facts (every number of 10 or more, no number the English lacks), and shown by
the rules screen in the player's language."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from crowsnest import i18n
from crowsnest.plugin_host import load_registry

# The Oh Hell example from examples/ (not installed in the development venv).
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "ohhell"))
import crowsnest_ohhell  # noqa: E402

REGISTRY = load_registry(folders=[], disabled=[])
BUILT_IN = sorted(
    (
        v
        for v in REGISTRY.variants.values()
        if type(v.scorer).__module__.startswith("crowsnest_games")
    ),
    key=lambda v: v.id,
)
VARIANTS = [*BUILT_IN, crowsnest_ohhell.VARIANT]
NUMBER = re.compile(r"\d+")


def shape(text: str) -> tuple[int, int, int]:
    lines = text.splitlines()
    headings = sum(1 for ln in lines if ln.startswith("#"))
    items = sum(1 for ln in lines if ln.lstrip().startswith("- "))
    paragraphs = len([b for b in text.split("\n\n") if b.strip()])
    return headings, items, paragraphs


def test_every_built_in_game_is_here():
    assert {v.id for v in BUILT_IN} >= {"crowsnest", "kentucky", "tractor", "doudizhu"}
    assert len(BUILT_IN) == 12


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_rules_are_translated_completely_and_keep_the_facts(variant):
    assert sorted(variant.rules_translations) == sorted(i18n.TRANSLATED)
    english = variant.rules_text
    big = {n for n in NUMBER.findall(english) if int(n) >= 10}
    for lang, text in variant.rules_translations.items():
        assert shape(text) == shape(english), lang
        found = set(NUMBER.findall(text))
        assert big <= found, f"{variant.id} {lang} lacks {sorted(big - found)}"
        assert found <= set(NUMBER.findall(english)), f"{variant.id} {lang} adds a number"
        assert text.strip() != english.strip()


def test_french_rules_keep_the_space_before_colons_unbreakable():
    for v in VARIANTS:
        assert not re.search(r" [:;?!]", v.rules_translations["fr"]), v.id


def test_the_rules_screen_reads_the_players_language():
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.info import RulesScene
    from crowsnest.config import Config

    app = App(PrefsStore(Config()), size=(1024, 640), registry=REGISTRY)
    scene = RulesScene("tractor")
    app.stack.push(scene)
    assert scene.lines[0].startswith("# Tractor")
    i18n.set_language("sv")
    app.stack.language_changed()
    assert scene.lines[0].startswith("# Traktor (Shengji)")
    i18n.set_language(i18n.PSEUDO)
    app.stack.language_changed()
    assert scene.lines[0].startswith("# [Tráçtör")
    app.step(0.0)
    app.close()
