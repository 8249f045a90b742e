"""How Dou Dizhu looks and speaks at the table (crowsnest.engine.presentation)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from crowsnest.engine import Action, Deck
from crowsnest.engine.presentation import (
    CONTRACT,
    PICKUP,
    PLAY,
    ROUND,
    CardArt,
    Centre,
    DealSheet,
    EventContext,
    Fact,
    Presentation,
    Seat,
    Shown,
    TableEvent,
    Text,
    join_words,
    say,
)

from .cards import RANK_OF
from .rules import classify, combo_text

# What the first-game coach says about each phase of a deal.
COACH = {
    "bid": (
        say("Bidding for landlord"),
        say(
            "Bid 1, 2 or 3, or pass. The highest bidder becomes the landlord, takes the "
            "three bottom cards and plays alone against the two farmers; the bid sets the "
            "stakes."
        ),
    ),
    "play": (
        say("Playing combinations"),
        say(
            "Beat the last combination with a higher one of the same kind (a single, a "
            "pair, a straight...) or pass. A bomb beats any other kind, and the rocket beats "
            "everything. The first to run out of cards wins the deal for their side."
        ),
    ),
}


# The game's own felt and back (table/felt.png, backs/default.png; tools/make_looks.py).
SPRITES = Path(__file__).with_name("sprites")


class DouDizhuPresentation(Presentation):
    coach_phases = COACH
    dealer_badge = False  # the first bidder is drawn: the dealer has no role to show

    def quick_match(
        self, options: Mapping[str, Any]
    ) -> tuple[Mapping[str, Any], Text, Text] | None:
        deals = options.get("deals")
        if not isinstance(deals, int) or deals <= 3 or options.get("target"):
            return None
        return (
            {"deals": 3},
            say("{count} deal", plural="{count} deals", count=3),
            say("{count} deal", plural="{count} deals", count=deals),
        )

    def card_art(self) -> CardArt:
        return CardArt(str(SPRITES))  # the standard pack: only the felt and back are its own

    def largest_play(self, options: Mapping[str, Any], seats: int) -> int:
        return 20  # the landlord's whole hand: an airplane with wings, or a long chain

    def phase_label(self, action: Action, phase: str) -> Text | None:
        # Chinese players say 不叫 for passing in the auction and 不出 for passing a turn
        # in play; the two are one action ("pass"), so the phase tells them apart.
        if action[0] != "pass":
            return None
        if phase == "play":
            return say("Pass", context="Dou Dizhu: passing a turn in play")
        return say("Pass", context="Dou Dizhu: passing in the auction")

    # ---- events

    def action_events(self, ctx: EventContext) -> list[TableEvent]:
        if ctx.action[0] == "play":
            return []  # the play event says what the cards form (on_play)
        return super().action_events(ctx)

    def on_play(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        # What the cards form, in the player's words ("pair of 7s"): named from the
        # cards, since the event's "combo" is English data.
        ids = [ctx.deck.ids(n)[0] for n in ev.get("cards", ()) if ctx.deck.ids(n)]
        combo = classify(tuple(sorted(RANK_OF[c] for c in ids))) if ids else None
        call = combo_text(combo) if isinstance(combo, tuple) else None
        return [TableEvent(PLAY, ev.get("seat", ctx.seat), call=call)]

    def on_landlord(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        seat = ev.get("seat")
        if not isinstance(seat, int):
            return [TableEvent(CONTRACT)]
        news = say(
            "{player} is the landlord at {bid}",
            you="You are the landlord at {bid}",
            player=Seat(seat),
            bid=ev.get("bid"),
        )
        return [TableEvent(CONTRACT, seat, news=news)]

    def on_bottom(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        seat = ev.get("seat")
        if not isinstance(seat, int):
            return []
        return [TableEvent(PICKUP, seat, cards=tuple(ev.get("cards", ())))]

    def on_lead(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        return [TableEvent(ROUND, ev.get("seat", -1))]  # a new round of plays starts

    # ---- the table

    def facts(self, view: Mapping[str, Any]) -> list[Fact]:
        out: list[Fact] = []
        ll, bid = view.get("landlord"), view.get("bid")
        if isinstance(ll, int) and ll >= 0:
            if bid:
                out.append(Fact(say("Landlord {player} (bid {bid})", player=Seat(ll), bid=bid)))
            else:
                out.append(Fact(say("Landlord {player}", player=Seat(ll))))
        if isinstance(view.get("multiplier"), int):
            out.append(Fact(say("Multiplier x{multiplier}", multiplier=view["multiplier"])))
        return out

    def plate(self, view: Mapping[str, Any], seat: int) -> list[Text]:
        return [say("landlord")] if view.get("landlord") == seat else []

    def leader(self, view: Mapping[str, Any]) -> int:
        ll = view.get("landlord")
        return ll if isinstance(ll, int) else -1

    def centre(self, view: Mapping[str, Any], deck: Deck) -> Centre:
        phase = view.get("phase")
        bottom = view.get("bottom")
        if bottom and phase == "play":
            return Centre(shown=(Shown(say("Bottom cards"), tuple(bottom), spaced=True),))
        if phase == "bid":
            counts = view.get("hand_counts") or []
            n = max(0, len(deck) - sum(c for c in counts if isinstance(c, int)))
            if n:
                return Centre(n, say("Bottom: {count}", count=n))
        return Centre()

    def deal_sheet(self, ev: Mapping[str, Any], names: Sequence[str]) -> DealSheet:
        columns = (say("Cards left"), say("Change"), say("Score"))
        ll = ev.get("landlord")
        if not isinstance(ev.get("landlord_wins"), bool) or not isinstance(ll, int):
            return DealSheet(columns)
        # What set the multiplier, each a phrase of its own ("bid 3, 2 bombs, spring").
        why: list[Text | str] = [say("bid {bid}", bid=ev["bid"])] if ev.get("bid") else []
        bombs = ev.get("bombs")
        if bombs:
            why.append(say("{count} bomb", plural="{count} bombs", count=bombs))
        if ev.get("spring"):
            why.append(say("spring"))
        if ev.get("reverse_spring"):
            why.append(say("reverse spring"))
        mult = ev.get("multiplier")
        values: dict[str, Any] = {"player": Seat(ll), "multiplier": mult, "why": join_words(why)}
        if ev["landlord_wins"]:
            if mult and why:
                line = say(
                    "The landlord ({player}) wins: multiplier x{multiplier} ({why}).", **values
                )
            elif mult:
                line = say("The landlord ({player}) wins: multiplier x{multiplier}.", **values)
            else:
                line = say("The landlord ({player}) wins.", **values)
        elif mult and why:
            line = say("The landlord ({player}) loses: multiplier x{multiplier} ({why}).", **values)
        elif mult:
            line = say("The landlord ({player}) loses: multiplier x{multiplier}.", **values)
        else:
            line = say("The landlord ({player}) loses.", **values)
        return DealSheet(columns, (line,))
