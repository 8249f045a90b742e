"""Save files: round trips rebuild the same state, bad saves give their sentence and are
left untouched, the autosaver keeps the file equal to the match and never loses one."""

from __future__ import annotations

import random
import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry
from crowsnest.records import savefile
from crowsnest.records.savefile import Autosaver, SaveError, Seat

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def registry():
    return load_registry(user_folder=False)


def play(match: Match, n: int, seed: int = 0) -> Match:
    rng = random.Random(seed)
    for _ in range(n):
        if match.over:
            break
        match.apply_unchecked(match.deal.random_action(rng))
    return match


def seats_for(n: int) -> list[Seat]:
    return [Seat("human", "normal", "Ann")] + [Seat("ai", "easy", "") for _ in range(n - 1)]


def snapshot(path: Path) -> tuple[bytes, int]:
    st = path.stat()
    return path.read_bytes(), st.st_mtime_ns


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize(
    ("vid", "kwargs", "moves"),
    [
        ("crowsnest", {}, 90),  # a few deals in: scores and the dealer have moved on
        ("tractor", {"carry": {"levels": [5, "8"]}}, 150),  # carried levels, past deal 1
        ("doudizhu", {"dealer": 2}, 120),
    ],
)
def test_round_trip_rebuilds_identical_state(registry, tmp_path, vid, kwargs, moves):
    m = play(Match(registry.variant(vid), seed=11, **kwargs), moves, seed=3)
    assert m.deal_no >= 1 and not m.over  # mid-match, scores moved on
    seats = seats_for(m.seats)
    path = savefile.save(m, seats, tmp_path / f"{vid}.toml", registry=registry)

    back, players = savefile.load(path, registry)
    assert back.state() == m.state()
    assert back.log_strings() == m.log_strings()
    assert back.history == m.history
    assert players == seats
    # the future is the same too: both matches accept the same next moves
    rng = random.Random(9)
    for _ in range(40):
        if m.over:
            break
        a = m.deal.random_action(rng)
        text = m.deal.format_action(a)
        m.apply(text)
        back.apply(text)
    assert back.state() == m.state()


def test_tractor_carry_and_levels_survive(registry, tmp_path):
    m = Match(registry.variant("tractor"), seed=4, carry={"levels": [7, 9]})
    play(m, 30)
    path = savefile.save(m, seats_for(4), tmp_path / "t.toml")
    doc = tomllib.loads(path.read_text())
    assert doc["match"]["carry"] == {"levels": [7, 9]}
    back, _ = savefile.load(path, registry)
    assert back.scores == m.scores == (7, 9)
    assert back.state()["levels"] == m.state()["levels"]


def test_fixed_deal_and_text_seed_round_trip(registry, tmp_path):
    v = registry.variant("doudizhu")
    probe = Match(v, seed=1)
    st = probe.state()
    deal = {"hands": st["hands"], "bottom": st["where"]["bottom"]}
    m = play(Match(v, seed="family night", deal=deal, first=1), 25)
    path = savefile.save(m, seats_for(3), tmp_path / "d.toml")
    back, _ = savefile.load(path, registry)
    assert back.seed == "family night"
    assert back.state() == m.state()


def test_save_is_human_readable_with_every_field(registry, tmp_path):
    m = play(Match(registry.variant("crowsnest"), seed=5), 12)
    path = savefile.save(m, seats_for(4), tmp_path / "s.toml", registry=registry)
    doc = tomllib.loads(path.read_text())
    assert doc["format"] == "crowsnest-save" and doc["format_version"] == 1
    assert doc["game_version"] and doc["saved_at"].endswith("Z")
    assert doc["match"]["variant"] == "crowsnest" and doc["match"]["plugin"] == "rook"
    assert doc["match"]["plugin_origin"] == "built-in"
    assert doc["match"]["seats"] == 4 and doc["match"]["seed"] == 5
    assert doc["match"]["options"] == dict(m.options)
    assert doc["actions"] == m.log_strings()
    assert doc["players"][0] == {"name": "Ann", "kind": "human", "level": "normal"}
    assert doc["summary"]["scores"] == list(m.scores)


def test_save_refuses_to_overwrite_a_file_that_is_not_a_save(registry, tmp_path):
    m = Match(registry.variant("crowsnest"), seed=1)
    p = tmp_path / "notes.toml"
    p.write_text("my = 'config'\n")
    before = snapshot(p)
    with pytest.raises(SaveError, match="not overwritten"):
        savefile.save(m, seats_for(4), p)
    assert snapshot(p) == before


# ---------------------------------------------------------------- bad saves


def good_doc(registry, tmp_path) -> dict:
    m = play(Match(registry.variant("crowsnest"), seed=2), 40)
    p = savefile.save(m, seats_for(4), tmp_path / "good.toml", registry=registry)
    return tomllib.loads(p.read_text())


def write(tmp_path: Path, doc: dict, name: str = "bad.toml") -> Path:
    p = tmp_path / name
    p.write_text(tomli_w.dumps(doc))
    return p


def expect_error(path: Path, registry, *parts: str) -> str:
    before = snapshot(path)
    with pytest.raises(SaveError) as err:
        savefile.load(path, registry)
    msg = str(err.value)
    assert msg.startswith(str(path)), msg  # names the file
    for part in parts:
        assert part in msg, msg
    assert "\n" not in msg
    assert snapshot(path) == before  # never changed, never deleted
    return msg


def test_not_a_save_file(registry, tmp_path):
    p = tmp_path / "a.toml"
    p.write_text("[display]\nwidth = 800\n")
    expect_error(p, registry, "is not a CrowsNest Arcade save file")
    q = tmp_path / "b.toml"
    q.write_text("format = 'crowsnest-save'\nactions = [\n")
    expect_error(q, registry, "not valid TOML")
    r = tmp_path / "c.toml"
    r.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    expect_error(r, registry, "not UTF-8")
    with pytest.raises(SaveError, match="no such save file"):
        savefile.load(tmp_path / "missing.toml", registry)


def test_unknown_format_version(registry, tmp_path):
    doc = good_doc(registry, tmp_path)
    doc["format_version"] = 7
    doc["game_version"] = "9.9"
    p = write(tmp_path, doc)
    expect_error(p, registry, "version 7", "written by CrowsNest Arcade 9.9", "reads version 1")


def test_unknown_variant_names_the_missing_or_disabled_plugin(registry, tmp_path):
    doc = good_doc(registry, tmp_path)
    p = write(tmp_path, doc)
    no_rook = load_registry(user_folder=False, disabled=["rook"])
    expect_error(p, no_rook, "'crowsnest' is not available", "plugin 'rook' is disabled")

    doc["match"]["variant"] = "whist"
    doc["match"]["plugin"] = "whist-pack"
    p = write(tmp_path, doc, "whist.toml")
    expect_error(p, registry, "'whist' is not available", "'whist-pack' is not installed")

    del doc["match"]["plugin"]
    p = write(tmp_path, doc, "whist2.toml")
    expect_error(p, registry, "no loaded plugin registers it", "crowsnest")


def test_plugin_that_failed_to_load(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    shutil.copy(TESTS / "toyvariant.py", folder / "toyvariant.py")
    reg = load_registry(folders=[folder], user_folder=False, entry_points=False)
    m = play(Match(reg.variant("toy"), seed=3), 5)
    p = savefile.save(m, [Seat(), Seat()], tmp_path / "toy.toml", registry=reg)
    (folder / "toyvariant.py").write_text("raise RuntimeError('disk on fire')\n")
    broken = load_registry(folders=[folder], user_folder=False, entry_points=False)
    expect_error(p, broken, "plugin 'toyvariant' failed to load", "disk on fire")


def test_bad_option(registry, tmp_path):
    doc = good_doc(registry, tmp_path)
    doc["match"]["options"]["no_such_rule"] = True
    expect_error(write(tmp_path, doc), registry, "rule option", "unknown option 'no_such_rule'")


def test_bad_fields_name_the_key(registry, tmp_path):
    doc = good_doc(registry, tmp_path)
    doc["players"][2]["kind"] = "robot"
    expect_error(write(tmp_path, doc), registry, "'players[2].kind'", "robot")
    doc = good_doc(registry, tmp_path)
    doc["match"]["dealer"] = 9
    expect_error(write(tmp_path, doc, "d.toml"), registry, "'match.dealer'", "0 to 3")


def test_refused_action_names_number_action_and_reason(registry, tmp_path):
    doc = good_doc(registry, tmp_path)
    actions = doc["actions"]
    # replace a play with a card its player does not hold (another seat holds it)
    v = registry.variant("crowsnest")
    m = Match(v, seed=2, dealer=doc["match"].get("dealer"))
    k = next(i for i, a in enumerate(actions) if a.startswith("play"))
    for a in actions[:k]:
        m.apply(a)
    other = next(s for s in range(4) if s != m.to_move and m.state()["hands"][s])
    card = m.state()["hands"][other][0]
    doc["actions"][k] = f"play {card}"
    msg = expect_error(write(tmp_path, doc), registry, f"action {k + 1} 'play {card}'", "refused")
    reason = m.check(f"play {card}")
    assert reason and reason in msg


def test_actions_after_the_end_of_the_match(registry, tmp_path):
    v = registry.variant("doudizhu")
    m = play(Match(v, seed=8), 5000)
    assert m.over
    p = savefile.save(m, seats_for(3), tmp_path / "over.toml")
    doc = tomllib.loads(p.read_text())
    doc["actions"].append("pass")
    expect_error(write(tmp_path, doc), registry, "after the end of the match")


# ---------------------------------------------------------------- autosave


def test_autosaver_follows_the_match_through_undo_and_clears_at_the_end(registry, tmp_path):
    path = tmp_path / "saves" / "current.toml"
    auto = Autosaver(path, registry)
    try:
        v = registry.variant("doudizhu")
        m = Match(v, seed=6)
        seats = seats_for(3)
        rng = random.Random(1)
        assert auto.update(m, seats)
        assert not auto.update(m, seats)  # nothing new: nothing queued
        for _ in range(30):
            m.apply_unchecked(m.deal.random_action(rng))
            auto.update(m, seats)
        assert auto.flush()
        assert savefile.load(path, registry)[0].state() == m.state()
        # an undo rebuilds a new Match with a shorter log: the file follows
        shorter = m.fresh()
        for a in m.log[:17]:
            shorter.apply_unchecked(a)
        auto.update(shorter, seats)
        assert auto.flush()
        assert savefile.load(path, registry)[0].state() == shorter.state()
        while not shorter.over:
            shorter.apply_unchecked(shorter.deal.random_action(rng))
        auto.update(shorter, seats)
        assert auto.flush()
        assert not path.exists()  # a finished match leaves nothing to continue
        assert auto.error is None
    finally:
        auto.close()


def test_autosaver_never_loses_a_corrupt_or_other_save(registry, tmp_path):
    path = tmp_path / "current.toml"
    path.write_text("this is = not [a save\n")
    junk = path.read_bytes()
    auto = Autosaver(path, registry)
    try:
        m1 = play(Match(registry.variant("crowsnest"), seed=1), 10)
        auto.update(m1, seats_for(4))
        assert auto.flush()
        assert auto.moved_aside is not None and auto.moved_aside.read_bytes() == junk
        assert "unreadable" in auto.moved_aside.name
        first = path.read_bytes()
    finally:
        auto.close()
    # a new session, a new match: the first match is kept as previous.toml
    auto = Autosaver(path, registry)
    try:
        m2 = play(Match(registry.variant("crowsnest"), seed=2), 4)
        auto.update(m2, seats_for(4))
        assert auto.flush()
        assert (tmp_path / "previous.toml").read_bytes() == first
        assert savefile.load(path, registry)[0].state() == m2.state()
    finally:
        auto.close()


def test_continuing_the_same_match_overwrites_in_place(registry, tmp_path):
    path = tmp_path / "current.toml"
    m = play(Match(registry.variant("crowsnest"), seed=3), 10)
    savefile.save(m, seats_for(4), path)
    back, seats = savefile.load(path, registry)
    auto = Autosaver(path, registry)
    try:
        play(back, 3, seed=5)
        auto.update(back, seats)
        assert auto.flush()
        assert not (tmp_path / "previous.toml").exists()
        assert savefile.load(path, registry)[0].state() == back.state()
    finally:
        auto.close()


def test_autosave_path_beside_a_config(tmp_path):
    cfg = tmp_path / "family.toml"
    assert savefile.autosave_path(cfg) == tmp_path / "family-saves" / "current.toml"
    assert savefile.autosave_path(None) == savefile.default_autosave_path()


def test_a_finished_continued_match_removes_its_save_even_before_any_write(registry, tmp_path):
    path = tmp_path / "current.toml"
    v = registry.variant("doudizhu")
    m = play(Match(v, seed=8), 5000)
    assert m.over
    before_end = m.fresh()
    for a in m.log[:-1]:
        before_end.apply_unchecked(a)
    savefile.save(before_end, seats_for(3), path)
    other = tmp_path / "other.toml"
    savefile.save(play(Match(v, seed=9), 3), seats_for(3), other)
    auto = Autosaver(path, registry)
    try:
        auto.update(m, seats_for(3))  # the first thing this autosaver sees is the end
        assert auto.flush()
        assert not path.exists()
        auto2 = Autosaver(other, registry)
        auto2.update(m, seats_for(3))  # another match's save is not this one's to remove
        assert auto2.flush() and other.exists()
        auto2.close()
    finally:
        auto.close()
