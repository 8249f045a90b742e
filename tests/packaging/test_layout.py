"""pyproject.toml's explicit package list matches the repository: every package folder
(one with modules; each must have an __init__.py) under game/, plugins/, sounds/ and sprites/ is listed under its
installed name, and every listed name is a real folder. A package left out of the list
would be missing from the wheel while every test of the editable install still passed."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
TOP_FOLDERS = ("game", "plugins", "sounds", "sprites")


def installed_name(folder: Path) -> str:
    """The import name a repository folder installs as, from [tool.setuptools.package-dir]
    (the longest mapped folder that contains it)."""
    rel = folder.relative_to(ROOT).as_posix()
    best = max(
        (
            (name, src)
            for name, src in SETUPTOOLS["package-dir"].items()
            if rel == src or rel.startswith(src + "/")
        ),
        key=lambda item: len(item[1]),
    )
    name, src = best
    rest = rel[len(src) :].strip("/")
    return ".".join([name, *rest.split("/")]) if rest else name


def package_folders() -> list[Path]:
    """Folders with an __init__.py or any other module (a namespace package would
    install too, if listed, but is easy to forget)."""
    out = set()
    for top in TOP_FOLDERS:
        for module in (ROOT / top).rglob("*.py"):
            if "__pycache__" not in module.parts:
                out.add(module.parent)
    return sorted(out)


def test_every_package_folder_is_in_the_package_list():
    listed = set(SETUPTOOLS["packages"])
    folders = package_folders()
    assert len(folders) >= 10
    missing = {installed_name(f): f.relative_to(ROOT).as_posix() for f in folders}.items()
    missing = sorted(f"{name} ({folder})" for name, folder in missing if name not in listed)
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_every_listed_package_is_a_folder_with_init():
    by_name = {installed_name(f): f for f in package_folders()}
    ghosts = sorted(set(SETUPTOOLS["packages"]) - set(by_name))
    assert not ghosts, f"listed in pyproject.toml but no such package folder: {ghosts}"
    no_init = sorted(n for n, f in by_name.items() if not (f / "__init__.py").is_file())
    assert not no_init, f"give these packages an __init__.py (regular packages): {no_init}"


def test_installed_names_are_unique_and_not_the_folder_names():
    names = {n.split(".")[0] for n in SETUPTOOLS["packages"]}
    assert names == {"crowsnest", "crowsnest_games"}
    assert installed_name(ROOT / "game" / "client" / "scenes") == "crowsnest.client.scenes"
    assert installed_name(ROOT / "sounds") == "crowsnest.sounds"


def test_data_folders_are_covered_by_package_data():
    """Every asset file under sounds/ and sprites/ matches a package-data pattern (the
    wheel test then checks that they really are in the wheel)."""
    data = SETUPTOOLS["package-data"]
    for top, name in (("sounds", "crowsnest.sounds"), ("sprites", "crowsnest.sprites")):
        files = [p for p in (ROOT / top).rglob("*") if p.is_file() and p.suffix != ".py"]
        files = [p for p in files if "__pycache__" not in p.parts]
        assert files
        patterns = data[name] + data.get("*", [])
        for f in files:
            rel = f.relative_to(ROOT / top)
            assert any(
                rel.match(p) or (p.startswith("**/") and rel.match(p[3:])) for p in patterns
            ), f"{top}/{rel} is matched by no package-data pattern of {name}"
