"""Rook-family rules as data: the knobs (rook.md section 8) as Options, and RookRules, the
resolved knob set for one (preset, options, seats) with every lookup table the deal and
the AIs use (deck, counters, suits, trump orders, precomputed actions).

RookRules objects are cached per (preset, options, seats): a deal holds a reference, so
dealing is cheap and every deal of a match shares the same tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from crowsnest.engine import PASS, Deck, Option, OptionError
from crowsnest.engine.actions import TRUMP_COLOURS, Action
from crowsnest.engine.tricks import TrumpOrder, build_trump_order
from crowsnest.i18n import N_

COLOURS = ("B", "G", "R", "Y")  # card-notation letters, suit index 0..3
COLOUR_NAMES = TRUMP_COLOURS  # ("black", "green", "red", "yellow"), same indices
BIRD_TOKEN = "BIRD"
BIRD_SUIT = 4  # printed suit of the bird card (it has no colour)
RED = 2

# ---------------------------------------------------------------- the knobs

BIRD_RANKS = ("low", "high", "middle")
ONES = ("absent", "low", "high")


def bird_words(bird_name: str) -> dict[str, str]:
    """The knob labels that name the bird card, each a whole phrase per bird (a
    translation may bend the name); another name gets the same phrases built here."""
    if bird_name == "Crow":
        return {
            "card": N_("Crow card"),
            "card_help": N_("Play with the Crow card (20 points)."),
            "rank": N_("Crow rank"),
            "value": N_("Crow value"),
            "rank_help": N_(
                "Where the Crow ranks in trump: the lowest, the highest, or between the 10 "
                "and the 11."
            ),
            "value_help": N_("Points the Crow is worth."),
            "any_time": N_("Crow may be played at any time"),
            "led_trump": N_("Leading the Crow leads trump"),
            "only_trump": N_("Only trump Crow must be played"),
            "only_trump_help": N_(
                "When trump is led and the Crow is your only trump, you must play it."
            ),
        }
    if bird_name == "Rook":
        return {
            "card": N_("Rook card"),
            "card_help": N_("Play with the Rook card (20 points)."),
            "rank": N_("Rook rank"),
            "value": N_("Rook value"),
            "rank_help": N_(
                "Where the Rook ranks in trump: the lowest, the highest, or between the 10 "
                "and the 11."
            ),
            "value_help": N_("Points the Rook is worth."),
            "any_time": N_("Rook may be played at any time"),
            "led_trump": N_("Leading the Rook leads trump"),
            "only_trump": N_("Only trump Rook must be played"),
            "only_trump_help": N_(
                "When trump is led and the Rook is your only trump, you must play it."
            ),
        }
    b = bird_name
    return {
        "card": f"{b} card",
        "card_help": f"Play with the {b} card (20 points).",
        "rank": f"{b} rank",
        "value": f"{b} value",
        "rank_help": f"Where the {b} ranks in trump: the lowest, the highest, or between the 10 "
        "and the 11.",
        "value_help": f"Points the {b} is worth.",
        "any_time": f"{b} may be played at any time",
        "led_trump": f"Leading the {b} leads trump",
        "only_trump": f"Only trump {b} must be played",
        "only_trump_help": f"When trump is led and the {b} is your only trump, you must play it.",
    }


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Knob:
    """One house rule, declared once: its option (with CrowsNest's default, which the
    other presets override) and, where RookRules reads the value as a plain field, that
    field and how the value becomes it. Knobs without a field feed the table builders
    (deck, deal sizes, trump orders, bids) in `build_rules`.

    `label` and `help` are msgids or, with `bird` set, keys of `bird_words` (phrases that
    name the preset's bird card)."""

    key: str
    default: Any
    kind: str
    label: str
    help: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    step: int = 1
    bird: bool = False
    field: str = ""
    to_field: Callable[[Any], Any] = _same

    def option(self, default: Any, words: Mapping[str, str]) -> Option:
        label, help_ = self.label, self.help
        if self.bird:  # keys of bird_words; a help that is no key is a msgid of its own
            label, help_ = words[label], words.get(help_, help_)
        return Option(
            self.key,
            default,
            self.kind,
            label,
            help_,
            choices=self.choices,
            minimum=self.minimum,
            maximum=self.maximum,
            step=self.step,
        )


KNOBS: tuple[Knob, ...] = (
    Knob("bird", True, "bool", "card", "card_help", bird=True),
    Knob(
        "bird_rank",
        "low",
        "choice",
        "rank",
        "rank_help",
        choices=BIRD_RANKS,
        bird=True,
    ),
    Knob(
        "bird_value",
        20,
        "int",
        "value",
        "value_help",
        minimum=0,
        maximum=100,
        bird=True,
    ),
    Knob(
        "bird_any_time",
        True,
        "bool",
        "any_time",
        N_("Even when you could follow the suit led."),
        bird=True,
        field="bird_any_time",
    ),
    Knob(
        "bird_led_trump",
        True,
        "bool",
        "led_trump",
        N_("Off: the next card played decides the suit to follow."),
        bird=True,
        field="bird_led_trump",
    ),
    Knob(
        "bird_only_trump_must",
        True,
        "bool",
        "only_trump",
        "only_trump_help",
        bird=True,
        field="bird_only_trump_must",
    ),
    Knob(
        "lowest_card",
        5,
        "int",
        N_("Lowest number card"),
        N_("Cards run from this number to 14 (1s apart)."),
        minimum=2,
        maximum=13,
    ),
    Knob(
        "ones",
        "absent",
        "choice",
        N_("The 1s"),
        N_("Left out, below the lowest number, or above the 14."),
        choices=ONES,
    ),
    Knob(
        "ones_value",
        0,
        "int",
        N_("Value of a 1"),
        N_("Points each 1 is worth."),
        minimum=0,
        maximum=100,
    ),
    Knob("red_one", False, "bool", N_("Red 1"), N_("The red 1 is always the highest trump.")),
    Knob(
        "red_one_value",
        30,
        "int",
        N_("Red 1 value"),
        N_("Points the red 1 is worth."),
        minimum=0,
        maximum=100,
    ),
    Knob(
        "nest_size",
        -1,
        "int",
        N_("Nest size"),
        N_(
            "How many cards go to the nest. As the game says: the cards left once the "
            "hands are dealt; a number: the nest takes that many and the hands share the rest."
        ),
        minimum=-1,
        maximum=30,
    ),
    Knob(
        "aside",
        0,
        "int",
        N_("Cards set aside"),
        N_("Cards left out of the deal, unseen."),
        minimum=0,
        maximum=20,
    ),
    Knob(
        "nest_counters",
        "last_trick",
        "choice",
        N_("Nest counters go to"),
        N_("The winner of the last trick, or the declarer."),
        choices=("last_trick", "declarer"),
        field="nest_to_declarer",
        to_field=lambda v: v == "declarer",
    ),
    Knob(
        "bury_counters",
        True,
        "bool",
        N_("Declarer may bury counters"),
        N_("Lay counters back in the nest."),
        field="bury_counters",
    ),
    Knob(
        "trump_timing",
        "after_nest",
        "choice",
        N_("Trump is named"),
        N_("After or before the declarer takes the nest."),
        choices=("after_nest", "before_nest"),
        field="trump_first",
        to_field=lambda v: v == "before_nest",
    ),
    Knob(
        "first_lead",
        "dealer_left",
        "choice",
        N_("First lead"),
        N_("The player to the dealer's left, or the declarer."),
        choices=("dealer_left", "declarer"),
        field="declarer_leads",
        to_field=lambda v: v == "declarer",
    ),
    Knob("bid_min", 70, "int", N_("Lowest bid"), minimum=5, maximum=500, step=5),
    Knob("bid_step", 5, "int", N_("Bid step"), minimum=1, maximum=50),
    Knob(
        "bid_max",
        0,
        "int",
        N_("Highest bid"),
        N_("The highest bid allowed; with no limit, up to all the points in play."),
        minimum=0,
        maximum=500,
        step=5,
    ),
    Knob(
        "all_pass",
        "redeal",
        "choice",
        N_("When everyone passes"),
        N_("Either the same dealer deals again, or the last player must bid the lowest bid."),
        choices=("redeal", "dealer_forced"),
        field="forced_dealer",
        to_field=lambda v: v == "dealer_forced",
    ),
    Knob(
        "made_bid",
        "bid",
        "choice",
        N_("A made bid scores"),
        N_("A side that makes its bid scores either the bid or the points it took."),
        choices=("bid", "counters"),
        field="made_scores_bid",
        to_field=lambda v: v == "bid",
    ),
    Knob(
        "majority_bonus",
        0,
        "int",
        N_("Majority-of-tricks bonus"),
        N_("Points for the side that takes more than half the tricks, or none."),
        minimum=0,
        maximum=100,
        field="majority_bonus",
    ),
    Knob(
        "target",
        300,
        "int",
        N_("Target score"),
        N_("The game ends when someone reaches it."),
        minimum=50,
        maximum=5000,
        step=50,
        field="target",
    ),
    # rook.md: "the first team to reach 300 wins", no floor; the opponents of a set bid
    # still bank their counters, so matches end without one (docs/rules-decisions.md).
    Knob(
        "lose_at",
        0,
        "int",
        N_("Losing floor"),
        N_(
            "A side whose score falls this far below zero loses and the highest score "
            "wins. It may be the target score, or no floor: scores may then fall without limit."
        ),
        minimum=-1,
        maximum=5000,
    ),
    # rook.md is silent on a match nobody can win (every bid set, scores sinking on both
    # sides: four random bidders never finish). Real tables end long before 100 deals.
    Knob(
        "deal_limit",
        100,
        "int",
        N_("Deal limit"),
        N_(
            "After this many deals the highest score wins, so a match in which no side "
            "can reach the target still ends; with no limit it plays on."
        ),
        minimum=0,
        maximum=10000,
        field="deal_limit",
    ),
)

CROWSNEST_DEFAULTS: Mapping[str, Any] = MappingProxyType({k.key: k.default for k in KNOBS})


def knob_schema(defaults: Mapping[str, Any], bird_name: str) -> tuple[Option, ...]:
    """Every section-8 knob as an Option, with one preset's defaults."""
    words = bird_words(bird_name)
    return tuple(k.option(defaults[k.key], words) for k in KNOBS)


# ---------------------------------------------------------------- resolved rules


@dataclass(frozen=True, eq=False)
class RookRules:
    """One resolved rule set with its tables. Compared by identity (cached per key)."""

    preset: str
    bird_name: str  # "Crow" in CrowsNest, "Rook" elsewhere (for messages)
    seats: int
    positions: int  # hands in play: seats, plus the dummy in the 2-player game
    dummy: bool
    teams: tuple[tuple[int, ...], ...] | None
    deck: Deck
    hand_size: int
    nest_size: int
    aside: int
    bird: int  # card id, -1 when absent
    red_one: int  # card id of the special red 1, -1 when off
    bird_any_time: bool
    bird_led_trump: bool
    bird_only_trump_must: bool
    nest_to_declarer: bool
    bury_counters: bool
    trump_first: bool
    declarer_leads: bool
    bid_min: int
    bid_step: int
    bid_max: int
    forced_dealer: bool
    made_scores_bid: bool
    majority_bonus: int
    target: int
    floor: int  # a side at or below this score loses; None-like very low when off
    deal_limit: int  # after this many deals the highest score wins (0: no limit)
    points: tuple[int, ...]  # counter value per card
    suit: tuple[int, ...]  # printed suit per card (BIRD_SUIT for the bird)
    rank: tuple[int, ...]  # printed number per card (0 for the bird)
    power: tuple[int, ...]  # plain-suit power (1s high: 15)
    orders: tuple[TrumpOrder, ...]  # one per trump colour 0..3
    counter_total: int
    points_in_play: int
    play_actions: tuple[Action, ...]  # ("play", (c,)) per card
    after_bid: Mapping[int, tuple[Action, ...]]  # high bid so far -> (PASS, higher bids...)
    bids: tuple[Action, ...]  # every ("bid", n) from the minimum to the maximum
    trump_actions: tuple[Action, ...]

    @property
    def sides(self) -> int:
        return len(self.teams) if self.teams else self.seats


def options_key(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


def rules_for(preset: Any, options: Mapping[str, Any], seats: int) -> RookRules:
    """The cached RookRules for a preset (see presets.Preset), options and seat count."""
    return _rules_cached(preset, options_key(options), seats)


@lru_cache(maxsize=256)
def _rules_cached(preset: Any, key: tuple[tuple[str, Any], ...], seats: int) -> RookRules:
    return build_rules(preset, dict(key), seats)


def build_rules(preset: Any, o: Mapping[str, Any], seats: int) -> RookRules:
    """Resolve knobs into tables; an impossible combination raises OptionError."""
    if seats not in preset.seats:
        allowed = ", ".join(str(s) for s in preset.seats)
        raise OptionError(f"{preset.name} is played by {allowed} players, not {seats}")
    dummy = seats == 2
    positions = 3 if dummy else seats
    cards = _cards(o)
    hand, nest = _deal_sizes(preset, o, seats, positions, len(cards.deck.names))
    counter_total = sum(cards.points)
    in_play = counter_total + o["majority_bonus"]
    bid_min, bid_max, bids = _bids(o, in_play)
    # Legal bidding actions keyed by the high bid so far (0: nobody has bid).
    after_bid: dict[int, tuple[Action, ...]] = {0: (PASS, *bids)}
    for i, (_, b) in enumerate(bids):
        after_bid[b] = (PASS, *bids[i + 1 :])
    plain_fields = {k.field: k.to_field(o[k.key]) for k in KNOBS if k.field}
    return RookRules(
        preset=preset.id,
        bird_name=preset.bird_name,
        seats=seats,
        positions=positions,
        dummy=dummy,
        teams=preset.teams_for(seats),
        deck=cards.deck,
        hand_size=hand,
        nest_size=nest,
        aside=o["aside"],
        bird=cards.bird,
        red_one=cards.red_one,
        bid_min=bid_min,
        bid_step=o["bid_step"],
        bid_max=bid_max,
        floor=-(o["target"] if o["lose_at"] == -1 else o["lose_at"] or 10**9),
        points=cards.points,
        suit=cards.suit,
        rank=cards.rank,
        power=cards.power,
        orders=_trump_orders(cards, o["bird_rank"]),
        counter_total=counter_total,
        points_in_play=in_play,
        play_actions=tuple(("play", (c,)) for c in range(len(cards.points))),
        after_bid=MappingProxyType(after_bid),  # shared by every match: read-only
        bids=bids,
        trump_actions=tuple(("trump", name) for name in COLOUR_NAMES),
        **plain_fields,
    )


@dataclass(frozen=True)
class _Cards:
    """The pack the knobs describe, card by card."""

    deck: Deck
    suit: tuple[int, ...]
    rank: tuple[int, ...]
    power: tuple[int, ...]
    points: tuple[int, ...]
    bird: int
    red_one: int


def _cards(o: Mapping[str, Any]) -> _Cards:
    lowest, ones, red_one_on = o["lowest_card"], o["ones"], o["red_one"]
    names: list[str] = []
    suit: list[int] = []
    rank: list[int] = []
    for s, letter in enumerate(COLOURS):
        numbers = list(range(lowest, 15))
        if ones != "absent" or (red_one_on and s == RED):
            numbers.insert(0, 1)
        for n in numbers:
            names.append(f"{letter}{n}")
            suit.append(s)
            rank.append(n)
    bird = -1
    if o["bird"]:
        bird = len(names)
        names.append(BIRD_TOKEN)
        suit.append(BIRD_SUIT)
        rank.append(0)
    red_one = names.index("R1") if red_one_on else -1
    points = tuple(_points(c, rank[c], bird, red_one, o) for c in range(len(names)))
    power = tuple(15 if (r == 1 and ones == "high") else r for r in rank)
    ranks_text = [BIRD_TOKEN if c == bird else str(rank[c]) for c in range(len(names))]
    suits_text = ["*" if c == bird else COLOURS[suit[c]] for c in range(len(names))]
    deck = Deck(tuple(names), points, tuple(ranks_text), tuple(suits_text))
    return _Cards(deck, tuple(suit), tuple(rank), power, points, bird, red_one)


def _points(card: int, rank: int, bird: int, red_one: int, o: Mapping[str, Any]) -> int:
    """A card's counter value: the bird, the red 1 and the 1s as the knobs say; 5s are
    worth 5, 10s and 14s 10."""
    if card == bird:
        return int(o["bird_value"])
    if card == red_one:
        return int(o["red_one_value"])
    if rank == 1:
        return int(o["ones_value"])
    return {5: 5, 10: 10, 14: 10}.get(rank, 0)


def _deal_sizes(
    preset: Any, o: Mapping[str, Any], seats: int, positions: int, n_cards: int
) -> tuple[int, int]:
    """(hand size, nest size): a preset hand size, the nest takes the rest (or an explicit
    nest size decides the hands). Anything that does not divide evenly is refused."""
    aside = o["aside"]
    nest = o["nest_size"]
    dealt = n_cards - aside
    if dealt <= 0:
        raise OptionError(
            f"setting {aside} cards aside leaves nothing to deal from a deck of {n_cards}"
        )
    if nest < 0:
        hand = preset.hand_sizes[seats]
        nest = dealt - positions * hand
        if nest < 0:
            raise OptionError(
                f"a deck of {n_cards} cards ({aside} set aside) is too small to deal "
                f"{positions} hands of {hand}; add cards (lower the lowest number, add the 1s) "
                "or set aside fewer"
            )
        return hand, nest
    rest = dealt - nest
    if rest <= 0 or rest % positions:
        raise OptionError(
            f"a nest of {nest} does not fit: {n_cards} cards, less {aside} set aside and "
            f"{nest} in the nest, leaves {rest}, which cannot be dealt evenly to "
            f"{positions} hands"
        )
    return rest // positions, nest


def _trump_orders(cards: _Cards, bird_rank: str) -> tuple[TrumpOrder, ...]:
    """One trump order per colour: the colour's cards by power, the bird where its rank
    knob puts it, the red 1 on top."""
    suit, power, bird, red_one = cards.suit, cards.power, cards.bird, cards.red_one
    orders = []
    for t in range(4):
        seq = sorted(
            (c for c in range(len(suit)) if suit[c] == t and c != red_one), key=lambda c: power[c]
        )
        if bird >= 0:
            if bird_rank == "low":
                seq.insert(0, bird)
            elif bird_rank == "high":
                seq.append(bird)
            else:  # between the 10 and the 11 of trump
                at = next((i for i, c in enumerate(seq) if power[c] > 10), len(seq))
                seq.insert(at, bird)
        if red_one >= 0:
            seq.append(red_one)
        orders.append(build_trump_order(suit, power, t, seq))
    return tuple(orders)


def _bids(o: Mapping[str, Any], in_play: int) -> tuple[int, int, tuple[Action, ...]]:
    """(lowest bid, highest bid, every ("bid", n) between); a highest bid of 0 means all
    the points in play, rounded down to the step."""
    bid_min, bid_step, bid_max = o["bid_min"], o["bid_step"], o["bid_max"]
    if bid_max == 0:
        bid_max = in_play - (in_play - bid_min) % bid_step if in_play >= bid_min else 0
    if bid_max > in_play:
        raise OptionError(
            f"the highest bid ({bid_max}) is above the {in_play} points in play; "
            f"set it to {in_play} or less (0 means all the points in play)"
        )
    if bid_min > bid_max:
        raise OptionError(
            f"the lowest bid ({bid_min}) is above the highest bid ({bid_max}) for {in_play} points in play"
        )
    return bid_min, bid_max, tuple(("bid", b) for b in range(bid_min, bid_max + 1, bid_step))
