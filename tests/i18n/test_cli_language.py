"""The command line speaks the config's language: messages and help; JSON stays data."""

from __future__ import annotations

import json

from crowsnest import cli, i18n


def test_cli_messages_follow_the_config_language(tmp_path, capsys):
    cfg = tmp_path / "config.toml"
    cfg.write_text('language = "fi"\n', encoding="utf-8")
    assert cli.main(["--config", str(cfg), "plugins"]) == 0
    out = capsys.readouterr().out
    assert "laajennuskansio:" in out and "pelit ja niiden tekoälytasot:" in out
    assert cli.main(["--config", str(cfg), "plugins", "--json"]) == 0
    assert "plugins" in json.loads(capsys.readouterr().out)  # data, not words
    code = cli.main(["--config", str(cfg), "simulate", "--games", "0"])
    assert code == 2 and "--games on oltava vähintään 1" in capsys.readouterr().err


def test_simulate_report_uses_plural_forms(tmp_path, capsys):
    cfg = tmp_path / "config.toml"
    cfg.write_text('language = "fr"\n', encoding="utf-8")
    args = ["--config", str(cfg), "simulate", "--variant", "doudizhu", "--games", "1"]
    assert cli.main([*args, "--seed", "3", "--level", "random"]) == 0
    out = capsys.readouterr().out
    assert ": 1 match, " in out and "joueurs, ordinateur 'random'" in out
    i18n.set_language("en")


def test_a_bad_config_leaves_the_system_language(tmp_path, capsys):
    cfg = tmp_path / "config.toml"
    cfg.write_text('language = "klingon"\n', encoding="utf-8")
    assert cli.main(["--config", str(cfg), "plugins"]) == 2
    err = capsys.readouterr().err
    assert "'language' must be one of" in err  # the config's own sentence
    assert i18n.current_language() == "en"  # LANGUAGE=en in the test run
