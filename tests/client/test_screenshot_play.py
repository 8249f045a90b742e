"""tools/screenshot.py --play: a whole deal played on screen, frames saved at the
moments a player looks at (the playtest's eyes)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import screenshot  # noqa: E402


@pytest.mark.slow
def test_play_saves_the_moments_of_a_hot_seat_deal(tmp_path):
    app = screenshot.make_app((800, 600))
    paths = screenshot.play_frames(app, "doudizhu", tmp_path, hotseat=True, deals=1)
    app.close()
    names = [p.name for p in paths]
    assert all(p.exists() and p.stat().st_size > 1000 for p in paths)
    for moment in ("dealing", "privacy", "your-turn", "flying", "sheet-counting", "sheet-done"):
        assert any(moment in n for n in names), (moment, names)
    assert not any("deal2" in n for n in names)  # one deal asked for, one played


def test_play_names_an_unknown_game(tmp_path, capsys):
    assert screenshot.main([str(tmp_path), "--play", "nosuchgame", "--size", "800x600"]) == 2
    assert "no game 'nosuchgame'" in capsys.readouterr().err
