"""Saving the config respects the player's file: comments, key order, spelling of the
values that did not change, the file mode and a symbolic link all survive; the write
stays atomic. The window's own save path (Settings) is tested in tests/client."""

from __future__ import annotations

import os
import stat
import tomllib

import pytest
from crowsnest import config as cfgmod
from crowsnest.config import ConfigError, DisplayConfig, SeatConfig, load, render, save
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

HAND_WRITTEN = """\
# My CrowsNest settings -- keep this comment!
variant = "crowsnest"   # the family game

# the table
[[seats]]
name = "Ann"   # that's me
kind = "human"

[[seats]]
name = "Bot"
kind = "ai"
level = "hard"

[options.crowsnest]      # house rules
target = 500

[display]
animation_speed = 2      # 0 = instant .. 5 = very slow
width = 0x500            # 1280, spelled my way

[plugins]
disabled = ["some_plugin"]
"""


def keys_in_order(text: str) -> list[str]:
    """Header and key lines as written (the file's order), without values."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            out.append(line.split("#")[0].strip())
        elif "=" in line and not line.startswith("#"):
            out.append(line.split("=")[0].strip())
    return out


def write(path, text, mode=0o644):
    path.write_text(text)
    os.chmod(path, mode)


def test_a_save_keeps_comments_order_spelling_and_mode(tmp_path):
    path = tmp_path / "config.toml"
    write(path, HAND_WRITTEN, 0o644)
    cfg = load(path)
    changed = cfg.replace(
        display=DisplayConfig(**{**_display(cfg), "animation_speed": 4}),
        seats=(*cfg.seats, SeatConfig("Cleo", "ai", "normal")),
    )
    save(changed)
    text = path.read_text()
    assert load(path) == changed
    for comment in (
        "# My CrowsNest settings -- keep this comment!",
        '"crowsnest"   # the family game',
        "# the table",
        '"Ann"   # that\'s me',
        "[options.crowsnest]      # house rules",
        "# 0 = instant .. 5 = very slow",
        "width = 0x500            # 1280, spelled my way",  # unchanged value, untouched
    ):
        assert comment in text, comment
    assert "animation_speed = 4      # 0 = instant .. 5 = very slow" in text
    # the keys the player had stay in their order; new ones come after them
    assert _subsequence(keys_in_order(HAND_WRITTEN), keys_in_order(text))
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]  # no temp file


def _display(cfg):
    d = cfg.display
    return {
        "width": d.width,
        "height": d.height,
        "fullscreen": d.fullscreen,
        "card_size": d.card_size,
        "animation_speed": d.animation_speed,
    }


def _subsequence(small, big):
    it = iter(big)
    return all(x in it for x in small)


def test_the_order_of_the_players_keys_is_kept(tmp_path):
    path = tmp_path / "config.toml"
    write(path, HAND_WRITTEN)
    save(load(path))
    assert _subsequence(keys_in_order(HAND_WRITTEN), keys_in_order(path.read_text()))


def test_saving_twice_changes_nothing_more(tmp_path):
    path = tmp_path / "config.toml"
    write(path, HAND_WRITTEN)
    save(load(path))
    once = path.read_text()
    save(load(path))
    assert path.read_text() == once
    assert once.startswith(HAND_WRITTEN.splitlines()[0])


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o644, 0o664])
def test_the_file_mode_is_kept(tmp_path, mode):
    path = tmp_path / "config.toml"
    write(path, 'variant = "crowsnest"\n', mode)
    save(load(path).replace(variant="tractor"))
    assert stat.S_IMODE(path.stat().st_mode) == mode and load(path).variant == "tractor"


def test_a_new_file_gets_the_umask_mode_and_a_header(tmp_path):
    old = os.umask(0o022)
    try:
        path = save(cfgmod.Config(), tmp_path / "new" / "config.toml")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    text = path.read_text()
    assert text.startswith("# CrowsNest Arcade settings") and load(path) == cfgmod.Config(path=path)


def test_a_symbolic_link_stays_a_link(tmp_path):
    real = tmp_path / "dotfiles" / "crowsnest.toml"
    real.parent.mkdir()
    write(real, HAND_WRITTEN, 0o640)
    link = tmp_path / "config.toml"
    link.symlink_to(real)
    save(load(link).replace(variant="tractor"))
    assert link.is_symlink() and load(real).variant == "tractor"
    assert "-- keep this comment!" in real.read_text()
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_inline_tables_stay_inline(tmp_path):
    path = tmp_path / "config.toml"
    write(path, 'seats = [{ name = "A", kind = "human" }]  # one\ndisplay = { width = 800 }\n')
    cfg = load(path)
    save(cfg.replace(seats=(*cfg.seats, SeatConfig("B")), display=DisplayConfig(width=900)))
    text = path.read_text()
    assert text.startswith('seats = [{ name = "A", kind = "human"') and "# one" in text
    assert "display = { width = 900" in text and "[display]" not in text
    assert [s.name for s in load(path).seats] == ["A", "B"]


def test_removed_entries_leave_the_file(tmp_path):
    path = tmp_path / "config.toml"
    write(path, HAND_WRITTEN + '\n[keys]\nhint = ["h"]  # mine\n')
    cfg = load(path)
    save(cfg.replace(seats=cfg.seats[:1], keys={}, options={}))
    got = tomllib.loads(path.read_text())
    assert len(got["seats"]) == 1 and got["keys"] == {} and got.get("options", {}) == {}
    assert load(path).options == {} and load(path).keys == {}
    assert "# My CrowsNest settings" in path.read_text()


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "config.toml"
    write(path, HAND_WRITTEN)

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        save(load(path).replace(variant="tractor"))
    assert path.read_text() == HAND_WRITTEN
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]


def test_a_file_that_does_not_load_is_still_never_overwritten(tmp_path):
    path = tmp_path / "config.toml"
    write(path, "# mine\n[display]\nwidth = 12\n")
    with pytest.raises(ConfigError, match="it was not overwritten"):
        save(cfgmod.Config(), path)
    assert path.read_text() == "# mine\n[display]\nwidth = 12\n"


# ---------------------------------------------------------------- property

names = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=12
).filter(str.strip)
seat = st.builds(
    SeatConfig, names, st.sampled_from(cfgmod.SEAT_KINDS), st.sampled_from(["easy", "hard"])
)
display = st.builds(
    DisplayConfig,
    st.integers(320, 4000),
    st.integers(240, 3000),
    st.booleans(),
    st.sampled_from(cfgmod.CARD_SIZES),
    st.integers(0, 5),
)
option_values = st.one_of(st.integers(-1000, 1000), st.booleans(), st.sampled_from(["a", "b c"]))
options = st.dictionaries(
    st.sampled_from(["crowsnest", "tractor", "toy"]),
    st.dictionaries(st.from_regex(r"[a-z_]{1,8}", fullmatch=True), option_values, max_size=3),
    max_size=2,
)
configs = st.builds(
    cfgmod.Config,
    variant=st.sampled_from(["crowsnest", "tractor", "doudizhu"]),
    seats=st.lists(seat, min_size=1, max_size=6).map(tuple),
    options=options,
    display=display,
    keys=st.dictionaries(
        st.sampled_from(["hint", "undo", "confirm"]),
        st.lists(st.sampled_from(["h", "f2", "space"]), min_size=1, max_size=2).map(tuple),
        max_size=2,
    ),
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=configs, second=configs)
def test_any_save_over_any_saved_file_reads_back_exactly(first, second):
    """Written into a file that held another config (with the player's comments), the
    text reads back as exactly the new config, and every comment line survives."""
    old = "# top comment\n" + render(cfgmod._toml_data(first.to_toml()))
    text = render(cfgmod._toml_data(second.to_toml()), old)
    assert cfgmod.from_dict(tomllib.loads(text)) == second
    assert text.startswith("# top comment\n")


def test_a_save_writes_only_the_players_keys_and_what_differs_from_the_defaults(tmp_path):
    """A later release can change a default for everyone who never set it (issue 30):
    saving from Settings writes the keys the file had and the ones changed from their
    defaults, never the other defaults."""
    path = tmp_path / "config.toml"
    write(path, 'variant = "tractor"  # mine\n\n[display]\nwidth = 1280\n')
    cfg = load(path)
    save(
        cfg.replace(language="fi", display=DisplayConfig(**{**_display(cfg), "card_size": "large"}))
    )
    text = path.read_text()
    data = tomllib.loads(text)
    default = cfgmod._toml_data(cfgmod.Config().to_toml())
    assert default["display"]["card_size"] != "large" and default["language"] != "fi"
    assert data == {
        "variant": "tractor",
        "language": "fi",
        "display": {"width": 1280, "card_size": "large"},
    }
    assert 'variant = "tractor"  # mine' in text
    # a key the player wrote stays, even when it is set back to its default
    save(
        load(path).replace(
            display=DisplayConfig(**{**_display(cfg), "width": default["display"]["width"]})
        )
    )
    assert tomllib.loads(path.read_text())["display"]["width"] == default["display"]["width"]
    assert load(path).language == "fi"


def test_a_new_file_of_defaults_holds_no_keys(tmp_path):
    path = tmp_path / "config.toml"
    save(cfgmod.Config(), path)
    assert tomllib.loads(path.read_text()) == {}
    assert load(path) == cfgmod.Config(path=path)
