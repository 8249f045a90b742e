"""The title screen: the way into everything else."""

from __future__ import annotations

import pygame

from ..widgets import MUTED
from .common import MenuScene, draw_footer


class TitleScene(MenuScene):
    title = "CrowsNest Arcade"
    subtitle = "Card games around one table"

    def on_push(self) -> None:
        self.set_items(
            [
                ("New game", self.new_game),
                ("Rules", self.rules),
                ("Settings", self.settings),
                ("Plugins", self.plugins),
                ("Quit", self.app.quit),
            ]
        )

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
            v = self.app.registry.variant("crowsnest")
            deck = v.deck.build(v.resolve_options(None), v.default_seats)
        except Exception:  # noqa: BLE001 - decoration only: no CrowsNest, no fans
            return
        from .table import bird_name

        assets = self.app.assets
        assets.set_bird_label(bird_name(v))
        h = max(60, size[1] // 4)
        assets.set_card_height(h)
        names = [("R14", "Y14", "BIRD", "G14", "B14"), ("R5", "G10", "Y5", "B10", "R10")]
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
