"""The whole `crowsnest` package and the built-in games (`crowsnest_games`, plugins/)
type-check strictly (mypy, [tool.mypy] in pyproject.toml, run through
tools/typecheck.py, which gives mypy the package roots the editable install hides from
it): the rules engine, the plugin API, the plugin host, the AI runner, the records, the
command line, the online tables and the window, the table's rooms included, and every
built-in game with its AIs, through the same API a community plugin uses. So a plugin
author's checker sees the contract, and a wrong call of the game's Presentation from the
window fails the check (shown below)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import typecheck  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

# The window asks the game's Presentation through Words.game (a guarded proxy typed as
# the Presentation): the right call, and the same call with an argument missing.
PROBE = """
from crowsnest.client.words import Words
from crowsnest.engine import Action


def label(words: Words, action: Action) -> str:
    return words(words.game.call_label({args}))
"""


@pytest.mark.slow
def test_the_whole_package_type_checks_strictly(tmp_path):
    status, report = typecheck.run(cache_dir=tmp_path / "cache")
    assert status == 0, report
    found = re.search(r"Success: no issues found in (\d+) source files", report)
    assert found, report
    # every module of both packages, none left out (mypy counts the locale folders too,
    # as namespaces)
    modules = sum(len(list((ROOT / folder).rglob("*.py"))) for folder in ("game", "plugins"))
    assert int(found[1]) >= modules, report

    # a deliberate wrong presentation call fails it; the right one passes
    for args, ok in (("action, words.session.match.deck", True), ("action", False)):
        probe = tmp_path / ("right.py" if ok else "wrong.py")
        probe.write_text(PROBE.format(args=args), encoding="utf-8")
        status, report = typecheck.run([str(probe)], cache_dir=tmp_path / "cache")
        if ok:
            assert status == 0, report
        else:
            assert status == 1, report
            assert 'Missing positional argument "deck" in call to "call_label"' in report, report
