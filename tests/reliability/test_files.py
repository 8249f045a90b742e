"""Config and save files that used to crash or hang a reader (issue 12), and the atomic
write's leftovers: deep nesting, FIFOs, /dev/zero, symbolic link loops, temp files of a
killed write, the folder fsync, the file's mode."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest
from crowsnest import config
from crowsnest.records import savefile
from crowsnest.tomlfile import clean_temps, read_toml, write_atomic

DEEP = "variant = " + "[" * 3000 + "]" * 3000 + "\n"


def test_deeply_nested_config_is_an_error_sentence(tmp_path):
    p = tmp_path / "config.toml"
    p.write_text(DEEP)
    with pytest.raises(config.ConfigError, match="nested too deeply"):
        config.load(p)


def test_deeply_nested_save_is_an_error_sentence(tmp_path):
    p = tmp_path / "s.toml"
    p.write_text(DEEP)
    with pytest.raises(savefile.SaveError, match="nested too deeply"):
        savefile.read(p)


def test_every_command_survives_a_deep_config(tmp_path):
    p = tmp_path / "config.toml"
    p.write_text(DEEP)
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "d"), XDG_STATE_HOME=str(tmp_path / "s"))
    r = subprocess.run(
        [sys.executable, "-m", "crowsnest", "--config", str(p), "plugins"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "RecursionError" not in r.stderr and "Traceback" not in r.stderr
    assert "nested too deeply" in r.stderr


@pytest.mark.slow
def test_replay_of_a_deep_save_says_why(tmp_path):
    p = tmp_path / "s.toml"
    p.write_text(DEEP)
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "d"), XDG_STATE_HOME=str(tmp_path / "s"))
    r = subprocess.run(
        [sys.executable, "-m", "crowsnest", "replay", str(p)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode != 0 and "nested too deeply" in r.stderr
    assert "Traceback" not in r.stderr


def test_fifo_and_devices_are_refused_not_read(tmp_path):
    fifo = tmp_path / "save.toml"
    os.mkfifo(fifo)
    t = time.monotonic()
    with pytest.raises(savefile.SaveError, match="not a regular file"):
        savefile.read(fifo)
    with pytest.raises(savefile.SaveError, match="not a regular file"):
        savefile.read("/dev/zero")
    with pytest.raises(config.ConfigError, match="not a regular file"):
        config.load("/dev/zero")
    assert time.monotonic() - t < 5


def test_symlink_loop_is_an_error_sentence(tmp_path):
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(config.ConfigError, match="loop of symbolic links"):
        config.load(a)
    with pytest.raises(savefile.SaveError, match="loop of symbolic links"):
        savefile.read(a)


def test_a_killed_writers_temp_is_cleaned_and_a_live_one_kept(tmp_path):
    dead = tmp_path / ".save-abc.tmp"
    dead.write_text("half a save")
    old_style = tmp_path / ".save-xyz.toml"
    old_style.write_text("half")
    other = tmp_path / "current.toml"
    other.write_text("x = 1\n")
    live = tmp_path / ".save-live.tmp"
    live.write_text("being written")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl,os,sys,time; fd=os.open(sys.argv[1], os.O_RDONLY);"
            "fcntl.flock(fd, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(30)",
            str(live),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        gone = clean_temps(tmp_path, ".save-")
    finally:
        holder.kill()
        holder.wait()
    assert sorted(p.name for p in gone) == [".save-abc.tmp", ".save-xyz.toml"]
    assert live.exists() and other.exists()


def test_autosaver_start_cleans_the_saves_folder(tmp_path):
    (tmp_path / ".save-dead.tmp").write_text("half")
    a = savefile.Autosaver(tmp_path / "current.toml")
    a.close()
    assert not list(tmp_path.glob(".save-*"))


def test_write_keeps_mode_and_syncs_the_folder(tmp_path, monkeypatch):
    p = tmp_path / "c.toml"
    p.write_text("a = 1\n")
    p.chmod(0o644)
    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        return real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    write_atomic(p, "a = 2\n", prefix=".config-")
    assert stat.S_IMODE(p.stat().st_mode) == 0o644
    assert synced == [False, True]  # the file, then its folder
    assert read_toml(p, "config file", ValueError) == {"a": 2}
    assert [x.name for x in tmp_path.iterdir()] == ["c.toml"]


def test_huge_file_is_refused(tmp_path):
    p = tmp_path / "big.toml"
    with open(p, "wb") as f:
        f.truncate(20 * 1024 * 1024)
    with pytest.raises(savefile.SaveError, match="too large"):
        savefile.read(p)


@pytest.mark.slow
def test_loop_config_path_does_not_crash_the_window_start(tmp_path):
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.symlink_to(b)
    b.symlink_to(a)
    env = dict(
        os.environ,
        XDG_DATA_HOME=str(tmp_path / "d"),
        XDG_STATE_HOME=str(tmp_path / "s"),
        SDL_VIDEODRIVER="dummy",
        CROWSNEST_ALLOW_HEADLESS="1",
        CROWSNEST_FIRST_FRAME_ONLY="1",
    )
    r = subprocess.run(
        [sys.executable, "-m", "crowsnest", "--config", str(a)],
        capture_output=True,
        text=True,
        env=env,
        timeout=90,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    assert "first_frame" in r.stdout


def test_autosave_moves_an_uncontinuable_save_aside_never_into_previous(tmp_path):
    """A save that reads but cannot be continued (its game's plugin disabled) is moved
    aside as docs/saves.md promises; two New games later it is still there."""
    import random

    from crowsnest.engine import Match
    from crowsnest.plugin_host import load_registry

    full = load_registry(user_folder=False)
    without_rook = load_registry(user_folder=False, disabled=["rook"])
    path = tmp_path / "current.toml"
    m = Match(full.variants["crowsnest"], seed=1)
    rng = random.Random(1)
    for _ in range(10):
        m.apply(m.deal.random_action(rng))
    seats = [savefile.Seat(kind="ai", level="easy", name="") for _ in range(4)]
    savefile.save(m, seats, path, registry=full)
    precious = path.read_bytes()
    with pytest.raises(savefile.SaveError):
        savefile.load(path, without_rook)  # readable, not continuable here

    for seed in (2, 3):  # two New games with rook off
        auto = savefile.Autosaver(path, without_rook)
        try:
            t = Match(without_rook.variants["tractor"], seed=seed)
            t.apply(t.deal.random_action(rng))
            auto.update(t, [savefile.Seat(kind="ai", level="easy", name="")] * 4)
            assert auto.flush() and auto.error is None
        finally:
            auto.close()
    kept = list(tmp_path.glob("current.unreadable-*.toml"))
    assert [k.read_bytes() for k in kept] == [precious]


def test_save_with_a_5000_digit_integer_is_an_error_sentence(tmp_path):
    p = tmp_path / "s.toml"
    p.write_text("seed = " + "9" * 5000 + "\n")
    with pytest.raises(savefile.SaveError, match="is not a save file"):
        savefile.read(p)


@pytest.mark.slow
@pytest.mark.parametrize("seed", ["²", "9" * 5000, "--5"])
def test_simulate_odd_seeds_get_a_sentence_or_play(tmp_path, seed):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "d"), XDG_STATE_HOME=str(tmp_path / "s"))
    r = subprocess.run(
        [sys.executable, "-m", "crowsnest", "simulate", "--variant", "doudizhu"]
        + ["--games", "1", "--seed", seed, "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "Traceback" not in r.stderr, r.stderr[-2000:]
    assert r.returncode in (0, 2)
    if r.returncode == 2:
        assert "seed" in r.stderr
