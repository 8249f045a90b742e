"""Test helpers for plugin authors (documented in docs/plugins.md, "Testing a plugin").

pytest loads this module by itself where crowsnest-arcade is installed (a pytest11
entry point; keep importing it cheap and free of side effects). With plugin autoloading
off, name it in your top-level conftest.py: pytest_plugins = ["crowsnest.testing"].

    def test_my_variant_loads(crowsnest_registry):
        import my_plugin
        registry = crowsnest_registry(my_plugin)
        assert "mygame" in registry.variants

    def test_my_variant_plays():
        from crowsnest.testing import play_match
        match = play_match(MY_VARIANT, seats=4, seed=1, level="easy")
        assert match.over

`registry_with(plugin)` loads a plugin through the real host (crowsnest.plugin_host), exactly
as an installed package is loaded: a module or object is offered through a temporary
`crowsnest.plugins` entry point, a `.py` file or package folder as a drop-in. So the
host's validation, isolation and error reports apply as they will for your users.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import sys
import tempfile
import types
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crowsnest.ai import AIRunner
from crowsnest.engine import Match, Variant
from crowsnest.plugin_host import Registry, load_registry

__all__ = ["ClientRun", "crowsnest_registry", "play_in_client", "play_match", "registry_with"]

_HOLDER = "_crowsnest_testing_plugins"  # module holding non-module plugin objects
_counter = itertools.count()


def _holder() -> types.ModuleType:
    mod = sys.modules.get(_HOLDER)
    if mod is None:
        mod = types.ModuleType(_HOLDER)
        sys.modules[_HOLDER] = mod
    return mod


def _plugin_name(plugin: Any) -> str:
    if isinstance(plugin, types.ModuleType):
        name = plugin.__name__.rsplit(".", 1)[-1]
    else:
        name = getattr(plugin, "__name__", None) or type(plugin).__name__
    return re.sub(r"[^a-z0-9_]", "_", name.lower()).strip("_") or "plugin"


@contextmanager
def _fake_distribution(name: str, target: str, version: str) -> Iterator[None]:
    """A temporary installed distribution (a .dist-info on sys.path) whose entry point in
    `crowsnest.plugins` names the plugin, so the host finds it as an installed package."""
    tmp = Path(tempfile.mkdtemp(prefix="crowsnest-testing-"))
    dist = f"crowsnest_testing_{name}_{next(_counter)}"
    info = tmp / f"{dist}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(f"[crowsnest.plugins]\n{name} = {target}\n")
    sys.path.insert(0, str(tmp))
    try:
        yield
    finally:
        if str(tmp) in sys.path:
            sys.path.remove(str(tmp))
        shutil.rmtree(tmp, ignore_errors=True)


def registry_with(
    *plugins: Any,
    folders: Iterable[str | Path] = (),
    disabled: Iterable[str] = (),
    entry_points: bool = True,
) -> Registry:
    """The registry the game would build with `plugins` added to what is installed.

    Each plugin may be:
      - a module (e.g. ``import my_plugin``) or any object with ``crowsnest_*`` hook
        methods: offered as an installed package (origin "package"), named after the
        module (or the object's ``__name__`` / class name), at its ``__version__``;
      - a path to a drop-in ``.py`` file or plugin package folder: copied into a
        temporary plugin folder and loaded as a drop-in (origin "drop-in").
    The user's own plugin folder is never read. With ``entry_points=False`` installed
    packages (the built-ins included) are skipped; module/object plugins then need
    ``entry_points=True``. Every AI runs in this process, as the built-ins do: the
    plugins given here exist only in it, so a worker process (crowsnest.ai.isolated)
    could not load them; load_registry with a real folder shows isolation.
    """
    entries: list[tuple[str, str, str]] = []
    dropins: list[Path] = []
    for plugin in plugins:
        if isinstance(plugin, str | Path):
            path = Path(plugin)
            if not path.exists():
                raise FileNotFoundError(f"no plugin file or folder at {path}")
            dropins.append(path)
            continue
        name = _plugin_name(plugin)
        if isinstance(plugin, types.ModuleType) and sys.modules.get(plugin.__name__) is plugin:
            target = plugin.__name__
        else:  # an object (or an unimported module): reachable as an attribute
            attr = f"{name}_{next(_counter)}"
            setattr(_holder(), attr, plugin)
            target = f"{_HOLDER}:{attr}"
        entries.append((name, target, str(getattr(plugin, "__version__", "0.0.0"))))
    if entries and not entry_points:
        raise ValueError(
            "module and object plugins are loaded as entry points: keep entry_points=True"
        )

    with tempfile.TemporaryDirectory(prefix="crowsnest-dropins-") as tmp:
        for path in dropins:
            dest = Path(tmp) / path.name
            if path.is_dir():
                shutil.copytree(path, dest, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(path, dest)
        all_folders = [*folders, tmp] if dropins else list(folders)
        with ExitStack() as stack:
            for name, target, version in entries:
                stack.enter_context(_fake_distribution(name, target, version))
            return load_registry(
                all_folders,
                disabled,
                user_folder=False,
                entry_points=entry_points,
                isolate_ais=False,
            )


def play_match(
    variant: Variant,
    *,
    seats: int | None = None,
    seed: int | str = 0,
    options: Mapping[str, Any] | None = None,
    level: str | Mapping[int, str] = "random",
    max_actions: int = 100_000,
    check: Callable[[Match], None] | None = None,
) -> Match:
    """Play one whole AI match of `variant` through the safe AI runner and return it.

    `level` is one level for every seat or {seat: level}. After every action it checks
    what every variant must keep true: the legal list is never empty while the match goes
    on, the AI's move is legal, (where full_state() has "where") every card of the
    deck is in exactly one place, and every tenth action that the deal rebuilt from its
    set-up and actions is the deal (what saves, undo and fault recovery rely on).
    `check(match)` runs your own invariants too. Raises
    AssertionError naming the problem; AI faults are reported, as in the game, on
    ``match.ai_faults`` (a list of crowsnest.ai.AIFault).
    """
    match = Match(variant, seed=seed, seats=seats, options=options)
    runner = AIRunner(variant, match.options, match.seats, budget_s=None, seed=seed)
    levels = {s: level for s in range(match.seats)} if isinstance(level, str) else dict(level)
    deck = Counter(match.deck.names)
    try:
        for n in range(max_actions):
            if match.over:
                break
            assert match.legal_actions() or not match.deal.legal_complete(), (
                f"nobody can act at action {n} (phase {match.phase}) but the match is not over"
            )
            choice = runner.choose(match, level=levels.get(match.to_move, "random"))
            match.apply(choice.action)
            where = match.state().get("where")
            if where is not None:
                held = Counter(c for pile in where.values() for c in pile)
                assert held == deck, (
                    f"cards not conserved after {choice.text}: {held - deck} extra, {deck - held} missing"
                )
            if n % 10 == 9 and not match.over:
                _check_rebuild(match, choice.text, n + 1)
            if check is not None:
                check(match)
        assert match.over, f"the match did not end within {max_actions} actions"
    finally:
        runner.close()
    match.ai_faults = list(runner.faults)  # type: ignore[attr-defined]
    return match


def _check_rebuild(match: Match, text: str, n: int) -> None:
    why = (
        f"after {text} (action {n}) the deal rebuilt from its set-up and actions is another: "
        "a deal must depend on nothing else (no other randomness, set-up piles only read)"
    )
    try:
        rebuilt = match.rebuilt_deal()
    except Exception as e:  # noqa: BLE001 - the replay itself failing says the same
        raise AssertionError(f"{why}; replaying them failed ({type(e).__name__}: {e})") from e
    assert rebuilt.full_state() == match.deal.full_state(), why


@dataclass(frozen=True)
class ClientRun:
    """What play_in_client saw: the finished match, frames drawn, end-of-deal sheets
    shown, and the AI faults the table reported."""

    match: Match
    frames: int
    deal_sheets: int
    faults: tuple[str, ...]
    # every sentence the table showed, as rendered: news, name-plate calls and words,
    # top-bar facts, the end-of-deal sheets' column titles and lines, the winner line
    said: frozenset[str] = frozenset()


def play_in_client(
    variant: Variant,
    *,
    seats: int | None = None,
    seed: int | str = 0,
    options: Mapping[str, Any] | None = None,
    level: str = "easy",
    registry: Registry | None = None,
    max_frames: int = 20_000,
    size: tuple[int, int] = (1280, 720),
) -> ClientRun:
    """Play one AI-only match of `variant` in the game window, headless (SDL dummy
    drivers), and return when the game-over sheet is up.

    The real client runs: App, scene stack, table scene, animations at speed 0 (instant),
    the end-of-deal sheets (dismissed with CONFIRM as a player would). It reads and writes
    no user settings (a temporary config file). Raises AssertionError if the match does
    not reach the game-over sheet within `max_frames` frames.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from crowsnest.client.app import App
    from crowsnest.client.input import Act, InputEvent
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.overlays import EndOfDealScene, GameOverScene
    from crowsnest.client.scenes.table import TableScene
    from crowsnest.client.session import LocalGame, SeatSetup

    n = seats if seats is not None else variant.default_seats
    with tempfile.TemporaryDirectory(prefix="crowsnest-client-") as tmp:
        app = App(PrefsStore(Path(tmp) / "config.toml"), size=size, registry=registry)
        try:
            app.prefs.speed = 0
            session = LocalGame(
                variant, [SeatSetup("ai", level)] * n, options=dict(options or {}), seed=seed
            )
            table = TableScene(session)
            app.stack.push(table)
            sheets = 0
            said: set[str] = set()
            for _ in range(max_frames):
                top = app.stack.top
                said.update(_table_words(table))
                if isinstance(top, GameOverScene):
                    said.add(top.winner_text())
                    break
                if isinstance(top, EndOfDealScene):
                    said.update(top.words(c) for c in top.sheet().columns)
                    said.update(top._details())
                    sheets += 1
                    app.dispatch(InputEvent(Act.CONFIRM))  # completes the count-up
                    app.dispatch(InputEvent(Act.CONFIRM))  # closes the sheet
                session.wait_ai(30)
                app.step(0.05)
            top = app.stack.top
            assert isinstance(top, GameOverScene), (
                f"{variant.name} did not reach the game-over sheet in {max_frames} frames "
                f"(stuck on {type(top).__name__}, phase {session.match.phase})"
            )
            return ClientRun(
                session.match, app.frames, sheets, tuple(session.fault_log), frozenset(said)
            )
        finally:
            app.close()


def _table_words(table: Any) -> list[str]:
    """What the table says this frame (news, plates, facts)."""
    out = [table.banner, *table.calls.values(), *table.facts()]
    if table.lay is not None:
        out += [table._plate_line(p.seat, p.local, False) for p in table.lay.seats]
    return [w for w in out if w]


try:  # the fixture exists only where pytest does (a plugin's own test run)
    import pytest
except ImportError:  # pragma: no cover - the game itself never needs pytest
    pytest = None  # type: ignore[assignment]

if pytest is not None:

    @pytest.fixture
    def crowsnest_registry() -> Iterator[Callable[..., Registry]]:
        """Registers plugins for one test: ``crowsnest_registry(plugin, ...)`` returns the
        Registry (see registry_with for what a plugin may be). Nothing outlives the test:
        the temporary entry points and plugin folders are gone when it ends."""
        added: list[str] = []

        def make(*plugins: Any, **kwargs: Any) -> Registry:
            before = set(vars(_holder()))
            reg = registry_with(*plugins, **kwargs)
            added.extend(set(vars(_holder())) - before)
            return reg

        yield make
        holder = _holder()
        for attr in added:
            if hasattr(holder, attr):
                delattr(holder, attr)
