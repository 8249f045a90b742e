"""The title screen: the way into everything else."""

from __future__ import annotations

import pygame
from crowsnest.engine.presentation import presentation_of

from ..widgets import INK, MUTED, RED
from .common import MenuScene, draw_footer


class TitleScene(MenuScene):
    title = "CrowsNest Arcade"
    subtitle = "Card games around one table"

    saved: object = None  # the autosaved match (savefile.Loaded) when it can go on
    save_line = ""  # what the title says about it, or why it cannot go on
    save_bad = False

    def on_push(self) -> None:
        self.saved, self.save_line, self.save_bad = self._find_save()
        self._menu()

    def _menu(self) -> None:
        self.set_items(
            [
                *([("Continue", self.continue_game)] if self.saved else []),
                ("New game", self.new_game),
                ("Rules", self.rules),
                ("Settings", self.settings),
                ("Plugins", self.plugins),
                ("Quit", self.app.quit),
            ]
        )

    def _find_save(self) -> tuple[object, str, bool]:
        """(the autosaved match if it can be continued, the line to show, whether that
        line is a problem). A bad save is reported in one line and left as it is."""
        path = self.app.save_path
        if path is None:
            return None, "", False
        self.app.flush_saves()  # a game just left: its last move is on disk first
        if not path.exists():
            return None, "", False
        from crowsnest import savefile

        try:
            got = savefile.load_full(path, self.app.registry)
        except savefile.SaveError as e:
            return None, f"The saved game cannot be continued: {e}", True
        except Exception as e:  # noqa: BLE001 - a plugin failing in replay must not stop the title
            return None, f"The saved game cannot be continued: {type(e).__name__}: {e}", True
        if got.match.over:
            return None, "", False
        from ..session import seat_names

        names = seat_names(list(got.players), got.match.variant.clockwise)
        return got, "Saved game: " + savefile.describe(got.match, got.players, names), False

    def continue_game(self) -> None:
        from ..session import Session
        from .table import TableScene

        got = self.saved
        if got is None:
            return
        try:
            session = Session.resume(got.match, list(got.players))
        except Exception as e:  # noqa: BLE001 - say why on the title, never crash
            self.saved, self.save_bad = None, True
            self.save_line = f"The saved game cannot be continued: {type(e).__name__}: {e}"
            self._menu()
            return
        self.app.stack.replace(TableScene(session))

    def new_game(self) -> None:
        from .setup import SetupScene

        self.app.stack.push(SetupScene())

    def rules(self) -> None:
        from .info import RulesScene

        self.app.stack.push(RulesScene(self.app.prefs.variant))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.stack.push(SettingsScene())

    def plugins(self) -> None:
        from .info import PluginsScene

        self.app.stack.push(PluginsScene())

    def on_back(self) -> None:
        pass  # Escape on the title does not quit by accident; "Quit" does

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self._fans: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if self.app:
            self._build_fans(size)

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
        h = max(60, size[1] // 4)
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
            ui, W, text = self.app.ui, surface.get_width(), self.app.text
            lines = text.wrap(self.save_line, ui(18), W - ui(80), True)
            if len(lines) > 3:  # the whole sentence is in `crowsnest replay FILE`
                lines = [*lines[:2], text.fit(" ".join(lines[2:]), ui(18), W - ui(80), True)]
            y = self.menu.buttons[-1].rect.bottom + ui(24)
            colour = RED if self.save_bad else INK
            for line in lines:
                text.draw(surface, line, ui(18), (W // 2, y), colour, True, "center")
                y += ui(22)
        if self.app.notice:
            draw_footer(self, surface, self.app.notice)
            return
        ui = self.app.ui
        W, H = surface.get_size()
        self.app.text.draw(
            surface,
            "Arrow keys and Enter, or the mouse.  F1 rules, F11 fullscreen.",
            ui(18),
            (W // 2, H - ui(24)),
            MUTED,
            False,
            "center",
        )
