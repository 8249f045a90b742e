"""Tractor AIs. They decide from their seat's view alone (plus the engine's legal list).

random  any legal action (built from the view where the list is incomplete).
easy    sensible greed: declares long suits, buries cheap cards, wins tricks cheaply,
        gives points to a partner only when it plays last.
normal  remembers what was played (view.history) and who showed void; declares a hand
        of 6 trump-points or more (the first deal's declarer deals and defends, the
        stronger side); leads tractors, pairs and singles while they are masters
        (nothing unseen can beat them), then its highest plain pair, then a low card of
        its shortest plain suit; second to a trick with no points on it, plays low;
        keeps trump pairs together, feeds points to a partner
        whose trick nobody after it can beat or trump; with the throws house rule,
        throws a plain suit's master units together (_throw); once every hand is down
        to three cards, solves the rest exactly in worlds dealt from its counting
        (endgame.py: the last trick's kitty).

Stateless: everything is derived from the view each move (the view carries the public
history), so one object serves any seat and any number of deals.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from crowsnest.engine.actions import PASS, Action

from ..cards import N_CARDS, NO_TRUMP, POINTS, TRUMP, kind_rank, kind_suit, order_for
from ..rules import (
    LIST_LIMIT,
    Shape,
    beats,
    follows,
    leads,
    pair_lows,
    random_follow,
    random_lead,
    shape_of,
)
from ..throws import throw_beats, unit_shapes, units_of
from ..view import TractorView
from . import endgame
from .worlds import lead_shape


def _tables(view: TractorView) -> tuple[Sequence[int], Sequence[int]]:
    order = order_for(view.level, view.trump if view.trump is not None else NO_TRUMP)
    return order.esuit, order.pos


class RandomAI:
    """Any legal action, chosen at random (from the view where the list is incomplete)."""

    def choose(self, view: TractorView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "bury":
            return ("discard", tuple(sorted(rng.sample(view.hand, 8))))
        if view.phase == "play":
            es, ps = _tables(view)
            if not view.trick:
                return ("play", random_lead(list(view.hand), es, ps, rng))
            return ("play", random_follow(list(view.hand), lead_shape(view, es, ps), es, rng))
        return rng.choice(list(legal))


# ---------------------------------------------------------------- shared judgement


def _trump_count(hand: Sequence[int], level: int, suit: int) -> int:
    """How many of `hand` would be trump if `suit` (or NO_TRUMP) were trump."""
    n = 0
    for c in hand:
        k = c >> 1
        if k >= 52 or kind_rank(k) == level or (suit != NO_TRUMP and kind_suit(k) == suit):
            n += 1
    return n


def _declaration_value(hand: Sequence[int], cards: Sequence[int], level: int) -> int:
    k = cards[0] >> 1
    if k >= 52:  # no-trump: jokers, level cards and aces carry the hand
        return (
            _trump_count(hand, level, NO_TRUMP)
            + sum(1 for c in hand if kind_rank(c >> 1) == 14)
            + 1
        )
    return _trump_count(hand, level, kind_suit(k))


class HeuristicAI:
    """easy (memory=False) and normal (memory=True)."""

    def __init__(self, memory: bool, variant: Any = None, options: Any = None) -> None:
        self.memory = memory
        # normal solves the last tricks exactly (endgame.py) in worlds of this variant
        self.variant = variant
        self.options = options

    # -------------------------------------------------------- entry

    def choose(self, view: TractorView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "declare":
            return self._declare(view, legal)
        if view.phase == "bury":
            return self._bury(view)
        if view.phase == "play":
            es, ps = _tables(view)
            if not view.trick:
                play = self._lead(view, es, ps, rng)
            else:
                play = self._follow(view, es, ps, rng)
            if self.memory and self.variant is not None and endgame.small_enough(view):
                # no time cap: normal stays deterministic (8 worlds cost at most ~40 ms)
                play = endgame.choose(view, play, self.variant, self.options, rng, seconds=None)[0]
            return ("play", play)
        return legal[0] if legal else PASS

    # -------------------------------------------------------- declaring and burying

    def _declare(self, view: TractorView, legal: Sequence[Action]) -> Action:
        hand = view.hand
        best: tuple[int, Action] | None = None
        for a in legal:
            if a[0] != "declare":
                continue
            v = _declaration_value(hand, a[1], view.level) + 2 * (len(a[1]) - 1)
            if best is None or v > best[0]:
                best = (v, a)
        if best is None:
            return PASS
        need = 6 if self.memory else 8
        if view.declarations:
            holder = view.declarations[-1][0]
            # overcall an opponent with a clearly good hand; a partner only with a great one
            need += 4 if holder % 2 == view.seat % 2 else 2
        return best[1] if best[0] >= need else PASS

    def _bury(self, view: TractorView) -> Action:
        es, ps = _tables(view)
        hand = view.hand
        held = set(hand)
        suit_len = Counter(es[c] for c in hand)

        def cost(c: int) -> int:
            v = ps[c] * 2 + POINTS[c] * 4
            if es[c] == TRUMP:
                v += 1000
            if (c ^ 1) in held:
                v += 60
            if self.memory:
                v += 3 * suit_len[es[c]]  # empty short suits to trump them later
            return v

        return ("discard", tuple(sorted(sorted(hand, key=cost)[:8])))

    # -------------------------------------------------------- memory

    def _unseen(self, view: TractorView) -> set[int]:
        """Cards this seat has not seen: not in hand, not played, not in a kitty it saw.
        Faces matter, not copies: the set holds ids of cards whose twin may be anywhere."""
        seen = set(view.hand)
        for _, trick, _ in view.history:
            for _, cs in trick:
                seen.update(cs)
        for _, cs in view.trick:
            seen.update(cs)
        if view.kitty:
            seen.update(view.kitty)
        return set(range(N_CARDS)) - seen

    def _voids(self, view: TractorView, es: Sequence[int]) -> set[tuple[int, int]]:
        """(seat, effective suit) pairs shown void: a player who did not follow suit."""
        out: set[tuple[int, int]] = set()
        tricks = [t for _, t, _ in view.history]
        if view.trick:
            tricks.append(view.trick)
        for trick in tricks:
            lead = trick[0][1]
            s = es[lead[0]]
            for seat, cs in trick[1:]:
                if sum(1 for c in cs if es[c] == s) < len(cs):
                    out.add((seat, s))
        return out

    def _master(
        self, cards: Sequence[int], unseen: set[int], es: Sequence[int], ps: Sequence[int]
    ) -> bool:
        """No unseen cards could make a higher play of this shape in its suit."""
        shape = shape_of(cards, es, ps)
        if shape is None:
            return False
        s, n, _, top = shape
        higher = [c for c in unseen if es[c] == s and ps[c] > top]
        if n == 1:
            return not higher
        faces = Counter(c >> 1 for c in higher)
        return not any(v == 2 for v in faces.values())

    # -------------------------------------------------------- leading

    def _lead(
        self, view: TractorView, es: Sequence[int], ps: Sequence[int], rng: random.Random
    ) -> tuple[int, ...]:
        hand = list(view.hand)
        options = leads(hand, es, ps)
        trump_pairs = {c for low in pair_lows(hand) if es[low] == TRUMP for c in (low, low | 1)}
        if not self.memory:
            tractors_ = [o for o in options if len(o) >= 4]
            if tractors_:
                return max(tractors_, key=lambda o: (es[o[0]] != TRUMP, len(o), ps[o[0]]))
            pairs = [o for o in options if len(o) == 2 and es[o[0]] != TRUMP]
            if pairs:
                return max(pairs, key=lambda o: ps[o[0]])
            singles = [o for o in options if len(o) == 1 and es[o[0]] != TRUMP]
            if singles:
                top = max(singles, key=lambda o: ps[o[0]])
                if kind_rank(top[0] >> 1) == 14:
                    return top
                return min(singles, key=lambda o: (POINTS[o[0]], ps[o[0]]))
            return min(options, key=lambda o: (len(o), ps[o[0]]))
        unseen = self._unseen(view)
        voids = self._voids(view, es)
        partner = (view.seat + 2) % 4
        opponents = ((view.seat + 1) % 4, (view.seat + 3) % 4)

        def opponents_void(s: int) -> bool:
            return s != TRUMP and any((o, s) in voids for o in opponents)

        if dict(view.options).get("throws"):
            throw = self._throw(hand, unseen, es, ps, opponents_void)
            if throw:
                return throw
        best: tuple[tuple[int, ...], ...] = ()
        for o in options:
            if len(o) >= 2 and self._master(o, unseen, es, ps) and not opponents_void(es[o[0]]):
                best += (o,)
        if best:
            return max(best, key=lambda o: (len(o), es[o[0]] != TRUMP, ps[o[0]]))
        plain_pairs = [
            o for o in options if len(o) == 2 and es[o[0]] != TRUMP and not opponents_void(es[o[0]])
        ]
        if plain_pairs:
            # no master to cash: a plain pair still makes the others answer with a pair or
            # break theirs (measured: 0.60 -> 0.66 against easy); the highest holds best
            return max(plain_pairs, key=lambda o: ps[o[0]])
        singles = [o for o in options if len(o) == 1 and o[0] not in trump_pairs]
        masters = [
            o
            for o in singles
            if es[o[0]] != TRUMP
            and self._master(o, unseen, es, ps)
            and not opponents_void(es[o[0]])
        ]
        if masters:
            return max(masters, key=lambda o: (POINTS[o[0]], ps[o[0]]))
        # a suit the partner can trump and the opponents cannot: lead low into it
        for o in sorted(singles, key=lambda o: ps[o[0]]):
            s = es[o[0]]
            if s != TRUMP and (partner, s) in voids and not opponents_void(s) and not POINTS[o[0]]:
                return o
        plain = [o for o in singles if es[o[0]] != TRUMP and not POINTS[o[0]]]
        if plain:
            suit_len = Counter(es[c] for c in hand)
            return min(
                plain, key=lambda o: (opponents_void(es[o[0]]), suit_len[es[o[0]]], ps[o[0]])
            )
        if singles:
            return min(singles, key=lambda o: (POINTS[o[0]], es[o[0]] == TRUMP, ps[o[0]]))
        return min(options, key=lambda o: (len(o), ps[o[0]]))

    def _throw(
        self,
        hand: Sequence[int],
        unseen: set[int],
        es: Sequence[int],
        ps: Sequence[int],
        opponents_void: Any,
    ) -> tuple[int, ...] | None:
        """With throws allowed: the master units of one plain suit thrown together (two
        or more units nobody can beat, in a suit no opponent has shown void in, so a
        trump cannot take it either), the one with the most points and cards; else None.
        A throw stands only if no unit could be beaten, so only masters are thrown."""
        best: tuple[tuple[int, int], tuple[int, ...]] | None = None
        for suit in {es[c] for c in hand if es[c] != TRUMP}:
            if opponents_void(suit):
                continue
            cards = [c for c in hand if es[c] == suit]
            masters = [u for u in units_of(cards, es, ps) if self._master(u, unseen, es, ps)]
            if len(masters) < 2:
                continue
            throw = tuple(sorted(c for u in masters for c in u))
            key = (sum(POINTS[c] for c in throw), len(throw))
            if best is None or key > best[0]:
                best = (key, throw)
        return best[1] if best else None

    # -------------------------------------------------------- following

    def _follow(
        self, view: TractorView, es: Sequence[int], ps: Sequence[int], rng: random.Random
    ) -> tuple[int, ...]:
        hand = list(view.hand)
        lead = lead_shape(view, es, ps)
        cands, complete = follows(hand, lead, es, limit=LIST_LIMIT // 4)
        if not complete:
            cands = list(
                dict.fromkeys(cands + [random_follow(hand, lead, es, rng) for _ in range(40)])
            )
        # who is winning now
        lead_cards = view.trick[0][1]
        throw = shape_of(lead_cards, es, ps) is None
        units: tuple[Shape, ...] = ()
        if throw:
            units = unit_shapes(units_of(lead_cards, es, ps), es, ps)
        best = lead if not throw else (lead[0], lead[1], lead[2], -1)
        best_seat = view.trick[0][0]
        for seat, cs in view.trick[1:]:
            if self._wins(cs, lead, best, units, es, ps):
                best = shape_of(cs, es, ps) or (TRUMP, len(cs), lead[2], max(ps[c] for c in cs))
                best_seat = seat
        partner_wins = best_seat % 2 == view.seat % 2
        last = len(view.trick) == 3
        table_points = sum(POINTS[c] for _, cs in view.trick for c in cs)
        held = set(hand)
        trump_pair = {c for c in hand if es[c] == TRUMP and (c ^ 1) in held}
        unseen = self._unseen(view) if self.memory else set()

        def cost(cs: Sequence[int]) -> int:
            v = 0
            for c in cs:
                v += ps[c] + (25 if es[c] == TRUMP else 0)
                if c in trump_pair and (c ^ 1) not in cs:
                    v += 30  # breaking a trump pair
            return v

        def pts(cs: Sequence[int]) -> int:
            return sum(POINTS[c] for c in cs)

        partner_safe = partner_wins and (
            last
            or (
                self.memory
                and best[0] == lead[0]
                and self._master_play(best, unseen, es, ps)
                and (lead[0] == TRUMP or not self._trump_threat(view, es))
            )
            or (
                self.memory
                and best[0] == TRUMP
                and lead[0] != TRUMP
                and not self._trump_threat(view, es)
            )
        )
        if partner_safe:
            return max(cands, key=lambda cs: (pts(cs), -cost(cs)))
        winners = [cs for cs in cands if self._wins(cs, lead, best, units, es, ps)]
        if (
            winners
            and not partner_wins
            and (last or table_points or not self.memory or any(es[c] != TRUMP for c in winners[0]))
        ):
            if last:
                return min(winners, key=lambda cs: (cost(cs), -pts(cs)))
            if len(view.trick) == 1 and not table_points:
                # second hand low: nothing to win yet and the partner still to play
                # (measured: 0.664 -> 0.714 against easy)
                return min(cands, key=lambda cs: (pts(cs) * 3 + cost(cs), cost(cs)))
            # not last: win high enough to hold (a master) when possible
            # a master is spent on a trick only for a 10 or more (or a plain one held anyway)
            if self.memory and (table_points >= 10 or any(es[c] != TRUMP for c in winners[0])):
                masters = [cs for cs in winners if self._master_cards(cs, unseen, es, ps)]
                if masters:
                    return min(masters, key=lambda cs: (cost(cs), -pts(cs)))
            return min(winners, key=lambda cs: (cost(cs), -pts(cs)))
        return min(cands, key=lambda cs: (pts(cs) * 3 + cost(cs), cost(cs)))

    @staticmethod
    def _wins(
        cs: Sequence[int],
        lead: Shape,
        best: Shape,
        units: tuple[Shape, ...],
        es: Sequence[int],
        ps: Sequence[int],
    ) -> bool:
        if units:
            return throw_beats(cs, units, best, es, ps)
        return beats(shape_of(cs, es, ps), lead, best)

    def _master_play(
        self, shape: Shape, unseen: set[int], es: Sequence[int], ps: Sequence[int]
    ) -> bool:
        s, n, _, top = shape
        higher = [c for c in unseen if es[c] == s and ps[c] > top]
        if n == 1:
            return not higher
        return not any(v == 2 for v in Counter(c >> 1 for c in higher).values())

    def _master_cards(
        self, cs: Sequence[int], unseen: set[int], es: Sequence[int], ps: Sequence[int]
    ) -> bool:
        shape = shape_of(cs, es, ps)
        return shape is not None and self._master_play(shape, unseen, es, ps)

    def _trump_threat(self, view: TractorView, es: Sequence[int]) -> bool:
        """Could an opponent still to play trump over the partner? (approximation: some
        opponent after us is void in the led suit)."""
        played = {s for s, _ in view.trick}
        lead_suit = es[view.trick[0][1][0]]
        voids = self._voids(view, es)
        return any(
            (o, lead_suit) in voids for o in range(4) if o not in played and o % 2 != view.seat % 2
        )


def _random(variant: Any, options: Any, seats: int) -> RandomAI:
    return RandomAI()


def _easy(variant: Any, options: Any, seats: int) -> HeuristicAI:
    return HeuristicAI(memory=False)


def _normal(variant: Any, options: Any, seats: int) -> HeuristicAI:
    return HeuristicAI(memory=True, variant=variant, options=options)


AI_FACTORIES: dict[str, Any] = {"random": _random, "easy": _easy, "normal": _normal}
