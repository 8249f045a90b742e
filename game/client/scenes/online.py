"""Online tables in the window: the way from a table's address and code to the table.

`ConnectingScene` holds a `Link` (client/online.py) while it says hello and takes its
place (create, join, resume or watch): it reads the link once a frame (the network is on
its own thread), and on the table's first snapshot it becomes the table scene over a
`RemoteGame`. A failure is a sentence in the player's language with a way back.
"""

from __future__ import annotations

from typing import Any

import pygame
from crowsnest.i18n import _

from ..input import Act, InputEvent
from ..online import Link, Ticket, keep_ticket
from ..remote import RemoteGame, failure_sentence
from ..scene import Scene
from ..widgets import INK, RED, Button, Menu, panel


def tickets_file(app: Any) -> Any:
    """Where this window keeps its seats' tickets: beside the saves (so a `--config`
    profile, and a test, has its own), or None for a window without a save folder."""
    if app.save_path is None:
        return None
    return app.save_path.parent.parent / "online.json"


class ConnectingScene(Scene):
    """ "Connecting to ..." until the table's snapshot; then the table."""

    def __init__(self, link: Link, *, then: Any = None) -> None:
        super().__init__()
        self.link = link
        self.failed = ""
        self.then = then  # called with the table scene once it is open (the host's code card)
        self.table: Any = None
        self.menu = Menu([Button(_("Cancel"), "back")], self._press)
        self.t = 0.0

    def _press(self, b: Button) -> None:
        self.link.close()
        self.close()

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act in (Act.BACK, Act.MENU, Act.ALT_CLICK):
            self._press(self.menu.buttons[0])
            return None
        self.menu.process_event(ev)
        return None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app:
            ui = self.app.ui
            w, h = ui(220), ui(48)
            self.menu.buttons[0].rect = pygame.Rect(
                size[0] // 2 - w // 2, size[1] // 2 + ui(60), w, h
            )

    def update(self, dt: float) -> None:
        self.t += dt
        if self.failed or self.table is not None:
            return
        got = self.link.poll()
        for i, msg in enumerate(got):
            kind = msg.get("type")
            if kind in ("created", "joined") and msg.get("token"):
                self._keep(msg)
            elif kind == "snapshot":
                game = self._open(msg)
                for later in got[i + 1 :]:  # what came with it (a move made at once)
                    if game is not None:
                        game.receive(later)
                return
            elif kind == "error":
                self._fail(str(msg.get("text") or ""), str(msg.get("code") or ""))
                return
            elif kind == "bye":
                self._fail(str(msg.get("text") or ""), str(msg.get("reason") or ""))
                return
            elif kind == "_closed":
                self._fail("", str(msg.get("code") or "unreachable"))
                return

    def _fail(self, text: str, code: str) -> None:
        self.link.close()
        # the server words its refusals in this window's language; the link's own
        # failures (unreachable, another version) are worded here
        self.failed = text or failure_sentence(code)
        self.menu.buttons[0].label = _("Back")

    def _keep(self, msg: dict[str, Any]) -> None:
        path = tickets_file(self.app)
        seat = msg.get("seat")
        if path is None or not isinstance(seat, int):
            return
        keep_ticket(
            Ticket(
                self.link.url,
                str(msg.get("code") or ""),
                seat,
                str(msg["token"]),
                str(self.link.first.get("variant") or ""),
                self.link.name,
            ),
            path,
        )

    def _open(self, snap: dict[str, Any]) -> RemoteGame | None:
        vid = str(snap.get("variant") or "")
        try:
            variant = self.app.registry.variant(vid)
        except Exception:  # noqa: BLE001 - a game this window lacks: said, not raised
            self._fail(
                _("This table plays a game that is not installed here ({game}).").format(game=vid),
                "",
            )
            return None
        game = RemoteGame(variant, self.link, snap)
        self.table = self.app.scene("table", game)
        self.app.stack.replace(self.table)
        if self.then is not None:
            self.then(self.table, game)
        return game

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(surface.get_size()), (0, 0))
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        box = pygame.Rect(0, 0, min(W - ui(40), ui(720)), ui(260))
        box.center = (W // 2, H // 2)
        panel(surface, box, colour=(16, 28, 24, 250))
        if self.failed:
            lines = text.wrap(self.failed, ui(22), box.width - ui(40), True)[:4]
            colour = RED
        else:
            dots = "." * (1 + int(self.t * 2) % 3)
            shown = self.link.url.removeprefix("ws://")
            lines = [_("Connecting to {address}").format(address=shown) + dots]
            colour = INK
        y = box.top + ui(36)
        for line in lines:
            text.draw(surface, line, ui(22), (W // 2, y), colour, True, "midtop")
            y += ui(30)
        self.menu.draw(surface, text, ui(22))
