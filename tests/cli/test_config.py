"""The TOML config: round trip, defaults, and clear refusals that leave a bad file alone."""

from __future__ import annotations

import pytest
import toyvariant
from crowsnest.config import (
    Config,
    ConfigError,
    DisplayConfig,
    PluginsConfig,
    SeatConfig,
    SoundConfig,
    load,
    save,
)


def custom() -> Config:
    return Config(
        variant="toy",
        seats=(SeatConfig("Ann", "human"), SeatConfig("Bob", "ai", "hard")),
        options={"toy": {"target": 50}},
        plugins=PluginsConfig(folders=("~/cards",), disabled=("oh_hell",)),
        display=DisplayConfig(
            width=1024, height=700, fullscreen=True, card_size="large", animation_speed=0
        ),
        sound=SoundConfig(volume=0.25, mute=True),
        keys={"hint": ("f2", "h")},
    )


def test_round_trip(tmp_path):
    path = tmp_path / "sub" / "config.toml"
    cfg = custom()
    assert save(cfg, path) == path
    again = load(path)
    assert again == cfg and again.path == path
    assert again.options_for(toyvariant.TOY)["target"] == 50
    assert [p.name for p in path.parent.iterdir()] == ["config.toml"]  # no temp file left
    save(again)  # saves back to where it came from
    assert load(path) == cfg


def test_absent_file_gives_defaults(tmp_path):
    cfg = load(tmp_path / "none.toml")
    assert cfg == Config() and cfg.display.animation_speed == 3
    assert cfg.seat(0) == SeatConfig("You", "human") and cfg.seat(6).kind == "ai"


MALFORMED = b'variant = "crowsnest"\n[display\nwidth = 3\n'


def test_malformed_file_names_the_file_and_is_never_overwritten(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(MALFORMED)
    with pytest.raises(ConfigError) as err:
        load(path)
    msg = str(err.value)
    assert str(path) in msg and "not valid TOML" in msg and "line 2" in msg
    with pytest.raises(ConfigError, match="not overwritten"):
        save(Config(), path)
    assert path.read_bytes() == MALFORMED


def test_a_folder_or_binary_file_is_one_sentence_naming_it(tmp_path):
    folder = tmp_path / "config.toml"
    folder.mkdir()
    with pytest.raises(ConfigError, match="is a folder, not a config file"):
        load(folder)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    with pytest.raises(ConfigError) as err:
        load(binary)
    assert str(binary) in str(err.value) and "not UTF-8 text" in str(err.value)
    assert load(tmp_path / "missing.toml").path == tmp_path / "missing.toml"  # defaults


@pytest.mark.parametrize(
    "text, key, expected",
    [
        ("[display]\nwidth = 'big'\n", "'display.width'", "a whole number from 320 to 10000"),
        ("[display]\nanimation_speed = 9\n", "'display.animation_speed'", "from 0 to 5"),
        ("[display]\ncard_size = 'huge'\n", "'display.card_size'", '"small", "medium", "large"'),
        ("[sound]\nvolume = 2\n", "'sound.volume'", "a number from 0 to 1"),
        ("[sound]\nmute = 'yes'\n", "'sound.mute'", "true or false"),
        ("[[seats]]\nkind = 'robot'\n", "'seats[0].kind'", '"human", "ai"'),
        ("[plugins]\nfolders = 'here'\n", "'plugins.folders'", "a list of non-empty strings"),
        ("[keys]\nhint = 'h'\n", "'keys.hint'", "a list of non-empty strings"),
        ("[dispaly]\nwidth = 3\n", "'dispaly'", "known keys"),
        ("[display]\ndepth = 3\n", "'display.depth'", "known keys"),
    ],
)
def test_wrong_values_name_file_key_and_expectation(tmp_path, text, key, expected):
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        load(path)
    msg = str(err.value)
    assert msg.startswith(str(path)) and key in msg and expected in msg
    assert "\n" not in msg
    assert path.read_text() == text


def test_variant_options_are_checked_against_the_variant_schema(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[options.toy]\ntarget = 3\n")
    cfg = load(path)  # the variant is not known while reading: checked when used
    with pytest.raises(ConfigError) as err:
        cfg.options_for(toyvariant.TOY)
    assert str(path) in str(err.value) and "[options.toy]" in str(err.value)
    assert "at least 10" in str(err.value)


@pytest.mark.slow
def test_cli_reports_a_bad_config_in_one_line(cli, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_bytes(MALFORMED)
    for args in (["plugins"], ["simulate", "--games", "1"], ["engine"]):
        r = cli.run("--config", str(path), *args)
        assert r.returncode == 2
        assert r.stderr.count("\n") == 1 and str(path) in r.stderr
    r = cli.run("plugins", "--config", str(path))  # after the command too
    assert r.returncode == 2 and "not valid TOML" in r.stderr
    assert path.read_bytes() == MALFORMED
