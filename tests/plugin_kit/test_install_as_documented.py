"""docs/plugins.md followed as written, in fresh environments, as a player and an author
would (issue 30): the blocks marked `<!-- as-documented: NAME -->` are run line by line.

- player, pipx: the game installed with pipx as the README says (`pipx install .`, with
  pipx's own folders in the test's temporary folder), then the player block:
  `crowsnest plugins install ./examples/ohhell` (which runs `pipx inject`), simulate,
  uninstall (`pipx uninject`);
- author and player, venv: the development set-up block in a fresh virtual environment,
  ending with the author's own tests (the guide's "Testing a plugin" example); once it
  has installed the game there, the player block runs in that environment too (its
  `crowsnest plugins install` runs the environment's pip).

Real installs from the package index (pip's cache makes them quicker the second time):
a few minutes in all, so the module is marked slow. The game is installed from a copy of
the checkout, so no build files land in the working tree.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "plugins.md"
IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", "screenshots"
)

pytestmark = pytest.mark.slow


def block(name: str) -> list[str]:
    """The command lines of the block marked `<!-- as-documented: name -->`, comments
    dropped."""
    text = DOC.read_text(encoding="utf-8")
    m = re.search(rf"<!-- as-documented: {name} -->\n```[a-z]*\n(.*?)```", text, re.S)
    assert m, f"docs/plugins.md has no block marked as-documented: {name}"
    lines = [re.sub(r"\s+#.*$", "", line).strip() for line in m.group(1).splitlines()]
    return [line for line in lines if line]


def run(cmd: str | list[str], cwd: Path, env: dict[str, str], timeout: float = 600):
    args = shlex.split(cmd) if isinstance(cmd, str) else cmd
    done = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{cmd}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def fresh_env(tmp: Path, path_first: list[Path]) -> dict[str, str]:
    """Empty user folders, nothing of the development environment on the way."""
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON", "PIPX"))
    }
    env.update(
        HOME=str(tmp / "home"),
        XDG_CONFIG_HOME=str(tmp / "config"),
        XDG_DATA_HOME=str(tmp / "data"),
        XDG_STATE_HOME=str(tmp / "state"),
        XDG_CACHE_HOME=os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache")),  # pip's cache
        PATH=os.pathsep.join([*map(str, path_first), os.environ.get("PATH", "")]),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PIP_DISABLE_PIP_VERSION_CHECK="1",
    )
    return env


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A copy of the game's checkout: what a player or author has in their folder."""
    where = tmp_path / "crowsnest-arcade"
    shutil.copytree(ROOT, where, ignore=IGNORE)
    return where


def play_the_player_block(cwd: Path, env: dict[str, str], bin_dir: Path) -> None:
    lines = block("player")
    assert lines[0].startswith("crowsnest plugins install ")
    for line in lines:
        out = run(str(bin_dir / "crowsnest") + line.removeprefix("crowsnest"), cwd, env)
        if line.startswith("crowsnest plugins install"):
            assert "installed ohhell: its games are ohhell" in out.stdout
            listed = run([str(bin_dir / "crowsnest"), "plugins"], cwd, env).stdout
            assert "ohhell 1.0.0 (package): ok" in listed
        if line.startswith("crowsnest simulate"):
            assert "Oh Hell, 4 players" in out.stdout and "1 game" in out.stdout
    listed = run([str(bin_dir / "crowsnest"), "plugins"], cwd, env).stdout
    assert "ohhell" not in listed  # uninstalled


def test_a_player_who_installed_with_pipx(tmp_path, checkout) -> None:
    tools = tmp_path / "tools"
    subprocess.run([sys.executable, "-m", "venv", str(tools)], check=True, timeout=120)
    got = subprocess.run(
        [str(tools / "bin" / "pip"), "install", "-q", "pipx"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if got.returncode != 0:
        pytest.skip(f"pipx could not be installed here: {got.stderr.strip()[-300:]}")
    env = fresh_env(tmp_path, [tmp_path / "pipx-bin", tools / "bin"])
    env.update(
        PIPX_HOME=str(tmp_path / "pipx-home"),
        PIPX_BIN_DIR=str(tmp_path / "pipx-bin"),
        PIPX_MAN_DIR=str(tmp_path / "pipx-man"),
    )
    run("pipx install .", checkout, env)  # the README's words, in a clone
    play_the_player_block(checkout, env, tmp_path / "pipx-bin")
    # the plugin went in and out through pipx, which remembers it for upgrades
    out = run(
        [
            str(tmp_path / "pipx-bin" / "crowsnest"),
            "plugins",
            "install",
            "./examples/ohhell",
            "--dry-run",
        ],
        checkout,
        env,
    ).stdout
    assert "pipx inject crowsnest-arcade" in out


def author_tests() -> str:
    """The guide's own test example ("Testing a plugin"): the author's tests."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Testing a plugin") :]
    m = re.search(r"```python\n(.*?)```", section, re.S)
    assert m
    return m.group(1)


def test_an_author_and_a_player_in_a_virtual_environment(tmp_path, checkout) -> None:
    """The development set-up block; once its first lines have installed the game into
    the fresh virtual environment, a player's install (the player block) runs there too,
    with that environment's pip, before the author installs the plugin editable."""
    env = fresh_env(tmp_path, [])
    author = tmp_path / "author"
    shutil.copytree(checkout / "examples" / "ohhell", author / "examples" / "ohhell", ignore=IGNORE)
    (author / "tests").mkdir()
    (author / "tests" / "test_ohhell.py").write_text(author_tests())
    lines = [line.replace("/path/to/crowsnest-arcade", str(checkout)) for line in block("author")]
    game_installed = next(i for i, line in enumerate(lines) if str(checkout) in line) + 1
    for i, line in enumerate(lines):
        if i == game_installed:
            play_the_player_block(author, env, author / ".venv" / "bin")
        for part in line.split(" && "):
            out = run(part, author, env)
            if part.endswith("crowsnest plugins"):
                assert "ohhell 1.0.0 (package): ok" in out.stdout
            if "simulate --variant ohhell" in part:
                assert "Oh Hell" in out.stdout
            if part.endswith("python -m pytest"):
                assert "2 passed" in out.stdout
