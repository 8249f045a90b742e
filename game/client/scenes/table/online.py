"""The online room: what a table at a server adds to a local one, once a frame. A chime
and a mark in the window's title when a seat of this window is to move and the window is
not in front; the question when another seat asks to take a move back (undo by
agreement). The words of the seats' state are on the plates (paint.py)."""

from __future__ import annotations

from typing import Any

import pygame
from crowsnest.i18n import _

from ..common import ConfirmScene
from ..overlays import EndOfDealScene, GameOverScene
from .animate import AnimateRoom


def window_in_front() -> bool:
    """Whether the player is looking at this window (it has the keyboard)."""
    try:
        return bool(pygame.key.get_focused())
    except pygame.error:
        return True


class UndoVoteScene(ConfirmScene):
    """Another seat asks to take its last move back: yes or no (Back says no)."""

    def __init__(self, question: str, vote: Any) -> None:
        super().__init__(question, _("Agree"), lambda: None)
        self.menu.buttons[1].label = _("Refuse")
        self.vote = vote

    def _press(self, b: Any) -> None:
        self.close()
        self.vote(bool(b.value))

    def process_event(self, ev: Any) -> Any:
        from ...input import Act

        if ev.act in (Act.BACK, Act.MENU, Act.ALT_CLICK):
            self.close()
            self.vote(False)
            return None
        self.menu.process_event(ev)
        return None


class OnlineRoom(AnimateRoom):
    def online_update(self) -> None:
        s = self.session
        if not s.online:
            return
        self._turn_mark()
        self._undo_vote()
        self._closed()
        self._missed_deal()

    def _missed_deal(self) -> None:
        """A deal ended while this window was away (a drop, a closed window): its sheet,
        as it would have been shown, once the table is in front again; when the match
        ended too, the match's sheet after it."""
        s: Any = self.session  # an online table's (RemoteGame)
        ev, over = getattr(s, "missed_deal", None), getattr(s, "missed_over", None)
        if (ev is None and over is None) or self.app.stack.top is not self or self.beats:
            return
        s.missed_deal = s.missed_over = None
        if over is not None:
            self.app.stack.push(GameOverScene(s, over, self.words))
        if ev is not None:
            self.app.stack.push(EndOfDealScene(s, ev, [], self.words))

    def _closed(self) -> None:
        """The connection is gone for good (taken off the table, the server shutting
        down, the seat's ticket refused): say why, once, with the way to the title (a
        seat still held is offered there: Rejoin online table)."""
        why = getattr(self.session, "closed_why", "")
        if not why or self.closed_said:
            return
        self.closed_said = True

        def leave() -> None:
            self.session.close()
            self.app.stack.replace(self.app.scene("title"))

        self.app.stack.push(ConfirmScene(why, _("To the title"), leave))

    def _turn_mark(self) -> None:
        s, m = self.session, self.match
        mine = not m.over and m.to_move >= 0 and s.plays_here(m.to_move)
        front = window_in_front()
        if mine and not front and not self.turn_marked:
            self.app.audio.play("turn")
            self.title_before = pygame.display.get_caption()[0] or "CrowsNest Arcade"
            pygame.display.set_caption(_("(Your turn) {title}").format(title=self.title_before))
            self.turn_marked = True
        elif self.turn_marked and (front or not mine):
            pygame.display.set_caption(self.title_before)
            self.turn_marked = False

    def _undo_vote(self) -> None:
        s = self.session
        asker = getattr(s, "undo_question", None)
        if asker is None or self.vote_open is not None:
            if asker is None and self.vote_open is not None:
                if self.vote_open in self.app.stack:  # withdrawn or decided meanwhile
                    self.app.stack.remove(self.vote_open)
                self.vote_open = None
            return
        question = _("{player} asks to take back their last move. Do you agree?").format(
            player=s.names[asker]
        )

        def vote(yes: bool) -> None:
            self.vote_open = None
            voter = getattr(s, "vote_undo", None)  # an online table's (RemoteGame)
            if voter is not None:
                voter(yes)

        self.vote_open = UndoVoteScene(question, vote)
        self.app.stack.push(self.vote_open)
