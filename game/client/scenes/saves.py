"""The Saves screen: the autosave, the named save slots and the finished matches, each
with its game, players, date, score and deal; continue, rename and delete (asked first).

Everything comes from crowsnest.records.saveslots (the same list `crowsnest saves` prints)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pygame
from crowsnest.i18n import _, ngettext, variant_text
from crowsnest.records.saveslots import saves_report
from crowsnest.records.seats import display_name

from ..input import Act, InputEvent
from ..online import drop_ticket, load_tickets, tables_held, tickets_file
from ..scene import Scene
from ..widgets import DONE, GOLD, INK, MUTED, RED, Button, Menu, TextEdit, panel
from .common import ConfirmScene

if TYPE_CHECKING:
    from crowsnest.records.store import Store


def local_time(iso: str) -> str:
    """An ISO UTC time as the player's local date and time ("2026-12-01 10:15")."""
    try:
        t = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return iso or _("an unknown time")
    return t.astimezone().strftime("%Y-%m-%d %H:%M")


@dataclass
class Entry:
    kind: str  # "autosave", "slot", "finished" or "online" (a seat held at an online table)
    title: str
    detail: str
    key: Any = None  # the slot id or the match id
    problem: str = ""  # why it cannot be continued
    resumable: bool = False


def _names(players: list[dict[str, Any]]) -> str:
    return ", ".join(
        display_name(p["name"]) if p["name"] else _("Seat {n}").format(n=p["seat"] + 1)
        for p in players
    )


def _scores(scores: Any) -> str:
    return " : ".join(str(s) for s in scores) if isinstance(scores, list) else "?"


def entries(report: dict[str, Any], variant_name: Callable[[str], str]) -> list[Entry]:
    out: list[Entry] = []
    auto = report.get("autosave")
    if auto is not None:
        if "problem" in auto:
            out.append(Entry("autosave", _("Autosave"), "", problem=auto["problem"]))
        elif not auto["over"]:
            out.append(
                Entry(
                    "autosave",
                    _("Autosave (the game in progress)"),
                    detail(
                        variant_name(auto["variant"]),
                        _names(auto["players"]),
                        _("deal {n}").format(n=auto["deal"]),
                        _scores(auto["scores"]),
                        local_time(auto["saved_at"]),
                    ),
                    resumable=True,
                )
            )
    for s in report.get("slots", []):
        if "problem" in s:
            out.append(Entry("slot", s["name"], "", key=s["id"], problem=s["problem"]))
            continue
        where = _("finished") if s["over"] else _("deal {n}").format(n=s["deal"])
        out.append(
            Entry(
                "slot",
                s["name"],
                detail(
                    variant_name(s["variant"]),
                    _names(s["players"]),
                    where,
                    _scores(s["scores"]),
                    local_time(s["saved_at"]),
                ),
                key=s["id"],
                resumable=not s["over"],
            )
        )
    for h in report.get("history", []):
        won = " & ".join(h["winner_names"]) or _("nobody")
        out.append(
            Entry(
                "finished",
                _("Finished: {game}, won by {names}").format(game=h["variant_name"], names=won),
                detail(
                    _names(h["players"]),
                    ngettext("{n} deal", "{n} deals", h["deals"]).format(n=h["deals"]),
                    _scores(h["scores"]),
                    local_time(h["finished_at"]),
                ),
                key=h["id"],
            )
        )
    return out


def detail(*parts: str) -> str:
    """The second line of an entry: its facts side by side."""
    return "  |  ".join(parts)


class SavesScene(Scene):
    """Up/down choose a save; left/right choose an action; Enter does it."""

    def __init__(self) -> None:
        super().__init__()
        self.items: list[Entry] = []
        self.index = 0
        self.scroll = 0
        self.message = ""
        self.renaming: TextEdit | None = None  # the new name being typed
        self.buttons = Menu(
            [
                Button(_("Continue"), "continue"),
                Button(_("Rename"), "rename"),
                Button(_("Delete"), "delete"),
                Button(_("Back"), "back"),
            ],
            self._press,
        )

    # ---- data

    def on_push(self) -> None:
        self.reload()

    def reload(self) -> None:
        app = self.app
        db = app.db
        if app.save_path is not None:
            app.flush_saves()
        report = (
            saves_report(db, app.save_path, app.prefs.look.names)
            if app.save_path is not None
            else {}
        )
        if db is None:
            self.message = _("Save slots and finished games need a settings file (none in use)")
        elif db.problems and not self.message:
            self.message = ngettext(
                "{count} record could not be read and was left out",
                "{count} records could not be read and were left out",
                len(db.problems),
            ).format(count=len(db.problems))

        def vname(vid: str) -> str:
            try:
                v = app.registry.variant(vid)
                return variant_text(v, v.name)
            except Exception:  # noqa: BLE001 - a game whose plugin is gone: its id
                return vid

        self.items = [*self._online(vname), *entries(report, vname)]
        self.index = max(0, min(self.index, len(self.items) - 1))
        self._enable()
        self.resize(self.size)

    def _online(self, vname: Callable[[str], str]) -> list[Entry]:
        """Seats this window holds at online tables (client/online.py tickets): tap to
        rejoin; Delete forgets the seat here (the table goes on; the computer plays it)."""
        path = tickets_file(self.app)
        out = []
        for seats in tables_held(load_tickets(path)) if path is not None else []:
            t = seats[0]
            if len(seats) == 1:
                where = _("seat {n}").format(n=t.seat + 1)
            else:  # several players at one window: every seat comes back
                where = _("seats {numbers}").format(
                    numbers=", ".join(str(x.seat + 1) for x in seats)
                )
            out.append(
                Entry(
                    "online",
                    _("Online table {code}, tap to rejoin").format(code=t.code),
                    detail(
                        vname(t.variant) if t.variant else "",
                        where,
                        t.server.removeprefix("ws://"),
                    ),
                    key=t,
                    resumable=True,
                )
            )
        return out

    @property
    def current(self) -> Entry | None:
        return self.items[self.index] if 0 <= self.index < len(self.items) else None

    def _enable(self) -> None:
        e = self.current
        on = {
            "continue": bool(e and e.resumable),
            "rename": bool(e and e.kind == "slot"),
            "delete": bool(e and e.kind in ("slot", "finished", "online")),
            "back": True,
        }
        for b in self.buttons.buttons:
            b.enabled = on[b.value]
        if not self.buttons.buttons[self.buttons.focus].enabled:
            self.buttons.focus = next(i for i, b in enumerate(self.buttons.buttons) if b.enabled)

    # ---- actions

    def _db(self) -> Store:
        """The store the listed slots and matches come from (listed only with one)."""
        db = self.app.db
        assert db is not None, "saves listed without a store"
        return db

    def _press(self, b: Button) -> None:
        getattr(self, f"do_{b.value}")()

    def do_back(self) -> None:
        self.close()

    def do_continue(self) -> None:
        e = self.current
        if e is None or not e.resumable:
            return
        if e.kind == "online":
            self.app.stack.push(self.app.scene("rejoin", self.app, e.key))
            return
        try:
            slot = self._db().slot(e.key) if e.kind == "slot" else None
            if e.kind == "slot" and slot is None:
                raise ValueError(_("it was deleted meanwhile"))
            self.app.continue_match(self.app.load_saved(slot), slot.name if slot else None)
        except Exception as ex:  # noqa: BLE001 - a save that cannot go on says why, never crashes
            self.message = _("It cannot be continued: {why}").format(why=ex)

    def do_rename(self) -> None:
        e = self.current
        if e is None or e.kind != "slot":
            return
        slot = self._db().slot(e.key)
        self.renaming = TextEdit(slot.name if slot else "")  # all selected: typing replaces
        self.message = _("Type the new name, Enter to keep it, Escape to cancel")
        pygame.key.start_text_input()

    def _finish_rename(self, keep: bool) -> None:
        name = self.renaming.text if self.renaming is not None else ""
        self.renaming = None
        pygame.key.stop_text_input()
        e = self.current
        if not keep or e is None:  # None: the list changed under the typing
            self.message = _("Unchanged")
            return
        from crowsnest.records.store import StoreError

        try:
            self._db().rename_slot(e.key, name)
        except (ValueError, StoreError) as ex:
            self.message = _("Not renamed: {why}").format(why=ex)
            return
        self.message = _("Renamed to '{name}'").format(name=name.strip())
        self.reload()

    def do_delete(self) -> None:
        e = self.current
        if e is None or e.kind not in ("slot", "finished", "online"):
            return
        if e.kind == "online":
            t = e.key

            def forget() -> None:
                drop_ticket(t.server, t.code, tickets_file(self.app))
                self.message = _("Forgotten")
                self.reload()

            self.app.stack.push(
                ConfirmScene(
                    _(
                        "Forget your seat at table {code}? The computer plays it from then on."
                    ).format(code=t.code),
                    _("Forget"),
                    forget,
                )
            )
            return
        if e.kind == "slot":
            question = _("Delete the save '{name}'? It cannot be brought back.").format(
                name=e.title
            )
        else:
            question = _("Delete this finished game? Its statistics go with it.")

        def delete() -> None:
            from crowsnest.records.store import StoreError

            db = self._db()
            try:
                ok = db.delete_slot(e.key) if e.kind == "slot" else db.delete_match(e.key)
            except StoreError as ex:
                self.message = _("Not deleted: {why}").format(why=ex)
                return
            self.message = _("Deleted") if ok else _("It was already gone")
            self.reload()

        self.app.stack.push(ConfirmScene(question, _("Delete"), delete))

    # ---- input

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        if self.renaming is not None:
            got = self.renaming.key(ev)
            if got is not None:
                self._finish_rename(got == DONE)
            return None
        if a in (Act.BACK, Act.MENU, Act.ALT_CLICK):
            self.close()
            return None
        if a in (Act.UP, Act.DOWN) and self.items:
            self.index = (self.index + (1 if a is Act.DOWN else -1)) % len(self.items)
            self._scroll_to()
            self._enable()
            return None
        if a is Act.SCROLL:
            self.scroll = max(0, min(self.scroll - ev.index, max(0, len(self.items) - self.rows)))
            return None
        if a in (Act.POINT, Act.CLICK) and ev.pos is not None:
            for i in range(self.scroll, min(len(self.items), self.scroll + self.rows)):
                if self._row_rect(i).collidepoint(ev.pos):
                    if a is Act.CLICK:
                        self.index = i
                        self._enable()
                    return None
        self.buttons.process_event(ev)
        return None

    def _scroll_to(self) -> None:
        if self.index < self.scroll:
            self.scroll = self.index
        elif self.index >= self.scroll + self.rows:
            self.scroll = self.index - self.rows + 1

    # ---- layout and drawing

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not self.app:
            return
        ui = self.app.ui
        W, H = size
        bw, bh, gap = ui(180), ui(48), ui(16)
        total = 4 * bw + 3 * gap
        if total > W - ui(20):  # a narrow window: narrower buttons
            bw = (W - ui(20) - 3 * gap) // 4
            total = 4 * bw + 3 * gap
        for i, b in enumerate(self.buttons.buttons):
            b.rect = pygame.Rect(W // 2 - total // 2 + i * (bw + gap), H - ui(20) - bh, bw, bh)
        self.buttons.columns = 4
        self.row_h = ui(64)
        self.top = ui(100)
        self.width = min(W - ui(40), ui(1000))
        self.rows = max(1, (H - self.top - bh - ui(80)) // self.row_h)
        self._scroll_to()

    def _row_rect(self, i: int) -> pygame.Rect:
        ui = self.app.ui
        W = self.size[0]
        y = self.top + (i - self.scroll) * self.row_h
        return pygame.Rect(W // 2 - self.width // 2, y, self.width, self.row_h - ui(6))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(surface.get_size()), (0, 0))
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        text.draw(surface, _("Saves"), ui(44), (W // 2, ui(50)), GOLD, True, "center")
        box = pygame.Rect(
            W // 2 - self.width // 2 - ui(12),
            self.top - ui(10),
            self.width + ui(24),
            self.rows * self.row_h + ui(14),
        )
        panel(surface, box)
        if not self.items:
            empty = _(
                "Nothing saved yet: a game in progress is saved by itself, and Save to a "
                "slot in the pause menu keeps it under a name."
            )
            y = self.top + ui(16)
            for line in text.wrap(empty, ui(18), self.width - ui(24)):
                text.draw(surface, line, ui(18), (W // 2, y), MUTED, False, "midtop")
                y += ui(24)
        for i in range(self.scroll, min(len(self.items), self.scroll + self.rows)):
            e = self.items[i]
            r = self._row_rect(i)
            if i == self.index:
                pygame.draw.rect(surface, (70, 100, 86), r, border_radius=6)
                pygame.draw.rect(surface, GOLD, r, 2, border_radius=6)
            tw = r.width - ui(24)
            if self.renaming is not None and i == self.index:
                self.renaming.draw(
                    surface, text, ui(21), (r.left + ui(12), r.top + ui(6)), anchor="topleft"
                )
            else:
                text.draw(
                    surface,
                    text.fit(e.title, ui(21), tw, True),
                    ui(21),
                    (r.left + ui(12), r.top + ui(6)),
                    INK,
                    True,
                )
            detail, colour = (e.problem, RED) if e.problem else (e.detail, MUTED)
            text.draw(
                surface,
                text.fit(detail, ui(16), tw),
                ui(16),
                (r.left + ui(12), r.top + ui(34)),
                colour,
            )
        if self.scroll + self.rows < len(self.items):
            text.draw(
                surface,
                _("more below"),
                ui(15),
                (W // 2, box.bottom + ui(4)),
                MUTED,
                False,
                "midtop",
            )
        self.buttons.draw(surface, text, ui(22))
        if self.message:
            msg = text.fit(self.message, ui(18), W - ui(40))
            y = self.buttons.buttons[0].rect.top - ui(16)
            text.draw(surface, msg, ui(18), (W // 2, y), GOLD, False, "center")
