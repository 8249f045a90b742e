"""The layer table of docs/architecture.md, enforced: LAYERS below says, for every
package and module of ours, what it may import besides the standard library, and
test_every_import_keeps_to_the_table checks every import in game/ and plugins/ (those
inside functions and TYPE_CHECKING blocks too) against it; the docs' table must say
the same (test_the_docs_table_is_this_table). No module of ours may import another in
a circle. No game (built-in or example) imports the client or pygame: games run
headless, their looks go through the presentation contract. The built-in games share
one file layout, and their rules never import their AIs.

The scan itself (module names, imports, the module graph, its circles) is
tools/imports.py, which also prints the graph."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from imports import circles, imports, module_graph, module_name, resolve, sources  # noqa: E402

# What each layer may import besides the standard library (and the root package
# `crowsnest`, which holds only the version). A layer is a package or module of ours; a
# module belongs to the longest layer name it starts with, and every module must belong
# to one. Names of ours name a layer, or one module inside a layer where only that
# module may be imported (the command line opens the window through crowsnest.client.app
# and nothing else of the client). Other names are third-party import names.
# docs/architecture.md ("Layers and folders") shows this table; keep the two equal.
LAYERS: dict[str, set[str]] = {
    "crowsnest.i18n": set(),
    "crowsnest.engine": {"crowsnest.i18n"},
    "crowsnest.hookspecs": {"crowsnest.engine", "pluggy"},
    "crowsnest.tomlfile": set(),
    "crowsnest.logfile": {"platformdirs"},
    "crowsnest.config": {
        "crowsnest.engine",  # house rules are checked against a game's option schema
        "crowsnest.i18n",
        "crowsnest.tomlfile",
        "platformdirs",
        "tomlkit",
    },
    "crowsnest.ai": {"crowsnest.engine"},
    # The AI worker process loads the plugins itself.
    "crowsnest.ai.worker": {"crowsnest.ai", "crowsnest.engine", "crowsnest.plugin_host"},
    "crowsnest.plugin_host": {
        "crowsnest.ai",
        "crowsnest.engine",
        "crowsnest.hookspecs",
        "platformdirs",
        "pluggy",
    },
    "crowsnest.records": {
        "crowsnest.config",  # the autosave sits beside the config's file
        "crowsnest.engine",
        "crowsnest.i18n",
        "crowsnest.tomlfile",
        "platformdirs",
        "tomli_w",
    },
    "crowsnest.protocol": {"crowsnest.ai", "crowsnest.engine", "crowsnest.plugin_host"},
    "crowsnest.batch": {
        "crowsnest.ai",
        "crowsnest.config",
        "crowsnest.engine",
        "crowsnest.logfile",
        "crowsnest.plugin_host",
        "ray",  # the optional cluster backend (the `cluster` extra)
    },
    # Online tables (issue 21): protocol, table logic, server and the client transport.
    # Never the window; the window imports only the transport, crowsnest.net.client (it
    # hosts a table by starting `crowsnest serve` as a process: client/hosting.py).
    "crowsnest.net": {
        "crowsnest.ai",
        "crowsnest.engine",
        "crowsnest.i18n",
        "crowsnest.plugin_host",
        "crowsnest.records",
        "orjson",  # the server's JSON (the standard library's where it is missing)
        "redis",  # the optional scale-out backend
        "websockets",
    },
    # The window. Speech modules belong here too (crowsnest.client.speech...); a speech
    # library they need is added to this row by its import name.
    "crowsnest.client": {
        "crowsnest.ai",
        "crowsnest.config",
        "crowsnest.engine",
        "crowsnest.i18n",
        "crowsnest.net.client",
        "crowsnest.plugin_host",
        "crowsnest.records",
        "pygame",
        "pyttsx3",  # the optional speech extra (crowsnest.client.speech)
    },
    "crowsnest.cli": {
        "crowsnest.ai",
        "crowsnest.batch",
        "crowsnest.client.app",  # the window, imported only to open it
        "crowsnest.config",
        "crowsnest.engine",
        "crowsnest.hookspecs",
        "crowsnest.i18n",
        "crowsnest.logfile",
        "crowsnest.net",
        "crowsnest.plugin_host",
        "crowsnest.protocol",
        "crowsnest.records",
        "crowsnest.tomlfile",
        "platformdirs",  # serve: the tables' database in the user data folder
        "pygame",  # only to ask SDL whether a window can open
    },
    "crowsnest.__main__": {"crowsnest.cli"},
    # Helpers for plugin authors' tests (docs/plugins.md, "Testing a plugin").
    "crowsnest.testing": {
        "crowsnest.ai",
        "crowsnest.client",
        "crowsnest.engine",
        "crowsnest.plugin_host",
        "pytest",
    },
    "crowsnest_games": {
        "crowsnest.ai",
        "crowsnest.engine",
        "crowsnest.hookspecs",
        "crowsnest.i18n",
    },
}
ROOT_PACKAGE = "crowsnest"  # game/__init__.py: the version, open to every layer
OURS = ("crowsnest", "crowsnest_games")

# Circles among our modules that are known and on their way out, each with who removes
# it. The test fails when one is gone too, so the list never outlives its reason.
KNOWN_CIRCLES: list[list[str]] = []


# Imports that break the table, known and on their way out, with who removes them; the
# test fails when one is gone too.
KNOWN_BREAKS: list[str] = []


def layer_of(module: str) -> str | None:
    """The layer a module of ours belongs to: the longest row name it starts with."""
    best = None
    for layer in LAYERS:
        if (module == layer or module.startswith(layer + ".")) and (
            best is None or len(layer) > len(best)
        ):
            best = layer
    return best


def allowed(layer: str, target: str) -> bool:
    """Whether `layer` may import `target` (a module name of ours, or a third party's
    import name)."""
    may = LAYERS[layer]
    if target.split(".")[0] not in OURS:
        return target.split(".")[0] in may
    if target == ROOT_PACKAGE:
        return True
    there = layer_of(target)
    if there is None:
        return False
    if there == layer or there in may:
        return True
    # a single module (or sub-package) of another layer named in the row
    return any(
        layer_of(name) == there and (target == name or target.startswith(name + "."))
        for name in may
    )


def violations(files: dict[Path, str | None]) -> list[str]:
    """One line per import that breaks the table (and per module with no row)."""
    known = {module_name(p) for p in sources()} | {module_name(p) for p in files}
    bad = []
    for path, text in files.items():
        here = module_name(path)
        layer = layer_of(here) if here != ROOT_PACKAGE else None
        where = path.relative_to(ROOT)
        if layer is None:
            if here == ROOT_PACKAGE:
                bad += [
                    f"{where}:{n}: imports {name} (the root holds only the version)"
                    for n, name in imports(path, text)
                ]
            else:
                bad.append(f"{where}: {here} has no row in the layer table")
            continue
        for line, name in imports(path, text):
            top = name.split(".")[0]
            if top in sys.stdlib_module_names or top == "__future__":
                continue
            if top in OURS:
                name = resolve(name, known)
            if not allowed(layer, name):
                bad.append(f"{where}:{line}: {layer} may not import {name}")
    return bad


def test_every_import_keeps_to_the_table():
    bad = violations(dict.fromkeys(sources()))
    known = [b for b in bad if re.sub(r":\d+:", ":", b) in KNOWN_BREAKS]
    assert [b for b in bad if b not in known] == [], "\n".join(bad)
    assert len(known) == len(KNOWN_BREAKS), "a known break is gone: take it off KNOWN_BREAKS"


PROBES = [
    # (file, source, the sentence the check must give)
    (
        "game/engine/probe.py",
        "from ..client import app\n",
        "crowsnest.engine may not import crowsnest.client.app",
    ),
    ("game/engine/probe.py", "import pygame\n", "crowsnest.engine may not import pygame"),
    (
        "game/records/probe.py",
        "def names():\n    from crowsnest.client.session import display_name\n",
        "crowsnest.records may not import crowsnest.client.session",
    ),
    (
        "game/config.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from crowsnest.plugin_host import Registry\n",
        "crowsnest.config may not import crowsnest.plugin_host",
    ),
    (
        "game/cli/probe.py",
        "from crowsnest.client import session\n",
        "crowsnest.cli may not import crowsnest.client.session",
    ),
    (
        "game/plugin_host.py",
        "from crowsnest.ai import worker\n",
        "crowsnest.plugin_host may not import crowsnest.ai.worker",
    ),
    (
        "game/net/probe.py",
        "from crowsnest.client.app import App\n",
        "crowsnest.net may not import crowsnest.client.app",
    ),
    (
        "game/client/probe.py",
        "from crowsnest.net import table\n",
        "crowsnest.client may not import crowsnest.net.table",
    ),
    (  # the window hosts through a process of its own (client/hosting.py), never in itself
        "game/client/scenes/probe.py",
        "def host():\n    from crowsnest.net.server import start_in_thread\n",
        "crowsnest.client may not import crowsnest.net.server",
    ),
    (
        "plugins/rook/probe.py",
        "from crowsnest import config\n",
        "crowsnest_games may not import crowsnest.config",
    ),
    ("game/newthing.py", "import os\n", "crowsnest.newthing has no row in the layer table"),
]


@pytest.mark.parametrize("file, source, sentence", PROBES)
def test_the_check_sees_a_forbidden_import(file, source, sentence):
    """The scan works: a forbidden import (at the top, inside a function, only for the
    type checker; a relative one resolved) is reported, and so is a module outside the
    table."""
    bad = violations({ROOT / file: source})
    assert any(line.endswith(sentence) for line in bad), bad


def test_allowed_imports_pass_the_check():
    ok = {
        ROOT / "game/client/probe.py": "from crowsnest.net.client import Connection\n",
        ROOT / "game/cli/probe.py": "def w():\n    from crowsnest.client.app import main\n",
        ROOT / "game/engine/probe.py": "from . import cards\nfrom crowsnest import __version__\n",
        ROOT / "game/net/probe.py": "import websockets\nfrom crowsnest.records import savefile\n",
    }
    assert violations(ok) == []


def docs_table() -> dict[str, set[str]]:
    """docs/architecture.md's layer table: the layer (first cell) -> the names in the
    last cell ("may import"), both in backticks."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Layers and folders", 1)[1].split("\n## ", 1)[0]
    table: dict[str, set[str]] = {}
    for row in section.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        layer = re.findall(r"`([^`]+)`", cells[0])[0]
        table[layer] = set(re.findall(r"`([^`]+)`", cells[-1]))
    return table


def test_the_docs_table_is_this_table():
    assert docs_table() == LAYERS


def test_no_import_circle():
    """No circle among our modules, imports inside functions included (a circle hidden
    behind a function-level import is still a circle: each half needs the other)."""
    assert circles(module_graph()) == KNOWN_CIRCLES


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


# One file layout for every built-in game (docs/plugins.md, "The built-in games' layout").
LAYOUT = {
    "__init__",
    "variant",
    "cards",
    "rules",
    "bidding",
    "play",
    "deal",
    "view",
    "scoring",
    "presentation",
}
REQUIRED = LAYOUT - {"cards", "bidding", "play"}  # Rook's deck depends on its knobs: rules.py
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


SCREENS = {
    "title",
    "setup",
    "saves",
    "stats",
    "settings",
    "look",
    "info",
    "howto",
    "coach",
    "table",
    "online",
}


def test_screens_open_one_another_by_name_only():
    """One way to open a screen: App.scene(name). No scene module imports a screen's
    module (the table's own sheets, scenes/overlays.py and scenes/common.py, are not
    screens), so only crowsnest.client.app knows them all."""
    scenes = ROOT / "game" / "client" / "scenes"
    bad = []
    for py in sorted(scenes.rglob("*.py")):
        own = py.relative_to(scenes).parts[0].removesuffix(".py")
        for line, name in imports(py):
            parts = name.split(".")
            inside = parts[:3] == ["crowsnest", "client", "scenes"] and len(parts) > 3
            if inside and parts[3] in SCREENS and parts[3] != own:
                bad.append(f"{py.relative_to(ROOT)}:{line}: imports {name}")
    assert not bad, "\n".join(bad)
    from crowsnest.client.app import SCENES

    assert {m.__module__.split(".")[3] for m in SCENES.values()} == SCREENS
