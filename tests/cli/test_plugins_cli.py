"""`crowsnest plugins`: broken plugins are each reported while the built-ins still play."""

from __future__ import annotations

import shutil
import textwrap

import pytest
from cli_helpers import TOY_FILE

BROKEN = {
    "importerr.py": "import crowsnest_no_such_module\n",
    "typo.py": """
        from crowsnest.hookspecs import hookimpl

        @hookimpl
        def crowsnest_register_variantz(register):
            pass
        """,
    "invalid.py": """
        from toyvariant import make_variant

        def crowsnest_register_variants(register):
            register(make_variant(id="halfgame", scorer=None))
        """,
}


def plugin_folder(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    shutil.copy(TOY_FILE, folder / "goodtoy.py")
    for name, code in BROKEN.items():
        (folder / name).write_text(textwrap.dedent(code))
    return folder


@pytest.mark.slow
def test_broken_plugins_are_reported_and_builtins_still_play(cli, tmp_path):
    cfg = cli.config_with_folder(plugin_folder(tmp_path))
    out = cli.json("plugins", "--config", str(cfg))
    recs = {p["name"]: p for p in out["plugins"]}
    assert recs["goodtoy"]["status"] == "ok" and recs["goodtoy"]["origin"] == "drop-in"
    assert recs["goodtoy"]["variants"] == ["toy"] and recs["goodtoy"]["version"] == "0.3"
    assert "crowsnest_no_such_module" in recs["importerr"]["error"]
    assert "unknown hook 'crowsnest_register_variantz'" in recs["typo"]["error"]
    assert "missing its scorer" in recs["invalid"]["error"]
    for name in ("importerr", "typo", "invalid"):
        assert recs[name]["status"] == "error" and "\n" not in recs[name]["error"]
        assert recs[name]["variants"] == []
    assert "halfgame" not in out["variants"] and "random" in out["variants"]["toy"]
    builtins = [p for p in out["plugins"] if p["origin"] == "built-in"]
    assert {"rook", "tractor", "doudizhu"} <= {p["name"] for p in builtins}

    text = cli.run("plugins", "--config", str(cfg)).stdout
    assert "goodtoy 0.3 (drop-in): ok" in text and "importerr (drop-in): error" in text

    # The built-in variants (CrowsNest first when present) and the good drop-in still play.
    live = [v for p in builtins if p["status"] == "ok" for v in p["variants"]]
    playable = (["crowsnest"] if "crowsnest" in live else live[:1]) + ["toy"]
    for vid in playable:
        r = cli.run("simulate", "--config", str(cfg), "--variant", vid, "--games", "1", "--json")
        assert r.returncode == 0, r.stderr


@pytest.mark.slow
def test_blocklist_from_config(cli, tmp_path):
    cfg = cli.config_with_folder(plugin_folder(tmp_path), '\ndisabled = ["goodtoy"]\n')
    out = cli.json("plugins", "--config", str(cfg))
    rec = next(p for p in out["plugins"] if p["name"] == "goodtoy")
    assert rec["status"] == "disabled" and rec["enabled"] is False
    assert "toy" not in out["variants"]


@pytest.mark.slow
@pytest.mark.parametrize("driver", [None, "dummy", "offscreen"])
def test_window_without_display_says_so(cli, driver):
    env = {
        k: v
        for k, v in cli.env.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    r = cli.run(env=env)
    assert r.returncode != 0 and r.stdout == ""
    lines = [ln for ln in r.stderr.splitlines() if ln.startswith("crowsnest:")]
    assert len(lines) == 1 and "crowsnest simulate" in lines[0]
