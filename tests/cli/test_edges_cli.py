"""Command-line conventions people who use many programs expect (issue 30): `-V`, help
for every option, a wrong game id is a usage error everywhere, and the results speak the
player's language with no English word left in a translated line."""

from __future__ import annotations

import crowsnest
import pytest


@pytest.mark.slow
def test_short_version_flag(cli):
    for flag in ("-V", "--version"):
        r = cli.run(flag)
        assert r.returncode == 0 and r.stdout == f"crowsnest {crowsnest.__version__}\n"
    assert "-V, --version" in cli.run("--help").stdout


def test_tournament_backend_has_help(cli):
    out = cli.run("tournament", "--help").stdout
    block = out[out.index("  --backend") :].split("\n  -", 1)[0]
    assert "Ray cluster" in block and "default: local" in block


@pytest.mark.slow
def test_stats_with_an_unknown_game_is_a_usage_error_naming_the_games(cli, tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    r = cli.run("stats", "--config", str(cfg), "--variant", "nope")
    assert r.returncode == 2 and r.stdout == ""
    assert "there is no variant 'nope'" in r.stderr and "crowsnest" in r.stderr
    simulate = cli.run("simulate", "--config", str(cfg), "--variant", "nope")
    assert simulate.returncode == 2 and simulate.stderr == r.stderr
    # an installed game with no records is no error
    r = cli.run("stats", "--config", str(cfg), "--variant", "tractor")
    assert r.returncode == 0 and "no finished games" in r.stdout


@pytest.mark.slow
def test_simulate_in_finnish_has_no_english_side_word(cli, tmp_path):
    cfg = tmp_path / "fi.toml"
    cfg.write_text('language = "fi"\n')
    args = ("simulate", "--config", str(cfg), "--games", "1", "--seed", "1")
    out = cli.run(*args, "--variant", "crowsnest").stdout
    line = next(x for x in out.splitlines() if x.startswith("voitot"))
    assert line.startswith("voitot joukkueittain: joukkue 0: ") and "team" not in line
    out = cli.run(*args, "--variant", "doudizhu").stdout
    line = next(x for x in out.splitlines() if x.startswith("voitot"))
    assert line.startswith("voitot paikoittain: paikka 0: ") and "seat" not in line


@pytest.mark.slow
def test_a_usage_error_in_a_command_prints_that_commands_usage(cli):
    r = cli.run("simulate", "--bogus")
    assert r.returncode == 2 and r.stderr.startswith("usage: crowsnest simulate ")
    assert "unrecognized arguments: --bogus" in r.stderr
    r = cli.run("tournament", "--levels", "easy,normal", "--nope", "1")
    assert r.returncode == 2 and r.stderr.startswith("usage: crowsnest tournament ")
    r = cli.run("--bogus")  # no command: the top level's usage
    assert r.returncode == 2 and r.stderr.startswith("usage: crowsnest [")


@pytest.mark.slow
def test_paths_names_every_file_that_outlives_an_uninstall(cli, tmp_path):
    cfg = tmp_path / "mine.toml"
    cfg.write_text("")
    out = cli.json("paths", "--config", str(cfg))
    assert set(out) == {"config", "autosave", "records", "plugins", "log"}
    assert out["config"] == str(cfg)
    assert out["plugins"] == str(tmp_path / "xdg-data" / "crowsnest" / "plugins")
    text = cli.run("paths").stdout
    assert "config file: " in text and "plugin folder: " in text and "(not there yet)" in text


@pytest.mark.slow
def test_a_config_naming_a_removed_game_plays_the_default_with_one_line(cli, tmp_path):
    cfg = tmp_path / "gone.toml"
    cfg.write_text('variant = "crowwhist"\n')
    r = cli.run("simulate", "--config", str(cfg), "--games", "1", "--seed", "1", "--json")
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip().splitlines() == [
        "crowsnest: the config's game 'crowwhist' is not installed; playing 'crowsnest'"
    ]
    assert '"variant": "crowsnest"' in r.stdout
    # a game asked for by name is still a usage error
    r = cli.run("simulate", "--config", str(cfg), "--variant", "crowwhist")
    assert r.returncode == 2 and "there is no variant 'crowwhist'" in r.stderr
