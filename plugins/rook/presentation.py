"""How the Rook family looks and speaks at the table (crowsnest.engine.presentation):
its events as table events, its words, and its card art (the coloured suits' glyphs and
the bird card, which this plugin's sprites/ folder holds)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from crowsnest.engine import Action, Deck
from crowsnest.engine.presentation import (
    CONTRACT,
    NEWS,
    PICKUP,
    REVEAL,
    CardArt,
    Centre,
    Choice,
    DealSheet,
    EventContext,
    Fact,
    LessonPage,
    Presentation,
    Seat,
    Side,
    SuitLook,
    TableEvent,
    Text,
    join_words,
    say,
)
from crowsnest.i18n import N_

from .rules import BIRD_TOKEN, COLOUR_NAMES, COLOURS

SPRITES = Path(__file__).with_name("sprites")
# How the client draws the coloured suits: each has a glyph as well as its colour, for
# colour-blind players (black moon, green leaf, red heart, yellow sun).
SUITS = {
    "B": SuitLook((34, 34, 42), "moon", "black", on_dark=(225, 225, 232), symbol="\u263e"),
    "G": SuitLook((12, 100, 46), "leaf", "green", on_dark=(96, 214, 128), symbol="\u2618"),
    "R": SuitLook((206, 36, 44), "heart", "red", on_dark=(255, 112, 112), symbol="\u2665"),
    "Y": SuitLook(
        (238, 176, 10),
        "sun",
        "yellow",
        ink=(176, 112, 0),
        on_dark=(252, 206, 64),
        rim=(150, 96, 0),
        symbol="\u2600",
    ),
    "*": SuitLook((36, 38, 56), "mark", "bird", on_dark=(200, 210, 235), symbol="\u2740"),
}
# For colour-blind players (Settings -> Look): green drawn blue and red drawn vermilion,
# so no suit pair is the red-green one (each keeps its glyph and its name; the client's
# tests check the four stay apart under protanopia, deuteranopia and tritanopia).
COLOUR_BLIND_SUITS = {
    "G": SuitLook((0, 98, 178), "leaf", "green", on_dark=(120, 184, 255), symbol="\u2618"),
    "R": SuitLook((208, 84, 0), "heart", "red", on_dark=(255, 156, 96), symbol="\u2665"),
}
SUIT_OF_COLOUR = dict(zip(COLOUR_NAMES, COLOURS, strict=True))
# The trump colour as the top bar and the trump buttons say it.
COLOUR_WORDS = {
    "black": say("Black"),
    "green": say("Green"),
    "red": say("Red"),
    "yellow": say("Yellow"),
}
# The trump news: one whole sentence per colour, since a language bends the colour in it
# (fi "valitsi valtiksi vihreän") or writes it in lower case ("erklærede grøn som trumf"),
# where the button says "Green".
TRUMP_NEWS = {
    "black": lambda who: say(
        "{player} named black as trump", you="You named black as trump", player=who
    ),
    "green": lambda who: say(
        "{player} named green as trump", you="You named green as trump", player=who
    ),
    "red": lambda who: say("{player} named red as trump", you="You named red as trump", player=who),
    "yellow": lambda who: say(
        "{player} named yellow as trump", you="You named yellow as trump", player=who
    ),
}
# A card in a sentence: one whole phrase per colour (a language may bend the colour).
CARD_WORDS = {
    "B": lambda rank: say("the black {rank}", rank=rank),
    "G": lambda rank: say("the green {rank}", rank=rank),
    "R": lambda rank: say("the red {rank}", rank=rank),
    "Y": lambda rank: say("the yellow {rank}", rank=rank),
}


def card_text(name: str, bird: str) -> Text | str:
    """One card in words ("the red 5", "the Crow"); the deal's refusal reasons use it
    too, so a player never reads a card code."""
    if name == BIRD_TOKEN:
        return say("the Crow") if bird == "Crow" else say("the Rook")
    if name[:1] in CARD_WORDS and name[1:].isdigit():
        return CARD_WORDS[name[:1]](name[1:])
    return name


# What the first-game coach says about each phase of a Rook-family deal.
COACH = {
    "bid": (
        say("The auction"),
        say(
            "Each player in turn bids the points their side will take in this deal, or "
            "passes for the rest of the auction. The highest bidder becomes the declarer: "
            "they name trump and must take at least their bid, or the bid is taken off "
            "their score."
        ),
    ),
    "nest": (
        say("The nest"),
        say(
            "You won the auction, so the nest's cards joined your hand. Lay as many cards "
            "back into the nest. Keep your longest colour and your high cards; laying back "
            "a short colour lets you trump it later."
        ),
    ),
    "trump": (
        say("Naming trump"),
        say(
            "Name the trump colour. Any trump beats every card of the other colours, so "
            "name the colour you hold most of."
        ),
    ),
    "play": (
        say("Playing the tricks"),
        say(
            "Play one card to the trick. You must follow the colour that was led if you "
            "can; if you cannot, any card will do, a trump included. The highest trump "
            "takes the trick, else the highest card of the colour led. The counters in the "
            "tricks you take are your side's points."
        ),
    ),
}


# House-rule values as a player says them (the option's own values are the config's).
OPTION_VALUES: dict[tuple[str, Any], Text] = {
    ("nest_size", -1): say("as the game says (the cards left after the deal)"),
    ("bid_max", 0): say("no limit (all the points in play)"),
    ("aside", 0): say("none"),
    ("bird_rank", "low"): say("the lowest trump"),
    ("bird_rank", "high"): say("the highest trump"),
    ("bird_rank", "middle"): say("between the 10 and the 11 of trump"),
    ("ones", "absent"): say("left out"),
    ("ones", "low"): say("below the lowest number"),
    ("ones", "high"): say("above the 14"),
    ("nest_counters", "last_trick"): say("the winner of the last trick"),
    ("nest_counters", "declarer"): say("the declarer"),
    ("trump_timing", "after_nest"): say("after taking the nest"),
    ("trump_timing", "before_nest"): say("before taking the nest"),
    ("first_lead", "dealer_left"): say("the dealer's left"),
    ("first_lead", "declarer"): say("the declarer"),
    ("all_pass", "redeal"): say("the same dealer deals again"),
    ("all_pass", "dealer_forced"): say("the last player must bid"),
    ("made_bid", "bid"): say("the bid"),
    ("made_bid", "counters"): say("the points taken"),
    ("majority_bonus", 0): say("none"),
    ("lose_at", -1): say("minus the target score"),
    ("lose_at", 0): say("no floor"),
    ("deal_limit", 0): say("no limit"),
}


# How to play CrowsNest: four pages on real cards (the client's How to play).
CROWSNEST_LESSON = (
    LessonPage(
        say("1. The cards"),
        say(
            "CrowsNest is played with four colours, black, green, red and yellow, numbered "
            "5 to 14, and the Crow. Some cards are counters: they are worth points to the "
            "side that takes them in a trick: every 5 is worth 5, every 10 and 14 is worth "
            "10, and the Crow 20."
        ),
        "counter",
        say("Pick the card worth the most points."),
    ),
    LessonPage(
        say("2. The auction"),
        say(
            "Four players, two teams: you and North against West and East. After the deal, "
            "each player bids the points their team will take, or passes. The highest "
            "bidder takes the nest's five cards, lays five back and names trump."
        ),
        "bid",
        say("These are the first calls of a real auction. Choose one."),
        say(
            "{choice}: a bid promises that your team takes at least that many points in "
            "this deal, or the bid is taken off its score; a pass is final for the deal. "
            "When all but one have passed, the last bidder is the declarer."
        ),
    ),
    LessonPage(
        say("3. Following the colour"),
        say(
            "Everyone must play the colour led if they can (the Crow may be played at any "
            "time). Trump beats the other colours; the highest card of the colour led wins "
            "otherwise."
        ),
        "follow",
        say("This is your hand in a real trick. Play a card you may play."),
        say(
            "Yes, {card} may be played. The rule: follow the colour led if you can; if you "
            "cannot, play any card, a trump included."
        ),
    ),
    LessonPage(
        say("4. Scoring"),
        say(
            "After the last trick each team counts its counters. If the declarer's team "
            "took at least its bid, it scores the bid; if not, the bid is taken off its "
            "score. The other team scores what it took. The first team to 300 wins. In your "
            "first deals the coach explains each decision as it comes."
        ),
    ),
)


class RookPresentation(Presentation):
    """One per preset: `bird` is what the preset calls its bird card (Crow, Rook);
    `lesson` the preset's How to play pages, if it has them."""

    def __init__(self, bird: str = "Rook", lesson: tuple[LessonPage, ...] = ()) -> None:
        self.bird = bird
        self._lesson = lesson

    coach_phases = COACH

    def lesson(self) -> tuple[LessonPage, ...]:
        return self._lesson

    # ---- events (one handler per event type of the Rook deal)

    def on_declarer(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        seat = ev.get("seat", ctx.seat)
        nest = int(ctx.before.get("nest_count") or 0)
        news = say(
            "{player} won the bid at {bid}",
            you="You won the bid at {bid}",
            player=Seat(seat),
            bid=ev.get("bid"),
        )
        return [TableEvent(PICKUP, seat, count=nest, news=news)]

    def on_trump(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        trump = str(ev.get("trump"))
        who = Seat(ev.get("seat", ctx.seat))
        if trump in TRUMP_NEWS:
            news = TRUMP_NEWS[trump](who)
        else:  # a colour this presentation does not know: its word as the game gives it
            news = say(
                "{player} named {colour} as trump",
                you="You named {colour} as trump",
                player=who,
                colour=COLOUR_WORDS.get(trump, trump),
            )
        return [TableEvent(CONTRACT, ev.get("seat", ctx.seat), news=news)]

    def on_all_passed(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        return [TableEvent(NEWS, news=say("Everyone passed: the same dealer deals again"))]

    def on_nest(self, ev: Mapping[str, Any], ctx: EventContext) -> list[TableEvent]:
        to = ev.get("to")
        if not isinstance(to, int):
            return []
        pts = ev.get("points", 0)
        # `to` is the place that took it; the sentence names its scoring side
        side = Side(ev["side"] if isinstance(ev.get("side"), int) else ctx.side_of(to))
        return [
            TableEvent(
                NEWS,
                news=say(
                    "The nest ({count} point) goes to {side}",
                    plural="The nest ({count} points) goes to {side}",
                    count=pts,
                    side=side,
                ),
                queued=True,
            ),
            TableEvent(
                REVEAL,
                cards=tuple(ev.get("cards", ())),
                caption=say(
                    "The nest: {count} point to {side}",
                    plural="The nest: {count} points to {side}",
                    count=pts,
                    side=side,
                ),
            ),
        ]

    def layaway_call(self, ctx: EventContext) -> Text:
        n = len(ctx.action[1]) if len(ctx.action) > 1 else 0
        return say("put {count} in the nest", count=n)

    # ---- actions

    def action_label(self, action: Action, deck: Deck) -> Text:
        if action[0] == "trump" and len(action) > 1:
            return say("{colour}", colour=COLOUR_WORDS.get(str(action[1]), str(action[1])))
        return super().action_label(action, deck)

    def choice(self, action: Action, deck: Deck) -> Choice:
        label = self.action_label(action, deck)
        if action[0] == "trump" and len(action) > 1:
            return Choice(label, suit=SUIT_OF_COLOUR.get(str(action[1]), ""))
        return Choice(label)

    def card_words(self, names: Sequence[str], deck: Deck) -> Text:
        return join_words([card_text(n, self.bird) for n in names])

    def panel_title(self, legal: Sequence[Action], view: Mapping[str, Any]) -> Text:
        if any(a[0] == "trump" for a in legal):
            return say("Name the trump colour")
        return super().panel_title(legal, view)

    def confirm_label(self, kind: str, view: Mapping[str, Any]) -> Text:
        if kind == "discard":
            return say("Discard selected")
        return super().confirm_label(kind, view)

    def layaway_prompt(self, hint: str, selected: int, view: Mapping[str, Any]) -> Text:
        if hint:
            return say("{hint} (green edge: from the nest)", hint=hint[:1].upper() + hint[1:])
        return super().layaway_prompt(hint, selected, view)

    # ---- house rules

    def quick_match(
        self, options: Mapping[str, Any]
    ) -> tuple[Mapping[str, Any], Text, Text] | None:
        # half the target, in whole 50s: CrowsNest's 300 becomes 150 (two or three deals)
        target = options.get("target")
        if not isinstance(target, int) or target < 100:
            return None
        quick = max(50, target // 2 // 50 * 50)
        return (
            {"target": quick},
            say("first to {target}", target=quick),
            say("first to {target}", target=target),
        )

    def option_value(self, key: str, value: Any, options: Mapping[str, Any]) -> Text | None:
        words = OPTION_VALUES.get((key, value))
        if words is not None:
            return words
        if key in ("bird_value", "ones_value", "red_one_value") and isinstance(value, int):
            return say("{count} point", plural="{count} points", count=value)
        return None

    def option_note(self, key: str, options: Mapping[str, Any]) -> Text | None:
        if key.startswith("bird_") and not options.get("bird", True):
            if self.bird == "Crow":
                return say("Only with the Crow card in play (the first rule above)")
            return say("Only with the Rook card in play (the first rule above)")
        if key == "ones_value" and options.get("ones") == "absent":
            return say("Only when the 1s are in the pack")
        if key == "red_one_value" and not options.get("red_one", False):
            return say("Only when the red 1 rule is on")
        if key == "bury_counters" and options.get("nest_size") == 0:
            return say("Only with a nest")
        return None

    # ---- the table

    def facts(self, view: Mapping[str, Any]) -> list[Fact]:
        out: list[Fact] = []
        bid, decl, high = view.get("bid"), view.get("declarer", -1), view.get("high_bidder")
        if isinstance(decl, int) and decl >= 0 and bid:
            out.append(Fact(say("Bid {bid} by {player}", bid=bid, player=Seat(decl))))
        elif bid and view.get("phase") == "bid":
            if isinstance(high, int) and high >= 0:
                out.append(Fact(say("High bid {bid} by {player}", bid=bid, player=Seat(high))))
            else:
                out.append(Fact(say("High bid {bid}", bid=bid)))
        taken = view.get("counters_taken")
        if view.get("phase") == "play" and isinstance(taken, list):
            # the points each side has taken so far in this deal
            # (by team, or by seat in the individual games: "You took", never "We took")
            teamless = not view.get("teams")
            for side, points in enumerate(taken):
                if not isinstance(points, int):
                    continue
                if teamless:
                    took = say(
                        "{player} took {points}",
                        you="You took {points}",
                        player=Seat(side),
                        points=points,
                    )
                else:
                    took = say(
                        "{side} took {points}",
                        you="We took {points}",
                        subject="side",
                        side=Side(side),
                        points=points,
                    )
                out.append(Fact(took))
        tr = view.get("trump")
        if isinstance(tr, str) and tr in SUIT_OF_COLOUR:
            out.append(
                Fact(
                    say("Trump: {colour}", colour=COLOUR_WORDS[tr]),
                    suit=SUIT_OF_COLOUR[tr],
                    keep=True,
                )
            )
        return out

    def plate(self, view: Mapping[str, Any], seat: int) -> list[Text]:
        tw = view.get("tricks_won")
        if isinstance(tw, list) and seat < len(tw) and view.get("phase") == "play":
            return [say("tricks {count}", count=tw[seat])]
        return []

    def centre(self, view: Mapping[str, Any], deck: Deck) -> Centre:
        n = view.get("nest_count")
        taken = view.get("nest_taken")
        fresh = tuple(taken) if isinstance(taken, list) else ()
        if isinstance(n, int) and n and view.get("phase") in ("bid", "trump") and not taken:
            return Centre(count=n, caption=say("Nest: {count}", count=n), fresh=fresh)
        return Centre(fresh=fresh)

    def deal_sheet(self, ev: Mapping[str, Any], names: Sequence[str]) -> DealSheet:
        sheet = super().deal_sheet(ev, names)
        bid, decl, made = ev.get("bid"), ev.get("declarer"), ev.get("made")
        if not bid or not isinstance(decl, int):
            return sheet
        if made is True:
            line = say(
                "{player} bid {bid} and made it.",
                you="You bid {bid} and made it.",
                player=Seat(decl),
                bid=bid,
            )
        elif made is False:
            line = say(
                "{player} bid {bid} and was set: {bid} is subtracted.",
                you="You bid {bid} and were set: {bid} is subtracted.",
                player=Seat(decl),
                bid=bid,
            )
        else:
            line = say("{player} bid {bid}.", you="You bid {bid}.", player=Seat(decl), bid=bid)
        return DealSheet(sheet.columns, (line,))

    def history_column(self) -> Text | None:
        return say("Contract")

    def history_cell(self, entry: Mapping[str, Any]) -> Text | None:
        d, bid, made = entry.get("declarer"), entry.get("bid", ""), entry.get("made")
        if not isinstance(d, int):
            return None
        if made is True:
            return say("{player} {bid} made", player=Seat(d), bid=bid)
        if made is False:
            return say("{player} {bid} set", player=Seat(d), bid=bid)
        return say("{player} {bid}", player=Seat(d), bid=bid)

    def showcase(self, deck: Deck) -> tuple[tuple[str, ...], ...]:
        return (("R14", "Y14", "BIRD", "G14", "B14"), ("R5", "G10", "Y5", "B10", "R10"))

    def card_art(self) -> CardArt:
        # The word on the bird card's face, a catalog word (the client translates it).
        # TRANSLATORS: printed in capitals on the Crow card's face (the bird's name).
        crow = N_("CROW")
        # TRANSLATORS: printed on the Rook card's face; Rook is a brand name.
        rook = N_("ROOK")
        return CardArt(
            str(SPRITES),
            SUITS,
            {BIRD_TOKEN: crow if self.bird == "Crow" else rook},
            COLOUR_BLIND_SUITS,
        )
