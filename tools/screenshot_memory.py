"""Render the Saves, Statistics, first-game coach and How to play screens to PNG,
headless, with a store filled by real matches (fixed seeds), for docs/ and for looking at them.

    python tools/screenshot_memory.py [FOLDER] [--size 1280x720]

FOLDER defaults to docs/screenshots. Nothing of the user's is read or written: the
config and the store live in a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402
from crowsnest.client.app import App  # noqa: E402
from crowsnest.client.prefs import PrefsStore  # noqa: E402
from crowsnest.client.scenes.coach import CoachScene  # noqa: E402
from crowsnest.client.scenes.howto import HowToScene  # noqa: E402
from crowsnest.client.scenes.saves import SavesScene  # noqa: E402
from crowsnest.client.scenes.stats import StatsScene  # noqa: E402
from crowsnest.client.scenes.table import TableScene  # noqa: E402
from crowsnest.client.scenes.title import TitleScene  # noqa: E402
from crowsnest.client.session import LocalGame, SeatSetup  # noqa: E402
from crowsnest.records.saveslots import save_to_slot  # noqa: E402
from crowsnest.records.stats import record_of  # noqa: E402
from crowsnest.testing import play_match  # noqa: E402


def fill(app: App) -> None:
    """Twelve finished CrowsNest matches and two Dou Dizhu ones for "You", two slots."""
    reg = app.registry
    seats = [SeatSetup("human", "normal", "")] + [SeatSetup("ai", "normal")] * 3
    names = ["You", "West", "North", "East"]
    for i in range(12):
        lv = "hard" if i % 3 == 0 else "normal"
        s = [seats[0]] + [SeatSetup("ai", lv)] * 3
        m = play_match(reg.variant("crowsnest"), seed=100 + i, level="normal")
        day = f"2026-11-{10 + i:02d}T19:{10 + i:02d}:00Z"
        app.db.add_match(
            record_of(m, s, names, started_at=day, finished_at=day, seconds=900 + 30 * i)
        )
    for i in range(2):
        m = play_match(reg.variant("doudizhu"), seed=7 + i, level="easy")
        day = f"2026-11-2{4 + i}T20:00:00Z"
        app.db.add_match(
            record_of(
                m, seats[:3], ["You", "West", "East"], started_at=day, finished_at=day, seconds=600
            )
        )
    for vid, seed, moves, who in (("crowsnest", 5, 60, "Sunday with Gran"), ("tractor", 9, 90, "")):
        v = reg.variant(vid)
        sess = LocalGame(v, [SeatSetup("human", "normal", "")] + [SeatSetup()] * 3, seed=seed)
        for _ in range(moves):
            sess.apply(sess.match.deal.random_action(random.Random(seed)))
        save_to_slot(app.db, sess.match, sess.seat_setups, name=who or None, registry=reg)
        sess.close()


def coach_shot(app: App, path: Path) -> None:
    """The coach's card at the first trick a human plays in CrowsNest."""
    v = app.registry.variant("crowsnest")
    seats = [SeatSetup("human", "normal", "")] + [SeatSetup("ai", "normal")] * 3
    sess = LocalGame(v, seats, seed=5)
    rng = random.Random(5)
    while not (sess.match.phase == "play" and sess.match.to_move == 0):
        sess.apply(sess.match.deal.random_action(rng))
    table = TableScene(sess)
    app.coach.resumed[id(sess)] = -1  # dealt here, not a game continued from a save
    app.stack.replace(table)
    for _ in range(400):
        app.step(0.05)
        if isinstance(app.stack.top, CoachScene):
            break
    app.step(0.02)
    pygame.image.save(app.screen, path)
    print(path)
    app.stack.replace(TitleScene())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", nargs="?", default="docs/screenshots")
    ap.add_argument("--size", default="1280x720")
    args = ap.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    out = Path(args.folder)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="crowsnest-shots-") as tmp:
        app = App(PrefsStore(Path(tmp) / "config.toml"), size=(w, h))
        try:
            app.prefs.speed = 0
            app.stack.push(TitleScene())
            fill(app)
            for name, scene in (("saves", SavesScene()), ("statistics", StatsScene())):
                app.stack.push(scene)
                app.step(0.02)
                pygame.image.save(app.screen, out / f"{name}.png")
                print(out / f"{name}.png")
                app.stack.pop()
            coach_shot(app, out / "coach.png")
            howto = HowToScene()
            app.stack.push(howto)
            howto.page = [p.task for p in howto.pages].index("follow")
            howto._page()
            hand = howto.cards()
            legal = {a[1][0] for a in howto.follow.legal_actions()}
            howto.pick_card(next(c for c in hand if c not in legal))  # the engine's reason
            app.step(0.02)
            pygame.image.save(app.screen, out / "howto.png")
            print(out / "howto.png")
        finally:
            app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
