"""Plugin discovery and isolation: good plugins load, every kind of broken one is left
out with a one-line reason, and the rest keep working."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
import toyvariant
from crowsnest.config import Config, PluginsConfig
from crowsnest.engine import Match
from crowsnest.plugin_host import DROP_IN, load_registry

TOY_FILE = Path(toyvariant.__file__)


def write(folder: Path, name: str, code: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(code))
    return path


def load(folder: Path, **kw):
    return load_registry(folders=[folder], user_folder=False, entry_points=False, **kw)


def record(reg, name):
    (rec,) = [p for p in reg.plugins if p.name == name]
    return rec


def play_out(variant, seed=0, seats=None):
    m = Match(variant, seed=seed, seats=seats)
    import random

    rng = random.Random(seed)
    for _ in range(10_000):
        if m.over:
            return m
        m.apply(m.deal.random_action(rng))
    raise AssertionError("match did not end")


def test_good_dropin_file_appears_with_its_variant_and_random_ai(tmp_path):
    shutil.copy(TOY_FILE, tmp_path / "toyplug.py")
    reg = load(tmp_path)
    rec = record(reg, "toyplug")
    assert rec.status == "ok" and rec.origin == DROP_IN
    assert rec.version == toyvariant.__version__
    assert rec.variants == ("toy",)
    assert rec.path == str(tmp_path / "toyplug.py")
    toy = reg.variant("toy")
    assert set(toy.ais) == {"easy", "random"}
    assert play_out(toy).winner is not None


def test_dropin_package_with_relative_import(tmp_path):
    pkg = tmp_path / "toypkg"
    pkg.mkdir()
    shutil.copy(TOY_FILE, pkg / "game_rules.py")
    write(
        tmp_path,
        "toypkg/__init__.py",
        """
        __version__ = "2.0"
        from .game_rules import make_variant
        from crowsnest.hookspecs import hookimpl

        @hookimpl
        def crowsnest_register_variants(register):
            register(make_variant(id="toypkg", name="Toy package"))
        """,
    )
    reg = load(tmp_path)
    rec = record(reg, "toypkg")
    assert rec.status == "ok", rec.error
    assert rec.variants == ("toypkg",) and rec.version == "2.0"
    assert rec.path == str(pkg / "__init__.py")


def test_import_error_is_reported_and_others_load(tmp_path):
    shutil.copy(TOY_FILE, tmp_path / "good.py")
    write(tmp_path, "broken.py", "import no_such_module_for_crowsnest\n")
    write(tmp_path, "syntax.py", "def crowsnest_register_variants(register)\n    pass\n")
    reg = load(tmp_path)
    assert "no_such_module_for_crowsnest" in record(reg, "broken").error
    err = record(reg, "syntax").error
    assert err.startswith("SyntaxError") and "line 1" in err
    assert record(reg, "good").status == "ok"
    assert set(reg.variants) == {"toy"}


@pytest.mark.parametrize("marked", [True, False])
def test_misspelled_hook_is_reported(tmp_path, marked):
    shutil.copy(TOY_FILE, tmp_path / "good.py")
    deco = "@hookimpl" if marked else ""
    write(
        tmp_path,
        "typo.py",
        f"""
        from crowsnest.hookspecs import hookimpl
        from toyvariant import make_variant

        {deco}
        def crowsnest_register_variant(register):
            register(make_variant(id="typo"))
        """,
    )
    reg = load(tmp_path)
    rec = record(reg, "typo")
    assert rec.status == "error"
    assert "crowsnest_register_variant'" in rec.error and "unknown hook" in rec.error
    assert "typo" not in reg.variants and "toy" in reg.variants


def test_hook_with_wrong_arguments_fails_pluggy_validation(tmp_path):
    write(
        tmp_path,
        "wrongargs.py",
        """
        from crowsnest.hookspecs import hookimpl

        @hookimpl
        def crowsnest_register_variants(register, extra):
            pass
        """,
    )
    rec = record(load(tmp_path), "wrongargs")
    assert rec.status == "error" and "PluginValidationError" in rec.error


@pytest.mark.parametrize(
    "change, reason",
    [
        ("scorer=None", "missing its scorer"),
        ("deck=None", "missing its deck"),
        ("bidding=None", "missing its bidding"),
        ("validator=None", "missing its validator"),
        ("validator=object()", "its validator has no legal_plays()"),
        ("bidding=object()", "its bidding has no start()"),
        ("seats=(1,)", "seats must be"),
        ("seats=(2, 3), default_seats=4", "default_seats 4"),
        ("id='Bad Id'", "variant id"),
        ("new_deal=None", "new_deal is not callable"),
        ("ais={'easy': 5}", "not a named factory"),
        ("direction='widdershins'", "direction must be one of clockwise, counter-clockwise"),
    ],
)
def test_invalid_variant_is_refused_with_the_whole_plugin(tmp_path, change, reason):
    shutil.copy(TOY_FILE, tmp_path / "good.py")
    write(
        tmp_path,
        "invalid.py",
        f"""
        from toyvariant import make_variant

        def crowsnest_register_variants(register):
            register(make_variant(id="fine"))  # refused too: a plugin loads whole or not
            register(make_variant({change}))
        """,
    )
    reg = load(tmp_path)
    rec = record(reg, "invalid")
    assert rec.status == "error" and reason in rec.error, rec.error
    assert rec.variants == ()
    assert "fine" not in reg.variants
    assert play_out(reg.variant("toy")).over


def test_registering_something_that_is_not_a_variant(tmp_path):
    write(
        tmp_path, "notvariant.py", "def crowsnest_register_variants(register):\n    register(42)\n"
    )
    rec = record(load(tmp_path), "notvariant")
    assert "registered int, not a crowsnest.engine.Variant" in rec.error


def test_hook_that_raises_is_contained(tmp_path):
    shutil.copy(TOY_FILE, tmp_path / "good.py")
    write(
        tmp_path,
        "raiser.py",
        "def crowsnest_register_variants(register):\n    raise RuntimeError('boom')\n",
    )
    reg = load(tmp_path)
    assert record(reg, "raiser").error.startswith("RuntimeError: boom (raiser.py, line 2)")
    assert "toy" in reg.variants


def test_duplicate_variant_id_keeps_the_first(tmp_path):
    shutil.copy(TOY_FILE, tmp_path / "a_toy.py")
    shutil.copy(TOY_FILE, tmp_path / "b_toy.py")
    reg = load(tmp_path)
    assert record(reg, "a_toy").status == "ok"
    assert "already registered by 'a_toy'" in record(reg, "b_toy").error


def test_ai_plugin_adds_a_level_and_bad_ai_registrations_are_refused(tmp_path):
    shutil.copy(TOY_FILE, tmp_path / "a_toy.py")
    write(
        tmp_path,
        "bold.py",
        """
        class Bold:
            def choose(self, view, legal, rng):
                return legal[-1]

        def crowsnest_register_ais(register):
            register("toy", "bold", lambda variant, options, seats: Bold())
        """,
    )
    write(
        tmp_path,
        "ghost.py",
        "def crowsnest_register_ais(register):\n    register('ghost', 'x', print)\n",
    )
    write(
        tmp_path,
        "clash.py",
        "def crowsnest_register_ais(register):\n    register('toy', 'easy', print)\n",
    )
    reg = load(tmp_path)
    assert set(reg.variant("toy").ais) == {"easy", "random", "bold"}
    assert reg.ai_owner[("toy", "bold")] == "bold"
    assert record(reg, "bold").ais == ("toy:bold",)
    assert "unknown variant 'ghost'" in record(reg, "ghost").error
    assert "already has an AI 'easy'" in record(reg, "clash").error


def test_disabled_plugins_are_listed_but_not_loaded(tmp_path):
    shutil.copy(TOY_FILE, tmp_path / "toyplug.py")
    write(tmp_path, "explodes.py", "raise SystemExit('must not be imported')\n")
    cfg = Config(plugins=PluginsConfig(folders=(str(tmp_path),), disabled=("toyplug", "explodes")))
    reg = load_registry(config=cfg, user_folder=False, entry_points=False)
    assert record(reg, "toyplug").status == "disabled"
    assert record(reg, "explodes").status == "disabled"
    assert "toy" not in reg.variants


def test_plugin_without_hooks_and_api_mismatch(tmp_path):
    write(tmp_path, "helpers.py", "X = 1\n")
    write(
        tmp_path,
        "future.py",
        "CROWSNEST_API = 99\ndef crowsnest_register_variants(register):\n    pass\n",
    )
    reg = load(tmp_path)
    assert "no crowsnest_* hook" in record(reg, "helpers").error
    assert "plugin API 99" in record(reg, "future").error


def test_removed_dropin_disappears_on_reload(tmp_path):
    path = tmp_path / "toyplug.py"
    shutil.copy(TOY_FILE, path)
    assert "toy" in load(tmp_path).variants
    path.unlink()
    reg = load(tmp_path)
    assert "toy" not in reg.variants and not reg.plugins


def test_builtins_come_through_entry_points():
    reg = load_registry(folders=[], user_folder=False)
    builtins = {p.name: p for p in reg.plugins if p.origin == "built-in"}
    assert {"rook", "tractor", "doudizhu"} <= set(builtins)
    for rec in builtins.values():
        if rec.status == "ok":
            for vid in rec.variants:
                assert "random" in reg.variant(vid).ais

    # the direction of play is the variant's (the client seats players by it)
    directions = {vid: reg.variant(vid).direction for vid in ("crowsnest", "tractor", "doudizhu")}
    assert directions == {
        "crowsnest": "clockwise",
        "tractor": "counter-clockwise",
        "doudizhu": "counter-clockwise",
    }


def test_a_plugin_importing_the_pre_0_2_names_is_told_the_new_ones(tmp_path, monkeypatch):
    import sys

    # A development checkout has the repository's `game/` folder on sys.path; an installed
    # CrowsNest does not, which is what the plugin author meets.
    root = str(Path(__file__).resolve().parents[2])
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", root)])
    old = [m for m in sys.modules if m.split(".")[0] in ("game", "plugins")]
    for name in old:
        monkeypatch.delitem(sys.modules, name)
    write(tmp_path, "oldnames.py", "from game.engine import Deck\n")
    reg = load(tmp_path)
    old = record(reg, "oldnames")
    assert old.status == "error"
    assert "'game'" in old.error and "'crowsnest'" in old.error
    assert "from crowsnest import" in old.error
    # `plugins` is also tests/plugins here, so the built-in games' old name is checked alone.
    from crowsnest.plugin_host import _renamed_import

    gone = ModuleNotFoundError("No module named 'plugins'", name="plugins.rook")
    assert "'crowsnest_games.rook'" in _renamed_import(gone)
