"""How Tractor looks and speaks at the table (crowsnest.engine.presentation)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from crowsnest.engine import Action, Deck
from crowsnest.engine.presentation import (
    BAR_RANKS,
    CALL,
    CONTRACT,
    LAYAWAY,
    NEWS,
    PICKUP,
    REVEAL,
    CardArt,
    Centre,
    Choice,
    DealSheet,
    EventContext,
    Fact,
    Presentation,
    Seat,
    Shown,
    Side,
    TableEvent,
    Text,
    say,
)

from .cards import LEVEL_NAMES
from .deal import HAND

SUIT_WORDS = {"S": say("spades"), "H": say("hearts"), "D": say("diamonds"), "C": say("clubs")}
TRUMP_WORDS = {"S": say("Spades"), "H": say("Hearts"), "D": say("Diamonds"), "C": say("Clubs")}
JOKERS = {"BJ": "black", "RJ": "red"}
# Joker words, whole per colour and number (a language may bend the colour).
JOKER_WORD = {"BJ": say("black joker"), "RJ": say("red joker")}
JOKER_PHRASE = {  # (one, both) as the declaration news says them
    "BJ": (say("a black joker"), say("the black jokers")),
    "RJ": (say("a red joker"), say("the red jokers")),
}
JOKER_BUTTON = {  # (one, both) on the declare buttons
    "BJ": (say("Black joker"), say("Black jokers")),
    "RJ": (say("Red joker"), say("Red jokers")),
}
RANK_TEXT = {"T": "10"}


def level_name(level: int) -> str:
    return LEVEL_NAMES.get(level, "past A")


def _rank(deck: Deck, card: int) -> str:
    r = deck.ranks[card]
    return RANK_TEXT.get(r, r)


def _glyphs(deck: Deck, cards: Sequence[int]) -> Text | str:
    """Cards as short text with inline suit glyphs ("2{suit:S} 2{suit:S}"): the plate
    draws `{suit:X}` as the suit's glyph."""
    out: list[Text | str] = []
    for c in cards:
        if deck.names[c] in JOKER_WORD:
            out.append(JOKER_WORD[deck.names[c]])
        else:
            out.append(f"{_rank(deck, c)}{{suit:{deck.suits[c]}}}")
    text: Text | str = out[-1] if out else ""
    for part in reversed(out[:-1]):
        text = say("{first} {rest}", first=part, rest=text)
    return text


def _trump_is(trump: str) -> Text:
    if trump == "NT":
        return say("there is no trump suit")
    return say("{suit} are trump", suit=SUIT_WORDS.get(trump, trump))


# What the first-game coach says about each phase of a deal.
COACH = {
    "declare": (
        say("Declaring trump"),
        say(
            "While the cards are dealt you may show a card of the level rank to make its "
            "suit trump; a pair of them overrides a single. Trumps are the level cards, the "
            "jokers and the trump suit."
        ),
    ),
    "bury": (
        say("Burying the kitty"),
        say(
            "You picked up the kitty: bury as many cards as it held. If the attackers take "
            "the last trick, the points buried count for them several times, so bury few "
            "points."
        ),
    ),
    "play": (
        say("Playing the tricks"),
        say(
            "Follow the suit that was led, with the same shape (singles, pairs, tractors) as "
            "far as your hand allows. The attackers need enough points from the tricks to go "
            "up a level."
        ),
    ),
}


# The game's own felt (table/felt.png; tools/make_looks.py).
SPRITES = Path(__file__).with_name("sprites")


class TractorPresentation(Presentation):
    coach_phases = COACH

    def card_art(self) -> CardArt:
        return CardArt(str(SPRITES))  # the standard pack: only the felt is its own

    def largest_play(self, options: Mapping[str, Any], seats: int) -> int:
        # a throw (or a trump tractor) can take most of a hand: leave room for all of it
        return HAND

    # ---- events

    def on_declare(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        seat = ev.get("seat", ctx.seat)
        ids = [ctx.deck.ids(n)[0] for n in ev.get("cards", ()) if ctx.deck.ids(n)]
        if not ids:
            return []
        deals = any(e.get("type") == "dealer" for e in ctx.events)
        names = [ctx.deck.names[c] for c in ids]
        if names[0] in JOKERS:
            what = say("no trump")
            how = JOKER_PHRASE[names[0]][1 if len(ids) > 1 else 0]
        else:
            what = say("{suit}", suit=SUIT_WORDS.get(ctx.deck.suits[ids[0]], ""))
            r = _rank(ctx.deck, ids[0])
            how = say("a pair of {rank}s", rank=r) if len(ids) == 2 else say("a {rank}", rank=r)
        if deals:
            news = say(
                "{player} declares {what} with {how} and deals this time",
                you="You declare {what} with {how} and deal this time",
                player=Seat(seat),
                what=what,
                how=how,
            )
        else:
            news = say(
                "{player} declares {what} with {how}",
                you="You declare {what} with {how}",
                player=Seat(seat),
                what=what,
                how=how,
            )
        return [TableEvent(NEWS, seat, news=news)]

    def on_kitty_revealed(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        news = say(
            "Nobody declared: the kitty is turned up and {trump_is}",
            trump_is=_trump_is(str(ev.get("trump", ""))),
        )
        return [TableEvent(NEWS, news=news, seconds=4.0)]

    def on_trump(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        if any(e.get("type") == "kitty_revealed" for e in ctx.events):
            return [TableEvent(CONTRACT)]  # the kitty's news names trump
        who = ev.get("declarer", -1)
        trump_is = _trump_is(str(ev.get("trump")))
        if isinstance(who, int) and who >= 0:
            news = say(
                "Trump is settled on {player}'s call: {trump_is}",
                you="Trump is settled on your call: {trump_is}",
                player=Seat(who),
                trump_is=trump_is,
            )
        else:
            news = say("Trump is settled: {trump_is}", trump_is=trump_is)
        return [TableEvent(CONTRACT, news=news)]

    def on_kitty_taken(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        seat = ev.get("seat")
        if not isinstance(seat, int):
            return []
        counts = ctx.before.get("hand_counts") or []
        n = max(0, len(ctx.deck) - sum(c for c in counts if isinstance(c, int)))
        return [TableEvent(PICKUP, seat, count=min(n, 8))]

    def on_throw_failed(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        news = say(
            "{player}'s throw failed: one unit is led",
            you="Your throw failed: one unit is led",
            player=Seat(ev.get("seat", ctx.seat)),
        )
        return [TableEvent(NEWS, news=news)]

    def on_kitty(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        cards = ev.get("kitty")
        if not isinstance(cards, list):
            return []
        pts, mult = ev.get("kitty_points", 0), ev.get("multiplier", 0)
        if not pts:
            caption = say("The kitty: no points in it")
        elif mult:
            caption = say(
                "The kitty: {points} points x{multiplier} = {total} to the attackers",
                points=pts,
                multiplier=mult,
                total=pts * mult,
            )
        else:
            caption = say(
                "The kitty: {points} points, kept by the defenders (they won the last trick)",
                points=pts,
            )
        return [TableEvent(REVEAL, cards=tuple(cards), caption=caption)]

    def action_events(self, ctx: EventContext) -> list[TableEvent]:
        a = ctx.action
        if a[0] == "discard":
            return [TableEvent(LAYAWAY, ctx.seat, count=len(a[1]), call=self.layaway_call(ctx))]
        if a[0] == "declare":
            return [TableEvent(CALL, ctx.seat, call=self.call_label(a, ctx.deck))]
        return super().action_events(ctx)

    def layaway_call(self, ctx: EventContext) -> Text:
        return say("put {count} in the kitty", count=len(ctx.action[1]))

    # ---- actions

    def call_label(self, action: Action, deck: Deck) -> Text:
        if action[0] == "declare" and len(action) > 1 and action[1]:
            if deck.names[action[1][0]] in JOKERS:
                return say("Jokers: no trump")  # short: it fits the name plate
            return say("Declared {cards}", cards=_glyphs(deck, action[1]))
        return super().call_label(action, deck)

    def choice(self, action: Action, deck: Deck) -> Choice:
        if action[0] != "declare" or len(action) < 2 or not action[1]:
            return super().choice(action, deck)
        cards = action[1]
        name = deck.names[cards[0]]
        if name in JOKERS:
            colour = (30, 30, 30) if name == "BJ" else (200, 40, 40)
            label = JOKER_BUTTON[name][1 if len(cards) > 1 else 0]
            return Choice(label, swatch=colour, glyph="NT")
        r = _rank(deck, cards[0])
        label = say("{rank}", rank=r) if len(cards) == 1 else say("Pair of {rank}s", rank=r)
        return Choice(label, suit=deck.suits[cards[0]])

    def panel_title(self, legal: Sequence[Action], view: Mapping[str, Any]) -> Text:
        lv = view.get("level_rank")
        if any(a[0] == "declare" for a in legal) and lv:
            return say("Declare trump? (level {level})", level=lv)
        return super().panel_title(legal, view)

    def confirm_label(self, kind: str, view: Mapping[str, Any]) -> Text:
        if kind == "discard":
            return say("Bury selected")
        return super().confirm_label(kind, view)

    def layaway_prompt(self, hint: str, selected: int, view: Mapping[str, Any]) -> Text:
        if hint and view.get("kitty"):
            return say("{hint} (green edge: from the kitty)", hint=hint[:1].upper() + hint[1:])
        return super().layaway_prompt(hint, selected, view)

    # ---- the table

    def facts(self, view: Mapping[str, Any]) -> list[Fact]:
        out: list[Fact] = []
        # the rank being played and the attackers' points are the deal's score: they
        # stay with the trump when a narrow bar drops the game's name and the levels
        kept = BAR_RANKS["kept"]
        if view.get("level_rank"):
            out.append(Fact(say("Playing {rank}s", rank=view["level_rank"]), rank=kept))
        att = view.get("attackers")
        if isinstance(att, int) and att >= 0 and "attacker_points" in view:
            target = view.get("attacker_target")
            if target:
                text = say(
                    "Attackers {points}/{target}", points=view["attacker_points"], target=target
                )
            else:
                text = say("Attackers {points}", points=view["attacker_points"])
            out.append(Fact(text, rank=kept))
        tr = view.get("trump")
        if tr == "NT":
            out.append(Fact(say("No trump suit"), keep=True))
        elif isinstance(tr, str) and tr in TRUMP_WORDS:
            out.append(Fact(say("Trump: {suit}", suit=TRUMP_WORDS[tr]), suit=tr, keep=True))
        elif not tr and view.get("phase") == "declare":
            out.append(Fact(say("Trump not declared"), keep=True, dim=True))
        return out

    def score_text(self, side: str, value: int) -> Text:
        return say("{side}: level {level}", side=side, level=level_name(value))

    def score_value(self, value: int) -> str:
        return level_name(value)

    def finished_view(self, view: dict[str, Any], ev: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(view)
        for k in ("attacker_points", "attacker_target"):
            if k in ev and k in out:
                out[k] = ev[k]
        return out

    def centre(self, view: Mapping[str, Any], deck: Deck) -> Centre:
        phase = view.get("phase")
        shown: list[Shown] = []
        revealed = view.get("kitty_revealed")
        early = phase == "bury" or (phase == "play" and not view.get("tricks_played"))
        kitty = view.get("kitty")
        if isinstance(revealed, list) and revealed and early:
            shown.append(Shown(say("Kitty turned up"), tuple(revealed)))
        elif kitty and phase == "play" and view.get("dealer") == view.get("seat"):
            shown.append(Shown(say("You buried"), tuple(kitty), private=True))
        fresh = tuple(kitty) if phase == "bury" and isinstance(kitty, list) else ()
        if phase in ("declare", "bid"):
            counts = view.get("hand_counts") or []
            n = max(0, len(deck) - sum(c for c in counts if isinstance(c, int)))
            if n:
                return Centre(n, say("Kitty: {count}", count=n), tuple(shown), fresh)
        return Centre(shown=tuple(shown), fresh=fresh)

    def history_column(self) -> Text | None:
        return say("Attackers")

    def history_cell(self, entry: Mapping[str, Any]) -> Text | None:
        """A deal on the score sheet: who attacked and the points they took (the
        level changes stand in the sides' columns)."""
        att, pts = entry.get("attackers"), entry.get("attacker_points")
        if not isinstance(att, int) or not isinstance(pts, int):
            return None
        target = entry.get("attacker_target")
        if isinstance(target, int):
            return say("{side}: {points} of {target}", side=Side(att), points=pts, target=target)
        return say("{side}: {points}", side=Side(att), points=pts)

    def deal_sheet(self, ev: Mapping[str, Any], names: Sequence[str]) -> DealSheet:
        columns = (say("Points taken"), say("Levels up"), say("Level"))
        lines: list[Text] = []
        att = ev.get("attackers")
        if isinstance(att, int) and "attacker_points" in ev:
            target = ev.get("attacker_target")
            if isinstance(target, int):
                lines.append(
                    say(
                        "The attackers ({side}) scored {points} of the {target} needed.",
                        side=Side(att),
                        points=ev["attacker_points"],
                        target=target,
                    )
                )
            else:
                lines.append(
                    say(
                        "The attackers ({side}) scored {points}.",
                        side=Side(att),
                        points=ev["attacker_points"],
                    )
                )
            lines.append(
                say(
                    "{side} take over the deal.",
                    you="We take over the deal.",
                    subject="side",
                    side=Side(att),
                )
                if ev.get("takeover")
                else say(
                    "{side} keep the deal.",
                    you="We keep the deal.",
                    subject="side",
                    side=Side(1 - att if att in (0, 1) else att),
                )
            )
        return DealSheet(columns, tuple(lines), levels=True)
