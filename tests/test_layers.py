"""The layer table of docs/architecture.md, enforced: the engine imports nothing above
it (the standard library, itself, and the dependency-free crowsnest.i18n), the plugin
API imports only the engine and pluggy, and no game (built-in or example) imports the
client (nor pygame: games run headless, their looks go through the presentation
contract). The built-in games share one file layout, and their rules never import their
AIs. Every import counts, those inside functions and TYPE_CHECKING blocks too."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"game": "crowsnest", "plugins": "crowsnest_games"}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[0] in PACKAGES:
        parts[0] = PACKAGES[parts[0]]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) of every import in the file."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            yield node.lineno, name


def test_the_engine_imports_nothing_above_it():
    bad = []
    for py in sorted((ROOT / "game" / "engine").rglob("*.py")):
        for line, name in imports(py):
            top = name.split(".")[0]
            ok = (
                top in sys.stdlib_module_names
                or name == "__future__"
                or name.startswith("crowsnest.engine")
                or name == "crowsnest.i18n"
            )
            if not ok:
                bad.append(f"{py.relative_to(ROOT)}:{line}: imports {name}")
    assert not bad, "\n".join(bad)


def test_the_plugin_api_imports_only_the_engine_and_pluggy():
    for line, name in imports(ROOT / "game" / "hookspecs.py"):
        top = name.split(".")[0]
        assert (
            top in sys.stdlib_module_names
            or top in ("__future__", "pluggy")
            or name.startswith("crowsnest.engine")
        ), f"game/hookspecs.py:{line}: imports {name}"


def test_games_never_import_the_client():
    folders = [ROOT / "plugins", ROOT / "examples"]
    bad = [
        f"{py.relative_to(ROOT)}:{line}: imports {name}"
        for folder in folders
        for py in sorted(folder.rglob("*.py"))
        for line, name in imports(py)
        if name.startswith("crowsnest.client") or name.split(".")[0] == "pygame"
    ]
    assert not bad, "\n".join(bad)


def test_the_check_sees_a_bad_import(tmp_path, monkeypatch):
    """The scan itself works: a relative import out of the engine is resolved."""
    fake = ROOT / "game" / "engine" / "_probe_for_test.py"
    assert not fake.exists()
    code = "from ..client import app\nfrom . import cards\n"
    monkeypatch.setattr(Path, "read_text", lambda self, encoding=None: code)
    assert list(imports(fake)) == [(1, "crowsnest.client"), (2, "crowsnest.engine")]


# One file layout for every built-in game (docs/plugins.md, "The built-in games' layout").
LAYOUT = {"__init__", "variant", "cards", "rules", "deal", "view", "scoring", "presentation"}
REQUIRED = LAYOUT - {"cards"}  # Rook's deck depends on its knobs: it lives in rules.py
HOUSE_RULE_MODULES = {"tractor": {"throws"}}  # a house rule big enough for its own module
GAMES = sorted(p.parent for p in (ROOT / "plugins").glob("*/__init__.py"))


def test_the_built_in_games_share_one_file_layout():
    assert [g.name for g in GAMES] == ["doudizhu", "rook", "tractor"]
    for game in GAMES:
        modules = {p.stem for p in game.glob("*.py")}
        missing = REQUIRED - modules
        extra = modules - LAYOUT - HOUSE_RULE_MODULES.get(game.name, set())
        assert not missing, f"plugins/{game.name} lacks {sorted(missing)}"
        assert not extra, (
            f"plugins/{game.name} has {sorted(extra)} outside the layout: AI code goes in ai/, "
            "the rules the Deal and the AIs share in rules.py, measurements in tools/"
        )
        assert (game / "ai" / "__init__.py").is_file() and (game / "ai" / "hard.py").is_file()
        assert (game / "rules.md").is_file() or any((game / "texts").glob("*.md"))


@pytest.mark.slow
def test_the_rules_never_import_the_ais():
    """The AIs sit on top of the rules: only the hooks (__init__) and the Variant that
    lists its AIs may import a game's ai package."""
    bad = []
    for game in GAMES:
        ai = f"crowsnest_games.{game.name}.ai"
        for py in sorted(game.glob("*.py")):
            if py.stem in ("__init__", "variant"):
                continue
            bad += [
                f"{py.relative_to(ROOT)}:{line}: imports {name}"
                for line, name in imports(py)
                if name == ai or name.startswith(ai + ".")
            ]
    assert not bad, "\n".join(bad)
