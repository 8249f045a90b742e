"""`crowsnest plugins install/uninstall` (issue 30): how the game was installed decides
what is run; a drop-in goes into the plugin folder and out again; a bad source, an
unknown name and the game's own plugins are refused with a sentence. The real installs
(pipx and a virtual environment) are in tests/plugin_kit/test_install_as_documented.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from crowsnest.cli import commands
from crowsnest.cli import plugin_install as pi
from crowsnest.cli.common import CLIError

ROOT = Path(__file__).resolve().parents[2]
SPADES = ROOT / "examples" / "dropin" / "crowsnest_spades.py"
OHHELL = ROOT / "examples" / "ohhell"


def test_a_pipx_environment_is_recognised_and_injected_into(tmp_path, monkeypatch) -> None:
    venv = tmp_path / "pipx" / "venvs" / "crowsnest-arcade"
    venv.mkdir(parents=True)
    (venv / "pipx_metadata.json").write_text("{}")
    monkeypatch.setattr(
        pi.shutil, "which", lambda name: "/opt/bin/pipx" if name == "pipx" else None
    )
    env = pi.environment(prefix=str(venv), base_prefix="/usr", python=str(venv / "bin/python"))
    assert (env.kind, env.pipx_venv, env.pipx) == ("pipx", "crowsnest-arcade", "/opt/bin/pipx")
    plan = pi.plan_install(str(OHHELL), env, tmp_path / "plugins")
    assert plan.command == ("/opt/bin/pipx", "inject", "crowsnest-arcade", str(OHHELL.resolve()))
    plan = pi.plan_install("crowsnest-ohhell", env, tmp_path / "plugins")  # a name on an index
    assert plan.command[-1] == "crowsnest-ohhell"


def test_pipx_without_a_pipx_command_says_what_to_run(tmp_path, monkeypatch) -> None:
    venv = tmp_path / "crowsnest-arcade"
    venv.mkdir()
    (venv / "pipx_metadata.json").write_text("{}")
    monkeypatch.setattr(pi.shutil, "which", lambda name: None)
    env = pi.environment(prefix=str(venv), base_prefix="/usr")
    with pytest.raises(CLIError, match="pipx inject crowsnest-arcade"):
        pi.plan_install(str(OHHELL), env, tmp_path)


def test_a_virtual_environment_uses_its_own_pip(tmp_path) -> None:
    env = pi.environment(prefix="/v", base_prefix="/usr", python="/v/bin/python")
    assert env.kind == "venv"
    plan = pi.plan_install(str(OHHELL), env, tmp_path)
    assert plan.command == ("/v/bin/python", "-m", "pip", "install", str(OHHELL.resolve()))


def test_a_system_python_installs_for_the_user_unless_it_is_externally_managed(tmp_path) -> None:
    stdlib = tmp_path / "lib"
    stdlib.mkdir()
    env = pi.environment(
        prefix="/usr", base_prefix="/usr", python="/usr/bin/python3", stdlib=str(stdlib)
    )
    assert pi.plan_install(str(OHHELL), env, tmp_path).command[-2:] == (
        "--user",
        str(OHHELL.resolve()),
    )
    (stdlib / "EXTERNALLY-MANAGED").write_text("[externally-managed]\n")
    env = pi.environment(
        prefix="/usr", base_prefix="/usr", python="/usr/bin/python3", stdlib=str(stdlib)
    )
    with pytest.raises(CLIError, match="pipx install crowsnest-arcade"):
        pi.plan_install(str(OHHELL), env, tmp_path)
    # a drop-in needs no pip at all
    assert pi.plan_install(str(SPADES), env, tmp_path).copy_from == SPADES.resolve()


def test_drop_ins_and_packages_are_told_apart(tmp_path) -> None:
    env = pi.Environment("venv", sys.executable)
    folder = tmp_path / "plugins"
    package = tmp_path / "mygame"
    package.mkdir()
    (package / "__init__.py").write_text("")
    assert pi.plan_install(str(package), env, folder).path == folder / "mygame"  # a drop-in folder
    (package / "pyproject.toml").write_text("[project]\nname='x'\n")
    assert pi.plan_install(str(package), env, folder).command  # now a package
    for bad in ("notes.txt", "empty"):
        p = tmp_path / bad
        p.mkdir() if bad == "empty" else p.write_text("")
        with pytest.raises(CLIError, match="neither a plugin file"):
            pi.plan_install(str(p), env, folder)


def test_uninstall_refuses_unknown_names_and_the_games_own(tmp_path) -> None:
    env = pi.Environment("venv", sys.executable)
    with pytest.raises(CLIError, match="no installed plugin is called nope"):
        pi.plan_uninstall("nope", env, tmp_path)
    for own in ("rook", "tractor", "crowsnest-arcade"):
        with pytest.raises(CLIError, match="part of CrowsNest Arcade itself"):
            pi.plan_uninstall(own, env, tmp_path)


def _main(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = commands.main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow  # two fresh listings (subprocesses) per change
def test_a_drop_in_goes_into_the_plugin_folder_and_out_again(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = tmp_path / "data" / "crowsnest" / "plugins"
    code, out, _err = _main(capsys, "plugins", "install", str(SPADES), "--dry-run")
    assert code == 0 and "would run: copy" in out and not folder.exists()
    code, out, err = _main(capsys, "plugins", "install", str(SPADES))
    assert code == 0, err
    assert "installed crowsnest_spades: its games are spades" in out
    assert (folder / SPADES.name).read_bytes() == SPADES.read_bytes()
    code, _out, err = _main(capsys, "plugins", "install", str(SPADES))  # twice: refused
    assert code == 2 and "already in the plugin folder" in err
    code, out, _err = _main(capsys, "plugins", "uninstall", "crowsnest_spades")
    assert code == 0 and not (folder / SPADES.name).exists()
