"""The Rook family's `hard` AI: determinized search (PIMC, game.ai.search) in card play.

- Bidding, the nest and trump: the normal AI's heuristics (its per-preset fits).
- Card play: `Determinizer` deals the cards the seat has not seen to the hidden places
  (other hands, the hidden nest, the dummy's face-down cards, the cards set aside),
  respecting every void the play so far proves; every playable card is then played out
  in the same sampled deals by the easy policy for all seats, and scored with the
  scorer's rules (made / set bids, counters) for the seat's side. Sequential halving
  spends the play-outs on the cards still in contention.

The search sees only the view: the sampled deals are built by `RookDeal.world` from the
view and the sampled hidden cards, never from the real deal.

Budget: `HardConfig` (play-outs per decision, a time cap). The default searches up to
600 play-outs, at most 0.4 s, per card played (see docs/ai.md for measured strength).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.search import SearchBudget, pimc_search
from game.engine import Action, Deal
from game.engine.tricks import trick_winner
from game.hookspecs import hookimpl

from .ai import RookEasyAI, RookNormalAI, _Table, deal_value, value_key
from .deal import DUMMY, RookDeal
from .view import RookView

DEFAULT_BUDGET = SearchBudget(iterations=600, seconds=0.4, min_worlds=4)


# ---------------------------------------------------------------- determinization


class Determinizer:
    """What one view proves about the hidden cards, computed once per decision, and
    `sample(rng)`: a full RookDeal consistent with the view.

    Consistent means: the seat's own hand, the visible dummy and every card played are
    where the view shows them; each hidden place gets exactly as many cards as the view
    counts; no position gets a card of a suit it has shown void in; the tricks already
    played are in their winners' won piles; together the places hold the whole deck.
    """

    __slots__ = ("view", "unseen", "places", "allowed", "won", "bird")

    def __init__(self, view: RookView) -> None:
        if view.phase != "play":
            raise ValueError(f"sampling deals needs the play phase, not '{view.phase}'")
        r = view.rules
        self.view = view
        order = r.orders[view.trump]
        eff = order.eff_suit
        n = len(r.deck)
        seen = bytearray(n)
        for c in view.hand:
            seen[c] = 1
        for c in view.nest:
            seen[c] = 1
        for c in view.dummy_up:
            if c >= 0:
                seen[c] = 1
        P = r.positions
        void: list[set[int]] = [set() for _ in range(P)]
        won: list[list[int]] = [[] for _ in range(P)]
        bird = r.bird
        for trick in (*view.history, view.trick):
            led = -1
            for i, (pos, c) in enumerate(trick):
                seen[c] = 1
                if i == 0:
                    led = -1 if (c == bird and not r.bird_led_trump) else eff[c]
                elif led < 0:
                    led = eff[c]  # the bird was led: this card sets the suit
                elif eff[c] != led and not (c == bird and r.bird_any_time):
                    void[pos].add(led)
            if trick is not view.trick and len(trick) == P:
                cards = [c for _, c in trick]
                first = 1 if (cards[0] == bird and not r.bird_led_trump) else 0
                led_suit = eff[cards[first]] if first < len(cards) else eff[cards[0]]
                won[trick[trick_winner(cards, led_suit, order)][0]].extend(cards)
        self.unseen = [c for c in range(n) if not seen[c]]
        # Hidden places: (key, size, suits it cannot hold).
        places: list[tuple[Any, int, frozenset[int]]] = []
        for p in range(P):
            if p == view.seat or (r.dummy and p == DUMMY):
                continue
            places.append((p, view.hand_counts[p], frozenset(void[p])))
        if not view.nest and view.nest_count:
            places.append(("nest", view.nest_count, frozenset()))
        under = sum(1 for u in view.dummy_under if u)
        if under:
            places.append(("down", under, frozenset()))
        if view.aside_count:
            places.append(("aside", view.aside_count, frozenset()))
        size = sum(k for _, k, _ in places)
        if size != len(self.unseen):
            raise ValueError(
                f"the view hides {size} cards but {len(self.unseen)} are unaccounted for"
            )
        self.places = places
        # A lone bird need not be played on a trump lead where bird_only_trump_must is
        # off, so a void in trump does not prove the bird absent there.
        bird_free = bird >= 0 and not r.bird_only_trump_must
        self.allowed: dict[int, tuple[int, ...]] = {}
        for c in self.unseen:
            s = eff[c]
            self.allowed[c] = tuple(
                i for i, (_, _, v) in enumerate(places) if s not in v or (c == bird and bird_free)
            )
        self.won = won
        self.bird = bird

    def deal_hidden(self, rng: random.Random) -> list[list[int]]:
        """The unseen cards split over the hidden places (one list per place)."""
        places = self.places
        allowed = self.allowed
        for attempt in range(40):
            pool = self.unseen[:]
            rng.shuffle(pool)
            if attempt < 39:
                # Most constrained cards first, so a void rarely leaves a card nowhere.
                pool.sort(key=lambda c: len(allowed[c]))
            free = [k for _, k, _ in places]
            got: list[list[int]] = [[] for _ in places]
            ok = True
            for c in pool:
                cands = [i for i in allowed[c] if free[i]] if attempt < 39 else None
                if cands is None:
                    cands = [i for i in range(len(places)) if free[i]]
                if not cands:
                    ok = False
                    break
                x = rng.randrange(sum(free[i] for i in cands))
                for i in cands:
                    x -= free[i]
                    if x < 0:
                        break
                got[i].append(c)
                free[i] -= 1
            if ok:
                return got
        raise AssertionError("unreachable: the last attempt ignores voids")

    def sample(self, rng: random.Random) -> RookDeal:
        """A full deal consistent with the view (see the class doc)."""
        view = self.view
        got = self.deal_hidden(rng)
        hands: dict[int, list[int]] = {}
        nest: list[int] = []
        aside: list[int] = []
        down = [-1] * len(view.dummy_under)
        under = [i for i, u in enumerate(view.dummy_under) if u]
        for (key, _, _), cards in zip(self.places, got, strict=True):
            if key == "nest":
                nest = cards
            elif key == "down":
                for i, c in zip(under, cards, strict=True):
                    down[i] = c
            elif key == "aside":
                aside = cards
            else:
                hands[key] = cards
        d = RookDeal.world(view, hands, nest, down)
        d.aside = aside
        d.won = [w[:] for w in self.won]
        return d


def sample_deal(view: RookView, rng: random.Random) -> RookDeal:
    """A full RookDeal consistent with `view` (play phase): see Determinizer."""
    return Determinizer(view).sample(rng)


# ---------------------------------------------------------------- the AI

_POLICY = RookEasyAI()


def easy_playout(deal: Deal, rng: random.Random) -> None:
    """Play a RookDeal to its end with the easy policy for every position."""
    d: RookDeal = deal  # type: ignore[assignment]
    r = d.r
    pa = r.play_actions
    table = _Table(r, d.trump, [d.side_of_position(p) for p in range(r.positions)])
    play = _POLICY.play
    while d._to_move >= 0:
        table.trick = d.trick
        table.led = d.led
        table.acting = d.acting
        d.apply(pa[play(table, d.playable(), rng)])  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class HardConfig:
    """The hard AI's knobs: the search budget per card played."""

    budget: SearchBudget = field(default_factory=lambda: DEFAULT_BUDGET)


class RookHardAI(RookNormalAI):
    """Normal's bidding, nest and trump; PIMC search for every card played."""

    def __init__(
        self,
        variant: Any = None,
        options: Any = None,
        seats: int = 0,
        config: HardConfig | None = None,
    ) -> None:
        super().__init__(variant, options, seats)
        self.config = config or HardConfig()
        self.last_search: Any = None  # the last SearchResult (for tools and tests)

    def play(self, view: RookView, playable: list[int], rng: random.Random) -> int:
        if len(playable) == 1:
            return playable[0]
        det = Determinizer(view)
        side = view.side_of(view.acting)
        pa = view.rules.play_actions
        cheap = value_key(view)
        # Cheaper cards first: ties (and equal means) go to the card that costs least.
        candidates: Sequence[Action] = [pa[c] for c in sorted(playable, key=cheap)]
        res = pimc_search(
            view,
            candidates,
            rng,
            sample=lambda _v, g: det.sample(g),
            playout=easy_playout,
            evaluate=lambda d: deal_value(d, side),
            budget=self.config.budget,
        )
        self.last_search = res
        return res.action[1][0]


def hard_factory(variant: Any, options: Any, seats: int) -> RookHardAI:
    return RookHardAI(variant, options, seats)


@hookimpl
def crowsnest_register_ais(register: Any) -> None:
    """Add `hard` to every Rook-family variant (loaded with the rook plugin)."""
    from . import VARIANTS

    for vid in VARIANTS:
        register(vid, "hard", hard_factory)


__all__ = [
    "DEFAULT_BUDGET",
    "Determinizer",
    "HardConfig",
    "RookHardAI",
    "crowsnest_register_ais",
    "easy_playout",
    "hard_factory",
    "sample_deal",
]
