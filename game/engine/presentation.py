"""How a game looks and speaks at the table: the presentation contract.

The client animates a small vocabulary of table event kinds (`KINDS`) and shows the
game's own words; it knows no game. A Variant carries a `Presentation` (its field
`presentation`); a game without one gets this module's `Presentation` itself, which
plays any game with plain, generic wording.

Words are `Text` values: one whole sentence with `{placeholders}` (never glued from
fragments), so a translation replaces the sentence as a unit. `say()` builds one:

    say("{player} won the bid at {bid}", player=Seat(2), bid=120)
    say("{player} takes the trick", you="You take the trick", player=Seat(w))

Placeholder values are ints, strings, `Seat` (shown as the player's name), `Side` (a
team's or seat's score label), `Cards` (card names, shown with the game's card words)
or another `Text`. `you` is the same sentence for when the `subject` placeholder's seat
is the local player, so no language has to bend "You takes".

Nothing here imports pygame: the rules engine stays pure. Everything is a frozen value.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from ..i18n import CROWSNEST, N_
from .actions import Action
from .cards import Deck

# ---------------------------------------------------------------- the table's vocabulary

CALL = "call"  # a call in the auction: `seat`'s name plate shows `call`
CONTRACT = "contract"  # trump or the contract is settled: the auction's calls are cleared
PICKUP = "pickup"  # cards go from the centre to `seat`: `count` backs, or `cards` face up
LAYAWAY = (
    "layaway"  # cards go from `seat` to the centre: the action's face down, or `cards` face up
)
PLAY = "play"  # the action's cards go from `seat` into the middle (a trick or a round)
TRICK = "trick"  # the middle is won by `seat`: it rests a moment, then is swept to them
ROUND = "round"  # a new round of plays starts: the calls on the plates are cleared
REVEAL = "reveal"  # `cards` are shown to everyone on the end-of-deal sheet, under `caption`
NEWS = "news"  # only a sentence (`news`) for the status line
# The match's own events: the client handles these by itself (the sheet, a redeal, the
# game-over screen); a Presentation does not emit them.
DEAL_OVER = "deal_over"
REDEAL = "redeal"
MATCH_OVER = "match_over"

KINDS = (CALL, CONTRACT, PICKUP, LAYAWAY, PLAY, TRICK, ROUND, REVEAL, NEWS)
MATCH_EVENTS = (DEAL_OVER, REDEAL, MATCH_OVER)


# ---------------------------------------------------------------- words


@dataclass(frozen=True, slots=True)
class Seat:
    """A placeholder value: a seat (or table position), shown as its player's name."""

    index: int


@dataclass(frozen=True, slots=True)
class Side:
    """A placeholder value: a scoring side (team, or seat without teams), shown by its
    label ("We", "They", "Ada & Ben")."""

    index: int


@dataclass(frozen=True, slots=True)
class Cards:
    """A placeholder value: cards by name, shown with the game's `card_words`."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Text:
    """One whole sentence (or label) with {placeholders}; see the module doc."""

    msg: str
    values: tuple[tuple[str, Any], ...] = ()
    you: str = ""  # the sentence when `subject` is the local player
    subject: str = ""  # the placeholder (a Seat) that decides whether `you` is used
    # Plural forms: `msg` is the singular, `plural` the English plural; the number in
    # the placeholder `count` chooses (each language has its own rule: fr says 0 carte).
    plural: str = ""
    count_key: str = "count"
    # A translator's context (gettext's msgctxt) where one English word has two
    # translations: Dou Dizhu's "Pass" is 不叫 in the auction and 不出 in play.
    context: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.values:
            if k == key:
                return v
        return default

    def plain(self) -> str:
        """The sentence with its values as plain text (logs, tests, no table at hand)."""
        return render(self, lambda s: f"seat {s + 1}", lambda s: f"side {s + 1}")


def say(
    msg: str,
    *,
    you: str = "",
    subject: str = "player",
    plural: str = "",
    context: str = "",
    **values: Any,
) -> Text:
    """A Text. `subject` names the placeholder whose seat may be the local player.
    With `plural`, the number in the placeholder `count` picks the form:
    say("{count} card", plural="{count} cards", count=n). `context` is the
    translators' (msgctxt) for a word translated two ways: say("Pass", context="...")."""
    return Text(msg, tuple(values.items()), you, subject if you else "", plural, context=context)


def join_words(words: Sequence[Text | str]) -> Text:
    """Several words or phrases as one list ("the red 5, the Crow"): each is rendered
    (and translated) on its own; the list separator is the sentence "{first}, {rest}"."""
    if not words:
        return say("{cards}", cards="")
    head, *rest = words
    if not rest:
        return say("{cards}", cards=head)
    return say("{first}, {rest}", first=head, rest=join_words(rest))


def render(
    text: Text | str,
    seat_name: Any,
    side_name: Any,
    card_words: Any = None,
    is_you: Any = None,
    translate: Any = None,
    translate_plural: Any = None,
    is_us: Any = None,
) -> str:
    """The sentence for the screen. The client passes how to name a seat, a side and
    cards, whether a seat is the local player (and a side the local player's), and how
    to translate a sentence (`translate(msg)`) and a plural one
    (`translate_plural(singular, plural, n)`). `you=` is used when the subject is the
    local player's Seat, or their Side ("We take over the deal")."""
    if isinstance(text, str):
        return translate(text) if translate else text
    msg = text.msg
    if text.you:
        who = text.get(text.subject)
        if (
            isinstance(who, Seat)
            and is_you is not None
            and is_you(who.index)
            or isinstance(who, Side)
            and is_us is not None
            and is_us(who.index)
        ):
            msg = text.you
    n = text.get(text.count_key) if text.plural and msg is text.msg else None
    if isinstance(n, int) and not isinstance(n, bool):
        if translate_plural is not None:
            msg = translate_plural(text.msg, text.plural, n)
        else:
            msg = text.msg if n == 1 else text.plural
    elif translate is not None and text.context and msg is text.msg:
        # gettext keeps a context's message under "context\x04message": unknown keys
        # come back as asked, and then the English is the part after the mark
        msg = translate(f"{text.context}\x04{msg}").rsplit("\x04", 1)[-1]
    elif translate is not None:
        msg = translate(msg)
    values: dict[str, str] = {}
    for k, v in text.values:
        if isinstance(v, Seat):
            values[k] = seat_name(v.index)
        elif isinstance(v, Side):
            values[k] = side_name(v.index)
        elif isinstance(v, Cards):
            words = card_words(v.names) if card_words else " ".join(v.names)
            values[k] = (
                words
                if isinstance(words, str)
                else render(
                    words, seat_name, side_name, None, is_you, translate, translate_plural, is_us
                )
            )
        elif isinstance(v, Text):
            values[k] = render(
                v, seat_name, side_name, card_words, is_you, translate, translate_plural, is_us
            )
        else:
            values[k] = str(v)
    try:
        return msg.format_map(values)
    except (KeyError, IndexError, ValueError):
        return msg  # a plugin's malformed sentence shows as written, never crashes


# Deal.legal_hint() also serves scripts (the engine protocol), so it may end with the
# notation to type: "choose 8 cards to bury: 'discard' followed by 8 cards". A player
# reads the sentence before it (":" or a full-width "：", then a quoted action kind).
_NOTATION_TAIL = re.compile(r"\s*[:：]\s*'[a-z_]+\b.*$", re.DOTALL)


def player_hint(hint: str) -> str:
    """A Deal's legal_hint() without the notation tail, capitalised for the screen."""
    text = _NOTATION_TAIL.sub("", hint).strip()
    return text[:1].upper() + text[1:]


def sentence(text: Text | str, card_words: Any = None, catalog: Any = None) -> str:
    """A Text as one sentence in the current language, away from the table: what the
    rules code answers as a string (Deal.check's reasons, legal_hint, describe). Cards
    placeholders are named by `card_words(names)` (a Presentation's words for them);
    `catalog` is a plugin's own (else the project's). Seats read "seat N"."""
    cat = catalog or CROWSNEST

    def translate(msg: str) -> str:
        got = cat.gettext(msg)
        return got if got != msg or cat is CROWSNEST else CROWSNEST.gettext(msg)

    def translate_plural(singular: str, plural: str, n: int) -> str:
        got = cat.ngettext(singular, plural, n)
        if got in (singular, plural) and cat is not CROWSNEST:
            return CROWSNEST.ngettext(singular, plural, n)
        return got

    return render(
        text,
        lambda s: f"seat {s + 1}",
        lambda s: f"side {s + 1}",
        card_words,
        None,
        translate,
        translate_plural,
    )


# ---------------------------------------------------------------- what the client gets


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One thing the table shows; `kind` is one of KINDS."""

    kind: str
    seat: int = -1
    cards: tuple[str, ...] = ()
    count: int = 0
    call: Text | None = None  # the words on `seat`'s name plate (CALL, LAYAWAY, PLAY)
    news: Text | None = None  # a sentence for the status line
    seconds: float = 2.4  # how long `news` stays
    queued: bool = False  # `news` waits until what is on the table has been shown
    caption: Text | None = None  # REVEAL: what the cards are


@dataclass(frozen=True, slots=True)
class EventContext:
    """What a Presentation may use to map an event: who acted and how, and the view of
    the bottom seat just before the action (counts of piles that just moved)."""

    seat: int
    action: Action
    before: Mapping[str, Any]
    deck: Deck
    options: Mapping[str, Any]
    teams: tuple[tuple[int, ...], ...] | None
    events: tuple[Mapping[str, Any], ...] = ()

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat, what a `Side` placeholder holds: its team's index,
        or the seat itself where there are no teams. Events name seats; sentences about
        what a side got need the side."""
        for i, team in enumerate(self.teams or ()):
            if seat in team:
                return i
        return seat


@dataclass(frozen=True, slots=True)
class Fact:
    """A top-bar item. `suit`: a suit key whose glyph is drawn before the words, in the
    suit's colour. `rank`: how much the player needs it (BAR_RANKS): a window too narrow
    for the whole bar drops the lowest first (the game's name, then the deal number,
    ...); `keep=True` ranks a fact with the most needed (as trump)."""

    text: Text
    suit: str = ""
    keep: bool = False
    dim: bool = False
    rank: int | None = None

    @property
    def importance(self) -> int:
        if self.rank is not None:
            return self.rank
        return BAR_RANKS["kept"] if self.keep else BAR_RANKS["fact"]


# How much the top bar's items matter, for dropping the least needed first in a narrow
# window: the bar's own items (the game's name, the deal number, the running scores) and
# a game's facts (plain, or kept).
BAR_RANKS: Mapping[str, int] = MappingProxyType(
    {"game": 0, "deal": 1, "fact": 2, "scores": 4, "kept": 6}
)


@dataclass(frozen=True, slots=True)
class Choice:
    """A button for a non-card action: its label, and optionally a suit key (the
    button shows the suit's colour and glyph) or a swatch colour with a short glyph."""

    label: Text
    suit: str = ""
    swatch: tuple[int, int, int] | None = None
    glyph: str = ""


@dataclass(frozen=True, slots=True)
class Shown:
    """Public cards lying face up with a caption: in a row under the top bar, or (with
    `middle`) in rows stacked in the middle of the table."""

    caption: Text
    cards: tuple[str, ...]
    spaced: bool = False
    private: bool = False  # the viewer's own secret: shown only while their hand is
    middle: bool = False  # laid out in the middle of the table (rows of a layout game)
    start: int = 0  # middle rows: the column the row's first card lies in (rows align)


@dataclass(frozen=True, slots=True)
class Centre:
    """What lies in the middle of the table for a view: a face-down pile (`count`,
    `caption`: "Nest: 5"), public cards (`shown`), and the hand's cards to mark as
    just picked up while laying away (`fresh`, with the `fresh_note` saying so)."""

    count: int = 0
    caption: Text | None = None
    shown: tuple[Shown, ...] = ()
    fresh: tuple[str, ...] = ()
    fresh_note: Text | None = None


@dataclass(frozen=True, slots=True)
class DealSheet:
    """The end-of-deal sheet: its three column titles (what was taken, the change, the
    score), how to print a score value, and the sentences that say why."""

    columns: tuple[Text, Text, Text]
    lines: tuple[Text, ...] = ()
    levels: bool = False  # scores are levels: print them with `score_value`


@dataclass(frozen=True, slots=True)
class SuitLook:
    """How a suit key is drawn: its colour on paper, its glyph shape (one of the
    client's shapes: "spade", "heart", "diamond", "club", "moon", "leaf", "sun",
    "star", "mark" (the arcade's house bird); anything else gets its letter in a disc)
    and its word."""

    colour: tuple[int, int, int]
    shape: str
    word: str
    ink: tuple[int, int, int] | None = None  # its text on paper, where the fill is pale
    on_dark: tuple[int, int, int] | None = None  # its colour on the dark panels
    rim: tuple[int, int, int] | None = None  # an outline for a pale glyph
    symbol: str = ""  # a Unicode symbol for text outside the window


@dataclass(frozen=True, slots=True)
class CardArt:
    """A game's card art: `folder` holds `cards/<suit>_<rank>.png` and
    `backs/<style>.png` (found before the client's own; `backs/default.png` is the
    game's own back) and may hold `table/felt.png`, a tile of the game's own felt
    (shown while the player leaves Settings -> Look's felt and back to the game); `suits` says how the client
    draws the game's suit keys when it paints a face itself; `labels` maps a rank to
    the word printed on its face (the bird card: "CROW"), an English word marked with
    N_() that the client translates through the game's catalog when it draws the face
    (a face whose word has no sprite is drawn); `points` badges are drawn from the
    deck."""

    folder: str = ""
    suits: Mapping[str, SuitLook] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    # The suits again for colour-blind players (Settings -> Look): colours that stay
    # apart without the red-green pair; only the suits that change need be listed.
    colour_blind_suits: Mapping[str, SuitLook] = field(default_factory=dict)


# Whole sentences for every shape of a bid prompt (with and without a pass).
BID_PROMPTS = {
    ("one", False): N_("Bid {low}"),
    ("one", True): N_("Bid {low}, or pass"),
    ("list", False): N_("Bid {amounts}"),
    ("list", True): N_("Bid {amounts}, or pass"),
    ("gaps", False): N_("Bid {low} to {high} (not {gaps})"),
    ("gaps", True): N_("Bid {low} to {high} (not {gaps}), or pass"),
    ("steps", False): N_("Bid {low} to {high} in steps of {step}"),
    ("steps", True): N_("Bid {low} to {high} in steps of {step}, or pass"),
    ("range", False): N_("Bid {low} to {high}"),
    ("range", True): N_("Bid {low} to {high}, or pass"),
}
# A card in a sentence: one whole phrase per suit (a language may bend the suit's name).
STANDARD_SUIT_WORDS = {
    "S": lambda rank: say("{rank} of spades", rank=rank),
    "H": lambda rank: say("{rank} of hearts", rank=rank),
    "D": lambda rank: say("{rank} of diamonds", rank=rank),
    "C": lambda rank: say("{rank} of clubs", rank=rank),
}
RANK_WORDS = {"T": "10"}
JOKER_WORDS = {"BJ": say("black joker"), "RJ": say("red joker")}


class Presentation:
    """The generic presentation: every game's default. Override what your game says.

    Every method gets plain data (views as their `to_json()` dicts, the deck, actions)
    and returns values of this module; none may change anything. A method that raises
    is caught by the client, which then uses this generic one for that call.
    """

    # What the first-game coach says about each phase (the Deal's `phase`): a title and
    # what the phase is about. A game that says the same whatever the view sets this
    # table and leaves `coach()` alone; one that needs the view overrides `coach()`.
    coach_phases: ClassVar[Mapping[str, tuple[Text, Text]]] = MappingProxyType({})

    # Whether the dealer's badge means something to a player of this game (who bids or
    # leads first follows from it); False where the rules give the dealer no role.
    dealer_badge: ClassVar[bool] = True

    # ---- events -> table events

    def table_events(
        self, events: Sequence[Mapping[str, Any]], ctx: EventContext
    ) -> list[TableEvent]:
        """The table events of one applied action: the action's own (its cards move,
        its call shows), then each event's through `event()`."""
        out = list(self.action_events(ctx))
        for ev in events:
            t = ev.get("type")
            if t in MATCH_EVENTS:
                continue
            out.extend(self.event(ev, ctx))
        return out

    def action_events(self, ctx: EventContext) -> list[TableEvent]:
        """What the action itself shows: played cards go to the middle, laid-away cards
        to the centre pile, any other action is a call on the seat's plate."""
        a = ctx.action
        if a[0] == "play":
            return [TableEvent(PLAY, ctx.seat)]
        if a[0] == "discard":
            cards = a[1] if len(a) > 1 and isinstance(a[1], tuple) else ()
            return [TableEvent(LAYAWAY, ctx.seat, count=len(cards), call=self.layaway_call(ctx))]
        phase = ctx.before.get("phase")
        call = self.phase_label(a, phase if isinstance(phase, str) else "")
        return [TableEvent(CALL, ctx.seat, call=call or self.call_label(a, ctx.deck))]

    def event(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        """One event of the game: dispatched to `on_<type>(ev, ctx)` where the
        presentation has one (a table of handlers, not a chain); else a `trick` event
        becomes TRICK, anything else shows nothing."""
        handler = getattr(self, "on_" + str(ev.get("type")), None)
        if handler is not None:
            return list(handler(ev, ctx))
        if ev.get("type") == "trick" and isinstance(ev.get("winner"), int):
            return [TableEvent(TRICK, ev["winner"], news=self.trick_news(ev))]
        return []

    def trick_news(self, ev: Mapping[str, Any]) -> Text:
        pts = ev.get("points")
        if isinstance(pts, int) and pts:
            return say(
                "{player} takes the trick ({points} points)",
                you="You take the trick ({points} points)",
                player=Seat(ev["winner"]),
                points=pts,
            )
        return say("{player} takes the trick", you="You take the trick", player=Seat(ev["winner"]))

    def layaway_call(self, ctx: EventContext) -> Text:
        a = ctx.action
        n = len(a[1]) if len(a) > 1 and isinstance(a[1], tuple) else 0
        return say("laid away {count}", count=n)

    # ---- actions: buttons, plate calls, hints

    def call_label(self, action: Action, deck: Deck) -> Text:
        """What a seat called, short, for its name plate: "Pass", "Bid 70"."""
        if action[0] == "pass":
            return say("Pass")
        if action[0] == "bid" and len(action) > 1:
            return say("Bid {amount}", amount=action[1])
        return self.action_label(action, deck)

    def action_label(self, action: Action, deck: Deck) -> Text:
        """An action in words (buttons, hints): "Pass", "75", "Play the red 5"."""
        kind = action[0]
        if kind == "pass":
            return say("Pass")
        if kind == "bid" and len(action) > 1:
            return say("{amount}", amount=action[1])
        if kind == "trump" and len(action) > 1:
            return say("{suit}", suit=str(action[1]).capitalize())
        if len(action) > 1 and isinstance(action[1], tuple):
            cards = Cards(tuple(deck.names[c] for c in action[1]))
            if kind == "play":
                return say("Play {cards}", cards=cards)
            if kind == "discard":
                return say("Lay away {cards}", cards=cards)
            if kind == "declare":
                return say("Declare {cards}", cards=cards)
        return say("{action}", action=" ".join(str(x) for x in action))

    def choice(self, action: Action, deck: Deck) -> Choice:
        """The button for a non-card action."""
        return Choice(self.action_label(action, deck))

    def phase_label(self, action: Action, phase: str) -> Text | None:
        """An action's words where they depend on the phase of the deal, for its button,
        hint and plate call alike, or None where its label holds. `phase` is the view's
        "phase" when the action is (or was) taken; for a call replayed from the deal's
        log it is "play" once a card was played in the deal, else "". Dou Dizhu's pass:
        不叫 in the auction, 不出 in play."""
        return None

    def card_words(self, names: Sequence[str], deck: Deck) -> Text:
        """Cards in words for prompts and hints. Generic: rank and suit as the deck
        says them ("10 of hearts", "R5")."""
        out: list[Text | str] = []
        for n in names:
            ids = deck.ids(n)
            if not ids:
                out.append(n)
                continue
            r, s = deck.ranks[ids[0]], deck.suits[ids[0]]
            if n in JOKER_WORDS:
                out.append(JOKER_WORDS[n])
            elif s in STANDARD_SUIT_WORDS:
                out.append(STANDARD_SUIT_WORDS[s](RANK_WORDS.get(r, r)))
            else:
                out.append(n)
        return join_words(out)

    # ---- what to do

    def panel_title(self, legal: Sequence[Action], view: Mapping[str, Any]) -> Text:
        kinds = {a[0] for a in legal}
        if "bid" in kinds:
            return say("Your bid")
        if "trump" in kinds:
            return say("Name trump")
        if "declare" in kinds:
            return say("Declare trump?")
        return say("Your choice")

    def choice_prompt(self, legal: Sequence[Action], view: Mapping[str, Any]) -> Text:
        """The line above the hand for a choice made with buttons."""
        kinds = {a[0] for a in legal}
        can_pass = "pass" in kinds
        if "bid" in kinds:
            amounts = sorted(a[1] for a in legal if a[0] == "bid" and len(a) > 1)
            if not amounts:
                return say("Your bid")
            lo, hi = amounts[0], amounts[-1]
            step = math.gcd(*(b - a for a, b in zip(amounts, amounts[1:], strict=False))) or 1
            gaps = [x for x in range(lo, hi + 1, step) if x not in amounts]
            if lo == hi:
                shape = "one"
            elif len(gaps) > 2:
                shape = "list"
            elif gaps:
                shape = "gaps"
            elif step > 1:
                shape = "steps"
            else:
                shape = "range"
            return say(
                BID_PROMPTS[shape, can_pass],
                low=lo,
                high=hi,
                step=step,
                amounts=", ".join(str(x) for x in amounts),
                # at most two gaps in this shape: "not 85 or 95"
                gaps=say("{first} or {second}", first=gaps[0], second=gaps[1])
                if len(gaps) == 2
                else ", ".join(str(g) for g in gaps),
            )
        if "trump" in kinds:
            return say("Choose trump")
        if "declare" in kinds:
            if can_pass:
                return say("Declare trump with the cards shown, or pass")
            return say("Declare trump")
        if can_pass and len(kinds) == 1:
            return say("Nothing to do but pass")
        return say("Your turn")

    def play_prompt(self, view: Mapping[str, Any], controls: Text | None = None) -> Text:
        """The line above the hand when one card is to be played. `controls` is the
        client's phrase for how to play one with the device in use (mouse and keys, or
        a gamepad's buttons); put it in the sentence as a placeholder."""
        return say(
            "Your turn: play a card ({controls})",
            controls=controls if controls is not None else say("click it, or arrows and Enter"),
        )

    def layaway_prompt(self, hint: str, selected: int, view: Mapping[str, Any]) -> Text:
        """The line above the hand while laying cards away; `hint` is the Deal's
        `legal_hint()` (what is to be chosen)."""
        if hint:
            return say("{hint}", hint=hint[:1].upper() + hint[1:])
        return say("Choose cards to lay away ({count} selected)", count=selected)

    def confirm_label(self, kind: str, view: Mapping[str, Any]) -> Text:
        """The button that sends the selected cards."""
        if kind == "discard":
            return say("Lay away selected")
        return say("Play selected")

    # ---- what the table shows of a view

    def facts(self, view: Mapping[str, Any]) -> list[Fact]:
        """The deal's public facts for the top bar, after the game's name and the deal
        number. Generic: the trump, where the view names one."""
        tr = view.get("trump")
        if isinstance(tr, str) and tr:
            return [Fact(say("Trump {suit}", suit=tr.capitalize()), keep=True)]
        return []

    def plate(self, view: Mapping[str, Any], seat: int) -> list[Text]:
        """Short words for a seat's name plate besides its card count and call."""
        return []

    def leader(self, view: Mapping[str, Any]) -> int:
        """The seat marked as leading the deal (declarer, landlord), or -1."""
        d = view.get("declarer")
        return d if isinstance(d, int) else -1

    def centre(self, view: Mapping[str, Any], deck: Deck) -> Centre:
        """The middle of the table for this view. Generic: nothing."""
        return Centre()

    def score_text(self, side: str, value: int) -> Text:
        """A side's running score in the top bar ("We 120")."""
        return say("{side} {score}", side=side, score=self.score_value(value))

    def score_value(self, value: int) -> str:
        """A score as players say it (a promotion game: its level)."""
        return str(value)

    def finished_view(self, view: dict[str, Any], ev: Mapping[str, Any]) -> dict[str, Any]:
        """The view of a deal that just ended, for the top bar under the end-of-deal
        sheet; the `deal_over` event may carry final numbers to put over it."""
        return view

    def deal_sheet(self, ev: Mapping[str, Any], names: Sequence[str]) -> DealSheet:
        """The end-of-deal sheet for a `deal_over` event."""
        return DealSheet((say("Points taken"), say("Change"), say("Score")))

    def history_column(self) -> Text | None:
        """A score-sheet column about each deal (the contract), or None."""
        return None

    def history_cell(self, entry: Mapping[str, Any]) -> Text | None:
        return None

    # ---- house rules on the set-up screen

    def option_value(self, key: str, value: Any, options: Mapping[str, Any]) -> Text | None:
        """A house rule's value as a player says it ("no limit", "the declarer"); None:
        the generic words (On/Off, the number, the choice as written)."""
        return None

    def quick_match(
        self, options: Mapping[str, Any]
    ) -> tuple[Mapping[str, Any], Text, Text] | None:
        """A shorter match for a first game, offered on the New game screen: (the option
        values that make it, its length in words, the full match's length in words:
        "first to 150", "first to 300"); None where the game has no shorter form."""
        return None

    def option_note(self, key: str, options: Mapping[str, Any]) -> Text | None:
        """Why a house rule does not apply with the other options as set (the row is
        greyed and says so: "Only with the bird card in play"); None: it applies."""
        return None

    # ---- the table's room

    def largest_play(self, options: Mapping[str, Any], seats: int) -> int:
        """The most cards one seat can put in the middle in one action (the table
        reserves that much room in front of every seat, so no play ever covers a plate,
        a hand or a button). Generic: one card a seat, as in a trick of single cards."""
        return 1

    # ---- card art

    def card_art(self) -> CardArt:
        return CardArt()

    # ---- teaching (the first-game coach, How to play)

    def coach(self, phase: str, view: Mapping[str, Any]) -> tuple[Text, Text] | None:
        """What the first-game coach says about a phase: (title, what it is about, in
        the game's words). Generic: the phase's entry in `coach_phases`, else None, and
        the coach gives the engine's facts alone (what is allowed now and why not the
        rest)."""
        return self.coach_phases.get(phase)

    def lesson(self) -> tuple[LessonPage, ...]:
        """The pages of the game's interactive How to play. Generic: none."""
        return ()

    def showcase(self, deck: Deck) -> tuple[tuple[str, ...], ...]:
        """Two hands of card names the title screen fans out for the default game.
        Generic: the deck's last five cards and five from its middle."""
        names = deck.names
        mid = len(names) // 2
        return (tuple(names[-5:]), tuple(names[mid : mid + 5]))


@dataclass(frozen=True, slots=True)
class LessonPage:
    """One page of a game's interactive lesson (the client's How to play). `task` is
    what the player does on real cards, judged by the engine: "counter" (pick the card
    worth the most points among the game's showcase hand), "bid" (choose among the first
    legal calls of a real auction), "follow" (play a card allowed in a real trick where
    some are not), or "" (read only). `good` is said when it is done right; its
    placeholders: {card} (counter, follow) or {choice} (bid)."""

    title: Text
    body: Text
    task: str = ""
    ask: Text | None = None
    good: Text | None = None


GENERIC = Presentation()


def presentation_of(variant: Any) -> Presentation:
    """The variant's presentation, or the generic one."""
    p = getattr(variant, "presentation", None)
    return p if isinstance(p, Presentation) else GENERIC


__all__ = [
    "CALL",
    "CONTRACT",
    "DEAL_OVER",
    "GENERIC",
    "LessonPage",
    "KINDS",
    "LAYAWAY",
    "MATCH_EVENTS",
    "MATCH_OVER",
    "NEWS",
    "PICKUP",
    "PLAY",
    "REDEAL",
    "REVEAL",
    "ROUND",
    "TRICK",
    "CardArt",
    "Cards",
    "Centre",
    "Choice",
    "DealSheet",
    "EventContext",
    "Fact",
    "Presentation",
    "Seat",
    "Shown",
    "Side",
    "SuitLook",
    "TableEvent",
    "Text",
    "presentation_of",
    "render",
    "say",
    "sentence",
    "join_words",
]
