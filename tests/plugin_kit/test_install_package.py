"""Example 2 installed with pip into a fresh virtual environment appears in
`crowsnest plugins` and plays to the end in `crowsnest simulate`.

How the environment is built (fast, offline, and still a real pip install):
- `python -m venv --without-pip` makes a fresh, empty environment;
- a `.pth` file in it runs `site.addsitedir(<this interpreter's site-packages>)`, so the
  already-installed dependencies (pygame-ce, pluggy, ...) and CrowsNest Arcade itself
  are importable without downloading anything (`--system-site-packages` would expose the
  base interpreter's packages instead, which lack them);
- `pip install --no-deps <copy of examples/ohhell>` builds the plugin package as pip
  always does (in an isolated build environment with setuptools and wheel from the
  package index; `--no-build-isolation` is not used because the development venv has no
  `wheel`, which setuptools < 70.1 needs to build) and installs it into the fresh
  environment only: its entry point exists there and nowhere else, so the development
  environment is untouched.
Every command then runs with the fresh environment's interpreter (`python -m crowsnest` is the
`crowsnest` command), with the user data/config dirs pointed at empty temporary folders.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

# Every test here shares a module fixture that installs the example package into a
# fresh environment:
# the quick subset (`pytest -m "not slow"`) leaves the module out.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def run(
    cmd: list[str], env: dict[str, str], timeout: float = 120, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        cmd, capture_output=True, text=True, env=env, timeout=timeout, cwd=cwd or env["HOME"]
    )
    assert proc.returncode == 0, f"{' '.join(cmd)} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("venv-install")
    home = tmp / "home"
    home.mkdir()
    # pip keeps the user's own settings (index, certificates); crowsnest gets empty dirs.
    base = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    env = {
        **base,
        "HOME": str(home),
        "XDG_DATA_HOME": str(tmp / "data"),  # an empty user plugin folder
        "XDG_CONFIG_HOME": str(tmp / "config"),
    }
    for e in (env, base):
        e.pop("PYTHONPATH", None)
        e.pop("VIRTUAL_ENV", None)
    target = tmp / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(target)], check=True, timeout=60
    )
    py = target / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = Path(
        subprocess.run(
            [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    parents = [*site.getsitepackages(), sysconfig.get_paths()["purelib"]]
    lines = "".join(f"import site; site.addsitedir({p!r})\n" for p in dict.fromkeys(parents))
    (purelib / "_crowsnest_parent_env.pth").write_text(lines)

    src = tmp / "ohhell-src"
    shutil.copytree(
        ROOT / "examples" / "ohhell",
        src,
        ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"),
    )
    run([str(py), "-m", "pip", "install", "--quiet", "--no-deps", str(src)], base, cwd=tmp)
    return py, env


def test_the_package_is_installed_only_in_the_fresh_environment(venv):
    py, env = venv
    code = "import crowsnest_ohhell, crowsnest; print(crowsnest_ohhell.__file__); print(crowsnest.__file__)"
    plugin_file, game_file = run([str(py), "-c", code], env).stdout.split()
    assert "site-packages" in plugin_file and "examples" not in plugin_file
    assert Path(game_file).resolve().is_relative_to(ROOT) or "site-packages" in game_file
    # The development interpreter does not see the plugin as installed.
    probe = "import importlib.metadata as m; print([e.name for e in m.entry_points(group='crowsnest.plugins')])"
    assert (
        "ohhell"
        not in subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout
    )


def test_crowsnest_plugins_lists_the_package(venv):
    py, env = venv
    out = json.loads(run([str(py), "-m", "crowsnest", "plugins", "--json"], env).stdout)
    record = next(p for p in out["plugins"] if p["name"] == "ohhell")
    assert record["origin"] == "package" and record["version"] == "1.0.0"
    assert record["status"] == "ok" and record["variants"] == ["ohhell"]
    assert sorted(out["variants"]["ohhell"]) == ["easy", "random"]
    text = run([str(py), "-m", "crowsnest", "plugins"], env).stdout
    assert "ohhell 1.0.0 (package): ok" in text


@pytest.mark.parametrize("seats", [3, 6])
def test_crowsnest_simulate_plays_oh_hell_to_the_end(venv, seats):
    py, env = venv
    cmd = [str(py), "-m", "crowsnest", "simulate", "--variant", "ohhell", "--seats", str(seats)]
    cmd += ["--games", "2", "--seed", "4", "--level", "easy", "--json"]
    out = json.loads(run(cmd, env).stdout)
    assert out["variant"] == "ohhell" and out["games"] == 2 and out["seats"] == seats
    schedule = 19 if seats < 6 else 15  # 10..1..10, or 8..1..8 with six players
    assert out["deals"] >= 2 * schedule
    assert sum(out["wins"]) == 2 and len(out["wins"]) == seats
    assert out["fault_count"] == 0


CLIENT_RUN = """
import json
from crowsnest.plugin_host import load_registry
from crowsnest.testing import play_in_client

registry = load_registry()  # real discovery: the installed package's entry point
variant = registry.variant("ohhell")
run = play_in_client(variant, seats={seats}, seed=2, options={{"rounds": "up", "max_hand": 3}}, registry=registry)
print(json.dumps({{"over": run.match.over, "winner": run.match.winner, "deals": run.match.deal_no,
                  "sheets": run.deal_sheets, "faults": list(run.faults)}}))
"""


@pytest.mark.parametrize("seats", [4])
def test_oh_hell_plays_to_the_end_through_the_client_headless(venv, seats):
    py, env = venv
    env = {**env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = json.loads(
        run([str(py), "-c", CLIENT_RUN.format(seats=seats)], env).stdout.splitlines()[-1]
    )
    assert out["over"] and isinstance(out["winner"], int) and 0 <= out["winner"] < seats
    assert out["deals"] >= 3 and out["sheets"] >= out["deals"] - 1
    assert out["faults"] == []


def test_the_installed_package_brings_its_translations(venv):
    """The wheel holds the plugin's catalogs and translated rules: in Finnish its refusal
    and its rules are Finnish, in a language it lacks they are English."""
    py, env = venv
    code = (
        "from crowsnest import i18n; import crowsnest_ohhell as p; from crowsnest_ohhell import i18n as own; "
        "i18n.set_language('fi'); print(own._(p.VARIANT.description)); "
        "print(i18n.rules_text(p.VARIANT).splitlines()[2]); "
        "print(i18n.variant_text(p.VARIANT, p.OPTIONS[0].label))"
    )
    out = run([str(py), "-c", code], env).stdout.splitlines()
    assert out == [
        "Huuda tarkalleen niin monta tikkiä kuin otat: ei enempää eikä vähempää.",
        "3–6 pelaajaa, jokainen omaan lukuunsa, tavallisella 52 kortin pakalla (ässä on suurin).",
        "Käsien koot",
    ]
