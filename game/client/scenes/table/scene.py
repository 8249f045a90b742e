"""The table scene: the rooms joined (state, animate, flow, controls) and the painter,
and its lifecycle. What it does lives in its rooms; see the package doc."""

from __future__ import annotations

import pygame

from ...game import TableGame
from .controls import ControlsRoom
from .paint import TablePainter


class TableScene(ControlsRoom):
    def __init__(self, session: TableGame) -> None:
        super().__init__(session)
        self.painter = TablePainter()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint a frozen frame of the state; keep what was drawn where (the tests')."""
        drawn = self.painter.paint(surface, self.frame(), self.app)
        self.drawn, self.plate_text, self.frame_faces = drawn.regions, drawn.plate_text, drawn.faces
        self.portrait_rects, self.plate_names = drawn.portraits, drawn.plate_names

    def on_push(self) -> None:
        self.tweener.speed = self.app.prefs.speed
        self.app.assets.use_variant(self.session.variant)
        self.refresh()
        self.relayout()  # now that the view is known (a dummy adds a place)
        self.app.assets.table(self.size)  # the felt, before the first frame needs it
        self._rebuild_calls()  # a game resumed mid-auction shows the calls made so far
        if len(self.match.log) == self.session.deal_start:
            self.start_deal()  # a fresh deal: shuffle and deal it on screen

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app is not None and size[0] > 0:
            self.relayout()

    def relayout(self) -> None:
        super().relayout()
        # every card of the game at the sizes this layout draws, made in spare time
        self.app.assets.ahead(self.painter.faces(self.match.deck), self.painter.heights(self.lay))
