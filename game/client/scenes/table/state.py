"""The table's state, declared once: `TableState` holds every field the rooms share (set
in its `__init__`) and the questions asked of them (the view, whose hand is shown, what
the bottom player is to do). Each room is a layer over it (animate, then flow, then
controls), and a room only uses what it or a layer beneath it defines, so every name a
room uses of `self` is found by reading down the chain (tests/client/test_table_rooms.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import ceil
from types import MappingProxyType
from typing import Any

import pygame
from crowsnest import i18n
from crowsnest.engine import Action
from crowsnest.engine.presentation import BAR_RANKS, Centre, Fact, Text, player_hint, say

from ...game import MatchLike, TableGame
from ...layout import MIN_SIZE, TableLayout, table_layout
from ...scene import Scene
from ...tweens import Tweener
from ...widgets import INK, MUTED, TEAM_COLOURS, Button, Menu
from ...words import Words, log_phase
from ..overlays import PrivacyScene
from .frame import BarItem, Flight, MiddleRow, ShelfRow, TableFrame
from .room import CardSprite, card_ids, line_height, portrait_side
from .view import TableView

CARD_KINDS = ("play", "discard")  # actions made by choosing cards (design.md notation)


def _unbuilt(b: Button) -> None:
    """An empty menu's press (it has no buttons to press)."""


class TableState(Scene):
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
        self.plate_names: dict[int, tuple[tuple[str, ...], int]] = {}  # names as drawn
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
        # an online table (online.py): the window's title says "your turn" (and the chime
        # sounded), the title before it, the open undo question, the closing said once
        self.turn_marked = False
        self.title_before = ""
        self.vote_open: Any = None
        self.closed_said = False
        self.selection_name = ""  # what the selected cards form, where the game says
        self.piles: list[tuple[str, list[str]]] = []  # revealed on the end-of-deal sheet
        self.viewer: int | None = None
        self.last_seen: int | None = None  # the last human who saw the table
        self.frame_faces: set[int] = set()
        self._view = TableView()
        # While the end-of-deal sheet is up the top bar describes the finished deal (its
        # trump, bid, points), not the next one the match has already dealt.
        self.bar_view: TableView | None = None
        # empty until the controls build them for the first view (on_push)
        self.panel_menu = Menu([], _unbuilt)
        self.toolbar = Menu([], _unbuilt)
        self.toolbar_left = 0
        self._legal: list[Action] = []
        self._hand_cache: tuple[tuple[int, int], list[int]] | None = None  # (bottom, log length)
        self._centre_cache: tuple[int, Centre] | None = None
        self.card_kind: str | None = None
        self.single = False
        self.playable: set[int] = set()
        self._known: set[str] | None = None  # the deck's card names
        # what the last frame drew (the painter says), for the layout and hot-seat
        # tests: each region (what, whose, where), the words on each plate, whose hands
        # were face up
        self.drawn: list[tuple[str, int, pygame.Rect]] = []
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

    # ---- whose hand is shown, whose turn

    def privacy_up(self) -> bool:
        return self.app.stack.find(PrivacyScene) is not None

    def hand_visible(self) -> bool:
        s = self.session
        v = self.viewer
        if v is None or self.between or not s.plays_here(v):
            return False
        if len(s.humans) >= 2:
            tm = self.match.to_move
            if tm >= 0 and s.plays_here(tm) and tm != v:
                return False
            if self.privacy_up():
                return False
        return True

    def my_turn(self) -> bool:
        return (
            self.hand_visible()
            and self.match.to_move == self.bottom
            and not self.beats
            and not self.tweener.busy
            and self.dealing is None
            and not self.session.pending
        )

    def dummy_turn(self) -> bool:
        return self.view.dummy_acting()

    def hand_ids(self) -> list[int]:
        """The cards the bottom seat acts with, as ids in the view's order: its hand, or
        the dummy's face-up cards while it plays for the dummy."""
        key = (self.bottom, len(self.match.log))
        if self._hand_cache is not None and self._hand_cache[0] == key:
            return self._hand_cache[1]
        ids = self._hand_ids()
        self._hand_cache = (key, ids)
        return ids

    def _hand_ids(self) -> list[int]:
        deck = self.match.deck
        if self.dummy_turn() and self.view.dummy is not None:
            return self._ids([n for n in self.view.dummy.up if n])
        held = self.match.deal.hand_of(self.bottom)
        names = list(self.view.hand)
        if held is not None and len(held) == len(names):
            by_name: dict[str, list[int]] = {}
            for c in sorted(held):
                by_name.setdefault(deck.names[c], []).append(c)
            return [by_name[n].pop(0) for n in names]
        return self._ids(names)

    def _ids(self, names: Sequence[str | None]) -> list[int]:
        """Card ids for names (repeated tokens get distinct ids); unknown names dropped."""
        return card_ids(self.match.deck, names)

    def undo_seat(self) -> int | None:
        """Whose decision Undo takes back: the single human's, or at a hot-seat table
        the human still looking (until the next player's privacy screen is passed)."""
        return self.viewer if len(self.session.humans) >= 2 else None

    def can_undo(self) -> bool:
        return self.session.can_undo(self.undo_seat())

    def auction_log(self) -> list[str]:
        """This deal's calls in order ("North: Bid 75"), from the deal's own log (so an
        undo or a resumed game shows them too): every non-card action is a call."""
        m, s = self.match, self.session
        start = min(s.deal_start, len(m.log))
        out = []
        for i, (a, who) in enumerate(zip(m.log[start:], s.actors[start:], strict=False)):
            if _is_call(a):
                phase = log_phase(m.log, start, start + i)
                label = self.words(self.words.call_label(a, m.deck, phase))
                out.append(
                    self.words(say("{player}: {call}", player=self.name_of(who), call=label))
                )
        return out

    def has_calls(self) -> bool:
        """Whether this deal has calls to show (auction_log, without its words: the
        toolbar asks at every move)."""
        m, s = self.match, self.session
        start = min(s.deal_start, len(m.log))
        return any(_is_call(a) for a, _who in zip(m.log[start:], s.actors[start:], strict=False))

    def panel_in_row(self) -> bool:
        """Buttons go in a row beside the prompt (not a box in the middle) when cards
        are chosen, or when cards lie in the middle (a lone Pass in a climbing game)."""
        return bool(self.card_kind) or bool(self.view.trick)

    def centre(self) -> Centre:
        """What the game lays in the middle for the current view (cached per frame by
        the view object: a view is immutable)."""
        key = id(self.view)
        if self._centre_cache is None or self._centre_cache[0] != key:
            c = self.words.game.centre(self.view, self.match.deck)
            self._centre_cache = (key, c if isinstance(c, Centre) else Centre())
        return self._centre_cache[1]

    # ---- sizes the layout needs

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
        side = portrait_side(ui, h)
        face = side + ui(6) if side else 0
        w = max(names, default=0) + ui(14) + ui(6) + face
        return w, h, h - small  # the local plate shows no card count: a line less

    def largest_play(self) -> int:
        """The game's largest legal play (its presentation says), for the played areas."""
        n = self.words.game.largest_play(self.match.options, self.session.seats)
        return n if isinstance(n, int) and 0 < n < 1000 else 1

    # ---- names, news and the prompt (the words room renders them)

    def name_of(self, pos: Any) -> str:
        d = self.view.dummy
        return self.words.name_of(pos, d.controller if d is not None else None)

    def possessive(self, pos: Any, start: bool = False) -> str:
        return self.words.possessive(pos, start)

    def say(self, text: str, seconds: float = 2.4) -> None:
        self.banner = text
        self.banner_left = seconds
        narrator = getattr(self.app, "narrator", None)
        if narrator is not None:
            narrator.say(text)  # every banner is heard too (news, hints, undo)

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

    # ---- what the plates and the top bar say

    def _plate_line(self, seat: int, local: bool, to_move: bool) -> str:
        """The plate's words under the name as one string (tests read it)."""
        return "  ".join(w for _k, w in self._plate_pieces(seat, local, to_move))

    def _plate_pieces(self, seat: int, local: bool, to_move: bool) -> list[tuple[str, str]]:
        """The plate's words under the name, each with its kind ("fact" or "call"):
        card count, "partner", the game's words, then thinking or the call."""
        s = self.session
        words = self.words
        parts: list[tuple[str, str]] = []
        # between deals the hands are put away: no "0 cards" against the sheet's cards left
        if not local and not self.between:
            counts = self.view.hand_counts
            n = counts[seat] if seat < len(counts) else 0
            if seat >= s.seats and self.view.dummy is not None:
                n = self.view.dummy.count + self.view.dummy.down
            if self.dealing is not None:
                n = min(n, self.dealing.get(seat, 0))
            parts.append(("fact", words(say("{count} card", plural="{count} cards", count=n))))
        me = self.bottom
        if seat != me and s.team_of(seat) is not None and s.team_of(seat) == s.team_of(me):
            parts.append(("fact", words(say("partner"))))  # named, not only the team stripe
        if not self.between:
            for t in self.words.game.plate(self.view, seat) or ():
                parts.append(("fact", words(t)))
        parts += self._online_pieces(seat, to_move)
        call = self.calls.get(seat)
        if to_move and not s.is_human(seat) and (s.ai_busy() or self._ai_ready == seat):
            dots = "." * (1 + int(self.app.clock_s * 3) % 3)
            parts.append(("call", words(say("thinking")) + dots))
        elif call:
            parts.append(("call", call))
        return [(k, p) for k, p in parts if p]

    def _arriving(self) -> set[int]:
        """Cards just picked up, flying into the bottom seat's hand now."""
        if not self.tweener.busy or self.match.to_move != self.bottom:
            return set()
        if self.card_kind != "discard":
            return set()
        return set(self._ids(self.centre().fresh))

    def _online_pieces(self, seat: int, to_move: bool) -> list[tuple[str, str]]:
        """An online seat's state ("away" with its grace counting down, "played by the
        computer", "empty seat", this window's "reconnecting") and the turn clock."""
        s, w = self.session, self.words
        if not s.online or seat >= s.seats:
            return []
        out: list[tuple[str, str]] = []
        st = s.status(seat)
        if st == "away":
            left = s.grace_left(seat)
            said = (
                # short enough for a plate at 640x480 in French; when it runs out the
                # plate says "played by the computer"
                say("away: {seconds} s", seconds=ceil(left)) if left else say("away")
            )
            out.append(("away", w(said)))
        elif st == "ai" and s.is_human(seat):
            out.append(("away", w(say("played by the computer"))))
        elif st == "empty":
            out.append(("away", w(say("empty seat: the computer plays"))))
        elif st == "reconnecting":
            out.append(("away", w(say("reconnecting..."))))
        left = s.clock_left(seat) if to_move else None
        if left is not None:
            out.append(("call", w(say("{seconds} s left", seconds=ceil(left)))))
        return out

    def bar_shown(self) -> tuple[list[BarItem], int]:
        """What the top bar shows in this window: smaller type first, then the least
        needed items give way (the game's ranking of its facts, BAR_RANKS), so the most
        important facts stay at every size."""
        text, ui = self.app.text, self.app.ui
        ranked = self._bar_items()
        room = self.toolbar_left - ui(10)

        def width(items: list[tuple[BarItem, int, str]], fs: int) -> int:
            font = text.fonts(fs, True)
            return sum(
                font.size(t)[0] + ui(18) + (ui(22) if suit else 0)
                for (t, _c, suit), _r, _k in items
            )

        sizes = (ui(17), ui(15), ui(13))
        fs = next((f for f in sizes if width(ranked, f) <= room), sizes[-1])
        while len(ranked) > 1 and width(ranked, fs) > room:
            # the least needed goes; among equals the rightmost
            drop = min(range(len(ranked)), key=lambda i: (ranked[i][1], -i))
            del ranked[drop]
        return [item for item, _r, _k in ranked], fs

    def _bar_items(self) -> list[tuple[BarItem, int, str]]:
        """The top bar's items in order, each with its rank (BAR_RANKS) and kind ("game",
        "deal", "fact" or "scores")."""
        v = self.bar_view or self.view
        deal = self.match.deal_no + (0 if self.match.over or self.between else 1)
        words = self.words
        name = i18n.variant_text(self.session.variant, self.session.variant.name)
        out: list[tuple[BarItem, int, str]] = [
            ((name, INK, ""), BAR_RANKS["game"], "game"),
            (
                (words(say("Deal {number}", number=max(1, deal))), INK, ""),
                BAR_RANKS["deal"],
                "deal",
            ),
        ]
        for f in self.words.game.facts(v) or ():
            if not isinstance(f, Fact):
                continue
            colour = MUTED if f.dim else INK
            if f.suit:
                colour = self.app.assets.suit_colour_on_dark(f.suit)
            out.append(((words(f.text), colour, f.suit), f.importance, "fact"))
        # running scores (team games; individual scores sit on the name plates)
        if self.match.teams:
            labels = words.side_labels()
            for i, (lab, sc) in enumerate(zip(labels, self.match.scores, strict=False)):
                line = words(words.game.score_text(lab, sc))
                colour = TEAM_COLOURS[i % len(TEAM_COLOURS)]
                out.append(((line, colour, ""), BAR_RANKS["scores"], "scores"))
        return out

    def facts(self) -> list[str]:
        """The deal's public facts as the top bar shows them in a wide window (after the
        game's name and the deal number; not the scores)."""
        return [item[0] for item, _r, kind in self._bar_items() if kind == "fact"]

    # ---- the frame the painter draws

    def frame(self) -> TableFrame:
        """What this frame shows, read once from the state (the painter reads only
        this): the same questions the painting asked of the table, asked here."""
        lay, view, m, s, words = self.lay, self.view, self.match, self.session, self.words
        between, dealing = self.between, self.dealing
        dv = self.bar_view or view  # the finished deal's dealer while its sheet is up
        c = self.centre()
        visible = self.hand_visible()
        my = self.my_turn()
        shelf: tuple[ShelfRow, ...] = ()
        middle: tuple[MiddleRow, ...] = ()
        if not between:
            # a private row is the viewer's own secret, not for another's eyes
            shown = [r for r in c.shown if not r.private or visible]
            shelf = tuple(
                ShelfRow(tuple(r.cards), words(r.caption), r.spaced) for r in shown if not r.middle
            )
            middle = tuple(
                MiddleRow(tuple(r.cards), words(r.caption), r.start) for r in shown if r.middle
            )
        seats = [p.seat for p in lay.seats]
        plates = {}
        scores = {}
        for p in lay.seats:
            moving = m.to_move == p.seat and not between and dealing is None
            plates[p.seat] = tuple(self._plate_pieces(p.seat, p.local, moving))
            if not m.teams and p.seat < len(m.scores):
                scores[p.seat] = str(words.game.score_value(m.scores[p.seat]))
        bar, bar_size = self.bar_shown()
        selection = bid = ""
        if self.selection_name and self.selected and my:
            selection = words(say("Selected: {what}", what=self.selection_name))
        if self.bid_choice is not None and my:
            call = words(words.game.call_label(self.bid_choice, m.deck))
            bid = words(say("To make this bid, press '{button}'", button=call))
        return TableFrame(
            lay=lay,
            deck=m.deck,
            view=view,
            seats=s.seats,
            bottom=self.bottom,
            to_move=m.to_move,
            between=between,
            dealing=MappingProxyType(dict(dealing)) if dealing is not None else None,
            names=MappingProxyType({p: self.name_of(p) for p in seats}),
            teams=MappingProxyType({p: s.team_of(p) for p in seats}),
            plates=MappingProxyType(plates),
            plate_scores=MappingProxyType(scores),
            calls=MappingProxyType(dict(self.calls)),
            dealer=dv.dealer,
            dealer_badge=bool(words.game.dealer_badge),
            leader=words.game.leader(dv),
            shelf=shelf,
            middle=middle,
            pile=c.count if isinstance(c.count, int) else 0,
            pile_caption=words(c.caption) if c.caption is not None else None,
            trick=tuple(Flight(sp.x, sp.y, sp.card, sp.seat, sp.h) for sp in self.trick),
            flying=tuple(Flight(sp.x, sp.y, sp.card) for sp in self.sprites),
            trick_winner=self.trick_winner,
            hand_visible=visible,
            my_turn=my,
            hand=tuple(self.hand_ids()) if visible else (),
            card_kind=self.card_kind,
            selected=frozenset(self.selected),
            playable=frozenset(self.playable),
            hint_cards=frozenset(self.hint_cards),
            fresh=frozenset(self._ids(c.fresh)) if self.card_kind == "discard" else frozenset(),
            arriving=frozenset(self._arriving()),
            hover=self.hover,
            hand_focus=self.hand_focus,
            zone=self.zone,
            bar=tuple(bar),
            bar_size=bar_size,
            toolbar=self.toolbar,
            panel=self.panel_menu,
            panel_in_row=self.panel_in_row(),
            panel_title=self.panel_title(),
            banner=self.banner,
            prompt=self.prompt(),
            reason=self.reason,
            selection_line=selection,
            bid_line=bid,
        )


def _is_call(action: Any) -> bool:
    """A logged action that is a call (a bid, a pass, a declaration): not cards."""
    return bool(action) and action[0] not in CARD_KINDS
