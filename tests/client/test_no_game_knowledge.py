"""The window knows no game: no built-in game id, card code, game-specific event type,
view key or game word in the code of crowsnest.client (docstrings and comments may give
examples). A game's words, events and art reach the table only through its
Presentation (crowsnest.engine.presentation); see docs/plugins.md."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from crowsnest.testing import registry_with

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "game" / "client"
GAMES = (ROOT / "plugins", ROOT / "examples")

# Shared by every game through design.md's contracts: action kinds, the engine's own
# events, and the keys every view has (or the generic optional ones the table reads).
ACTION_KINDS = {"pass", "bid", "discard", "trump", "declare", "play"}
MATCH_EVENTS = {"trick", "deal_over", "redeal", "match_over"}
VIEW_KEYS = {
    "seat",
    "phase",
    "to_move",
    "hand",
    "hand_counts",
    "trick",
    "dealer",
    "scores",
    "acting",
    "last_trick",
    "last_trick_winner",
    "dummy",
    "history",  # also the match's record of scored deals (Match.history)
    "match",  # Match.view_json's block of the match (scores, deal number, over, winner)
}
GAME_WORDS = {
    "kitty",
    "nest",
    "landlord",
    "tractor",
    "rook",
    "crow",
    "bird",
    "throw",
    "declarer",
    "attacker",
    "attackers",
    "turnup",
    "multiplier",
    "sevens",
    "ohhell",
    "doudizhu",
    "shengji",
    "dizhu",
}


def game_words(text: str) -> set[str]:
    """The game words in a name or a string, as whole words ("SceneStack" is no nest;
    the product's own name, CrowsNest, is not a game word)."""
    text = re.sub("crowsnest", " ", text, flags=re.IGNORECASE)
    words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", text)
    return {w.lower() for w in words} & GAME_WORDS


def _registry():
    return registry_with(
        ROOT / "examples" / "ohhell" / "crowsnest_ohhell",
        ROOT / "examples" / "dropin" / "crowsnest_sevens.py",
    )


# design.md's standard pack (and its jokers) is the client's own generic deck
STANDARD = {r + su for su in "SHDC" for r in "23456789TJQKA"} | {"BJ", "RJ"}


def _forbidden() -> tuple[set[str], set[str]]:
    """(ids, card codes and event types of the games; the games' own view keys)."""
    from crowsnest.engine import Match

    reg = _registry()
    names: set[str] = set(reg.variants)
    keys: set[str] = set()
    for v in reg.variants.values():
        names.update(v.deck.build(v.resolve_options(None), v.default_seats).names)
        keys.update(Match(v, seed=1).view_json(0))
    for folder in GAMES:
        for py in folder.rglob("*.py"):
            names.update(re.findall(r"""["']type["']\s*:\s*["']([a-z_]+)["']""", py.read_text()))
    return names - ACTION_KINDS - MATCH_EVENTS - STANDARD - VIEW_KEYS, keys - VIEW_KEYS


def _view_reads(tree: ast.AST):
    """(line, key) of every `x.get("key")` and `x["key"]`: what code reads of a mapping."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, node.args[0].value
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
        ):
            yield node.lineno, node.slice.value


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _names_and_strings(tree: ast.AST):
    """(line, text) of every string constant (not a docstring) and every name."""
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value, "string"
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id, "name"
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr, "name"
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            yield node.lineno, node.name, "name"
        elif isinstance(node, ast.arg) or isinstance(node, ast.keyword) and node.arg:
            yield node.lineno, node.arg, "name"


@pytest.mark.slow
def test_the_client_names_no_game():
    names, keys = _forbidden()
    assert {"crowsnest", "tractor", "BIRD", "R14", "kitty_revealed", "laid"} <= names
    assert {"nest_count", "landlord", "level_rank", "rows"} <= keys
    found = []
    for py in sorted(CLIENT.rglob("*.py")):
        tree = ast.parse(py.read_text(encoding="utf-8"))
        for line, text, what in _names_and_strings(tree):
            if (what == "string" and text in names) or game_words(text):
                found.append(f"{py.relative_to(ROOT)}:{line}: {what} {text!r}")
        for line, key in _view_reads(tree):
            if key in keys:
                found.append(f"{py.relative_to(ROOT)}:{line}: reads a game's view key {key!r}")
    assert not found, "game knowledge in the client:\n" + "\n".join(found)


def test_the_scan_finds_game_knowledge():
    """The scan itself works: code that names a game is caught."""
    names, keys = _forbidden()
    code = 'def f(view):\n    """A kitty docstring is fine."""\n    return view.get("nest_count"), "BIRD"\n'
    tree = ast.parse(code)
    assert [k for _l, k in _view_reads(tree) if k in keys] == ["nest_count"]
    assert [t for _l, t, _w in _names_and_strings(tree) if t in names] == ["BIRD"]
    bird = [t for _l, t, _w in _names_and_strings(ast.parse("bird_label = 1")) if game_words(t)]
    assert bird == ["bird_label"]
    assert not game_words("SceneStack") and not game_words("CrowsNest Arcade")
    assert game_words("drawCrow") == {"crow"} and game_words("the kitty") == {"kitty"}
