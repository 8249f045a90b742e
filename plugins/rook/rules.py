"""Rook-family rules as data: the knobs (rook.md section 8) as Options, and RookRules, the
resolved knob set for one (preset, options, seats) with every lookup table the deal and
the AIs use (deck, counters, suits, trump orders, precomputed actions).

RookRules objects are cached per (preset, options, seats): a deal holds a reference, so
dealing is cheap and every deal of a match shares the same tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from crowsnest.engine import PASS, Deck, Option, OptionError
from crowsnest.engine.actions import TRUMP_COLOURS
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
        "any_time": f"{b} may be played at any time",
        "led_trump": f"Leading the {b} leads trump",
        "only_trump": f"Only trump {b} must be played",
        "only_trump_help": f"When trump is led and the {b} is your only trump, you must play it.",
    }


def knob_schema(defaults: Mapping[str, Any], bird_name: str) -> tuple[Option, ...]:
    """Every section-8 knob, with one preset's defaults."""
    d = defaults
    w = bird_words(bird_name)
    return (
        Option(
            "bird",
            d["bird"],
            "bool",
            w["card"],
            w["card_help"],
        ),
        Option(
            "bird_rank",
            d["bird_rank"],
            "choice",
            w["rank"],
            N_(
                "low: the lowest trump; high: the highest trump; middle: between the 10 and 11 of trump."
            ),
            choices=BIRD_RANKS,
        ),
        Option(
            "bird_value",
            d["bird_value"],
            "int",
            w["value"],
            N_("Points the bird card is worth."),
            minimum=0,
            maximum=100,
        ),
        Option(
            "bird_any_time",
            d["bird_any_time"],
            "bool",
            w["any_time"],
            N_("Even when you could follow the suit led."),
        ),
        Option(
            "bird_led_trump",
            d["bird_led_trump"],
            "bool",
            w["led_trump"],
            N_("Off: the next card played decides the suit to follow."),
        ),
        Option(
            "bird_only_trump_must",
            d["bird_only_trump_must"],
            "bool",
            w["only_trump"],
            w["only_trump_help"],
        ),
        Option(
            "lowest_card",
            d["lowest_card"],
            "int",
            N_("Lowest number card"),
            N_("Cards run from this number to 14 (1s apart)."),
            minimum=2,
            maximum=13,
        ),
        Option(
            "ones",
            d["ones"],
            "choice",
            N_("The 1s"),
            N_("absent, low (below the lowest number) or high (above the 14)."),
            choices=ONES,
        ),
        Option(
            "ones_value",
            d["ones_value"],
            "int",
            N_("Value of a 1"),
            N_("Points each 1 is worth."),
            minimum=0,
            maximum=100,
        ),
        Option(
            "red_one",
            d["red_one"],
            "bool",
            N_("Red 1"),
            N_("The red 1 is always the highest trump."),
        ),
        Option(
            "red_one_value",
            d["red_one_value"],
            "int",
            N_("Red 1 value"),
            N_("Points the red 1 is worth."),
            minimum=0,
            maximum=100,
        ),
        Option(
            "nest_size",
            d["nest_size"],
            "int",
            N_("Nest size"),
            N_(
                "How many cards go to the nest. As the game says: the cards left once the "
                "hands are dealt; a number: the nest takes that many and the hands share the rest."
            ),
            minimum=-1,
            maximum=30,
        ),
        Option(
            "aside",
            d["aside"],
            "int",
            N_("Cards set aside"),
            N_("Cards left out of the deal, unseen."),
            minimum=0,
            maximum=20,
        ),
        Option(
            "nest_counters",
            d["nest_counters"],
            "choice",
            N_("Nest counters go to"),
            N_("The winner of the last trick, or the declarer."),
            choices=("last_trick", "declarer"),
        ),
        Option(
            "bury_counters",
            d["bury_counters"],
            "bool",
            N_("Declarer may bury counters"),
            N_("Lay counters back in the nest."),
        ),
        Option(
            "trump_timing",
            d["trump_timing"],
            "choice",
            N_("Trump is named"),
            N_("After or before the declarer takes the nest."),
            choices=("after_nest", "before_nest"),
        ),
        Option(
            "first_lead",
            d["first_lead"],
            "choice",
            N_("First lead"),
            N_("The player to the dealer's left, or the declarer."),
            choices=("dealer_left", "declarer"),
        ),
        Option("bid_min", d["bid_min"], "int", N_("Lowest bid"), minimum=5, maximum=500, step=5),
        Option("bid_step", d["bid_step"], "int", N_("Bid step"), minimum=1, maximum=50),
        Option(
            "bid_max",
            d["bid_max"],
            "int",
            N_("Highest bid"),
            N_("The highest bid allowed; with no limit, up to all the points in play."),
            minimum=0,
            maximum=500,
            step=5,
        ),
        Option(
            "all_pass",
            d["all_pass"],
            "choice",
            N_("When everyone passes"),
            N_("Either the same dealer deals again, or the last player must bid the lowest bid."),
            choices=("redeal", "dealer_forced"),
        ),
        Option(
            "made_bid",
            d["made_bid"],
            "choice",
            N_("A made bid scores"),
            N_("A side that makes its bid scores either the bid or the points it took."),
            choices=("bid", "counters"),
        ),
        Option(
            "majority_bonus",
            d["majority_bonus"],
            "int",
            N_("Majority-of-tricks bonus"),
            N_("Points for the side that takes more than half the tricks, or none."),
            minimum=0,
            maximum=100,
        ),
        Option(
            "target",
            d["target"],
            "int",
            N_("Target score"),
            N_("The game ends when someone reaches it."),
            minimum=50,
            maximum=5000,
            step=50,
        ),
        Option(
            "lose_at",
            d["lose_at"],
            "int",
            N_("Losing floor"),
            N_(
                "A side whose score falls this far below zero loses and the highest score "
                "wins. It may be the target score, or no floor: scores may then fall without limit."
            ),
            minimum=-1,
            maximum=5000,
        ),
        Option(
            "deal_limit",
            d["deal_limit"],
            "int",
            N_("Deal limit"),
            N_(
                "After this many deals the highest score wins, so a match in which no side "
                "can reach the target still ends; with no limit it plays on."
            ),
            minimum=0,
            maximum=10000,
        ),
    )


CROWSNEST_DEFAULTS: dict[str, Any] = {
    "bird": True,
    "bird_rank": "low",
    "bird_value": 20,
    "bird_any_time": True,
    "bird_led_trump": True,
    "bird_only_trump_must": True,
    "lowest_card": 5,
    "ones": "absent",
    "ones_value": 0,
    "red_one": False,
    "red_one_value": 30,
    "nest_size": -1,
    "aside": 0,
    "nest_counters": "last_trick",
    "bury_counters": True,
    "trump_timing": "after_nest",
    "first_lead": "dealer_left",
    "bid_min": 70,
    "bid_step": 5,
    "bid_max": 0,
    "all_pass": "redeal",
    "made_bid": "bid",
    "majority_bonus": 0,
    "target": 300,
    # rook.md: "the first team to reach 300 wins", no floor; the opponents of a set bid
    # still bank their counters, so matches end without one (docs/rules-decisions.md).
    "lose_at": 0,
    # rook.md is silent on a match nobody can win (every bid set, scores sinking on both
    # sides: four random bidders never finish). Real tables end long before 100 deals.
    "deal_limit": 100,
}


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
    play_actions: tuple[tuple, ...]  # ("play", (c,)) per card
    after_bid: Mapping[int, tuple[tuple, ...]]  # high bid so far -> (PASS, higher bids...)
    bids: tuple[tuple, ...]  # every ("bid", n) from the minimum to the maximum
    trump_actions: tuple[tuple, ...]

    @property
    def sides(self) -> int:
        return len(self.teams) if self.teams else self.seats


def options_key(options: Mapping[str, Any]) -> tuple:
    return tuple(sorted(options.items()))


def rules_for(preset: Any, options: Mapping[str, Any], seats: int) -> RookRules:
    """The cached RookRules for a preset (see presets.Preset), options and seat count."""
    return _rules_cached(preset, options_key(options), seats)


@lru_cache(maxsize=256)
def _rules_cached(preset: Any, key: tuple, seats: int) -> RookRules:
    return build_rules(preset, dict(key), seats)


def build_rules(preset: Any, o: Mapping[str, Any], seats: int) -> RookRules:
    """Resolve knobs into tables; an impossible combination raises OptionError."""
    if seats not in preset.seats:
        allowed = ", ".join(str(s) for s in preset.seats)
        raise OptionError(f"{preset.name} is played by {allowed} players, not {seats}")
    dummy = seats == 2
    positions = 3 if dummy else seats
    lowest = o["lowest_card"]
    ones = o["ones"]
    names: list[str] = []
    suit: list[int] = []
    rank: list[int] = []
    red_one_on = o["red_one"]
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
    n_cards = len(names)
    red_one = names.index("R1") if red_one_on else -1

    points = []
    for c in range(n_cards):
        if c == bird:
            points.append(o["bird_value"])
        elif c == red_one:
            points.append(o["red_one_value"])
        elif rank[c] == 1:
            points.append(o["ones_value"])
        elif rank[c] == 5:
            points.append(5)
        elif rank[c] in (10, 14):
            points.append(10)
        else:
            points.append(0)
    power = [15 if (r == 1 and ones == "high") else r for r in rank]
    ranks_text = [BIRD_TOKEN if c == bird else str(rank[c]) for c in range(n_cards)]
    suits_text = ["*" if c == bird else COLOURS[suit[c]] for c in range(n_cards)]
    deck = Deck(tuple(names), tuple(points), tuple(ranks_text), tuple(suits_text))

    # Deal sizes: a preset hand size, the nest takes the rest (or an explicit nest size
    # decides the hands). Anything that does not divide evenly is refused.
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
    else:
        rest = dealt - nest
        if rest <= 0 or rest % positions:
            raise OptionError(
                f"a nest of {nest} does not fit: {n_cards} cards, less {aside} set aside and "
                f"{nest} in the nest, leaves {rest}, which cannot be dealt evenly to "
                f"{positions} hands"
            )
        hand = rest // positions

    # Trump orders, one per colour.
    bird_rank = o["bird_rank"]
    orders = []
    for t in range(4):
        plain = sorted(
            (c for c in range(n_cards) if suit[c] == t and c != red_one), key=lambda c: power[c]
        )
        seq: list[int] = list(plain)
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

    counter_total = sum(points)
    bonus = o["majority_bonus"]
    in_play = counter_total + bonus
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
    bids = [("bid", b) for b in range(bid_min, bid_max + 1, bid_step)]
    # Legal bidding actions keyed by the high bid so far (0: nobody has bid).
    after_bid: dict[int, tuple[tuple, ...]] = {0: (PASS, *bids)}
    for i, (_, b) in enumerate(bids):
        after_bid[b] = (PASS, *bids[i + 1 :])

    teams = preset.teams_for(seats)
    return RookRules(
        preset=preset.id,
        bird_name=preset.bird_name,
        seats=seats,
        positions=positions,
        dummy=dummy,
        teams=teams,
        deck=deck,
        hand_size=hand,
        nest_size=nest,
        aside=aside,
        bird=bird,
        red_one=red_one,
        bird_any_time=o["bird_any_time"],
        bird_led_trump=o["bird_led_trump"],
        bird_only_trump_must=o["bird_only_trump_must"],
        nest_to_declarer=o["nest_counters"] == "declarer",
        bury_counters=o["bury_counters"],
        trump_first=o["trump_timing"] == "before_nest",
        declarer_leads=o["first_lead"] == "declarer",
        bid_min=bid_min,
        bid_step=bid_step,
        bid_max=bid_max,
        forced_dealer=o["all_pass"] == "dealer_forced",
        made_scores_bid=o["made_bid"] == "bid",
        majority_bonus=bonus,
        target=o["target"],
        floor=-(o["target"] if o["lose_at"] == -1 else o["lose_at"] or 10**9),
        deal_limit=o["deal_limit"],
        points=tuple(points),
        suit=tuple(suit),
        rank=tuple(rank),
        power=tuple(power),
        orders=tuple(orders),
        counter_total=counter_total,
        points_in_play=in_play,
        play_actions=tuple(("play", (c,)) for c in range(n_cards)),
        after_bid=MappingProxyType(after_bid),  # shared by every match: read-only
        bids=tuple(bids),
        trump_actions=tuple(("trump", name) for name in COLOUR_NAMES),
    )
