"""Sevens: a one-file drop-in game with its own events and its own words at the table.

Copy this file into your plugin folder (see docs/plugins.md, step 1). It adds the
shedding game Sevens (also called Fan Tan or Domino) for 3 to 6 players:

- The whole 52-card pack is dealt. The holder of the 7 of diamonds lays it first.
- In turn, lay one card: a 7 starts its suit's row; any other card must extend a row,
  one rank above its top or below its bottom (8 on 7, then 9 ...; 6 under 7, then 5 ...).
  Holding a card you can lay, you must lay one; otherwise you knock (pass).
- The first player out of cards ends the deal and collects one point from every other
  player per card they still hold.
- After `deals` deals (an option, 3 by default) the highest score wins; a tie plays on.

Its events are its own ("laid", "knock", "went_out"): the table knows none of them. The
plugin's Presentation (at the end of this file) maps them onto the table's event kinds
and gives the game its own sentences, top-bar facts and end-of-deal sheet. Nothing in
the game window was changed for it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crowsnest.engine import (
    PASS,
    Action,
    Deal,
    DealResult,
    DealSetup,
    Deck,
    Option,
    Settlement,
    Variant,
)
from crowsnest.engine.presentation import (
    CALL,
    LAYAWAY,
    NEWS,
    Cards,
    Centre,
    DealSheet,
    EventContext,
    Fact,
    Presentation,
    Seat,
    Shown,
    TableEvent,
    Text,
    say,
)
from crowsnest.engine.variant import NO_AUCTION, PlayPosition
from crowsnest.hookspecs import hookimpl

__version__ = "1.0"
CROWSNEST_API = 1

SUITS = "SHDC"
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
RANKS = "23456789TJQKA"
LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SEVEN = 5  # rank index of the 7
DECK = Deck(
    names=tuple(r + s for s in SUITS for r in RANKS),
    points=(0,) * 52,
    ranks=tuple(LABELS[r] for _ in SUITS for r in range(13)),
    suits=tuple(s for s in SUITS for _ in range(13)),
)
FIRST = DECK.names.index("7D")  # the card that opens every deal
PLAYS = tuple(("play", (c,)) for c in range(52))


class SevensDeck:
    def build(self, options: Mapping[str, Any], seats: int) -> Deck:
        return DECK

    def layout(self, options: Mapping[str, Any], seats: int, shuffled: list[int]) -> dict:
        return {"hands": [shuffled[i::seats] for i in range(seats)]}


Rows = Sequence[tuple[int, int] | None]  # per suit: (lowest, highest) rank laid, or None


class SevensRules:
    """The play validator, the one home of the laying rule: the Deal, the view and the
    AI ask it. Its "trick" is the rows on the table; Sevens has no contract (None)."""

    @staticmethod
    def playable(card: int, rows: Rows) -> bool:
        suit, rank = divmod(card, 13)
        row = rows[suit]
        if row is None:
            return rank == SEVEN
        return rank in (row[0] - 1, row[1] + 1)

    def legal_plays(self, hand: Sequence[int], trick: Rows, contract: None) -> list[Action]:
        if FIRST in hand and trick[2] is None:
            return [PLAYS[FIRST]]  # the 7 of diamonds opens the deal
        return [PLAYS[c] for c in hand if self.playable(c, trick)] or [PASS]

    def refusal(self, hand: Sequence[int], trick: Rows, contract: None, play: Action) -> str | None:
        legal = self.legal_plays(hand, trick, contract)
        if play in legal:
            return None
        if play[0] == "pass":
            return "you can lay a card, so you must"
        if play[0] != "play" or len(play) < 2 or len(play[1]) != 1:
            return "lay one card, or knock when you cannot"
        if legal == [PLAYS[FIRST]]:
            return "the 7 of diamonds opens the deal"
        return "that card does not start or extend a row"


RULES = SevensRules()


@dataclass(frozen=True)
class SevensView:
    seat: int
    phase: str
    to_move: int
    dealer: int
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    rows: tuple[tuple[int, int] | None, ...]
    scores: tuple[int, ...]
    knocks: tuple[int, ...]

    def play_position(self) -> PlayPosition | None:
        """What the validator reads, as this seat knows it (the rows are public)."""
        return PlayPosition(self.hand, self.rows, None) if self.to_move == self.seat else None

    def to_json(self) -> dict[str, Any]:
        names = DECK.names
        return {
            "seat": self.seat if self.seat >= 0 else None,  # -1: a spectator's view
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": [names[c] for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "trick": [],  # no tricks: the cards lie in rows (below)
            "dealer": self.dealer,
            "scores": list(self.scores),
            # per suit: the laid cards, lowest first, or [] before its 7 is laid
            "rows": [
                [names[s * 13 + r] for r in range(row[0], row[1] + 1)] if row else []
                for s, row in enumerate(self.rows)
            ],
            "knocks": list(self.knocks),
        }


class SevensDeal(Deal):
    deck = DECK

    def __init__(self, setup: DealSetup | None = None) -> None:
        if setup is None:
            return
        self.seats = setup.seats
        self.dealer = setup.dealer
        self.scores = tuple(setup.scores)
        self.hands = [sorted(h) for h in setup.piles["hands"]]
        self.rows: list[tuple[int, int] | None] = [None] * 4
        self.knocks = [0] * self.seats
        self.phase = "play"
        self._to_move = next(s for s, h in enumerate(self.hands) if FIRST in h)
        self.winner = -1

    @property
    def to_move(self) -> int:
        return self._to_move

    def hand_of(self, seat: int) -> Sequence[int]:
        return self.hands[seat]

    def play_position(self) -> PlayPosition | None:
        if self._to_move < 0:
            return None
        return PlayPosition(self.hands[self._to_move], tuple(self.rows), None)

    def legal_actions(self) -> list[Action]:
        if self._to_move < 0:
            return []
        return RULES.legal_plays(self.hands[self._to_move], self.rows, None)

    def check(self, action: Action) -> str | None:
        return RULES.refusal(self.hands[self._to_move], self.rows, None, action)

    def apply(self, action: Action) -> list[dict[str, Any]]:
        seat = self._to_move
        if action[0] == "pass":
            self.knocks[seat] += 1
            self._to_move = (seat + 1) % self.seats
            return [{"type": "knock", "seat": seat}]
        card = action[1][0]
        self.hands[seat].remove(card)
        suit, rank = divmod(card, 13)
        row = self.rows[suit]
        self.rows[suit] = (rank, rank) if row is None else (min(row[0], rank), max(row[1], rank))
        events: list[dict[str, Any]] = [
            {"type": "laid", "seat": seat, "card": DECK.names[card], "suit": SUIT_WORDS[suit]}
        ]
        if not self.hands[seat]:
            self.winner = seat
            self.phase = "over"
            self._to_move = -1
            events.append({"type": "went_out", "seat": seat})
        else:
            self._to_move = (seat + 1) % self.seats
        return events

    def clone(self) -> SevensDeal:
        d = SevensDeal()
        d.__dict__.update(self.__dict__)
        d.hands = [list(h) for h in self.hands]
        d.rows = list(self.rows)
        d.knocks = list(self.knocks)
        return d

    def view(self, seat: int) -> SevensView:
        return self._view(seat)

    def public_view(self) -> SevensView:
        # A spectator sees the rows and how many cards each player holds: no hand.
        return self._view(-1)

    def _view(self, seat: int) -> SevensView:
        return SevensView(
            seat,
            self.phase,
            self._to_move,
            self.dealer,
            tuple(self.hands[seat]) if seat >= 0 else (),
            tuple(len(h) for h in self.hands),
            tuple(self.rows),
            self.scores,
            tuple(self.knocks),
        )

    def full_state(self) -> dict[str, Any]:
        names = DECK.names
        laid = [
            s * 13 + r for s, row in enumerate(self.rows) if row for r in range(row[0], row[1] + 1)
        ]
        where = {f"hand{i}": [names[c] for c in h] for i, h in enumerate(self.hands)}
        where["table"] = [names[c] for c in laid]
        return {
            "phase": self.phase,
            "to_move": self._to_move,
            "hands": [[names[c] for c in h] for h in self.hands],
            "where": where,
        }

    def result(self) -> DealResult:
        left = tuple(len(h) for h in self.hands)
        return DealResult(points=left, details={"winner": self.winner})


class SevensScorer:
    def first_dealer(self, options: Mapping[str, Any], seats: int, rng: random.Random) -> int:
        return rng.randrange(seats)

    def initial_scores(self, options: Mapping[str, Any], seats: int) -> tuple[int, ...]:
        return (0,) * seats

    def settle(self, setup: DealSetup, result: DealResult) -> Settlement:
        out = result.details["winner"]
        left = result.points
        change = tuple(sum(left) if s == out else -n for s, n in enumerate(left))
        scores = tuple(a + b for a, b in zip(setup.scores, change, strict=True))
        winner = None
        if setup.deal_no + 1 >= int(setup.options["deals"]):
            top = max(scores)
            leaders = [s for s, x in enumerate(scores) if x == top]
            winner = leaders[0] if len(leaders) == 1 else None  # a tie plays on
        return Settlement(
            score_change=change,
            scores=scores,
            next_dealer=(setup.dealer + 1) % setup.seats,
            winner=winner,
            end_reason="After the last deal the highest score wins." if winner is not None else "",
            extra_event={"went_out": out, "collected": sum(left)},
        )

    def redeal_dealer(self, setup: DealSetup, result: DealResult) -> int:
        return setup.dealer


class Unblocker:
    """Easy AI: lays the card that opens most of its own cards next (keeps itself
    moving), the far end of a row last."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        mine = set(view.hand)

        def follow_ups(a: Action) -> int:
            suit, rank = divmod(a[1][0], 13)
            return sum(1 for r in (rank - 1, rank + 1) if suit * 13 + r in mine and 0 <= r < 13)

        best = max(follow_ups(a) for a in legal)
        return rng.choice([a for a in legal if follow_ups(a) == best])


# ------------------------------------------------------------ the table's words


class SevensPresentation(Presentation):
    """Sevens at the table: laid cards fly face up into the rows in the middle of the
    table, a knock shows on the player's plate, the first one out is news."""

    def action_events(self, ctx: EventContext) -> list[TableEvent]:
        return []  # each event below says what happened

    def on_laid(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        card = str(ev.get("card", ""))
        return [
            TableEvent(
                LAYAWAY,
                ev.get("seat", ctx.seat),
                cards=(card,),
                call=say("laid {card}", card=Cards((card,))),
            )
        ]

    def on_knock(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        seat = ev.get("seat", ctx.seat)
        return [
            TableEvent(CALL, seat, call=say("knocks")),
            TableEvent(
                NEWS,
                seat,
                news=say(
                    "{player} cannot lay a card and knocks",
                    you="You cannot lay a card and knock",
                    player=Seat(seat),
                ),
            ),
        ]

    def on_went_out(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        seat = ev.get("seat", ctx.seat)
        news = say(
            "{player} has laid every card and ends the deal",
            you="You have laid every card and end the deal",
            player=Seat(seat),
        )
        return [TableEvent(NEWS, seat, news=news, seconds=3.0)]

    def call_label(self, action: Action, deck: Deck) -> Text:
        return say("Knock") if action[0] == "pass" else super().call_label(action, deck)

    def action_label(self, action: Action, deck: Deck) -> Text:
        if action[0] == "pass":
            return say("Knock")
        if action[0] == "play":
            return say("Lay {cards}", cards=Cards(tuple(deck.names[c] for c in action[1])))
        return super().action_label(action, deck)

    def choice_prompt(self, legal: Sequence[Action], view: Mapping[str, Any]) -> Text:
        return say("No card of yours fits a row: knock")

    def panel_title(self, legal: Sequence[Action], view: Mapping[str, Any]) -> Text:
        return say("You cannot lay a card")

    def facts(self, view: Mapping[str, Any]) -> list[Fact]:
        rows = view.get("rows") or []
        laid = sum(len(r) for r in rows if isinstance(r, list))
        return [Fact(say("{count} of 52 cards laid", count=laid), keep=True)]

    def plate(self, view: Mapping[str, Any], seat: int) -> list[Text]:
        knocks = view.get("knocks") or []
        if seat < len(knocks) and knocks[seat]:
            return [say("knocked {count}x", count=knocks[seat])]
        return []

    def centre(self, view: Mapping[str, Any], deck: Deck) -> Centre:
        rows = view.get("rows") or []
        shown = tuple(
            Shown(
                say("{suit}", suit=SUIT_WORDS[s].capitalize()),
                tuple(row),
                middle=True,
                start=RANKS.index(row[0][0]),  # the sevens line up in one column
            )
            for s, row in enumerate(rows)
            if s < 4 and isinstance(row, list) and row
        )
        return Centre(shown=shown)

    def play_prompt(self, view: Mapping[str, Any], controls: Text | None = None) -> Text:
        return say(
            "Your turn: lay a card on a row ({controls})",
            controls=controls if controls is not None else say("click it, or arrows and Enter"),
        )

    def deal_sheet(self, ev: Mapping[str, Any], names: Sequence[str]) -> DealSheet:
        columns = (say("Cards left"), say("Change"), say("Score"))
        out = ev.get("went_out")
        if not isinstance(out, int):
            return DealSheet(columns)
        line = say(
            "{player} went out first and collects {points} points, one for every card left.",
            you="You went out first and collect {points} points, one for every card left.",
            player=Seat(out),
            points=ev.get("collected", 0),
        )
        return DealSheet(columns, (line,))

    def history_column(self) -> Text | None:
        return say("Out first")

    def history_cell(self, entry: Mapping[str, Any]) -> Text | None:
        out = entry.get("went_out")
        return say("{player}", player=Seat(out)) if isinstance(out, int) else None

    def showcase(self, deck: Deck) -> tuple[tuple[str, ...], ...]:
        return (("7S", "7H", "7D", "7C", "8D"), ("5H", "6H", "7H", "8H", "9H"))


VARIANT = Variant(
    id="sevens",
    name="Sevens",
    seats=(3, 4, 5, 6),
    default_seats=4,
    deck=SevensDeck(),
    bidding=NO_AUCTION,  # no auction: the engine's part for that
    validator=RULES,
    scorer=SevensScorer(),
    new_deal=SevensDeal,
    ais={"easy": lambda variant, options, seats: Unblocker()},
    rules_text=__doc__.split("\n\n", 1)[1].split("\n\nIts events", 1)[0],
    options=(
        Option(
            "deals",
            3,
            kind="int",
            label="Deals",
            help="How many deals the match lasts; a tie for the lead plays on.",
            minimum=1,
            maximum=10,
        ),
    ),
    description="Lay the sevens and build the rows up and down; first out collects.",
    presentation=SevensPresentation(),
    events_safe=True,  # its events name only cards laid face up in the rows
)


@hookimpl
def crowsnest_register_variants(register):
    register(VARIANT)
