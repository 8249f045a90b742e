"""A house rule's one-line explanation speaks plain words: it never shows a config value
("dealer_forced", "last_trick") or a code number ("-1:", "0: none") that the set-up screen
would show a player beside the readable value."""

from __future__ import annotations

import re

import pytest
from crowsnest.plugin_host import load_registry

REGISTRY = load_registry(folders=[], user_folder=False)
CODE_NUMBER = re.compile(r"(^|[\s(])-?\d+:")


@pytest.mark.parametrize("vid", sorted(REGISTRY.variants))
def test_option_help_names_no_raw_values(vid):
    for opt in REGISTRY.variants[vid].options:
        if not opt.help:
            continue
        assert not CODE_NUMBER.search(opt.help), (vid, opt.key, opt.help)
        for choice in opt.choices:
            if "_" in choice or "-" in choice:
                assert choice not in opt.help, (vid, opt.key, opt.help)
