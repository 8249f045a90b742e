"""The table: the game itself.

What the table shows comes from `match.view_json(bottom seat)` (never the full state);
what may be done comes from `match.legal_actions()` and `match.check()`. The table keeps
only display state of its own: card sprites in flight and in the trick, the bids called,
banners, the selection and the keyboard focus.

Flow: after an action, its events become animations and "beats" (a queue of steps run
one at a time when no tween is running: sweep the trick, show the end of the deal, deal
again). The game moves on (an AI move, a human's input) only when the tweener is idle,
the beats are done and the table is the top scene, so nothing changes under a menu and
no input lands while a move animates.

Hot-seat privacy: `viewer` is the human whose eyes are on the screen (the bottom seat).
With two or more humans, a human's hand is drawn face up only when no other human is to
move; when a different human is to move, the "Pass to NAME" screen (opaque: nothing
beneath it is drawn) is pushed before their hand is shown. `frame_faces` records whose
hands were drawn face up in the last frame (tests check it).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
from crowsnest.engine import Action

from ..input import Act, InputEvent
from ..layout import TableLayout, table_layout
from ..scene import Scene
from ..session import Session
from ..tweens import Tweener
from ..view_shape import clean_view
from ..widgets import GOLD, INK, MUTED, RED, TEAM_COLOURS, Button, Menu, panel

CARD_KINDS = ("play", "discard")
COLOUR_SUITS = {"black": "B", "green": "G", "red": "R", "yellow": "Y"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
AI_PACE = 0.55  # seconds an AI move stays on screen before the next one (speed 3)


class CardSprite:
    __slots__ = ("x", "y", "card", "small", "seat")

    def __init__(self, x: float, y: float, card: int, small: bool = False, seat: int = -1) -> None:
        self.x, self.y, self.card, self.small, self.seat = x, y, card, small, seat


def bird_name(variant: Any) -> str:
    """What the bird card is called in this variant ("Crow" in CrowsNest): the Rook
    family names it in its "bird" option's label ("Crow card"); else "Rook"."""
    for opt in getattr(variant, "options", ()):
        if opt.key == "bird" and opt.label:
            return opt.label.split()[0]
    return "Rook"


RANK_WORDS = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
JOKER_WORDS = {"BJ": "black joker", "RJ": "red joker"}


def rank_text(rank: str) -> str:
    return RANK_WORDS.get(rank, rank)


def card_glyphs(deck: Any, cards: tuple[int, ...]) -> str:
    """Cards as short text with inline suit icons for assets.text: "2{suit:S} 2{suit:S}";
    jokers in words."""
    out = []
    for c in cards:
        r, su = deck.ranks[c], deck.suits[c]
        if r in JOKER_WORDS or su not in SUIT_WORDS:
            out.append(JOKER_WORDS.get(r, deck.names[c]))
        else:
            out.append(f"{rank_text(r)}{{suit:{su}}}")
    return " ".join(out)


def declaration_words(deck: Any, cards: tuple[int, ...]) -> tuple[str, str]:
    """(what is declared, with what): ("spades", "a pair of 2s"), ("no trump", "the
    black jokers"), from the cards' rank and suit."""
    r, su = deck.ranks[cards[0]], deck.suits[cards[0]]
    if r in JOKER_WORDS:
        return "no trump", f"the {JOKER_WORDS[r]}s" if len(cards) > 1 else f"a {JOKER_WORDS[r]}"
    what = SUIT_WORDS.get(su, su)
    if len(cards) == 1:
        return what, f"a {rank_text(r)}"
    return what, f"a pair of {rank_text(r)}s" if len(cards) == 2 else f"{len(cards)} {r}s"


def call_label(action: Action, deck: Any) -> str:
    """What a seat called, for its name plate: "Pass", "Bid 0", "Declared 2{suit:S}"."""
    if action[0] == "bid" and len(action) > 1:
        return f"Bid {action[1]}"
    if action[0] == "declare" and len(action) > 1 and action[1]:
        if deck.ranks[action[1][0]] in JOKER_WORDS:
            return "Jokers: no trump"  # short: it fits the name plate
        return "Declared " + card_glyphs(deck, tuple(action[1]))
    return pretty_action(action, deck)


def choice_prompt(legal: list[Action]) -> str:
    """The line above the hand for a choice made with buttons, built from the legal
    actions (Oh Hell's bids start at 0 and have no pass; Rook's bids may be passed)."""
    kinds = {a[0] for a in legal}
    can_pass = "pass" in kinds
    if "bid" in kinds:
        amounts = sorted(a[1] for a in legal if a[0] == "bid" and len(a) > 1)
        if not amounts:
            return "Your bid"
        lo, hi = amounts[0], amounts[-1]
        span = str(lo) if lo == hi else f"{lo} to {hi}"
        step = math.gcd(*(b - a for a, b in zip(amounts, amounts[1:], strict=False))) or 1
        gaps = [str(x) for x in range(lo, hi + 1, step) if x not in amounts]
        if step > 1 and not gaps:
            span += f" in steps of {step}"
        if gaps and len(gaps) <= 2:
            span += f" (not {' or '.join(gaps)})"
        elif gaps:
            span = ", ".join(str(x) for x in amounts)
        return f"Bid {span}" + (", or pass" if can_pass else "")
    if "trump" in kinds:
        return "Choose trump"
    if "declare" in kinds:
        return "Declare trump with the cards shown, or pass" if can_pass else "Declare trump"
    if can_pass and len(kinds) == 1:
        return "Nothing to do but pass"
    return "Your turn"


def pretty_action(action: Action, deck: Any) -> str:
    kind = action[0]
    if kind == "pass":
        return "Pass"
    if kind == "bid":
        return str(action[1])
    if kind == "trump":
        return str(action[1]).capitalize()
    if len(action) > 1 and isinstance(action[1], tuple):
        return kind.capitalize() + " " + " ".join(deck.names[c] for c in action[1])
    return " ".join(str(x) for x in action).capitalize()


TOP_BAR_WORDS = 620  # room the top bar's words want left of the toolbar, at 720 lines


class TableScene(Scene):
    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.tweener = Tweener()
        self.sprites: list[CardSprite] = []  # flying cards (drawn on top)
        self.trick: list[CardSprite] = []  # cards lying in the trick
        self.beats: list[Callable[[], None]] = []
        self.calls: dict[int, str] = {}
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
        self.dealing: dict[int, int] | None = None
        self.between = False  # a deal just ended: hide the hands (the match dealt anew)
        self.trick_winner: int | None = None
        self._ai_ready = -1  # an AI seat whose answer waits for the pace
        self.selection_name = ""  # what the selected cards form, where the variant says
        self.piles: list[tuple[str, list[str]]] = []  # revealed at the deal's end (the nest)
        self.viewer: int | None = None
        self.last_seen: int | None = None  # the last human who saw the table
        self.frame_faces: set[int] = set()
        self.view: dict[str, Any] = {}
        # While the end-of-deal sheet is up the top bar describes the finished deal (its
        # trump, bid, points), not the next one the match has already dealt.
        self.bar_view: dict[str, Any] | None = None
        self.lay: TableLayout | None = None
        self.panel_menu = Menu([], self._press)
        self.toolbar = Menu([], self._tool)
        self._legal: list[Action] = []
        self._hand_cache: tuple[tuple[int, int], list[int]] | None = None  # (bottom, log length)
        self.card_kind: str | None = None
        self.single = False
        self.playable: set[int] = set()
        self._known: set[str] | None = None  # the deck's card names
        self._rich_cache: dict[tuple[str, int, Any], pygame.Surface] = {}
        humans = session.humans
        if len(humans) == 1:
            self.viewer = self.last_seen = humans[0]

    # ------------------------------------------------------------ lifecycle

    def on_push(self) -> None:
        self.tweener.speed = self.app.prefs.speed
        self.app.assets.set_bird_label(bird_name(self.session.variant))
        self.refresh()
        self.relayout()  # now that the view is known (a dummy adds a place)
        self._rebuild_calls()  # a game resumed mid-auction shows the calls made so far
        if len(self.match.log) == self.session.deal_start:
            self.start_deal()  # a fresh deal: shuffle and deal it on screen

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app is not None and size[0] > 0:
            self.relayout()

    @property
    def positions(self) -> int:
        """Places at the table: the seats, plus the dummy where the variant has one."""
        return self.session.seats + (1 if self.view.get("dummy") else 0)

    def name_of(self, pos: Any) -> str:
        names = self.session.names
        if not isinstance(pos, int) or pos < 0:
            return ""
        if pos < len(names):
            return names[pos]
        d = self.view.get("dummy") or {}
        ctl = d.get("controller", -1)
        return "Dummy" + (
            f" (played by {names[ctl]})" if isinstance(ctl, int) and 0 <= ctl < len(names) else ""
        )

    def possessive(self, pos: Any, start: bool = False) -> str:
        """ "North's", or "your" for the seat named You (never "You's")."""
        name = self.name_of(pos)
        if name == "You":
            return "Your" if start else "your"
        return f"{name}'s"

    def dummy_turn(self) -> bool:
        v = self.view
        return (
            bool(v.get("dummy"))
            and v.get("acting", v.get("seat")) != v.get("seat")
            and v.get("to_move") == self.bottom
        )

    def relayout(self) -> None:
        self.lay = table_layout(
            self.size,
            self.positions,
            self.bottom,
            self.app.prefs.card_scale,
            clockwise=self.session.variant.clockwise,
        )
        self.tweener.finish_all()
        self._rebuild_trick()
        self._build_toolbar()
        self._build_panel()

    @property
    def bottom(self) -> int:
        if self.viewer is not None:
            return self.viewer
        humans = self.session.humans
        return humans[0] if humans else 0

    @property
    def match(self) -> Any:
        return self.session.match

    # ------------------------------------------------------------ what is visible

    def privacy_up(self) -> bool:
        from .overlays import PrivacyScene

        return self.app.stack.find(PrivacyScene) is not None

    def hand_visible(self) -> bool:
        s = self.session
        v = self.viewer
        if v is None or self.between or not s.is_human(v):
            return False
        if len(s.humans) >= 2:
            tm = self.match.to_move
            if tm >= 0 and s.is_human(tm) and tm != v:
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
        )

    def refresh(self) -> None:
        """Re-read the view and the legal actions (after any change to the match)."""
        m = self.match
        self._hand_cache = None  # the view changes: so may the hand
        self.view = clean_view(m.view_json(self.bottom), self._known_names())
        self._legal = m.legal_actions() if m.to_move == self.bottom else []
        self.card_kind = None
        self.single = False
        self.playable = set()
        if self._legal or (m.to_move == self.bottom and not m.over):
            cards = [a for a in self._legal if a[0] in CARD_KINDS]
            complete = m.deal.legal_complete()
            if cards:
                self.card_kind = cards[0][0]
            elif not complete:
                self.card_kind = "discard"
            self.single = (
                self.card_kind == "play" and complete and all(len(a[1]) == 1 for a in cards)
            )
            if complete:
                self.playable = {c for a in cards for c in a[1]}
            else:
                self.playable = set(self.hand_ids())
        ids = self.hand_ids()
        self.selected &= set(ids)
        if self.playable and ids:
            # keep the keyboard focus on a card that may be played
            f = max(0, min(self.hand_focus, len(ids) - 1))
            if ids[f] not in self.playable:
                self.hand_focus = (
                    next(i for i, c in enumerate(ids) if c in self.playable)
                    if any(c in self.playable for c in ids)
                    else f
                )
        if self.lay is not None:
            self._build_panel()
            self._build_toolbar()

    def _known_names(self) -> set[str]:
        if self._known is None:
            self._known = set(self.match.deck.names)
        return self._known

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
        if self.dummy_turn():
            return self._ids([n for n in self.view["dummy"].get("up", []) if n])
        held = self.match.deal.hand_of(self.bottom)
        names = self.view.get("hand", [])
        if held is not None and len(held) == len(names):
            by_name: dict[str, list[int]] = {}
            for c in sorted(held):
                by_name.setdefault(deck.names[c], []).append(c)
            return [by_name[n].pop(0) for n in names]
        return self._ids(names)

    def _ids(self, names: list[str]) -> list[int]:
        deck = self.match.deck
        used: set[int] = set()
        out = []
        for n in names:
            if not isinstance(n, str) or not deck.ids(n):
                continue  # not a card of this deck (a plugin's event of another shape)
            c = next((i for i in deck.ids(n) if i not in used), deck.ids(n)[0])
            used.add(c)
            out.append(c)
        return out

    # ------------------------------------------------------------ panel and toolbar

    def _build_panel(self) -> None:
        deck = self.match.deck
        buttons: list[Button] = []
        others = [a for a in self._legal if a[0] not in CARD_KINDS]
        others.sort(key=lambda a: (a[0] != "pass", a[1] if a[0] == "bid" else 0))
        for a in others:
            b = Button(pretty_action(a, deck), a)
            if a[0] == "declare" and len(a) > 1 and a[1]:
                self._declare_button(b, a[1])
            if a[0] == "trump":
                suit = COLOUR_SUITS.get(str(a[1]), str(a[1])[:1].upper())
                b.colour = self.app.assets.suit_colour(suit)
                b.icon = self.app.assets.icon("suit:" + suit, self.app.ui(24))
            buttons.append(b)
        if self.card_kind and not self.single:
            verb = "Bury" if self.view.get("phase") == "bury" else self.card_kind.capitalize()
            buttons.append(Button(verb + " selected", ("confirm",)))
            buttons.append(Button("Clear", ("clear",)))
        focus = self.panel_menu.focus if len(self.panel_menu.buttons) == len(buttons) else 0
        self.panel_menu = Menu(buttons, self._press)
        self.panel_menu.focus = min(focus, max(0, len(buttons) - 1))
        self.zone = "panel" if self.card_kind is None else "hand"
        self._layout_panel()

    def _declare_button(self, b: Button, cards: tuple[int, ...]) -> None:
        """A declaration: a swatch with the suit's glyph (colour is never the only clue)
        and the cards in words: "Pair of 2s", "Red jokers (no trump)"."""
        deck, assets = self.match.deck, self.app.assets
        r, su = deck.ranks[cards[0]], deck.suits[cards[0]]
        if r in JOKER_WORDS:
            b.colour = (30, 30, 30) if r == "BJ" else (200, 40, 40)
            b.glyph = "NT"
            b.label = ("Black" if r == "BJ" else "Red") + (
                " jokers" if len(cards) > 1 else " joker"
            )
            return
        b.colour = assets.suit_colour(su)
        b.icon = assets.icon("suit:" + su, self.app.ui(24))
        b.label = rank_text(r) if len(cards) == 1 else f"Pair of {rank_text(r)}s"

    def panel_in_row(self) -> bool:
        """Buttons go in a row beside the prompt (not a box in the middle) when cards
        are chosen, or when a trick lies in the middle (Dou Dizhu's lone Pass)."""
        return bool(self.card_kind) or bool(self.view.get("trick"))

    def _layout_panel(self) -> None:
        lay, ui = self.lay, self.app.ui
        if lay is None:
            return
        buttons = self.panel_menu.buttons
        if not buttons:
            return
        h, gap = ui(44), ui(10)
        if self.panel_in_row():  # a row above the hand, on the right of the prompt
            w = min(ui(150), lay.status[2] // (2 * len(buttons)))
            x0 = lay.status[0] + lay.status[2] - len(buttons) * (w + gap) + gap
            y = lay.status[1] + (lay.status[3] - h) // 2
            for i, b in enumerate(buttons):
                b.rect = pygame.Rect(x0 + i * (w + gap), y, w, h)
            self.panel_menu.columns = len(buttons)
            return
        px, py, pw, ph = lay.panel
        cols = len(buttons) if len(buttons) <= 4 else min(6, (len(buttons) + 1) // 2)
        if any(b.colour for b in buttons):
            cols = min(len(buttons), 4)
        # the box drawn round the buttons (ui(16) each side) stays inside the panel area
        w = min(ui(130), (pw - 2 * ui(16) - gap * (cols - 1)) // cols)
        rows = (len(buttons) + cols - 1) // cols
        total_w = cols * w + (cols - 1) * gap
        total_h = rows * h + (rows - 1) * gap
        rect = pygame.Rect(
            px + (pw - total_w) // 2, py + ph // 2 - total_h // 2 + ui(18), total_w, total_h
        )
        self.panel_menu.layout_grid(rect, cols, h, gap)

    def _build_toolbar(self) -> None:
        if self.lay is None:
            return
        im = self.app.input
        items = [
            ("Menu", Act.MENU),
            ("Hint", Act.HINT),
            ("Undo", Act.UNDO),
            ("Last trick", Act.LAST_TRICK),
            ("Scores", Act.SCORES),
            ("Hurry", Act.HURRY),
        ]
        ui = self.app.ui
        font = self.app.text.fonts(ui(16), True)
        labels = [(f"{lb} ({im.label(a)})" if im.label(a) else lb, a) for lb, a in items]
        full = sum(font.size(t)[0] + ui(22) for t, _a in labels)
        if full > self.lay.size[0] - ui(TOP_BAR_WORDS):
            labels = [(lb, a) for lb, a in items]  # a narrow window: the keys give way
        buttons = []
        x = self.lay.size[0] - ui(6)
        bh = self.lay.top_bar[3] - ui(8)
        for text, act in reversed(labels):
            w = font.size(text)[0] + ui(16)
            x -= w
            b = Button(text, act, pygame.Rect(x, ui(4), w, bh))
            if act is Act.UNDO:
                b.enabled = self.session.can_undo()
            if act is Act.LAST_TRICK:
                b.enabled = bool(self.view.get("last_trick"))
            if act is Act.HINT:
                b.enabled = self.match.to_move == self.bottom and self.hand_visible()
            buttons.append(b)
            x -= ui(6)
        self.toolbar = Menu(list(reversed(buttons)), self._tool)
        self.toolbar_left = x

    def _tool(self, b: Button) -> None:
        self.process_event(InputEvent(b.value))

    def _press(self, b: Button) -> None:
        a = b.value
        if a == ("confirm",):
            self.confirm_selection()
        elif a == ("clear",):
            self.selected.clear()
            self.reason = ""
        elif self.my_turn():
            self.submit(a)

    # ------------------------------------------------------------ acting

    def submit(self, action: Action) -> bool:
        """Apply the bottom human's action if legal; else show the engine's reason."""
        if not self.my_turn():
            return False
        reason = self.match.check(action)
        if reason is not None:
            self.reason = reason[:1].upper() + reason[1:]
            return False
        seat = self.match.to_move
        origin = self._origins(seat, action)
        events = self.session.apply(action)
        self.selected.clear()
        self.hint_cards.clear()
        self.reason = ""
        self.hover = -1
        self.after_apply(seat, action, events, origin)
        return True

    def confirm_selection(self) -> None:
        if not self.card_kind or not self.my_turn():
            return
        if not self.selected:
            self.reason = "Select the cards first (click them, or arrow keys and Space)"
            return
        self.submit((self.card_kind, tuple(sorted(self.selected))))

    def toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)
        self._live_reason()

    def _live_reason(self) -> None:
        self.selection_name = ""
        if self.selected and self.card_kind:
            cards = tuple(sorted(self.selected))
            r = self.match.check((self.card_kind, cards))
            self.reason = "" if r is None else r[:1].upper() + r[1:]
            if r is None:
                try:
                    self.selection_name = str(self.match.deal.describe(cards))
                except Exception:  # noqa: BLE001 - a plugin's helper must not break the table
                    self.selection_name = ""
        else:
            self.reason = ""

    def play_card(self, card: int) -> None:
        if self.single:
            self.submit(("play", (card,)))
        else:
            self.toggle(card)

    def _origins(self, seat: int, action: Action) -> dict[int, tuple[float, float]]:
        """Screen centres of the cards an action moves, before it is applied."""
        lay = self.lay
        out: dict[int, tuple[float, float]] = {}
        if lay is None or len(action) < 2 or not isinstance(action[1], tuple):
            return out
        acting = self.view.get("acting", seat) if self.view.get("dummy") else seat
        if acting != seat:
            for c in action[1]:
                out[c] = self._seat_centre(acting)
            return out
        if seat == self.bottom:
            ids = self.hand_ids()
            rects = lay.hand_rects(len(ids))
            for c in action[1]:
                if c in ids:
                    x, y, w, h = rects[ids.index(c)]
                    out[c] = (x + w / 2, y + h / 2 - lay.lift)
        for c in action[1]:
            out.setdefault(c, self._seat_centre(seat))
        return out

    def _seat_centre(self, seat: int) -> tuple[float, float]:
        lay = self.lay
        place = lay.seats[seat % len(lay.seats)]
        x, y, w, h = place.hand
        return (x + w / 2, y + h / 2)

    # ------------------------------------------------------------ events -> animation

    def after_apply(
        self, seat: int, action: Action, events: list[dict[str, Any]], origin: dict
    ) -> None:
        audio = self.app.audio
        kind = action[0]
        names = self.session.names
        prev_view = self.view
        if kind == "play":
            audio.play("card")
            cards = list(action[1])
            place = prev_view.get("acting", seat) if prev_view.get("dummy") else seat
            n = len(cards)
            for i, c in enumerate(cards):
                x0, y0 = origin.get(c, self._seat_centre(seat))
                sp = CardSprite(x0, y0, c, False, place)
                self.trick.append(sp)
                tx, ty = self._trick_xy(place, i, n)
                self.tweener.animate(sp, "out_cubic", 0.32, x=tx, y=ty)
        elif kind == "discard":
            audio.play("card")
            for c in action[1]:
                x0, y0 = origin.get(c, self._seat_centre(seat))
                self._fly(-1, (x0, y0), self._nest_pos(), 0.35, small=True)
            piles = self.session.variant.pile_names or ("pile",)
            self.calls[seat] = f"put {len(action[1])} in the {piles[0]}"
        elif kind != "play":
            self.calls[seat] = call_label(action, self.match.deck)
        for ev in events:
            t = ev.get("type")
            if t == "bid":
                audio.play("bid")
                who = ev.get("seat", seat)
                if who == seat:  # the action says what it was: a pass, or a bid (0 too)
                    self.calls[who] = call_label(action, self.match.deck)
            elif t == "declarer":
                d = ev.get("seat", seat)
                self.say(f"{self.name_of(d)} won the bid at {ev.get('bid')}")
                n = int(prev_view.get("nest_count") or 0)
                for i in range(n):
                    self.tweener.wait(
                        0.05 * i,
                        lambda d=d: self._fly(
                            -1, self._nest_pos(), self._seat_centre(d), 0.4, small=True
                        ),
                    )
            elif t == "trump":
                audio.play("bid")
                if not any(e.get("type") == "kitty_revealed" for e in events):
                    self.say(self._trump_news(ev, seat))  # (the kitty's news names trump)
                self.calls.clear()
            elif t == "declare" and isinstance(ev.get("cards"), list):
                audio.play("bid")
                cards = tuple(self._ids(ev["cards"]))
                if cards:
                    what, how = declaration_words(self.match.deck, cards)
                    self.say(f"{self.name_of(ev.get('seat', seat))} declares {what} with {how}")
            elif t == "dealer" and isinstance(ev.get("seat"), int):
                self.banner += f"; {self.name_of(ev['seat'])} deals this time"
            elif t == "kitty_revealed":
                tr = str(ev.get("trump", ""))
                self.say(
                    "Nobody declared: the kitty is turned up and "
                    + (
                        "there is no trump suit"
                        if tr == "NT"
                        else f"{SUIT_WORDS.get(tr, tr)} are trump"
                    ),
                    4.0,
                )
            elif t == "kitty_taken" and isinstance(ev.get("seat"), int):
                d = ev["seat"]
                n = max(0, len(self.match.deck) - sum(prev_view.get("hand_counts", [])))
                for i in range(min(n, 8)):
                    self.tweener.wait(
                        0.3 + 0.05 * i,
                        lambda d=d: self._fly(-1, self._nest_pos(), self._seat_centre(d), 0.4),
                    )
            elif t == "throw_failed":
                self.say(
                    f"{self.possessive(ev.get('seat', seat), True)} throw failed: one unit is led"
                )
            elif t == "kitty" and isinstance(ev.get("kitty"), list):
                self.piles.append((self._kitty_caption(ev), list(ev["kitty"])))
            elif t == "all_passed":
                self.say("Everyone passed: the same dealer deals again")
            elif t == "trick":
                self.beats.append(lambda ev=ev: self._sweep(ev))
            elif t == "nest":
                to = ev.get("to")
                who = (
                    self.session.side_names()[to]
                    if self.match.teams and to is not None and to < len(self.session.side_names())
                    else (names[to] if isinstance(to, int) and 0 <= to < len(names) else "")
                )
                pts = ev.get("points", 0)
                self.beats.append(
                    lambda who=who, pts=pts: self.say(f"The nest ({pts} points) goes to {who}")
                )
                self.piles.append((f"The nest: {pts} points to {who}", list(ev.get("cards", []))))
            elif t in ("deal_over", "redeal"):
                self.between = True
                if t == "deal_over":
                    self.bar_view = self._finished_view(ev)
                    self.beats.append(lambda ev=ev: self._end_of_deal(ev))
                else:
                    self.beats.append(lambda: self.say("Redeal"))
                self.beats.append(self.start_deal)
            elif t == "match_over":
                self.beats.insert(len(self.beats) - 1, lambda ev=ev: self._game_over(ev))
            elif t == "pass" and kind == "pass":
                self.calls[ev.get("seat", seat)] = "Pass"
            elif t == "play" and ev.get("combo"):
                self.calls[ev.get("seat", seat)] = str(ev["combo"])  # "pair of 7s"
            elif t == "landlord":
                self.calls.clear()
                self.say(f"{self.name_of(ev.get('seat'))} is the landlord at {ev.get('bid')}")
            elif t == "bottom":
                self._reveal(ev.get("seat"), list(ev.get("cards", [])))
            elif t == "lead":
                self.calls.clear()  # a new round of plays starts
        if self.session.faults:
            self.say(self.session.faults.pop(0))
        self.refresh()
        types = {e.get("type") for e in events}
        if self.view.get("phase") == "play" and prev_view.get("phase") != "play":
            self.calls.clear()  # the auction is over once the play starts
        if (
            self.trick
            and not self.view.get("trick")
            and not types & {"trick", "deal_over", "redeal"}
        ):
            # the table was cleared without a trick event (a Dou Dizhu round ends when
            # the others pass): sweep the cards to whoever leads next
            self.beats.append(lambda: self._sweep({"winner": self.match.to_move, "quiet": True}))

    def _trump_news(self, ev: dict[str, Any], seat: int) -> str:
        tr = str(ev.get("trump"))
        word = SUIT_WORDS.get(tr) or ("no trump suit" if tr == "NT" else tr.capitalize())
        who = ev.get("declarer", ev.get("seat", seat))
        if tr in SUIT_WORDS:
            word = f"{word} are trump"
        elif tr == "NT":
            word = "there is no trump suit"
        else:
            word = f"{word} is trump"
        if isinstance(who, int) and who >= 0 and "seat" in ev:
            return f"{self.name_of(who)} named {tr.capitalize()} as trump"
        if isinstance(who, int) and who >= 0:
            return f"Trump settled ({self.possessive(who)} call): {word}"
        return f"Trump settled: {word}"

    def _kitty_caption(self, ev: dict[str, Any]) -> str:
        """The kitty shown to everyone at the end of a Tractor deal, and what it was worth."""
        pts, mult = ev.get("kitty_points", 0), ev.get("multiplier", 0)
        if not pts:
            return "The kitty: no points in it"
        if mult:
            return f"The kitty: {pts} points x{mult} = {pts * mult} to the attackers"
        return f"The kitty: {pts} points, kept by the defenders (they won the last trick)"

    def _reveal(self, seat: Any, names: list[str]) -> None:
        """Public cards going to a seat (the landlord's bottom cards): face up from the
        centre to the seat."""
        if not isinstance(seat, int) or self.lay is None:
            return
        for i, c in enumerate(self._ids(names)):
            self.tweener.wait(
                0.12 * i, lambda c=c: self._fly(c, self.lay.centre, self._seat_centre(seat), 0.5)
            )

    def say(self, text: str, seconds: float = 2.4) -> None:
        self.banner = text
        self.banner_left = seconds

    def _fly(
        self,
        card: int,
        src: tuple[float, float],
        dst: tuple[float, float],
        t: float,
        small: bool = True,
    ) -> None:
        sp = CardSprite(src[0], src[1], card, small)
        self.sprites.append(sp)
        self.tweener.animate(
            sp, "in_out_quad", t, on_finished=lambda: self._drop(sp), x=dst[0], y=dst[1]
        )

    def _drop(self, sp: CardSprite) -> None:
        if sp in self.sprites:
            self.sprites.remove(sp)

    def _trick_pos(self, seat: int) -> tuple[float, float]:
        lay = self.lay
        return lay.seats[seat % len(lay.seats)].trick

    def _trick_xy(self, seat: int, i: int, n: int) -> tuple[float, float]:
        """Centre of card i of a seat's n-card play in the trick. The cards fan left to
        right, each card's index corner showing; a seat at the side fans outward from its
        place, so pairs and tractors of the seats above and below stay clear of it."""
        lay = self.lay
        place = lay.seats[seat % len(lay.seats)]
        x, y = place.trick
        if n <= 1:
            return (x, y)
        cw = lay.trick_card[0]
        side = math.cos(math.radians(place.angle))
        room = cw * (1.7 if abs(side) > 0.3 else 2.6)  # how wide a fan may grow
        step = min(cw * 0.3, room / (n - 1))
        width = step * (n - 1)
        if side < -0.3:  # a seat on the left: the rightmost card sits nearest the centre
            left = x - width - min(width, cw * 0.3) / 2
        elif side > 0.3:
            left = x + min(width, cw * 0.3) / 2
        else:
            left = x - width / 2
        return (left + i * step, y)

    def _nest_pos(self) -> tuple[float, float]:
        return self.lay.centre

    def _sweep(self, ev: dict[str, Any]) -> None:
        """Pause on the finished trick, then sweep it to the winner."""
        winner = ev.get("winner", 0)
        cards = list(self.trick)
        self.trick_winner = None if ev.get("quiet") else winner
        pts = ev.get("points")
        who = self.name_of(winner) if isinstance(winner, int) else ""
        if who and not ev.get("quiet"):
            self.say(
                f"{who} {'take' if who == 'You' else 'takes'} the trick"
                + (f" ({pts} points)" if pts else ""),
                1.4,
            )

        def go() -> None:
            self.trick_winner = None
            self.app.audio.play("trick")
            dst = self._seat_centre(winner)
            for sp in cards:
                self.tweener.animate(
                    sp,
                    "in_quad",
                    0.35,
                    on_finished=lambda sp=sp: self._take(sp),
                    x=dst[0],
                    y=dst[1],
                )

        self.tweener.wait(0.5 if ev.get("quiet") else 0.9, go)

    def _take(self, sp: CardSprite) -> None:
        if sp in self.trick:
            self.trick.remove(sp)

    def _rebuild_trick(self) -> None:
        """Lay the trick from the view (after a resize or an undo)."""
        self.trick = []
        self.sprites = []
        if self.lay is None or self.between:
            return
        deck = self.match.deck
        used: set[int] = set()
        for seat, names in self.view.get("trick", []):
            n = len(names)
            for i, nm in enumerate(names):
                c = next((x for x in deck.ids(nm) if x not in used), deck.ids(nm)[0])
                used.add(c)
                x, y = self._trick_xy(seat, i, n)
                self.trick.append(CardSprite(x, y, c, False, seat))

    def _finished_view(self, ev: dict[str, Any]) -> dict[str, Any] | None:
        """The view of the deal that just ended, with the deal_over event's final
        numbers over it (Tractor's attacker points count the kitty bonus there)."""
        deal = self.session.finished_deal
        if deal is None or deal is self.match.deal:
            return None  # the match is over: its deal is still the finished one
        v = clean_view(deal.view(self.bottom).to_json(), self._known_names())
        for k in ("attacker_points", "attacker_target"):
            if k in ev and k in v:
                v[k] = ev[k]
        v.pop("level_names", None)  # levels after the deal, like the scores beside them
        return v

    def _end_of_deal(self, ev: dict[str, Any]) -> None:
        from .overlays import EndOfDealScene

        self.app.audio.play("win")
        self.app.stack.push(EndOfDealScene(self.session, ev, self.piles))
        self.piles = []

    def _game_over(self, ev: dict[str, Any]) -> None:
        from .overlays import GameOverScene

        self.app.audio.play("win")
        self.app.stack.push(GameOverScene(self.session, ev))

    def start_deal(self) -> None:
        """Shuffle and deal: backs fly from the centre to every seat in turn."""
        if self.match.over:
            return
        self.between = False
        self.bar_view = None
        self.calls.clear()
        self.trick.clear()
        self.refresh()
        if len(self.session.humans) >= 2:
            self.viewer = None  # nobody's hand until the privacy screen is passed
            self.relayout()
            self.refresh()
        counts = list(self.view.get("hand_counts", []))[: self.session.seats]
        if not counts or self.tweener.scale == 0:
            self.dealing = None
            return
        self.app.audio.play("shuffle")
        self.dealing = {s: 0 for s in range(len(counts))}
        order = [(self.match.dealer + 1 + k) % len(counts) for k in range(len(counts))]
        seq = [s for r in range(max(counts)) for s in order if r < counts[s]]
        step = min(0.045, 1.4 / max(1, len(seq)))
        centre = self.lay.centre
        shuffle_t = self._shuffle(centre)

        def land(seat: int) -> None:
            if self.dealing is not None:
                self.dealing[seat] += 1

        def launch(seat: int) -> None:
            sp = CardSprite(centre[0], centre[1], -1, True)
            self.sprites.append(sp)
            dst = self._seat_centre(seat)

            def done() -> None:
                self._drop(sp)
                land(seat)

            self.tweener.animate(sp, "out_quad", 0.28, on_finished=done, x=dst[0], y=dst[1])

        for i, s in enumerate(seq):
            self.tweener.wait(shuffle_t + i * step + 1e-6, lambda s=s: launch(s))
        if seq:
            self.tweener.wait(shuffle_t, lambda: self.app.audio.play("deal"))
        self.beats.insert(0, self._dealt)

    def _shuffle(self, centre: tuple[int, int]) -> float:
        """Riffle: the pack splits in two halves that part and meet twice. Returns its
        length in unscaled seconds (the deal starts after it)."""
        halves = [
            CardSprite(centre[0], centre[1], -1, True),
            CardSprite(centre[0], centre[1], -1, True),
        ]
        self.sprites.extend(halves)
        dx = self.lay.small[0] * 0.75
        beat = 0.16

        def riffle(k: int) -> None:
            if k >= 4:
                for h in halves:
                    self._drop(h)
                return
            out = 1 if k % 2 == 0 else 0
            self.tweener.animate(
                halves[0],
                "in_out_quad",
                beat,
                on_finished=lambda: riffle(k + 1),
                x=centre[0] - dx * out,
            )
            self.tweener.animate(halves[1], "in_out_quad", beat, x=centre[0] + dx * out)

        riffle(0)
        return 4 * beat + 0.05

    def _dealt(self) -> None:
        self.dealing = None

    # ------------------------------------------------------------ input

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        if a is Act.MENU:
            from .overlays import PauseScene

            self.app.stack.push(PauseScene(self))
            return None
        if a is Act.SCORES:
            from .overlays import ScoreSheetScene

            self.app.stack.push(ScoreSheetScene(self.session))
            return None
        if a is Act.RULES:
            from .info import RulesScene

            self.app.stack.push(RulesScene(self.session.variant.id))
            return None
        if a is Act.LAST_TRICK:
            if self.view.get("last_trick"):
                from .overlays import LastTrickScene

                self.app.stack.push(LastTrickScene(self))
            return None
        if a is Act.HURRY:
            self.hurry = True
            self.tweener.hurry = 0.15
            self.say("Hurrying the AI until your turn", 1.2)
            return None
        if (
            a in (Act.POINT, Act.CLICK)
            and ev.pos is not None
            and self.toolbar.process_event(ev) is None
        ):
            return None
        if a is Act.UNDO:
            self.undo()
            return None
        if a is Act.HINT:
            if self.match.to_move == self.bottom and self.hand_visible() and not self.hint_wait:
                self.session.request_hint()
                self.hint_wait = True
                self.say("Thinking of a hint...", 1.0)
            return None
        if not self.my_turn():
            if a is Act.POINT:
                self.hover = self._card_at(ev.pos)
            return None
        return self._turn_input(ev)

    def _turn_input(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        ids = self.hand_ids()
        has_panel = bool(self.panel_menu.buttons)
        if a in (Act.POINT, Act.CLICK):
            if has_panel and self.panel_menu.process_event(ev) is None:
                self.zone = "panel"
                return None
            idx = self._card_at(ev.pos)
            if a is Act.POINT:
                self.hover = idx
                if idx >= 0 and self.card_kind:
                    self.hand_focus = idx
                    self.zone = "hand"
                return None
            if idx >= 0 and self.card_kind:
                self.hand_focus, self.zone = idx, "hand"
                self.play_card(ids[idx])
            return None
        if a is Act.ALT_CLICK or a is Act.BACK:
            if self.selected:
                self.selected.clear()
                self.reason = ""
            return None
        if a is Act.UP and has_panel and self.zone == "hand":
            self.zone = "panel"
            return None
        if a is Act.DOWN and self.card_kind and self.zone == "panel":
            self.zone = "hand"
            return None
        if a is Act.SELECT_CARD:
            if self.zone == "hand" and self.card_kind and 1 <= ev.index <= len(ids):
                self.hand_focus = ev.index - 1
            elif self.zone == "panel" and 1 <= ev.index <= len(self.panel_menu.buttons):
                self.panel_menu.focus = ev.index - 1
            return None
        if self.zone == "panel" and has_panel:
            return self.panel_menu.process_event(ev) and None
        if not self.card_kind or not ids:
            return None
        self.hand_focus = max(0, min(self.hand_focus, len(ids) - 1))
        if a is Act.LEFT:
            self.hand_focus = (self.hand_focus - 1) % len(ids)
        elif a is Act.RIGHT:
            self.hand_focus = (self.hand_focus + 1) % len(ids)
        elif a is Act.SELECT:
            if self.single:
                self.play_card(ids[self.hand_focus])
            else:
                self.toggle(ids[self.hand_focus])
        elif a is Act.CONFIRM:
            if self.single:
                self.play_card(ids[self.hand_focus])
            elif self.selected:
                self.confirm_selection()
            else:
                self.toggle(ids[self.hand_focus])
        return None

    def _card_at(self, pos: tuple[int, int] | None) -> int:
        if pos is None or self.lay is None or not self.hand_visible():
            return -1
        ids = self.hand_ids()
        rects = self.lay.hand_rects(len(ids))
        for i in range(len(rects) - 1, -1, -1):
            x, y, w, h = rects[i]
            lift = self.lay.lift if (ids[i] in self.selected or i == self.hover) else 0
            if pygame.Rect(x, y - lift, w, h + lift).collidepoint(pos):
                return i
        return -1

    def undo(self) -> None:
        if self.tweener.busy or self.beats or not self.session.can_undo():
            if not self.session.can_undo():
                self.say("Nothing of yours to undo in this deal", 1.6)
            return
        self.session.undo()
        self.calls.clear()
        self.selected.clear()
        self.hint_cards.clear()
        self.reason = ""
        self.refresh()
        self._rebuild_trick()
        self._rebuild_calls()
        self.say("Your last decision was taken back", 1.6)

    def _rebuild_calls(self) -> None:
        """The calls of the auction so far (after an undo), from the deal's own log: the
        actions say what each seat called, whatever shape the variant's view has."""
        if self.view.get("phase") in ("play", "bury"):
            return  # the auction's calls are cleared once trump is settled
        m, s = self.match, self.session
        start = min(s.deal_start, len(m.log))
        for a, who in zip(m.log[start:], s.actors[start:], strict=False):
            if a and a[0] == "trump":
                self.calls.clear()  # as when it happened
            elif a and a[0] not in CARD_KINDS:
                self.calls[who] = call_label(a, m.deck)

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        self.tweener.speed = self.app.prefs.speed
        self.tweener.update(dt)
        if self.banner_left > 0:
            self.banner_left -= dt
            if self.banner_left <= 0:
                self.banner = ""
        hint = self.session.poll_hint()
        if hint is not None:
            self.hint_wait = False
            self._show_hint(hint)
        if self.app.stack.top is not self:
            return  # nothing moves on under a menu or an overlay
        if self.tweener.busy:
            return
        if self.beats:
            self.beats.pop(0)()
            return
        m, s = self.match, self.session
        if m.over or self.between:
            return
        tm = m.to_move
        if tm < 0:
            return
        if s.is_human(tm):
            if self.hurry:
                self.hurry = False
                self.tweener.hurry = 1.0
            if tm != self.viewer and len(s.humans) >= 2:
                if self.viewer is None and tm == self.last_seen:
                    self.pass_to(tm)  # nobody else has looked since: no need to pass
                    return
                from .overlays import PrivacyScene

                self.app.stack.push(PrivacyScene(self, tm))
            return
        # an AI seat: think off the render loop, then pace the move
        s.request_ai()
        self.ai_clock += dt
        got = s.poll_ai()
        if got is None:
            return
        seat, action = got
        self._ai_ready = seat  # answered; the move shows after a short pause
        pace = 0.0 if self.hurry else AI_PACE * self.tweener.scale
        remaining = max(0.0, pace - self.ai_clock)
        self.ai_clock = 0.0
        self.tweener.wait(remaining, lambda: self._apply_ai(seat, action))

    def _apply_ai(self, seat: int, action: Action) -> None:
        self._ai_ready = -1
        if self.match.to_move != seat:
            return
        origin = self._origins(seat, action)
        events = self.session.apply(action)
        self.after_apply(seat, action, events, origin)

    def pass_to(self, seat: int) -> None:
        """The privacy screen was dismissed by `seat`'s human."""
        self.viewer = self.last_seen = seat
        self.selected.clear()
        self.relayout()
        self.refresh()

    def _show_hint(self, action: Action) -> None:
        deck = self.match.deck
        if action[0] in CARD_KINDS:
            cards = set(action[1])
            self.hint_cards = cards
            ids = self.hand_ids()
            if self.single and cards:
                c = next(iter(cards))
                if c in ids:
                    self.hand_focus, self.zone = ids.index(c), "hand"
            else:
                self.selected = cards & set(ids)
                self._live_reason()
            self.say("Hint: " + pretty_action(action, deck), 3.0)
        else:
            for i, b in enumerate(self.panel_menu.buttons):
                b.hint = b.value == action
                if b.hint:
                    self.panel_menu.focus, self.zone = i, "panel"
            self.say("Hint: " + pretty_action(action, deck), 3.0)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.lay
        if lay is None:
            return
        assets = self.app.assets
        surface.blit(assets.table(surface.get_size()), (0, 0))
        self.frame_faces = set()
        self._draw_centre(surface)
        for place in lay.seats:
            self._draw_seat(surface, place)
        self._draw_trick(surface)
        self._draw_top_bar(surface)
        self._draw_status(surface)

    def _draw_centre(self, surface: pygame.Surface) -> None:
        bottom = self.view.get("bottom")
        if bottom and self.view.get("phase") == "play" and not self.between:
            # public cards of the deal (Dou Dizhu's landlord cards)
            self._draw_pile_row(surface, bottom, "Bottom cards", spaced=True)
        self._draw_centre_pile(surface)

    def _draw_pile_row(
        self, surface: pygame.Surface, names: list[str], caption: str, spaced: bool = False
    ) -> None:
        """Public cards in a small row under the top bar (the landlord's bottom cards, a
        turned-up kitty or trump card): centred with the caption on its left, or, where a
        seat sits at the top centre, just right of that seat with the caption after it."""
        lay, assets, ui = self.lay, self.app.assets, self.app.ui
        assets.set_card_height(round(lay.small[1] * 0.8))
        w = assets.card_size[0]
        ids = self._ids(names)
        if not ids:
            return
        step = w + 4 if spaced else w // 2
        width = step * (len(ids) - 1) + w
        top = [p for p in lay.seats if not p.local and abs(p.anchor[0] - lay.centre[0]) < w]
        y = lay.top_bar[3] + lay.margin
        if top:
            bx, by, bw, _bh = top[0].box
            x = bx + bw + 2 * lay.margin
            y = by
            cap = ((x + width + ui(8), y + ui(18)), "topleft")
        else:
            x = lay.centre[0] - width // 2
            cap = ((x - ui(8), y + ui(18)), "topright")
        self.app.text.draw(surface, caption, ui(15), cap[0], MUTED, True, cap[1])
        for c in ids:
            surface.blit(assets.card_face(self.match.deck, c), (x, y))
            x += step

    def _draw_centre_pile(self, surface: pygame.Surface) -> None:
        lay, assets = self.lay, self.app.assets
        n = int(self.view.get("nest_count") or 0)
        phase = self.view.get("phase")
        piles = self.session.variant.pile_names
        pile = piles[0] if piles else "pile"
        if phase in ("declare", "bid") and not n and piles:
            pile = piles[-1]  # the face-down rest: kitty, bottom, stock
            # cards not dealt to a hand (Tractor's kitty, Dou Dizhu's bottom) lie face down
            counts = self.view.get("hand_counts") or []
            n = max(0, len(self.match.deck) - sum(c for c in counts if isinstance(c, int)))
        up = self.view.get("turnup")
        if isinstance(up, str) and up in self._known_names() and not self.between:
            self._draw_pile_row(surface, [up], "Turned up")  # Oh Hell's trump card
        shown = self.view.get("kitty_revealed")
        early = phase == "bury" or (phase == "play" and not self.view.get("tricks_played"))
        kitty = self.view.get("kitty")
        if isinstance(shown, list) and shown and early and not self.between:
            self._draw_pile_row(surface, shown, "Kitty turned up")
        elif (
            kitty
            and phase == "play"
            and self.view.get("dealer") == self.bottom
            and self.hand_visible()
        ):
            self._draw_pile_row(surface, kitty, "You buried")  # the dealer's own secret
        show_nest = n and phase in ("bid", "trump", "declare") and not self.view.get("nest_taken")
        if show_nest and self.my_turn() and self.panel_menu.buttons and not self.panel_in_row():
            show_nest = False  # the panel stands there
        if self.dealing is not None or show_nest:
            assets.set_card_height(lay.small[1])
            back = assets.card_back()
            cx, cy = lay.centre
            k = 6 if self.dealing is not None else min(n, 6)
            for i in range(k):
                surface.blit(back, back.get_rect(center=(cx - i * 2, cy - i * 2)))
            if show_nest and self.dealing is None:
                self.app.text.draw(
                    surface,
                    f"{pile.capitalize()}: {n}",
                    self.app.ui(16),
                    (cx, cy + lay.small[1] // 2 + self.app.ui(12)),
                    INK,
                    True,
                    "center",
                )

    def _draw_dummy_piles(self, surface: pygame.Surface, seat: int, dummy: dict) -> None:
        """The 2-player dummy's piles as the rules lay them out: each face-up card on a
        face-down one (peeking out below it) until the pile's lower card turns up."""
        assets, lay = self.app.assets, self.lay
        assets.set_card_height(lay.small[1])
        deck = self.match.deck
        ups = list(dummy.get("up", []))
        under = list(dummy.get("under", []))
        fan = lay.small_rects(seat, len(ups))
        if not fan:
            return
        w, h = lay.small
        gap = max(2, w // 8)
        drop = max(3, h // 8)
        # Piles side by side (not fanned: each pile is a separate stack), centred where
        # the fan would be, kept on screen.
        total = len(ups) * w + (len(ups) - 1) * gap
        centre = (fan[0][0] + fan[-1][0] + w) / 2
        x0 = int(min(max(centre - total / 2, gap), surface.get_width() - total - gap - drop))
        y = fan[0][1] + drop
        back = assets.card_back()
        for i, name in enumerate(ups):
            x = x0 + i * (w + gap)
            if i < len(under) and under[i]:
                surface.blit(back, (x + drop, y - drop))
            ids = self._ids([name]) if name else []
            if ids:
                surface.blit(assets.card_face(deck, ids[0]), (x, y))

    def _draw_seat(self, surface: pygame.Surface, place: Any) -> None:
        lay, assets, text, ui = self.lay, self.app.assets, self.app.text, self.app.ui
        s = self.session
        seat = place.seat
        counts = self.view.get("hand_counts", [])
        count = counts[seat] if seat < len(counts) else 0
        if seat >= s.seats:
            count = (self.view.get("dummy") or {}).get("count", 0)
        if self.dealing is not None:
            count = min(count, self.dealing.get(seat, 0))
        if self.between:
            count = 0
        dummy = self.view.get("dummy") if seat >= s.seats else None
        if place.local:
            self._draw_local_hand(surface, count)
        elif dummy:
            self._draw_dummy_piles(surface, seat, dummy)
            count = dummy.get("count", 0) + dummy.get("down", 0)  # face up + face down
        else:
            assets.set_card_height(lay.small[1])
            back = assets.card_back()
            for x, y, _w, _h in lay.small_rects(seat, count):
                surface.blit(back, (x, y))
        # name plate
        px, py, pw, ph = place.plate
        to_move = self.match.to_move == seat and not self.between and self.dealing is None
        team = s.team_of(seat)
        colour = TEAM_COLOURS[(team if team is not None else seat) % len(TEAM_COLOURS)]
        panel(surface, place.plate, edge=GOLD if to_move else (70, 90, 80))
        pygame.draw.rect(surface, colour, (px + 3, py + 3, ui(6), ph - 6), border_radius=3)
        name = self.name_of(seat)
        ix = px + ui(14)
        icon_h = ui(18)
        dv = self.bar_view or self.view  # the finished deal's dealer while its sheet is up
        if dv.get("dealer") == seat:
            surface.blit(assets.icon("dealer", icon_h), (px + pw - icon_h - ui(4), py + ui(4)))
        leads = seat >= 0 and seat in (dv.get("declarer", -1), dv.get("landlord", -1))
        if leads:
            surface.blit(
                assets.icon("declarer", icon_h), (px + pw - 2 * icon_h - ui(8), py + ui(4))
            )
        icons = (dv.get("dealer") == seat) + leads
        room = px + pw - ix - ui(6) - icons * (icon_h + ui(4))
        name = text.fit(name, ui(18), room, True)  # a long name stays on its plate
        text.draw(surface, name, ui(18), (ix, py + ui(5)), INK, True)
        if not self.match.teams and seat < len(self.match.scores):
            # individual scoring: each plate carries its own running score
            text.draw(
                surface,
                str(self.match.scores[seat]),
                ui(18),
                (px + pw - ui(8), py + ph - ui(5)),
                colour,
                True,
                "bottomright",
            )
        # between deals the hands are put away: no "0 cards" against the sheet's cards left
        line2 = f"{count} cards" if not place.local and not self.between else ""
        call = self.calls.get(seat)
        if to_move and not s.is_human(seat) and (s.ai_busy() or self._ai_ready == seat):
            dots = "." * (1 + int(self.app.clock_s * 3) % 3)
            line2 = (line2 + "  " if line2 else "") + "thinking" + dots
        elif call:
            line2 = (line2 + "  " if line2 else "") + call
        bids = self.view.get("bids")
        if (
            isinstance(bids, list)
            and len(bids) == s.seats
            and seat < len(bids)
            and isinstance(bids[seat], int)
            and not isinstance(bids[seat], bool)
            and self.view.get("phase") != "bid"
        ):  # games where every seat's bid stands through the play (Oh Hell)
            line2 = (line2 + "  " if line2 else "") + f"bid {bids[seat]}"
        if self.view.get("landlord") == seat and not self.between:
            line2 = (line2 + "  " if line2 else "") + "landlord"
        tw = self.view.get("tricks_won")
        if tw and seat < len(tw) and self.view.get("phase") == "play":
            line2 = (line2 + "  " if line2 else "") + f"tricks {tw[seat]}"
        colour = GOLD if call and not to_move else MUTED
        if "{" in line2:  # suit glyphs inline ("Declared 2{suit:S}")
            img = self._rich(line2, ui(15), colour)
            surface.blit(img, img.get_rect(bottomleft=(ix, py + ph - ui(3))))
        else:
            line2 = text.fit(line2, ui(15), px + pw - ix - ui(4))
            text.draw(surface, line2, ui(15), (ix, py + ph - ui(5)), colour, False, "bottomleft")

    def _rich(self, line: str, size: int, colour: Any) -> pygame.Surface:
        """Text with inline suit icons, cached (it is drawn every frame)."""
        cache = self._rich_cache
        key = (line, size, colour)
        img = cache.get(key)
        if img is None:
            if len(cache) > 200:
                cache.clear()
            img = cache[key] = self.app.assets.text(line, size, colour)
        return img

    def _draw_local_hand(self, surface: pygame.Surface, count: int) -> None:
        lay, assets = self.lay, self.app.assets
        assets.set_card_height(lay.card[1])
        visible = self.hand_visible()
        if not visible:
            back = assets.card_back()
            for x, y, _w, _h in lay.hand_rects(count):
                surface.blit(back, (x, y))
            return
        ids = self.hand_ids()[:count] if self.dealing is not None else self.hand_ids()
        arriving = self._arriving()
        if arriving:  # the nest's cards join the hand when their flight lands
            ids = [c for c in ids if c not in arriving]
        self.frame_faces.add(self.bottom)
        rects = lay.hand_rects(len(ids))
        deck = self.match.deck
        my = self.my_turn() and self.card_kind is not None
        focus = self.hand_focus if (my and self.zone == "hand") else -1
        # while laying away, the cards that came from the nest are marked
        taken = self.view.get("nest_taken") or (
            self.view.get("kitty") if self.view.get("phase") == "bury" else None
        )
        fresh = (
            set(self._ids(list(taken)))
            if self.card_kind == "discard" and isinstance(taken, list)
            else set()
        )
        for i, (c, (x, y, _w, _h)) in enumerate(zip(ids, rects, strict=True)):
            up = c in self.selected or (
                my and c in self.playable and (i == self.hover or i == focus)
            )
            yy = y - lay.lift if up else y
            surface.blit(assets.card_face(deck, c), (x, yy))
            if my and c not in self.playable:
                surface.blit(assets.card_outline("dim"), (x, yy))
            elif c in self.selected:
                surface.blit(assets.card_outline("selected"), (x, yy))
            elif c in self.hint_cards or i == focus:
                surface.blit(assets.card_outline("hover"), (x, yy))
            elif c in fresh:
                surface.blit(assets.card_outline("legal"), (x, yy))

    def _arriving(self) -> set[int]:
        """Cards of the nest (kitty) flying into the bottom seat's hand just now."""
        phase = self.view.get("phase")
        if not self.tweener.busy or phase not in ("nest", "bury"):
            return set()
        if self.match.to_move != self.bottom:
            return set()
        taken = self.view.get("nest_taken") or (self.view.get("kitty") if phase == "bury" else None)
        return set(self._ids(list(taken))) if isinstance(taken, list) else set()

    def _draw_trick(self, surface: pygame.Surface) -> None:
        lay, assets = self.lay, self.app.assets
        deck = self.match.deck
        assets.set_card_height(lay.trick_card[1])
        cw, ch = lay.trick_card
        for sp in self.trick:
            img = assets.card_face(deck, sp.card) if sp.card >= 0 else assets.card_back()
            surface.blit(img, (round(sp.x - cw / 2), round(sp.y - ch / 2)))
        if self.trick_winner is not None:  # the winning card, while the trick rests
            ring = assets.card_outline("selected")
            for sp in self.trick:
                if sp.seat == self.trick_winner:
                    surface.blit(ring, ring.get_rect(center=(round(sp.x), round(sp.y))))
        assets.set_card_height(lay.small[1])
        sw, sh = lay.small
        back = assets.card_back()
        for sp in self.sprites:
            img = back if sp.card < 0 else assets.card_face(deck, sp.card)
            surface.blit(img, (round(sp.x - sw / 2), round(sp.y - sh / 2)))

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        lay, text, ui = self.lay, self.app.text, self.app.ui
        x, y, w, h = lay.top_bar
        panel(surface, (x - 4, y - 4, w + 8, h + 4), radius=0, edge=None)
        facts, tail = self._bar_items()
        room = self.toolbar_left - ui(10)

        def width(items: list[tuple[str, Any, str]], fs: int) -> int:
            font = text.fonts(fs, True)
            return sum(font.size(t)[0] + ui(18) + (ui(14) if suit else 0) for t, _c, suit in items)

        # a narrow window: smaller type first, then the deal's facts give way (the
        # scores and the trump stay: the player needs them most)
        fs = next((f for f in (ui(17), ui(15), ui(13)) if width(facts + tail, f) <= room), ui(13))
        while len(facts) > 1 and width(facts + tail, fs) > room:
            facts.pop()
        cx = ui(10)
        for t, colour, suit in facts + tail:
            if suit:  # the glyph sits close to the "Trump" before it
                cx -= ui(10)
                ic = self.app.assets.icon("suit:" + suit, ui(20))
                surface.blit(ic, ic.get_rect(midleft=(cx, h // 2)))
                cx += ui(24)
            r = text.draw(surface, t, fs, (cx, h // 2), colour, True, "midleft")
            cx = r.right + ui(18)
        self.toolbar.draw(surface, text, ui(16), show_focus=False)

    def _bar_items(self) -> tuple[list[tuple[str, Any, str]], list[tuple[str, Any, str]]]:
        """The top bar's words: (text, colour, suit icon drawn before it or ""), split
        into the deal's facts and what must stay (trump and the running scores)."""
        v, s = self.bar_view or self.view, self.session
        deal = self.match.deal_no + (0 if self.match.over or self.between else 1)
        facts = [(p, INK, "") for p in (s.variant.name, f"Deal {max(1, deal)}", *self.facts())]
        tail: list[tuple[str, Any, str]] = []
        trump = v.get("trump")
        if trump == "NT":
            tail.append(("No trump suit", INK, ""))
        elif not trump and v.get("phase") == "declare":
            tail.append(("Trump not declared", MUTED, ""))
        elif trump:
            suit = COLOUR_SUITS.get(str(trump), str(trump)[:1].upper())
            word = (
                str(trump).capitalize()
                if trump in COLOUR_SUITS
                else SUIT_WORDS.get(str(trump), str(trump)).capitalize()
            )
            tail.append(("Trump", INK, ""))
            tail.append((word, self.app.assets.suit_colour_on_dark(suit), suit))
        # running scores (team games; individual scores sit on the name plates)
        labels = self._score_labels() if self.match.teams else []
        levels = self.view.get("level_names")
        scores = list(levels or self.match.scores)
        for i, (lab, sc) in enumerate(zip(labels, scores, strict=False)):
            line = f"{lab}: level {sc}" if levels else f"{lab} {sc}"
            tail.append((line, TEAM_COLOURS[i % len(TEAM_COLOURS)], ""))
        return facts, tail

    def facts(self) -> list[str]:
        """The public facts of the deal the variant's view carries (bid and declarer,
        landlord and multiplier, level, ...), as short phrases for the top bar."""
        v, names = self.bar_view or self.view, self.session.names
        out: list[str] = []

        def who(x: Any) -> str:
            return names[x] if isinstance(x, int) and 0 <= x < len(names) else ""

        bid, decl = v.get("bid"), v.get("declarer", -1)
        landlord = v.get("landlord")
        if landlord is not None and who(landlord):
            out.append(f"Landlord {who(landlord)}" + (f" (bid {bid})" if bid else ""))
        elif isinstance(decl, int) and decl >= 0 and bid:
            out.append(f"Bid {bid} by {who(decl)}")
        elif bid and v.get("phase") == "bid":
            hb = who(v.get("high_bidder"))
            out.append(f"High bid {bid}" + (f" by {hb}" if hb else ""))
        if isinstance(v.get("multiplier"), int):
            out.append(f"Multiplier x{v['multiplier']}")
        if v.get("level_rank"):
            out.append(f"Playing {v['level_rank']}s")
        if (
            v.get("attackers", -1) is not None
            and v.get("attackers", -1) >= 0
            and "attacker_points" in v
        ):
            target = v.get("attacker_target")  # the variant's number, never the client's
            out.append(f"Attackers {v['attacker_points']}" + (f"/{target}" if target else ""))
        return out

    def _score_labels(self) -> list[str]:
        s = self.session
        teams = self.match.teams
        if teams:
            if len(teams) == 2:
                return ["We" if self.bottom in t else "They" for t in teams]
            return [f"Team {i + 1}" for i in range(len(teams))]
        return list(s.names)

    def _draw_status(self, surface: pygame.Surface) -> None:
        lay, text, ui = self.lay, self.app.text, self.app.ui
        sx, sy, sw, sh = lay.status
        msg = self.banner or self.prompt()  # news of the moment, else what to do
        panel_row = self.panel_in_row() and self.panel_menu.buttons and self.my_turn()
        right = (self.panel_menu.buttons[0].rect.left - ui(10)) if panel_row else sx + sw
        cx = sx + (right - sx) // 2
        avail = right - sx
        size = ui(20)
        if text.fonts(size, True).size(msg)[0] > avail:
            size = ui(17)  # a long prompt: smaller first, then cut to fit
        lines = text.wrap(msg, size, avail, True)
        second = bool(self.reason) or bool(self.selection_name and self.selected and self.my_turn())
        todo = self.prompt() if self.banner and self.my_turn() else ""
        fits = todo and not second and text.fonts(ui(17), True).size(todo)[0] <= avail
        if fits:
            # the news must not hide what the player has to do: the news above, smaller
            news = text.fit(self.banner, ui(15), avail, True)
            text.draw(surface, news, ui(15), (cx, sy + sh // 2 - ui(11)), INK, True, "center")
            size = ui(18) if text.fonts(ui(18), True).size(todo)[0] <= avail else ui(17)
            text.draw(surface, todo, size, (cx, sy + sh // 2 + ui(10)), GOLD, True, "center")
            self._draw_panel(surface)
            return
        if todo:  # no room for both: what to do wins over the news
            msg = todo
            size = ui(20) if text.fonts(ui(20), True).size(msg)[0] <= avail else ui(17)
            lines = text.wrap(msg, size, avail, True)
        if len(lines) > 1 and not second:  # two lines fit when no reason is shown
            text.draw(surface, lines[0], size, (cx, sy + sh // 2 - ui(10)), GOLD, True, "center")
            rest = text.fit(" ".join(lines[1:]), size, avail, True)
            text.draw(surface, rest, size, (cx, sy + sh // 2 + ui(10)), GOLD, True, "center")
        else:
            msg = text.fit(msg, size, avail, True)
            y = sy + sh // 2 - (ui(9) if second else 0)
            text.draw(surface, msg, size, (cx, y), GOLD, True, "center")
        if self.reason:
            rs = ui(17) if text.fonts(ui(17), True).size(self.reason)[0] <= avail else ui(14)
            reason = text.fit(self.reason, rs, avail, True)
            text.draw(surface, reason, rs, (cx, sy + sh // 2 + ui(12)), RED, True, "center")
        elif self.selection_name and self.selected and self.my_turn():
            name = text.fit("Selected: " + self.selection_name, ui(17), avail, True)
            text.draw(surface, name, ui(17), (cx, sy + sh // 2 + ui(12)), INK, True, "center")
        self._draw_panel(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        lay, text, ui = self.lay, self.app.text, self.app.ui
        if self.my_turn() and self.panel_menu.buttons:
            if not self.panel_in_row():
                px, py, pw, ph = lay.panel
                bs = self.panel_menu.buttons
                top = min(b.rect.top for b in bs) - ui(48)
                bot = max(b.rect.bottom for b in bs) + ui(16)
                left = min(b.rect.left for b in bs) - ui(16)
                rgt = max(b.rect.right for b in bs) + ui(16)
                panel(surface, (left, top, rgt - left, bot - top))
                text.draw(
                    surface,
                    self.panel_title(),
                    ui(22),
                    ((left + rgt) // 2, top + ui(22)),
                    GOLD,
                    True,
                    "center",
                )
            self.panel_menu.draw(surface, text, ui(20), show_focus=self.zone == "panel")

    def panel_title(self) -> str:
        kinds = {a[0] for a in self._legal}
        if "bid" in kinds:
            return "Your bid"
        if "trump" in kinds:
            return "Name the trump colour"
        if "declare" in kinds:
            lv = self.view.get("level_rank")
            return f"Declare trump? (level {lv})" if lv else "Declare trump?"
        return "Your choice"

    def prompt(self) -> str:
        m, s = self.match, self.session
        if m.over:
            return "The game is over"
        if self.between or self.dealing is not None:
            return "Dealing..."
        tm = m.to_move
        if tm < 0:
            return ""
        if tm == self.bottom and self.hand_visible():
            if self.tweener.busy or self.beats:
                return ""
            if self.card_kind == "discard":
                hint = m.deal.legal_hint().split(": '")[0]
                hint = hint[:1].upper() + hint[1:]
                if self.view.get("nest_taken"):
                    hint += " (green edge: from the nest)"
                elif self.view.get("phase") == "bury" and self.view.get("kitty"):
                    hint += " (green edge: from the kitty)"
                return hint or f"Choose cards to lay away ({len(self.selected)} selected)"
            if self.card_kind == "play":
                if self.dummy_turn():
                    return "Play a card for the dummy (its cards are shown below)"
                if self.single:
                    return "Your turn: play a card (click it, or arrows and Enter)"
                trick = self.view.get("trick") or []
                sizes = {len(a[1]) for a in self._legal if a[0] == "play"}
                if trick and len(sizes) == 1 and min(sizes) > 1:
                    return f"Your turn: select {min(sizes)} cards, then Play selected"
                return "Your turn: select cards, then Play selected"
            return choice_prompt(self._legal)
        if s.is_human(tm):
            return f"{self.possessive(tm, True)} turn"
        return f"{s.names[tm]} is thinking..."
