"""The title screen: the way into everything else."""

from __future__ import annotations

import pygame
from crowsnest.engine.presentation import presentation_of
from crowsnest.engine.safe import exc_text
from crowsnest.i18n import N_, _
from crowsnest.records import savefile
from crowsnest.records.seats import display_name, seat_names

from ..online import load_tickets, tickets_file
from ..widgets import INK, MUTED, RED
from .common import MenuScene, draw_footer


def cannot_continue(why: str) -> str:
    return _("The saved game cannot be continued: {why}").format(why=why)


class TitleScene(MenuScene):
    title = N_("CrowsNest Arcade")
    subtitle = N_("Card games around one table")

    saved: savefile.Loaded | None = None  # the autosaved match when it can go on
    save_line = ""  # what the title says about it, or why it cannot go on
    save_bad = False

    def on_push(self) -> None:
        self.saved, self.save_line, self.save_bad = self._find_save()
        self._menu()

    def _menu(self) -> None:
        self.set_items(
            [
                *([(_("Continue"), self.continue_game)] if self.saved else []),
                *([(_("Rejoin online table"), self.online)] if self._seats_held() else []),
                (_("New game"), self.new_game),
                (_("Play online"), self.online),
                (_("Saves"), self.saves),
                (_("Statistics"), self.statistics),
                (_("How to play"), self.howto),
                (_("Rules"), self.rules),
                (_("Settings"), self.settings),
                (_("Plugins"), self.plugins),
                (_("Quit"), self.app.quit),
            ]
        )

    def _seats_held(self) -> bool:
        """A seat at an online table this window left (closed or crashed) waits for it."""
        path = tickets_file(self.app)
        return path is not None and bool(load_tickets(path))

    def online(self) -> None:
        self.app.stack.push(self.app.scene("online"))  # it lists the seats to rejoin first

    def _find_save(self) -> tuple[savefile.Loaded | None, str, bool]:
        """(the autosaved match if it can be continued, the line to show, whether that
        line is a problem). A bad save is reported in one line and left as it is."""
        path = self.app.save_path
        if path is None:
            return None, "", False
        self.app.flush_saves()  # a game just left: its last move is on disk first
        if not path.exists():
            return None, "", False
        try:
            got = self.app.load_saved()
        except savefile.SaveError as e:
            return None, e.player or cannot_continue(str(e)), True
        except Exception as e:  # noqa: BLE001 - a plugin failing in replay must not stop the title
            return None, cannot_continue(exc_text(e)), True
        if got.match.over:
            return None, "", False
        keys = seat_names(list(got.players), got.match.variant.clockwise, self.app.prefs.look.names)
        names = [display_name(k) for k in keys]
        what = savefile.describe(got.match, got.players, names)
        return got, _("Saved game: {what}").format(what=what), False

    def continue_game(self) -> None:
        got = self.saved
        if got is None:
            return
        try:
            self.app.continue_match(got)
        except Exception as e:  # noqa: BLE001 - say why on the title, never crash
            self.saved, self.save_bad = None, True
            self.save_line = cannot_continue(exc_text(e))
            self._menu()

    def new_game(self) -> None:
        self.app.stack.push(self.app.scene("setup"))

    def saves(self) -> None:
        self.app.stack.push(self.app.scene("saves"))

    def statistics(self) -> None:
        self.app.stack.push(self.app.scene("stats"))

    def howto(self) -> None:
        self.app.stack.push(self.app.scene("howto"))

    def rules(self) -> None:
        self.app.stack.push(self.app.scene("rules", self.app.prefs.variant))

    def settings(self) -> None:
        self.app.stack.push(self.app.scene("settings"))

    def plugins(self) -> None:
        self.app.stack.push(self.app.scene("plugins"))

    def resume(self) -> None:
        # back from the Saves screen (a slot deleted, the autosave continued elsewhere):
        # what Continue offers may have changed
        if getattr(self, "_was_paused", False):
            self._was_paused = False
            self.saved, self.save_line, self.save_bad = self._find_save()
            self._menu()

    def pause(self) -> None:
        self._was_paused = True

    def on_back(self) -> None:
        pass  # Escape on the title does not quit by accident; "Quit" does

    def language_changed(self) -> None:
        self._menu()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app and self.items:
            self._fit_menu(size)
        self._fans: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if self.app:
            self._build_fans(size)

    def _fit_menu(self, size: tuple[int, int]) -> None:
        """The column of buttons between the subtitle and the saved-game line: with many
        entries (Continue, Saves, Statistics...) the buttons get lower, never over the
        subtitle or the lines under the menu."""
        ui = self.app.ui
        W, H = size
        top = round(H * 0.2) + ui(54) + ui(26)
        bottom = H - ui(36) - (ui(50) if self.saved or self.save_line else 0)
        n = len(self.items)
        gap = ui(10)
        h = max(ui(30), min(ui(48), (bottom - top + gap) // n - gap))
        w = ui(320)
        self.menu.layout_column(W // 2 - w // 2, top, w, h, gap)

    def _build_fans(self, size: tuple[int, int]) -> None:
        """Two fans of cards beside the menu, rendered once per window size."""
        try:
            v = self.app.registry.variant(self.app.prefs.variant)
            deck = v.deck.build(v.resolve_options(None), v.default_seats)
            names = presentation_of(v).showcase(deck)
        except Exception:  # noqa: BLE001 - decoration only: no game, no fans
            return
        assets = self.app.assets
        assets.use_variant(v)
        # the fans stay clear of the menu's column (a card is about 0.7 of its height
        # wide; a fan, its cards turned, spans about 3.4 cards round a sixth of the width)
        room = size[0] // 2 - self.app.ui(170) - size[0] // 6
        h = max(60, min(size[1] // 4, round(room / 1.2)))
        assets.set_card_height(h)
        for side, hand in enumerate(names):
            cards = [deck.ids(n)[0] for n in hand if deck.ids(n)]
            if not cards:
                continue
            w = assets.card_size[0]
            canvas = pygame.Surface((w * 4, h * 2), pygame.SRCALPHA)
            n = len(cards)
            for i, c in enumerate(cards):
                angle = (i - (n - 1) / 2) * -12
                img = pygame.transform.rotozoom(assets.card_face(deck, c), angle, 1.0)
                cx = canvas.get_width() // 2 + (i - (n - 1) / 2) * w * 0.42
                canvas.blit(img, img.get_rect(center=(cx, h + abs(i - (n - 1) / 2) * h * 0.05)))
            x = size[0] // 6 if side == 0 else size[0] * 5 // 6
            self._fans.append((canvas, (x, size[1] * 58 // 100)))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        for img, centre in getattr(self, "_fans", []):
            surface.blit(img, img.get_rect(center=centre))
        self.draw_menu(surface)
        if self.save_line and self.menu.buttons:
            ui, (W, H), text = self.app.ui, surface.get_size(), self.app.text
            lines = text.wrap(self.save_line, ui(18), W - ui(80), True)
            y = self.menu.buttons[-1].rect.bottom + ui(24)
            # as many lines as fit above the key hint (at least one), the last one cut
            # short: the whole sentence is in `crowsnest replay FILE`
            room = max(1, min(3, (H - ui(46) - y) // ui(22) + 1))
            if len(lines) > room:
                lines = [
                    *lines[: room - 1],
                    text.fit(" ".join(lines[room - 1 :]), ui(18), W - ui(80), True),
                ]
            colour = RED if self.save_bad else INK
            for line in lines:
                text.draw(surface, line, ui(18), (W // 2, y), colour, True, "center")
                y += ui(22)
        if self.app.notice:
            draw_footer(self, surface, self.app.notice)
            return
        ui = self.app.ui
        W, H = surface.get_size()
        how = (
            _("D-pad or stick and A; B back, Start menu, X hint, Y undo.")
            if self.app.input.pad_in_use
            else _("Arrow keys and Enter, or the mouse.  F1 rules, F11 fullscreen.")
        )
        self.app.text.draw(
            surface,
            how,
            ui(18),
            (W // 2, H - ui(24)),
            MUTED,
            False,
            "center",
        )
