"""`crowsnest simulate`: AI-only matches, JSON summary, determinism, contained AI faults."""

from __future__ import annotations

import json
import shutil
import textwrap

import pytest
from cli_helpers import TOY_FILE


def toy_config(cli, tmp_path, extra_plugins=()):
    folder = tmp_path / "plugins"
    folder.mkdir(exist_ok=True)
    shutil.copy(TOY_FILE, folder / "toyplug.py")
    for name, code in extra_plugins:
        (folder / name).write_text(textwrap.dedent(code))
    return cli.config_with_folder(folder)


def sim(cli, cfg, *args):
    r = cli.run("simulate", "--config", str(cfg), *args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.mark.slow
def test_simulate_json(cli, tmp_path):
    cfg = toy_config(cli, tmp_path)
    out = sim(cli, cfg, "--variant", "toy", "--seats", "3", "--games", "4", "--seed", "7")
    assert out["variant"] == "toy" and out["games"] == 4 and out["seats"] == 3
    assert sum(out["wins"]) == 4 and len(out["wins"]) == 3 and out["wins_by"] == "seat"
    assert out["deals"] >= 4 and out["actions"] > 0 and out["seconds"] >= 0
    assert out["level"] == "easy" and out["fault_count"] == 0 and out["faults"] == []
    again = sim(cli, cfg, "--variant", "toy", "--seats", "3", "--games", "4", "--seed", "7")
    assert {**again, "seconds": 0} == {**out, "seconds": 0}
    other = sim(cli, cfg, "--variant", "toy", "--seats", "3", "--games", "4", "--seed", "8")
    assert other["actions"] != out["actions"] or other["wins"] != out["wins"]


@pytest.mark.slow
def test_simulate_text_and_bad_arguments(cli, tmp_path):
    cfg = toy_config(cli, tmp_path)
    r = cli.run("simulate", "--config", str(cfg), "--variant", "toy", "--games", "2")
    assert r.returncode == 0 and "2 games" in r.stdout and "wins by seat" in r.stdout
    for args, needle in (
        (["--variant", "nope"], "there is no variant 'nope'"),
        (["--variant", "toy", "--seats", "9"], "not 9"),
        (["--variant", "toy", "--level", "genius"], "no AI level 'genius'"),
        (["--variant", "toy", "--games", "0"], "--games must be at least 1"),
    ):
        r = cli.run("simulate", "--config", str(cfg), *args)
        assert r.returncode == 2 and needle in r.stderr and r.stderr.count("\n") == 1, r.stderr


@pytest.mark.slow
def test_faulty_ai_is_contained_and_the_games_finish(cli, tmp_path):
    bad_ai = """
        class Broken:
            def choose(self, view, legal, rng):
                if view.phase == "play":
                    raise RuntimeError("lost my cards")
                return ("bid", 1)

        def crowsnest_register_ais(register):
            register("toy", "hard", lambda variant, options, seats: Broken())
        """
    cfg = toy_config(cli, tmp_path, [("badai.py", bad_ai)])
    out = sim(cli, cfg, "--variant", "toy", "--games", "2", "--level", "hard")
    assert out["level"] == "hard" and sum(out["wins"]) == 2
    assert out["fault_count"] > 0 and len(out["faults"]) <= 20
    f = out["faults"][0]
    assert f["kind"] == "raised" and "lost my cards" in f["message"] and f["game"] == 1


@pytest.mark.slow
def test_simulate_default_game(cli, tmp_path):
    """CrowsNest (the config's default variant) plays to the end headless."""
    plugins = cli.json("plugins")
    if "crowsnest" not in plugins["variants"]:
        import pytest

        pytest.skip("CrowsNest is not registered in this checkout")
    out = sim(cli, tmp_path / "absent.toml", "--games", "2", "--seed", "1")
    assert out["variant"] == "crowsnest" and out["wins_by"] == "team" and sum(out["wins"]) == 2
    assert out["fault_count"] == 0
