"""The rules engine, the plugin API and the plugin host type-check strictly (mypy,
[tool.mypy] in pyproject.toml, run through tools/typecheck.py, which gives mypy the
package roots the editable install hides from it): every hook, Variant part, Match,
presentation value, the Registry and the AI runner are typed, so a plugin author's checker sees the
contract."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import typecheck  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_engine_plugin_api_and_host_type_check_strictly(tmp_path):
    status, report = typecheck.run(cache_dir=tmp_path)
    assert status == 0, report
    # every engine module, the hook specs, the plugin host and the AI runner's four
    # modules (runner, isolated, its worker, search), none left out of the list
    checked = len(list((ROOT / "game" / "engine").glob("*.py"))) + 2 + 4
    assert f"Success: no issues found in {checked} source files" in report, report
