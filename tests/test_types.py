"""The rules engine and the plugin API type-check strictly (mypy, [tool.mypy] in
pyproject.toml): every hook, Variant part, Match and presentation value is typed, so a
plugin author's checker sees the contract."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_plugin_api_type_check_strictly(tmp_path):
    from mypy import api  # the test extra (pyproject.toml: test = [..., "mypy"])

    out, err, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path)]
    )
    assert status == 0, out + err
    assert "Success" in out
