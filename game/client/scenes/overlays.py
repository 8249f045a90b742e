"""Scenes pushed over the table: privacy screen, pause menu, end of deal, game over,
score sheet and last trick.

They know the table only as the object that pushed them (`TableLike`) and other scenes
only by name (`app.scene("title")`), so this module imports no other scene: the table
imports it, never the other way round. Their words come from the game's Presentation
through the table's `Words`.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

import pygame
from crowsnest.engine.presentation import DealSheet, Text, join_words, say
from crowsnest.i18n import _
from crowsnest.records.saveslots import SLOT_TIME, save_to_slot, slot_base_name

from ..game import TableGame
from ..input import Act, InputEvent
from ..scene import Scene
from ..tweens import Tweener
from ..widgets import GOLD, INK, MUTED, TEAM_COLOURS, Button, Menu, panel, shade
from ..words import Words
from .common import MenuScene, NameScene


class TableLike(Protocol):
    """What the overlays use of the table scene that pushed them."""

    session: TableGame
    words: Words
    viewer: int | None

    @property
    def bottom(self) -> int: ...

    @property
    def view(self) -> Any: ...

    def pass_to(self, seat: int) -> None: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> None: ...

    def auction_log(self) -> list[str]: ...

    def process_event(self, ev: InputEvent) -> InputEvent | None: ...

    def name_of(self, pos: Any) -> str: ...

    def say(self, text: str, seconds: float = 2.4) -> None: ...


SHEET = (16, 28, 24, 255)  # sheets are read, not glanced at: opaque (no card ghosts)


def _any_key(ev: InputEvent) -> bool:
    # Escape (MENU) closes a sheet too: every panel closes with Escape
    return ev.act in (Act.CONFIRM, Act.SELECT, Act.CLICK, Act.BACK, Act.MENU)


class PrivacyScene(Scene):
    """Opaque: covers everything (nothing beneath is drawn) until NAME says they are
    the one looking."""

    transparent = False
    hides_table = True  # screens above it (Settings -> Look) must not draw the table either

    def __init__(self, table: TableLike, seat: int) -> None:
        super().__init__()
        self.table, self.seat = table, seat
        self.since_rect: pygame.Rect | None = None  # where "Played since..." was drawn
        name = table.session.names[seat]
        self.button = Button(table.words(say("I am {player}: show my cards", player=name)))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app:
            ui = self.app.ui
            # as wide as its label needs ("Je suis ... : montrer mes cartes" with a long
            # name), inside the panel
            panel_w = min(size[0] - ui(40), ui(760))
            need = self.app.text.fonts(ui(22), True).size(self.button.label)[0] + ui(40)
            self.button.rect = pygame.Rect(0, 0, min(panel_w - ui(20), max(ui(420), need)), ui(56))
            self.button.rect.center = (size[0] // 2, size[1] // 2 + ui(70))

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act is Act.CLICK and ev.pos is not None and not self.button.rect.collidepoint(ev.pos):
            return None
        if ev.act in (Act.CONFIRM, Act.SELECT, Act.CLICK):
            self.close()
            self.table.pass_to(self.seat)
        elif ev.act is Act.UNDO and self.table.can_undo():
            # the player who just decided may still take it back: their turn again
            self.close()
            self.table.undo()
        elif ev.act is Act.MENU:
            self.table.process_event(ev)  # the pause menu is safe: it shows no cards
        return None

    def moved_since(self) -> list[str]:
        """The names of the seats that moved in this deal since this seat last did, in
        the order they first moved (who moved is public; what, the table shows)."""
        s = self.table.session
        actors: list[int] = list(getattr(s, "actors", ()))
        start = getattr(s, "deal_start", 0)
        mine = [i for i in range(start, len(actors)) if actors[i] == self.seat]
        after = mine[-1] + 1 if mine else start  # not moved yet: since the deal began
        seats = dict.fromkeys(x for x in actors[after:] if x != self.seat)
        return [s.names[x] for x in seats if 0 <= x < len(s.names)]

    def since_line(self) -> Text | None:
        """ "Played since your last turn: Otto, Iris" (shown and spoken), or None."""
        names = self.moved_since()
        if not names:
            return None
        return say("Played since your last turn: {players}", players=join_words(names))

    def draw(self, surface: pygame.Surface) -> None:
        # the table's felt and the next player's face; no card of anyone's is drawn
        surface.blit(self.app.assets.table(surface.get_size()), (0, 0))
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        box = pygame.Rect(0, 0, min(W - ui(40), ui(760)), ui(470))
        box.center = (W // 2, H // 2 - ui(20))
        panel(surface, box, colour=(16, 28, 24, 236))
        side = ui(120)
        face = self.app.assets.portrait(self.seat, side)
        surface.blit(face, face.get_rect(center=(W // 2, H // 2 - ui(150))))
        name = self.table.session.names[self.seat]
        words = self.table.words
        title = words(say("Pass to {player}", player=name))
        # inside the panel: smaller type for a long name, then two lines
        room = box.width - ui(40)
        size = text.shrink(title, ui(60), room, True, ui(24))
        lines = text.wrap_hard(title, size, room, True)[:2]
        step = text.fonts(size, True).get_linesize()
        y = H // 2 - ui(60) - step * (len(lines) - 1) // 2
        for ln in lines:
            text.draw(surface, ln, size, (W // 2, y), GOLD, True, "center")
            y += step
        since = self.since_line()
        text.draw(
            surface,
            words(say("Everyone else, please look away.")),
            ui(22),
            (W // 2, H // 2 - (ui(6) if since else 0)),  # room for the line below
            MUTED,
            False,
            "center",
        )
        if since:
            # who played while this player looked away: the computers by their names
            line = words(since)
            size = text.shrink(line, ui(18), room, False, ui(12))
            self.since_rect = text.draw(
                surface, line, size, (W // 2, H // 2 + ui(20)), INK, False, "center"
            )
        self.button.draw(surface, text, ui(22), True)
        text.draw(
            surface,
            words(say("Enter or click when ready")),
            ui(18),
            (W // 2, self.button.rect.bottom + ui(24)),
            MUTED,
            False,
            "center",
        )
        viewer = self.table.viewer
        if viewer is not None and self.table.can_undo():
            key = self.app.input.label(Act.UNDO)
            line = words(
                say(
                    "{player}: press {key} to take back your last move",
                    player=self.table.session.names[viewer],
                    key=key,
                )
            )
            text.draw(
                surface,
                line,
                ui(18),
                (W // 2, self.button.rect.bottom + ui(52)),
                MUTED,
                False,
                "center",
            )


class PauseScene(MenuScene):
    title = "Paused"
    modal = True

    def __init__(self, table: TableLike) -> None:
        super().__init__()
        self.table = table

    def on_push(self) -> None:
        s = self.table.session
        online = s.online
        self.set_items(
            [
                ("Resume", self.close),
                *self._online_items(),
                ("Score sheet", self.scores),
                ("Rules", self.rules),
                ("Settings", self.settings),
                *(
                    [(_("Save to a slot"), self.save_slot)]
                    if self.app.db is not None and not online
                    else []
                ),
                ("New game", self.new_game),
                (
                    "Save and quit to title" if self.app.save_path else "Quit to title",
                    self.to_title,
                ),
                ("Quit game", self.app.quit),
            ]
        )

    def _online_items(self) -> list[tuple[str, Any]]:
        """An online table: chat (where the table has it), the table's code, and for its
        owner the seats (screens of scenes/online.py, opened by name)."""
        s: Any = self.table.session
        if not s.online:
            return []
        app, table = self.app, self.table

        def push(name: Any, *args: Any) -> Any:
            def go() -> None:
                self.close()
                app.stack.push(app.scene(name, *args))

            return go

        items = []
        if s.rules.get("chat", "presets") != "off" and s.presets:
            items.append((_("Say something"), push("chat", table)))
        items.append((_("The table's code"), push("code", s.code, s.address)))
        if s.owner_here:
            items.append((_("Seats at the table"), push("seats", table)))
        return items

    def scores(self) -> None:
        self.app.stack.push(ScoreSheetScene(self.table.session, self.table.words))

    def rules(self) -> None:
        self.app.stack.push(self.app.scene("rules", self.table.session.variant.id))

    def settings(self) -> None:
        self.app.stack.push(self.app.scene("settings"))

    def save_slot(self) -> None:
        """Keep the match under a name the player gives (the Saves screen lists it): the
        default is the slot this match was saved in, else the game and the time."""
        s, db = self.table.session, self.app.db
        assert db is not None  # the pause menu offers Save only with a store
        default = s.slot_name or db.free_slot_name(
            slot_base_name(s.match, time.strftime(SLOT_TIME))
        )
        self.app.stack.push(NameScene(_("Save the game as"), default, self._save_as))

    def _save_as(self, name: str) -> None:
        s = self.table.session
        try:
            db = self.app.db
            assert db is not None  # the pause menu offers Save only with a store
            s.slot_name = save_to_slot(
                db, s.match, s.seat_setups, name=name, registry=self.app.registry
            )
        except Exception as e:  # noqa: BLE001 - saving must never stop the game
            self.table.say(_("The game could not be saved: {why}").format(why=e), 4.0)
        else:
            self.table.say(
                _("Saved as '{name}' (title screen: Saves)").format(name=s.slot_name), 3.0
            )
        self.close()

    def new_game(self) -> None:
        """New game over the paused table: Back comes back here, Start ends this game."""
        self.app.stack.push(self.app.scene("setup", leaving=self.table.session))

    def to_title(self) -> None:
        error = self.app.flush_saves()  # the autosave holds the last move: Continue resumes
        if error:
            self.app.notice = error
        self.table.session.close()
        self.app.stack.replace(self.app.scene("title"))


class _Sheet(Scene):
    """A panel over the shaded table with a Continue button."""

    transparent = True
    button_label = "Continue"
    box_h = 560

    def __init__(self) -> None:
        super().__init__()
        self.button = Button(self.button_label)
        self.box = pygame.Rect(0, 0, 0, 0)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not self.app:
            return
        ui = self.app.ui
        self.box = pygame.Rect(
            0, 0, min(size[0] - ui(40), ui(760)), min(size[1] - ui(40), ui(self.box_h))
        )
        self.box.center = (size[0] // 2, size[1] // 2)
        self.button.rect = pygame.Rect(0, 0, ui(240), ui(50))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - ui(18))

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act is Act.CLICK and ev.pos is not None and not self.button.rect.collidepoint(ev.pos):
            return None
        if _any_key(ev):
            self.done()
        return None

    def done(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 140)
        panel(surface, self.box, colour=SHEET)
        self.draw_body(surface)
        self.button.draw(surface, self.app.text, self.app.ui(22), True)

    def draw_body(self, surface: pygame.Surface) -> None: ...

    def draw_table(
        self,
        surface: pygame.Surface,
        top: int,
        header: list[str],
        rows: list[list[str]],
        colours: list[Any] | None = None,
        footer: list[str] | None = None,
    ) -> int:
        """Columns as wide as their widest cell (the spare room shared out), in smaller
        type where the box is narrow: a long cell never runs into the next column."""
        ui, text = self.app.ui, self.app.text
        n = len(header)
        x0 = self.box.left + ui(30)
        room = self.box.width - ui(60)
        gap = ui(16)
        size = ui(20)
        for size in (ui(20), ui(18), ui(16), ui(14), ui(12)):
            widths = self._column_widths([header, *([footer] if footer else [])], rows, size)
            if sum(widths) + gap * (n - 1) <= room:
                break
        spare = max(0, room - sum(widths) - gap * (n - 1)) // max(1, n)
        xs, x = [], x0
        for w in widths:
            xs.append(x)
            x += w + spare + gap
        for j, h in enumerate(header):
            col = colours[j] if colours and colours[j] else GOLD
            text.draw(surface, h, size, (xs[j], top), col, True)
        step: int = max(ui(26), text.fonts(size).get_linesize() + ui(2))
        y: int = top + max(ui(30), step + ui(4))
        for row in rows:
            for j, cell in enumerate(row[:n]):
                text.draw(surface, cell, size, (xs[j], y), INK, False)
            y += step
        if footer:  # the totals, bold, under the same columns
            y += ui(8)
            for j, cell in enumerate(footer[:n]):
                text.draw(surface, cell, size, (xs[j], y), GOLD, True)
            y += step
        return y

    def _column_widths(
        self, bold_rows: list[list[str]], rows: list[list[str]], size: int
    ) -> list[int]:
        bold, plain = self.app.text.fonts(size, True), self.app.text.fonts(size)
        widths = [0] * len(bold_rows[0])
        for row in bold_rows:
            for j, cell in enumerate(row[: len(widths)]):
                widths[j] = max(widths[j], bold.size(cell)[0])
        for row in rows:
            for j, cell in enumerate(row[: len(widths)]):
                widths[j] = max(widths[j], plain.size(cell)[0])
        return widths


class EndOfDealScene(_Sheet):
    """What the deal was worth; the score change counts up. The columns and the lines
    that say why are the game's (`Presentation.deal_sheet`)."""

    box_h = 420

    def __init__(
        self,
        session: TableGame,
        ev: dict[str, Any],
        piles: list[tuple[str, list[str]]] | None = None,
        words: Words | None = None,
    ) -> None:
        super().__init__()
        self.session, self.ev = session, ev
        self.words = words or Words(session, lambda: 0)
        self.button.label = self.words(say("Continue"))
        self.piles = list(piles or [])  # (caption, card names) shown face up: the nest
        if self.piles:
            self.box_h = 520
        self.shown = 0.0  # 0..1, tweened

    def on_push(self) -> None:
        self.tweener = Tweener(self.app.prefs.speed)
        self.tweener.animate(self, "out_cubic", 1.2, shown=1.0)

    def update(self, dt: float) -> None:
        self.tweener.update(dt)

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if self.tweener.busy and _any_key(ev):
            self.tweener.finish_all()  # the first key completes the count-up
            return None
        return super().process_event(ev)

    def sheet(self) -> DealSheet:
        got = self.words.game.deal_sheet(self.ev, list(self.session.names))
        if isinstance(got, DealSheet):
            return got
        return DealSheet((say("Points taken"), say("Change"), say("Score")))

    def draw_body(self, surface: pygame.Surface) -> None:
        ui, text, words = self.app.ui, self.app.text, self.words
        s = self.session
        title = self.title_text()
        text.draw(
            surface, title, ui(34), (self.box.centerx, self.box.top + ui(36)), GOLD, True, "center"
        )
        sheet = self.sheet()
        rows = self.rows(self.shown)
        header = ["", *(words(c) for c in sheet.columns)]
        y = self.draw_table(surface, self.box.top + ui(80), header, rows)
        for line in self._details():
            text.draw(surface, line, ui(20), (self.box.centerx, y + ui(14)), MUTED, False, "center")
            y += ui(26)
        assets = self.app.assets
        deck = s.match.deck
        for caption, names in self.piles:
            y += ui(14)
            text.draw(surface, caption, ui(19), (self.box.centerx, y + ui(10)), INK, True, "center")
            y += ui(26)
            assets.set_card_height(ui(84))
            cw = assets.card_size[0]
            ids = [deck.ids(n)[0] for n in names if deck.ids(n)]
            x = self.box.centerx - (len(ids) * (cw + ui(6))) // 2
            for c in ids:
                surface.blit(assets.card_face(deck, c), (x, y))
                x += cw + ui(6)
            y += ui(90)

    def title_text(self) -> str:
        return self.words(
            say("End of deal {number}", number=self.ev.get("deal", self.session.match.deal_no))
        )

    def rows(self, f: float = 1.0) -> list[list[str]]:
        """The sheet's rows (side, taken, change, score), the change counted up to `f`."""
        words, ev = self.words, self.ev
        sheet = self.sheet()
        pts = ev.get("points", [])
        ch = ev.get("score_change", [])
        sc = ev.get("scores", [])
        rows = []
        for i, lab in enumerate(words.side_rows()):
            change = ch[i] if i < len(ch) else 0
            total = sc[i] if i < len(sc) else 0
            before = total - change
            now = round(before + change * f)
            value = words.game.score_value(now) if sheet.levels else str(now)
            rows.append(
                [lab, str(pts[i]) if i < len(pts) else "", f"{round(change * f):+d}", str(value)]
            )
        return rows

    def spoken(self) -> list[str]:
        """The sheet read aloud: its title, a sentence per side (the game's column
        titles with their values), the game's reasons, and the cards shown."""
        words = self.words
        cols = [words(c) for c in self.sheet().columns]
        out = [self.title_text()]
        for side, taken, change, score in self.rows():
            out.append(
                words(
                    # TRANSLATORS: a side's row of the end-of-deal sheet read aloud; the
                    # column titles are the game's ("Points taken", "Change", "Score")
                    say(
                        "{side}: {first} {taken}, {second} {change}, {third} {score}",
                        side=side,
                        first=cols[0],
                        taken=taken or "0",
                        second=cols[1],
                        change=change,
                        third=cols[2],
                        score=score,
                    )
                )
            )
        out += self._details()
        deck = self.session.match.deck
        for caption, names in self.piles:
            cards = words(words.game.card_words([n for n in names if deck.ids(n)], deck))
            out.append(words(say("{caption}: {cards}", caption=caption, cards=cards)))
        return out

    def _details(self) -> list[str]:
        """The game's sentences on why the deal scored as it did."""
        return [self.words(t) for t in self.sheet().lines if isinstance(t, Text)]


class GameOverScene(_Sheet):
    button_label = "New game"
    box_h = 440

    def __init__(self, session: TableGame, ev: dict[str, Any], words: Words | None = None) -> None:
        super().__init__()
        self.session, self.ev = session, ev
        self.words = words or Words(session, lambda: 0)
        self.button.label = self.words(say("New game"))
        self.title_button = Button(self.words(say("Title screen")))
        self.menu = Menu([self.button, self.title_button], self._press, columns=2)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not self.app:
            return
        ui = self.app.ui
        r = self.button.rect
        self.button.rect = r.move(-r.width // 2 - ui(10), 0)
        self.title_button.rect = self.button.rect.move(r.width + ui(20), 0)

    def _press(self, b: Button) -> None:
        self.session.close()
        self.app.stack.replace(self.app.scene("title"))
        if b is self.button:
            self.app.stack.push(self.app.scene("setup"))

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act is Act.SCORES:
            self.app.stack.push(ScoreSheetScene(self.session, self.words))
            return None
        self.menu.process_event(ev)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 160)
        panel(surface, self.box, colour=SHEET)
        self.draw_body(surface)
        self.menu.draw(surface, self.app.text, self.app.ui(22))

    def winner_text(self) -> str:
        s, words = self.session, self.words
        w = self.ev.get("winner", s.match.winner)
        bottom = words.viewer()
        teams = s.match.teams
        if isinstance(w, int) and 0 <= w < (len(teams) if teams else s.seats):
            if teams:
                us = bottom in teams[w] and s.is_human(bottom)
                who = [s.names[x] for x in teams[w] if not (us and x == bottom)]
                # "Ada and Ben", "Ada, Ben and Cleo": the last "and" is the sentence's
                mates = (
                    say("{others} and {last}", others=", ".join(who[:-1]), last=who[-1])
                    if len(who) > 1
                    else "".join(who)
                )
                if us and mates:
                    return words(say("You and {players} win the game!", players=mates))
                if us:
                    return words(say("You win the game!"))
                return words(say("{players} win the game", players=mates))
            if s.is_human(w) and len(s.humans) == 1:
                return words(say("You win the game!"))
            return words(say("{player} wins the game", player=s.names[w]))
        if isinstance(w, list | tuple):
            sides = ", ".join(s.side_names()[i] for i in w if isinstance(i, int))
            return words(say("Winners: {players}", players=sides))
        return words(say("Game over"))

    def draw_body(self, surface: pygame.Surface) -> None:
        ui, text = self.app.ui, self.app.text
        s = self.session
        text.draw(
            surface,
            self.words(say("Game over")),
            ui(40),
            (self.box.centerx, self.box.top + ui(40)),
            GOLD,
            True,
            "center",
        )
        text.draw(
            surface,
            self.winner_text(),
            ui(28),
            (self.box.centerx, self.box.top + ui(90)),
            INK,
            True,
            "center",
        )
        words = self.words
        labels = words.side_rows()
        rows = [
            [lab, str(words.game.score_value(sc))]
            for lab, sc in zip(labels, s.match.scores, strict=False)
        ]
        reason = words(s.match.end_text or s.match.end_reason)
        if reason:
            text.draw(
                surface,
                reason,
                ui(18),
                (self.box.centerx, self.box.top + ui(122)),
                MUTED,
                False,
                "center",
            )
        header = ["", words(say("Final score"))]
        y = self.draw_table(surface, self.box.top + ui(150), header, rows)
        text.draw(
            surface,
            words(
                say(
                    "{count} deal played  (Tab: score sheet)",
                    plural="{count} deals played  (Tab: score sheet)",
                    count=s.match.deal_no,
                )
            ),
            ui(20),
            (self.box.centerx, y + ui(16)),
            MUTED,
            False,
            "center",
        )


class ScoreSheetScene(_Sheet):
    """Every scored deal of the match (match.history) and the running totals."""

    button_label = "Close"

    def __init__(self, session: TableGame, words: Words | None = None) -> None:
        super().__init__()
        self.session = session
        self.words = words or Words(session, lambda: 0)
        self.button.label = self.words(say("Close"))
        self.scroll = 0

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act in (Act.SCROLL, Act.UP, Act.DOWN):
            step = -1 if ev.act is Act.DOWN or (ev.act is Act.SCROLL and ev.index < 0) else 1
            self.scroll = max(0, self.scroll - step)
            return None
        if ev.act in (Act.SCORES, Act.MENU):
            self.close()
            return None
        return super().process_event(ev)

    def draw_body(self, surface: pygame.Surface) -> None:
        ui, text = self.app.ui, self.app.text
        s = self.session
        words = self.words
        text.draw(
            surface,
            words(say("Score sheet")),
            ui(34),
            (self.box.centerx, self.box.top + ui(36)),
            GOLD,
            True,
            "center",
        )
        short = words.side_labels()
        column = words.game.history_column()
        cells = [words.game.history_cell(h) for h in s.match.history] if column else []
        has_bids = column is not None and any(c is not None for c in cells)
        header = [words(say("Deal")), *([words(column)] if has_bids else []), *short]
        rows = []
        for k, h in enumerate(s.match.history):
            ch = h.get("score_change", [])
            sc = h.get("scores", [])
            contract = [words(cells[k])] if has_bids else []
            changes = [
                f"{c:+d}  ({words.game.score_value(t)})" for c, t in zip(ch, sc, strict=False)
            ]
            rows.append([str(h.get("deal", "")), *contract, *changes])
        if not rows:
            text.draw(
                surface,
                words(say("No deal has been scored yet.")),
                ui(22),
                (self.box.centerx, self.box.centery),
                MUTED,
                False,
                "center",
            )
            return
        step = max(ui(26), text.fonts(ui(20)).get_linesize() + ui(2))
        fit = max(1, (self.box.height - ui(200)) // step)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        shown = rows[self.scroll : self.scroll + fit]
        colours = [
            None,
            *([None] if has_bids else []),
            *[TEAM_COLOURS[i % len(TEAM_COLOURS)] for i in range(len(short))],
        ]
        totals = [str(words.game.score_value(x)) for x in s.match.scores]
        total = [words(say("Total")), *([""] if has_bids else []), *totals]
        self.draw_table(surface, self.box.top + ui(80), header, shown, colours, total)
        if len(rows) > fit:
            text.draw(
                surface,
                words(say("scroll for more")),
                ui(16),
                (self.box.right - ui(20), self.box.top + ui(80)),
                MUTED,
                False,
                "topright",
            )


class LastTrickScene(_Sheet):
    """The previous trick, each card by the seat that played it, and the deal's calls
    in order (the auction log; before the first trick, the calls alone)."""

    button_label = "Close"
    box_h = 500

    def __init__(self, table: TableLike) -> None:
        super().__init__()
        self.table = table
        self.button.label = table.words(say("Close"))

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act is Act.LAST_TRICK:
            self.close()
            return None
        return super().process_event(ev)

    def _draw_calls(self, surface: pygame.Surface, calls: list[str], y: int, full: bool) -> None:
        ui, text, words = self.app.ui, self.app.text, self.table.words
        if not calls:
            if full:
                line = words(say("No trick has been played yet in this deal."))
                text.draw(surface, line, ui(22), self.box.center, MUTED, False, "center")
            return
        width = self.box.width - ui(60)
        if full:  # one call a line, in columns when many
            title = words(say("Calls this deal, in order"))
            text.draw(surface, title, ui(22), (self.box.centerx, y), INK, True, "center")
            y += ui(34)
            room = max(1, (self.button.rect.top - ui(16) - y) // ui(26))
            cols = max(1, -(-len(calls) // room))
            cw = width // cols
            for i, c in enumerate(calls[: room * cols]):
                cx = self.box.left + ui(30) + (i // room) * cw
                line = text.fit(c, ui(19), cw - ui(10))
                text.draw(surface, line, ui(19), (cx, y + (i % room) * ui(26)), INK, False)
            return
        # every call, in the two lines above the button, smaller type for a long
        # auction, and upwards into the room under the cards before anything is lost
        line = words(say("Calls: {calls}", calls="  ".join(calls)))
        for size in (ui(17), ui(15), ui(13)):
            lines = text.wrap(line, size, width)
            if len(lines) <= 2:
                break
        step = text.fonts(size).get_linesize() + ui(2)
        y = min(y, self.button.rect.top - ui(12) - len(lines) * step)
        for k, ln in enumerate(lines):
            text.draw(surface, ln, size, (self.box.centerx, y + k * step), MUTED, False, "midtop")

    def draw_body(self, surface: pygame.Surface) -> None:
        ui, text, assets = self.app.ui, self.app.text, self.app.assets
        t = self.table
        words = t.words
        deck = t.session.match.deck
        text.draw(
            surface,
            words(say("Last trick")),
            ui(34),
            (self.box.centerx, self.box.top + ui(36)),
            GOLD,
            True,
            "center",
        )
        plays = t.view.last_trick
        winner = t.view.last_trick_winner
        calls = t.auction_log()
        if not plays:
            self._draw_calls(surface, calls, self.box.top + ui(80), full=True)
            return
        self._draw_calls(surface, calls, self.button.rect.top - ui(52), full=False)
        h = min(ui(170), self.box.height - ui(220))
        assets.set_card_height(h)
        cw = assets.card_size[0]
        n = len(plays)
        gap = ui(24)
        total = n * cw + (n - 1) * gap
        x = self.box.centerx - total // 2
        y = self.box.top + ui(90)
        used: set[int] = set()
        ring = assets.card_outline("selected")
        for seat, names in plays:
            won = seat == winner
            for k, nm in enumerate(names):
                c = next((i for i in deck.ids(nm) if i not in used), deck.ids(nm)[0])
                used.add(c)
                pos = (x + k * ui(14), y + k * ui(6))
                surface.blit(assets.card_face(deck, c), pos)
                if won:
                    surface.blit(ring, pos)
            text.draw(
                surface,
                t.name_of(seat),  # a position: the dummy has one too
                ui(20),
                (x + cw // 2, y + h + ui(22)),
                GOLD if won else INK,
                True,
                "center",
            )
            if won:
                text.draw(
                    surface,
                    words(say("won it")),
                    ui(17),
                    (x + cw // 2, y + h + ui(46)),
                    GOLD,
                    True,
                    "center",
                )
            x += cw + gap
