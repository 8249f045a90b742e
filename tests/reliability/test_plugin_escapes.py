"""Drop-ins that used to take the host down (issue 12): an exception whose str() raises,
KeyboardInterrupt and SystemExit at import; and drop-ins named a-b and a_b, which shared
one module."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from crowsnest.plugin_host import dropin_module_suffix, load_registry

TOY = Path(__file__).resolve().parents[1] / "toyvariant.py"

UNPRINTABLE = """
class Boom(Exception):
    def __str__(self):
        raise RuntimeError("cannot print me")
raise Boom()
"""


def load(folder: Path):
    return load_registry(folders=[folder], user_folder=False, entry_points=False)


def test_unprintable_exception_at_import_is_reported(tmp_path):
    (tmp_path / "boom.py").write_text(UNPRINTABLE)
    reg = load(tmp_path)
    (rec,) = [p for p in reg.plugins if p.name == "boom"]
    assert rec.error is not None and rec.error.startswith("Boom")


def test_keyboard_interrupt_and_exit_at_import_are_contained(tmp_path):
    (tmp_path / "ctrlc.py").write_text("raise KeyboardInterrupt\n")
    (tmp_path / "leave.py").write_text("import sys\nsys.exit(4)\n")
    reg = load(tmp_path)
    errors = {p.name: p.error for p in reg.plugins}
    assert errors["ctrlc"].startswith("KeyboardInterrupt")
    assert errors["leave"].startswith("SystemExit")


@pytest.mark.slow
def test_plugins_command_survives_them(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "boom.py").write_text(UNPRINTABLE)
    (folder / "ctrlc.py").write_text("raise KeyboardInterrupt\n")
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[plugins]\nfolders = ["{folder}"]\n')
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "d"), XDG_CONFIG_HOME=str(tmp_path / "c"))
    r = subprocess.run(
        [sys.executable, "-m", "crowsnest", "--config", str(cfg), "plugins"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert "boom" in r.stdout and "ctrlc" in r.stdout


def test_a_dash_b_and_a_underscore_b_are_two_plugins(tmp_path):
    src = TOY.read_text()
    (tmp_path / "a-b.py").write_text(src.replace('"id": "toy"', '"id": "toy-dash"'))
    (tmp_path / "a_b.py").write_text(src.replace('"id": "toy"', '"id": "toy-under"'))
    reg = load(tmp_path)
    errors = {p.name: p.error for p in reg.plugins}
    assert errors == {"a-b": None, "a_b": None}
    assert {"toy-dash", "toy-under"} <= set(reg.variants)
    assert dropin_module_suffix("a-b") != dropin_module_suffix("a_b")
    assert dropin_module_suffix("a_2d_b") != dropin_module_suffix("a-b")
