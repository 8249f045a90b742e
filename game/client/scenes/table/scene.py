"""The table scene: its state and lifecycle. What it does lives in its rooms (flow,
animate, paint, controls, words); see the package doc."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from crowsnest.engine import Action
from crowsnest.engine.presentation import Centre, Text, player_hint, say

from ...game import MatchLike, TableGame
from ...layout import MIN_SIZE, TableLayout, table_layout
from ...scene import Scene
from ...tweens import Tweener
from ...widgets import Menu
from ...words import Words
from .animate import AnimateRoom
from .controls import ControlsRoom
from .flow import FlowRoom
from .online import OnlineRoom
from .paint import PaintRoom, line_height
from .room import CardSprite
from .view import TableView


class TableScene(FlowRoom, AnimateRoom, PaintRoom, ControlsRoom, OnlineRoom, Scene):
    def __init__(self, session: TableGame) -> None:
        super().__init__()
        self.session = session
        self.seen_rebuilt = session.rebuilt  # the game's rebuilds the table has re-read
        self.seen_changed = session.changed
        self.words = Words(session, lambda: self.bottom)
        self.tweener = Tweener()
        self.sprites: list[CardSprite] = []  # flying cards (drawn on top)
        self.trick: list[CardSprite] = []  # cards lying in the middle
        self.beats: list[Callable[[], None]] = []
        self.calls: dict[int, str] = {}  # what each seat called, on its plate
        self.bid_choice: Action | None = None  # an amount picked, not yet confirmed
        self.plate_text: list[tuple[int, pygame.Rect]] = []  # words drawn on plates
        self.portrait_rects: dict[int, pygame.Rect] = {}  # portraits drawn on plates
        self.banner = ""
        self.banner_left = 0.0
        self.reason = ""
        self.selected: set[int] = set()
        self.zone = "hand"
        self.hand_focus = 0
        self.hover = -1
        self.hint_cards: set[int] = set()
        self.hint_wait = False
        self.hurry = False
        self.ai_clock = 0.0
        self._pass_clock = 0.0  # how long a pass-only turn has been shown (auto-pass)
        self.dealing: dict[int, int] | None = None
        self.between = False  # a deal just ended: hide the hands (the match dealt anew)
        self.trick_winner: int | None = None
        self._ai_ready = -1  # an AI seat whose answer waits for the pace
        self.others_moved = False  # another seat moved since a human here last could
        self.selection_name = ""  # what the selected cards form, where the game says
        self.piles: list[tuple[str, list[str]]] = []  # revealed on the end-of-deal sheet
        self.viewer: int | None = None
        self.last_seen: int | None = None  # the last human who saw the table
        self.frame_faces: set[int] = set()
        self._view = TableView()
        # While the end-of-deal sheet is up the top bar describes the finished deal (its
        # trump, bid, points), not the next one the match has already dealt.
        self.bar_view: TableView | None = None
        self.panel_menu = Menu([], self._press)
        self.toolbar = Menu([], self._tool)
        self.toolbar_left = 0
        self._legal: list[Action] = []
        self._hand_cache: tuple[tuple[int, int], list[int]] | None = None  # (bottom, log length)
        self._centre_cache: tuple[int, Centre] | None = None
        self.card_kind: str | None = None
        self.single = False
        self.playable: set[int] = set()
        self._known: set[str] | None = None  # the deck's card names
        self._rich_cache: dict[tuple[str, int, Any], pygame.Surface] = {}
        humans = session.humans
        if len(humans) == 1:
            self.viewer = self.last_seen = humans[0]
        # Never None: a provisional layout at the smallest window until on_push lays the
        # table out at the window's size with the player's card and text sizes.
        self.lay: TableLayout = table_layout(
            MIN_SIZE, session.seats, self.bottom, clockwise=session.variant.clockwise
        )

    # ---- the view, typed

    @property
    def view(self) -> TableView:
        return self._view

    @view.setter
    def view(self, raw: Any) -> None:
        """Set from a view's JSON (cleaned against the deck) or a TableView."""
        self._view = TableView.of(raw, self._known_names())
        self._centre_cache = None

    def _known_names(self) -> set[str]:
        if self._known is None:
            self._known = set(self.match.deck.names)
        return self._known

    # ---- lifecycle

    def on_push(self) -> None:
        self.tweener.speed = self.app.prefs.speed
        self.app.assets.use_variant(self.session.variant)
        self.refresh()
        self.relayout()  # now that the view is known (a dummy adds a place)
        self._rebuild_calls()  # a game resumed mid-auction shows the calls made so far
        if len(self.match.log) == self.session.deal_start:
            self.start_deal()  # a fresh deal: shuffle and deal it on screen

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app is not None and size[0] > 0:
            self.relayout()

    def relayout(self) -> None:
        self.lay = table_layout(
            self.size,
            self.positions,
            self.bottom,
            self.app.prefs.card_scale,
            clockwise=self.session.variant.clockwise,
            max_play=self.largest_play(),
            plate_min=self.plate_room(),
        )
        self.tweener.finish_all()
        self._rebuild_trick()
        self._build_toolbar()
        self._build_panel()

    def plate_room(self) -> tuple[int, int, int]:
        """The plate size its words need at the player's text size: the longest name,
        and three lines of words under it (count, "partner", the game's words, the
        call: French at 640x480 needs them all; a name beside the dealer's mark that
        no longer fits takes one of them)."""
        text, ui = self.app.text, self.app.ui
        bold = text.fonts(ui(18), True)
        names = [bold.size(self.name_of(p))[0] for p in range(self.positions)]
        small = line_height(text.fonts(ui(15)))
        h = ui(4) + line_height(bold) + ui(1) + 3 * small + ui(3)
        # room for the seat's portrait beside the name (the plate shows it where it fits)
        face = self.portrait_side(h) + ui(6) if self.portrait_side(h) else 0
        w = max(names, default=0) + ui(14) + ui(6) + face
        return w, h, h - small  # the local plate shows no card count: a line less

    def largest_play(self) -> int:
        """The game's largest legal play (its presentation says), for the played areas."""
        n = self.words.game.largest_play(self.match.options, self.session.seats)
        return n if isinstance(n, int) and 0 < n < 1000 else 1

    @property
    def positions(self) -> int:
        """Places at the table: the seats, plus the dummy where the game has one."""
        return self.session.seats + (1 if self.view.dummy is not None else 0)

    @property
    def bottom(self) -> int:
        if self.viewer is not None:
            return self.viewer
        humans = self.session.humans
        return humans[0] if humans else 0

    @property
    def match(self) -> MatchLike:
        return self.session.match

    # ---- names and the prompt (the words room renders them)

    def name_of(self, pos: Any) -> str:
        d = self.view.dummy
        return self.words.name_of(pos, d.controller if d is not None else None)

    def possessive(self, pos: Any, start: bool = False) -> str:
        return self.words.possessive(pos, start)

    def panel_title(self) -> str:
        return self.words(self.words.game.panel_title(self._legal, self.view))

    def prompt(self) -> str:
        """What the bottom player is to do now, or whose turn it is."""
        m, s, w = self.match, self.session, self.words
        if m.over:
            return w(say("The game is over"))
        if self.between or self.dealing is not None:
            return w(say("Dealing..."))
        tm = m.to_move
        if tm < 0:
            return ""
        if tm == self.bottom and self.hand_visible():
            if self.tweener.busy or self.beats:
                return ""
            if self.card_kind == "discard":
                hint = player_hint(m.deal.legal_hint())
                return w(w.game.layaway_prompt(hint, len(self.selected), self.view))
            if self.card_kind == "play":
                if self.dummy_turn():
                    return w(say("Play a card for the dummy (its cards are shown below)"))
                if self.single:
                    return w(w.game.play_prompt(self.view, self.controls_phrase()))
                sizes = {len(a[1]) for a in self._legal if a[0] == "play"}
                if self.view.trick and len(sizes) == 1 and min(sizes) > 1:
                    return w(
                        say(
                            "Your turn: select {count} card, then Play selected",
                            plural="Your turn: select {count} cards, then Play selected",
                            count=min(sizes),
                        )
                    )
                return w(say("Your turn: select cards, then Play selected"))
            return w(w.game.choice_prompt(self._legal, self.view))
        if s.is_human(tm):
            if w.is_you(tm):
                return w(say("Your turn"))
            return w(say("{player}'s turn", player=s.names[tm]))
        return w(say("{player} is thinking...", player=s.names[tm]))

    def controls_phrase(self) -> Text:
        """How to play a card with the device in use: the pad's buttons while a pad is in
        use (its glyph for Confirm), else mouse and keys."""
        inp = self.app.input
        if inp.pad_in_use:
            return say("D-pad to choose, {confirm} to play", confirm=inp.label("confirm"))
        return say("click it, or arrows and Enter")
