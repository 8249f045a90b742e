"""Conventions of installed software: `--version`, `desktop-entry` (a freedesktop .desktop
file and icon in the XDG folders), and the rotating log file that keeps the traceback of
a crash, named in the one-sentence error."""

from __future__ import annotations

import configparser
import importlib.metadata
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

import crowsnest
import pygame
import pytest
from crowsnest import logfile
from crowsnest.cli import commands as cli_main
from crowsnest.cli import desktop
from test_simulate import toy_config


def test_version(cli):
    r = cli.run("--version")
    assert r.returncode == 0 and r.stdout == f"crowsnest {crowsnest.__version__}\n"
    assert importlib.metadata.version("crowsnest-arcade") == crowsnest.__version__


def read_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


@pytest.mark.slow
def test_desktop_entry_writes_the_entry_and_icons_under_xdg_data_home(cli, tmp_path):
    data = tmp_path / "xdg-data"
    r = cli.run("desktop-entry")
    assert r.returncode == 0, r.stderr
    entry_file = data / "applications" / "crowsnest-arcade.desktop"
    assert str(entry_file) in r.stdout
    entry = read_entry(entry_file)
    assert entry["Type"] == "Application" and entry["Name"] == "CrowsNest Arcade"
    assert entry["Icon"] == "crowsnest-arcade" and entry["Terminal"] == "false"
    assert "Game;" in entry["Categories"]
    program = Path(entry["Exec"].split(" ")[0])
    assert program.is_absolute() and program.is_file()  # this installation's crowsnest
    for n in (48, 128, 256):
        icon = data / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "crowsnest-arcade.png"
        assert pygame.image.load(str(icon)).get_size() == (n, n)
    if shutil.which("desktop-file-validate"):
        v = subprocess.run(
            ["desktop-file-validate", str(entry_file)], capture_output=True, text=True
        )
        assert v.returncode == 0 and v.stdout == "", v.stdout + v.stderr
    # --remove takes exactly those files away again
    r = cli.run("desktop-entry", "--remove")
    assert r.returncode == 0 and "removed 4 files" in r.stdout
    assert not entry_file.exists() and not list(data.rglob("*.png"))


def test_desktop_entry_speaks_the_translated_languages(tmp_path, monkeypatch):
    """Where a catalog translates the description, the entry carries it for that
    language (the menu shows the player's language); the English stays the default."""
    import gettext

    from crowsnest import i18n

    class Finnish(gettext.NullTranslations):
        def gettext(self, message):
            return {
                desktop.COMMENT: "Rook ja muut korttipelit",
                desktop.GENERIC_NAME: "Korttipelit",
            }.get(message, message)

    real = i18n.CROWSNEST.translations
    monkeypatch.setattr(
        i18n.CROWSNEST, "translations", lambda lang=None: Finnish() if lang == "fi" else real(lang)
    )
    text = desktop.entry_text(["/opt/crowsnest/bin/crowsnest"])
    assert "Comment[fi]=Rook ja muut korttipelit\n" in text
    assert "GenericName[fi]=Korttipelit\n" in text
    assert f"Comment={desktop.COMMENT}\n" in text
    if shutil.which("desktop-file-validate"):
        path = tmp_path / "crowsnest-arcade.desktop"
        path.write_text(text)
        v = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert v.returncode == 0 and v.stdout == "", v.stdout


def test_desktop_entry_print_writes_nothing(cli, tmp_path):
    r = cli.run("desktop-entry", "--print")
    assert r.returncode == 0 and r.stdout.startswith("[Desktop Entry]\n")
    assert "Exec=" in r.stdout and not (tmp_path / "xdg-data").exists()


def test_a_relative_xdg_data_home_is_ignored_as_the_spec_says(cli, tmp_path):
    home = tmp_path / "home"
    env = {**cli.env, "XDG_DATA_HOME": "relative/data", "HOME": str(home)}
    r = cli.run("desktop-entry", env=env)
    assert r.returncode == 0, r.stderr
    assert (home / ".local/share/applications/crowsnest-arcade.desktop").is_file()


def test_an_unwritable_data_folder_is_one_sentence(cli, tmp_path):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    r = cli.run("desktop-entry", env={**cli.env, "XDG_DATA_HOME": str(blocker)})
    assert r.returncode == 1 and r.stderr.startswith("crowsnest: cannot write the desktop entry")
    assert r.stderr.count("\n") == 1


def test_exec_quoting_follows_the_desktop_entry_spec():
    assert desktop.quote_exec(["/opt/cn/bin/crowsnest"]) == "/opt/cn/bin/crowsnest"
    got = desktop.quote_exec(["/home/ann/My Games/bin/python", "-m", "crowsnest"])
    assert got == '"/home/ann/My Games/bin/python" -m crowsnest'
    # a $ is escaped inside the quotes, then the backslash is doubled for the file's string
    assert desktop.quote_exec(["/a b/$x"]) == '"/a b/\\\\$x"'
    assert desktop.quote_exec(["/100%/crowsnest"]) == "/100%%/crowsnest"


# ---------------------------------------------------------------- the log file


@pytest.fixture
def state_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    yield tmp_path / "state"
    logfile.close()


def test_a_crash_leaves_its_traceback_in_the_log_named_in_the_message(
    state_home, monkeypatch, capsys
):
    def broken(args, cfg):
        raise RuntimeError("the abacus fell over")

    monkeypatch.setattr(cli_main, "cmd_plugins", broken)
    state_home.mkdir(parents=True, exist_ok=True)
    (state_home / "empty.toml").write_text("")  # an absent --config is said (issue 29)
    assert cli_main.main(["plugins", "--config", str(state_home / "empty.toml")]) == 1
    err = capsys.readouterr().err
    log = state_home / "crowsnest" / "log" / "crowsnest.log"
    assert err == (
        "crowsnest: stopped on an unexpected error (RuntimeError: the abacus fell over); "
        f"the details are in {log}\n"
    )
    text = log.read_text()
    assert "CRITICAL crowsnest [pid" in text and "crowsnest plugins stopped" in text
    assert "Traceback (most recent call last)" in text and "in broken" in text
    assert "RuntimeError: the abacus fell over" in text


def test_when_the_log_cannot_be_written_the_traceback_goes_to_stderr(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))

    def broken(args, cfg):
        raise ValueError("odd")

    monkeypatch.setattr(cli_main, "cmd_plugins", broken)
    try:
        assert cli_main.main(["plugins", "--config", str(tmp_path / "absent.toml")]) == 1
    finally:
        logfile.close()
    err = capsys.readouterr().err
    assert "Traceback" in err and "ValueError: odd" in err
    assert err.splitlines()[-1].startswith(
        "crowsnest: stopped on an unexpected error (ValueError: odd); the log file "
    )
    assert "could not be written" in err.splitlines()[-1]


def test_the_log_rotates(tmp_path, monkeypatch):
    monkeypatch.setattr(logfile, "MAX_BYTES", 2000)
    path = logfile.setup(tmp_path / "logs" / "crowsnest.log")
    try:
        log = logging.getLogger("crowsnest.test")
        for i in range(200):
            log.info("line %d of a long game", i)
    finally:
        logfile.close()
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["crowsnest.log", "crowsnest.log.1", "crowsnest.log.2", "crowsnest.log.3"]
    assert all(p.stat().st_size <= 2100 for p in path.parent.iterdir())
    assert "line 199 of a long game" in path.read_text()


@pytest.mark.slow
def test_nothing_is_written_while_nothing_goes_wrong(cli, tmp_path):
    state = tmp_path / "state"
    r = cli.run("--version", env={**cli.env, "XDG_STATE_HOME": str(state)})
    r = cli.run("plugins", "--json", env={**cli.env, "XDG_STATE_HOME": str(state)})
    assert r.returncode == 0 and json.loads(r.stdout)["plugins"]
    assert not state.exists()


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_contained_ai_faults_are_logged(cli, tmp_path, workers):
    bad_ai = (
        "class Broken:\n"
        "    def choose(self, view, legal, rng):\n"
        "        raise RuntimeError('lost my cards')\n\n"
        "def crowsnest_register_ais(register):\n"
        "    register('toy', 'hard', lambda variant, options, seats: Broken())\n"
    )
    cfg = toy_config(cli, tmp_path, [("badai.py", bad_ai)])
    state = tmp_path / "state"
    env = {**cli.env, "XDG_STATE_HOME": str(state)}
    args = ["--variant", "toy", "--level", "hard", "--games", "2", "--workers", workers]
    r = cli.run("simulate", "--config", str(cfg), *args, "--json", env=env)
    assert r.returncode == 0 and json.loads(r.stdout)["fault_count"] > 0
    text = (state / "crowsnest" / "log" / "crowsnest.log").read_text()
    assert "WARNING crowsnest.ai" in text and "lost my cards" in text
    # with 2 workers every game is played (and every fault logged) in a worker process


def test_without_a_console_the_gui_entry_point_logs_what_it_would_print(state_home, monkeypatch):
    """Windows starts crowsnest-gui with sys.stdout and sys.stderr set to None."""
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "argv", ["crowsnest-gui", "--config", str(state_home / "c.toml")])
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # no window can open: one sentence
    monkeypatch.delenv("CROWSNEST_ALLOW_HEADLESS", raising=False)
    assert cli_main.gui_main() == 1
    sys.stderr.flush()
    text = (state_home / "crowsnest" / "log" / "crowsnest.log").read_text()
    assert "WARNING crowsnest.output" in text and "crowsnest: cannot open a window" in text
