"""The pseudo-locale at the table (CrowsNest and Tractor, 800x600 and 1280x720, the human
to play): every text inside the window and no two texts overlapping. (A plate's second
line is fitted to its plate by design; tests/i18n/test_pseudo_layout.py checks the
screens where no sentence may be cut.)"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pygame
import pytest
from crowsnest import i18n
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "client"))
from client_driver import make_app  # noqa: E402
from test_pseudo_layout import Recorder  # noqa: E402
from test_table_layout import to_play  # noqa: E402


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["crowsnest", "tractor"])
def test_pseudo_locale_table_text_stays_on_screen_and_apart(variant, size):
    app = make_app(speed=0, size=size)
    i18n.set_language(i18n.PSEUDO)
    v = app.registry.variant(variant)
    seats = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(4)]
    session = LocalGame(v, seats, seed=4)
    to_play(session)
    app.stack.replace(TableScene(session))
    rec = Recorder(app.text)
    app.step(0.0)
    screen = pygame.Rect((0, 0), size)
    assert sum(s.startswith("[") for s, _ in rec.drawn) >= 5  # the table's words, accented
    for s, r in rec.drawn:
        assert screen.contains(r), f"{s!r} at {r} leaves the {size} window"
    for (s1, r1), (s2, r2) in itertools.combinations(rec.drawn, 2):
        if r1 == r2 and s1 == s2:
            continue
        assert not r1.colliderect(r2), f"{s1!r} {r1} overlaps {s2!r} {r2} at {size}"
    app.close()
