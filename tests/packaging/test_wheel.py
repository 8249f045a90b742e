"""The distributions as a packager and a player get them: `python -m build` makes the
sdist and, from it, the wheel; the wheel installed (not editable) into a fresh virtual
environment runs from another folder, with its sounds, its sprites, its plugins, the
CLI, worker processes and the headless client.

How the environment is built (fast and offline, and still a real pip install):
- `python -m venv --without-pip` makes an empty environment;
- a `.pth` file lists this interpreter's site-packages as plain paths, so the
  dependencies (pygame-ce, pluggy, platformdirs, tomlkit, ...) and pip are importable
  without downloading anything. Plain paths, not `site.addsitedir`: the `.pth` files
  there are not run, so the development install of CrowsNest Arcade (an editable
  install's import hook) is not active; the fresh environment's own site-packages
  comes first on sys.path, so its copy of the game is the one that runs;
- `pip install --no-deps --no-index <wheel>` installs the wheel there.
Commands run with the fresh environment's scripts from an empty folder, with empty
user folders, and without PYTHONPATH.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest
from dist_helpers import ROOT, run

# Every test here shares a module fixture that builds the sdist and the wheel and
# installs it into a fresh environment:
# the quick subset (`pytest -m "not slow"`) leaves the module out.
pytestmark = pytest.mark.slow

SOUND_NAMES = ("shuffle", "deal", "card", "trick", "bid", "win", "turn", "lose")


@pytest.fixture(scope="module")
def venv(dists, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wheel-venv")
    target = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", target], check=True)
    bin_dir = target / ("Scripts" if os.name == "nt" else "bin")
    py = bin_dir / ("python.exe" if os.name == "nt" else "python")
    purelib = Path(
        run(
            [py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], None, tmp
        ).stdout.strip()
    )
    parents = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (purelib / "_crowsnest_parent_env.pth").write_text("".join(f"{p}\n" for p in parents))
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    env = {
        **os.environ,
        "HOME": str(tmp / "home"),
        "XDG_CONFIG_HOME": str(tmp / "config"),
        "XDG_DATA_HOME": str(tmp / "data"),
        "XDG_STATE_HOME": str(tmp / "state"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    for k in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"):
        env.pop(k, None)
    run([py, "-m", "pip", "install", "--no-deps", "--no-index", dists[1]], env, elsewhere)
    return {"py": py, "bin": bin_dir, "site": purelib, "env": env, "cwd": elsewhere}


def in_venv(venv, *args, **kw):
    return run(list(args), kw.get("env", venv["env"]), venv["cwd"])


def script(venv, name: str) -> Path:
    return venv["bin"] / (f"{name}.exe" if os.name == "nt" else name)


# ---------------------------------------------------------------- the files


def test_the_wheel_holds_the_packages_and_every_asset(dists):
    names = zipfile.ZipFile(dists[1]).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"crowsnest", "crowsnest_games", "crowsnest_arcade-0.2.0.dist-info"}
    for s in SOUND_NAMES:
        assert f"crowsnest/sounds/{s}.wav" in names
    repo_sprites = {
        p.relative_to(ROOT / "sprites").as_posix() for p in (ROOT / "sprites").rglob("*.png")
    }
    wheel_sprites = {
        n.removeprefix("crowsnest/sprites/")
        for n in names
        if n.endswith(".png") and n.startswith("crowsnest/sprites/")
    }
    assert repo_sprites and wheel_sprites == repo_sprites
    # a game's own card art travels with the game (the Rook family's coloured suits)
    rook = ROOT / "plugins" / "rook" / "sprites"
    rook_sprites = {
        f"crowsnest_games/rook/sprites/{p.relative_to(rook).as_posix()}"
        for p in rook.rglob("*.png")
    }
    assert rook_sprites and rook_sprites <= set(names)
    repo_modules = {
        f"{'crowsnest' if top == 'game' else 'crowsnest_games'}/{p.relative_to(ROOT / top).as_posix()}"
        for top in ("game", "plugins")
        for p in (ROOT / top).rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert repo_modules <= set(names)
    assert {"crowsnest_games/tractor/rules.md", "crowsnest_games/doudizhu/rules.md"} <= set(names)
    catalogs = {
        f"crowsnest/{p.relative_to(ROOT / 'game').as_posix()}"
        for p in (ROOT / "game").rglob("*.mo")
    }
    assert catalogs <= set(names)  # translations, when the repository has them
    # the Chinese font (tools/make_cjk_font.py) and its licence
    assert {"crowsnest/fonts/crowsnest-cjk-sc.otf", "crowsnest/fonts/OFL.txt"} <= set(names)
    assert {
        "crowsnest_games/tractor/rules.zh_CN.md",
        "crowsnest_games/doudizhu/rules.zh_CN.md",
    } <= set(names)
    meta = zipfile.ZipFile(dists[1]).read("crowsnest_arcade-0.2.0.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in meta and "Version: 0.2.0" in meta
    assert any(n.endswith("dist-info/licenses/LICENSE") for n in names)


def test_the_sdist_holds_sounds_sprites_and_their_generators(dists):
    with tarfile.open(dists[0]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for s in SOUND_NAMES:
        assert f"sounds/{s}.wav" in names
    assert "sprites/cards/S_A.png" in names and "sprites/app/crowsnest-arcade-256.png" in names
    assert "plugins/rook/sprites/cards/R_14.png" in names
    assert {"LICENSE", "README.md", "pyproject.toml", "MANIFEST.in"} <= names
    assert {"tools/make_sounds.py", "tools/make_sprites.py", "docs/cli.md"} <= names
    assert "tools/make_cjk_font.py" in names
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.po")}
    assert sources <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


# ---------------------------------------------------------------- the installed game


def test_only_the_unique_import_names_are_installed(venv):
    code = (
        "import importlib.util as u, crowsnest, crowsnest_games\n"
        "print(u.find_spec('game'), u.find_spec('plugins'))\n"
        "print(crowsnest.__file__); print(crowsnest_games.__file__)\n"
    )
    specs, game_file, games_file = in_venv(venv, venv["py"], "-c", code).stdout.splitlines()
    assert specs == "None None"
    for f in (game_file, games_file):
        assert Path(f).resolve().is_relative_to(venv["site"].resolve()), f
    assert not (venv["site"] / "game").exists() and not (venv["site"] / "plugins").exists()


def test_the_installed_game_finds_and_plays_its_sounds(venv):
    code = (
        "from crowsnest.client.audio import Audio, SOUNDS_DIR\n"
        "a = Audio()\n"
        "print(SOUNDS_DIR); print(a.available, repr(a.problem), sorted(a._sounds))\n"
        "from crowsnest.client.assets import Assets\n"
        "print(Assets().sprites_dir)\n"
    )
    folder, state, sprites = in_venv(venv, venv["py"], "-c", code).stdout.splitlines()[-3:]
    assert Path(folder).resolve().is_relative_to(venv["site"].resolve())
    assert sorted(p.name for p in Path(folder).glob("*.wav")) == sorted(
        f"{s}.wav" for s in SOUND_NAMES
    )
    assert state == f"True '' {sorted(SOUND_NAMES)}"
    assert (Path(sprites) / "cards" / "S_A.png").is_file()
    assert Path(sprites).resolve().is_relative_to(venv["site"].resolve())


def test_version_and_the_gui_script(venv):
    out = in_venv(venv, script(venv, "crowsnest"), "--version").stdout
    assert out == "crowsnest 0.2.0\n"
    assert script(venv, "crowsnest-gui").is_file()


def test_crowsnest_plugins_lists_the_built_in_games(venv):
    out = json.loads(in_venv(venv, script(venv, "crowsnest"), "plugins", "--json").stdout)
    built_in = {p["name"]: p for p in out["plugins"]}
    for name in ("rook", "tractor", "doudizhu"):
        assert built_in[name]["status"] == "ok", built_in[name]
        assert Path(built_in[name]["path"]).resolve().is_relative_to(venv["site"].resolve())
    assert {"crowsnest", "tractor", "doudizhu"} <= set(out["variants"])


def test_a_plugin_importing_the_old_names_is_told_the_new_ones(venv):
    folder = Path(venv["env"]["XDG_DATA_HOME"]) / "crowsnest" / "plugins"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "oldstyle.py").write_text("from game.engine import Match\n")
    try:
        out = json.loads(in_venv(venv, script(venv, "crowsnest"), "plugins", "--json").stdout)
    finally:
        (folder / "oldstyle.py").unlink()
    record = next(p for p in out["plugins"] if p["name"] == "oldstyle")
    assert record["status"] == "error" and "renamed 'crowsnest'" in record["error"]


def test_simulate_with_two_workers_runs_and_matches_one(venv):
    cmd = [script(venv, "crowsnest"), "simulate", "--variant", "crowsnest", "--games", "4"]
    cmd += ["--seed", "2", "--json"]
    two = json.loads(in_venv(venv, *cmd, "--workers", "2").stdout)
    one = json.loads(in_venv(venv, *cmd, "--workers", "1").stdout)
    assert two["games"] == 4 and sum(two["wins"]) == 4 and two["fault_count"] == 0
    assert {**two, "seconds": 0} == {**one, "seconds": 0}


def test_the_headless_client_plays_a_match(venv):
    code = (
        "import json\n"
        "from crowsnest.plugin_host import load_registry\n"
        "from crowsnest.testing import play_in_client\n"
        "r = load_registry()\n"
        "run = play_in_client(r.variant('crowsnest'), seed=1, options={'target': 50}, registry=r)\n"
        "print(json.dumps({'over': run.match.over, 'deals': run.match.deal_no,"
        " 'faults': list(run.faults)}))\n"
    )
    out = json.loads(in_venv(venv, venv["py"], "-c", code).stdout.splitlines()[-1])
    assert out["over"] and out["deals"] >= 1 and out["faults"] == []


def test_desktop_entry_from_the_wheel(venv):
    r = in_venv(venv, script(venv, "crowsnest"), "desktop-entry")
    data = Path(venv["env"]["XDG_DATA_HOME"])
    entry = (data / "applications" / "crowsnest-arcade.desktop").read_text()
    assert f"Exec={script(venv, 'crowsnest')}\n" in entry and "wrote" in r.stdout
    assert (data / "icons/hicolor/256x256/apps/crowsnest-arcade.png").stat().st_size > 1000
