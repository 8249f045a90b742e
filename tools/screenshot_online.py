"""Screenshots of the online screens, headless, on a real server on 127.0.0.1:

    python tools/screenshot_online.py [FOLDER] [--size 640x480] [--language fi]

Host a table, Join a table (filled in, at a table that takes no watchers; and a code
with no table), the host's code card, a table with a seat away (its grace counting down;
the computer seats named), the chat's ready-made phrases, the table while its server
restarts, Play online and Saves offering two seats of one table to rejoin, and the
Statistics with an online match. A protocol bot takes a seat and drops, so the away
plate is the real one. FOLDER defaults to ./screenshots/online."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
from crowsnest import i18n  # noqa: E402
from crowsnest.client.app import App  # noqa: E402
from crowsnest.client.online import Link, Ticket, keep_ticket, tickets_file  # noqa: E402
from crowsnest.client.prefs import PrefsStore  # noqa: E402
from crowsnest.client.remote import RemoteGame  # noqa: E402
from crowsnest.client.scenes.coach import CoachScene  # noqa: E402
from crowsnest.client.scenes.online import (  # noqa: E402
    ChatScene,
    CodeCardScene,
    ConnectingScene,
    HostRules,
    JoinScene,
    OnlineMenuScene,
)
from crowsnest.client.scenes.table import TableScene  # noqa: E402
from crowsnest.config import Config  # noqa: E402
from crowsnest.engine import Match  # noqa: E402
from crowsnest.net.client import ThreadClient  # noqa: E402
from crowsnest.net.server import start_in_thread  # noqa: E402

DT = 1 / 30


def app_at(size: tuple[int, int], lang: str) -> App:
    store = PrefsStore(Config())
    store.prefs.speed = 0
    store.prefs.coach = False  # the shots are of the online table, not the coach's cards
    store.prefs.language = lang
    app = App(store, size=size)
    app.save_path = Path(tempfile.mkdtemp()) / "saves" / "autosave.toml"  # tickets, stats
    i18n.set_language(lang)
    return app


def shot(app: App, path: Path) -> Path:
    app.step(DT)
    app.draw()
    pygame.image.save(app.screen, str(path))
    return path


def settle(app: App, seconds: float = 0.6) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(DT)
        time.sleep(0.01)


def take(folder: Path, size: tuple[int, int], lang: str) -> list[Path]:
    tag = f"{size[0]}x{size[1]}-{lang}"
    out: list[Path] = []
    h = start_in_thread("127.0.0.1", 0, Path(tempfile.mkdtemp()) / "db.sqlite3", ai_budget_s=2)
    app = app_at(size, lang)
    try:
        app.prefs.servers = [h.url]
        app.stack.push(app.scene("title"))
        host = app.scene("setup", HostRules())
        app.stack.push(host)
        app.step(DT)
        out.append(shot(app, folder / f"host-{tag}.png"))
        host.focus = len(host.rows) - 4  # the table's rules in view
        host._move(0)
        out.append(shot(app, folder / f"host-rules-{tag}.png"))
        app.stack.remove(host)

        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "random"}]
        seats.append({"kind": "ai", "level": "random"})
        first = {"type": "create", "variant": "crowsnest", "seats": seats}
        first["rules"] = {"grace": 90, "turn": 60, "chat": "presets", "spectators": False}
        app.stack.push(ConnectingScene(Link(h.url, first, name="Aino")))
        end = time.monotonic() + 20
        while time.monotonic() < end and not isinstance(app.stack.top, TableScene):
            if isinstance(app.stack.top, CoachScene):  # the coach's first card: put away
                app.stack.top.close()
            app.step(DT)
            time.sleep(0.01)
        table = app.stack.top
        assert isinstance(table, TableScene), app.stack.top
        game = table.session
        # a second window's Join screen, on this loopback server (it looks at the
        # table as a watcher: the free seats); nothing leaves 127.0.0.1
        join = JoinScene()
        app.stack.push(join)
        join.address, join.code = h.url.removeprefix("ws://"), game.code
        end = time.monotonic() + 10
        while join.free is None and time.monotonic() < end:
            app.step(DT)
            time.sleep(0.01)
        join.focus = 2  # the seat row, its note saying who sits where
        out.append(shot(app, folder / f"join-{tag}.png"))
        join.code = "ZZZZZZ"  # no such table: the seat row says so
        end = time.monotonic() + 10
        while not join.peek_error and time.monotonic() < end:
            app.step(DT)
            time.sleep(0.01)
        out.append(shot(app, folder / f"join-no-table-{tag}.png"))
        app.stack.remove(join)
        app.stack.push(CodeCardScene(game.code, "192.168.1.20:8765"))
        out.append(shot(app, folder / f"code-{tag}.png"))
        app.stack.pop()

        bot = ThreadClient(h.url)
        bot.send({"type": "hello", "lang": lang, "name": "Bo"})
        bot.send({"type": "join", "code": game.code})
        settle(app, 1.0)
        bot.close()  # dropped: the seat is away, its grace counting down
        end = time.monotonic() + 10
        while time.monotonic() < end and game.status(1) != "away":
            app.step(DT)
            time.sleep(0.01)
        settle(app, 1.5)
        table.tweener.finish_all()
        out.append(shot(app, folder / f"away-{tag}.png"))

        app.stack.push(ChatScene(table))
        out.append(shot(app, folder / f"chat-{tag}.png"))
        app.stack.pop()

        h.stop()  # a restart: the window says so and waits, its seat reconnecting
        end = time.monotonic() + 10
        while time.monotonic() < end and not table.banner:
            app.step(DT)
            time.sleep(0.01)
        settle(app, 0.3)
        out.append(shot(app, folder / f"restart-{tag}.png"))
        game.close()
        app.stack.replace(app.scene("title"))
        out += held_seats(app, folder, tag, h.url)
    finally:
        h.stop()
        app.close()
    return out


def held_seats(app: App, folder: Path, tag: str, url: str) -> list[Path]:
    """Two players at this window hold two seats of one table (their tickets), and one
    online match is in the statistics."""
    out = []
    path = tickets_file(app)
    for seat, name in ((0, "Aino"), (2, "Bo")):
        keep_ticket(Ticket(url, "K7QW3M", seat, f"{seat:02d}" * 16, "crowsnest", name), path)
    menu = OnlineMenuScene()
    app.stack.push(menu)
    out.append(shot(app, folder / f"online-menu-{tag}.png"))
    app.stack.pop()
    app.stack.push(app.scene("saves"))
    settle(app, 0.3)
    out.append(shot(app, folder / f"saves-online-{tag}.png"))
    app.stack.pop()

    v = app.registry.variant("doudizhu")
    m, rng = Match(v, seed=4), random.Random(4)
    while not m.over:
        m.apply(m.deal.random_action(rng))
    players = [{"seat": 0, "name": "Aino", "kind": "human", "status": "connected"}]
    players += [{"seat": s, "name": "", "kind": "ai", "level": "normal"} for s in (1, 2)]
    snap = {
        "code": "K7QW3M",
        "you": 0,
        "seats": m.seats,
        "options": dict(m.options),
        "players": players,
        "view": m.view_json(0),
        "over": True,
        "winner": m.winner,
        "scores": list(m.scores),
        "history": list(m.history),
        "end_reason": m.end_reason,
        "deal_no": m.deal_no,
    }
    app.record_match(RemoteGame(v, Finished(), snap))
    stats = app.scene("stats")
    app.stack.push(stats)
    end = time.monotonic() + 10
    while stats.loading and time.monotonic() < end:
        app.step(DT)
        time.sleep(0.01)
    out.append(shot(app, folder / f"stats-online-{tag}.png"))
    app.stack.pop()
    return out


class Finished:
    """The link of a finished table (nothing more comes)."""

    url = "ws://127.0.0.1:8765"

    def poll(self) -> list[dict[str, object]]:
        return []

    def close(self) -> None:
        pass


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="screenshots/online")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--language", default="en")
    a = ap.parse_args(argv)
    w, hgt = (int(x) for x in a.size.split("x"))
    folder = Path(a.folder)
    folder.mkdir(parents=True, exist_ok=True)
    for p in take(folder, (w, hgt), a.language):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
