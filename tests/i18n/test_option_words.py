"""House-rule rows say what the row shows: a help text never names the option's ids
("low: the lowest trump" while the row reads "the lowest trump"), and a game whose
bird card has a name says that name ("Points the Crow is worth", not "the bird card")."""

from __future__ import annotations

import re

import pytest
from crowsnest.engine.presentation import presentation_of, render
from crowsnest.plugin_host import load_registry

REGISTRY = load_registry(user_folder=False)


def plain(text) -> str:
    return text if isinstance(text, str) else render(text, str, str)


@pytest.mark.parametrize("vid", sorted(REGISTRY.variants))
def test_option_helps_name_no_choice_id_the_row_never_shows(vid: str) -> None:
    v = REGISTRY.variant(vid)
    words = presentation_of(v)
    defaults = v.resolve_options({})
    for o in v.options:
        assert "bird card" not in (o.label + " " + o.help), (vid, o.key)
        for c in o.choices:
            shown = words.option_value(o.key, c, defaults)
            if shown is None:
                continue  # the row shows the id itself
            if re.search(rf"\b{re.escape(str(c))}\b", plain(shown)):
                continue
            assert not re.search(rf"\b{re.escape(str(c))}\b", o.help), (vid, o.key, c, o.help)
