"""Tractor's `hard` AI: determinized search (PIMC, crowsnest.ai.search) over card play;
declaring and burying as `normal` does.

- Determinization (`Determinizer`): the cards this seat has not seen (not in its hand,
  not played, not in the kitty it buried) are dealt to the other hands by their counts,
  and to the kitty (8 cards) unless this seat is the dealer. A seat that did not follow
  the led effective suit gets no card of it (the most constrained cards are placed first;
  after 30 failed tries the voids are dropped). The world is a TractorDeal built from the
  view's public state (trump, levels, dealer, trick, points taken, history).
- Play-outs (`fast_play`): a greedy policy reading the sampled deal directly, never a view
  (the heuristic AIs need a view and every legal follow; this is about 10x cheaper, see
  docs/ai.md): follow suit with the cheapest card that wins the trick when an opponent
  holds it, feed points to a partner who holds it, otherwise give the cheapest card with
  no points; lead a pair, an ace, or the lowest plain card. Multi-card follows take a
  random legal follow (rules.random_follow). `smart_play` (HardConfig(rollout="smart"))
  adds normal's play rules of issue 31: second hand low, points fed only to a trick the
  last opponent cannot take, the shortest suit's low lead, pair leads answered by
  judgement; measured on 150 fresh deals it was not shown stronger (docs/ai.md), so it
  is not the default.
- Value (`steps_value`): the searching side's level steps at the end less the other
  side's (what a tournament's deal win counts), plus its points / 200 within a step;
  HardConfig(value="points") keeps the points alone (`side_value`).
- Candidates: normal's choice first, easy's, then the other legal plays in `spread`'s
  order (each suit and size in turn, its high, low and counting plays first; the legal
  list's order, HardConfig(order="listed"), runs by card id, so its first few are alike),
  at most `max_candidates`, every one played out in the same worlds; normal's choice is played
  unless another gains world by world by more than `override_z` standard errors
  (crowsnest.ai.search.paired_pick; HardConfig(search="halving") keeps sequential
  halving's best mean). Both measured on the same dev deals in docs/ai.md.
- Options of issue 31's sixth part, none the default, none shown stronger on the dev
  deals (docs/ai.md): the bury searched (bury="search": bury_candidates played out from
  the first trick), the exact end game from four cards a hand (endgame_cards=4), the
  safe-feeding play-out (rollout="feed"), more worlds for close decisions (close_worlds).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from crowsnest.ai.search import (
    SearchAI,
    SearchBudget,
    deadline,
    first_candidates,
    paired_pick,
    paired_rows,
    pimc_search,
)
from crowsnest.engine.actions import Action
from crowsnest.hookspecs import RegisterAI, hookimpl

from ..cards import N_CARDS, NO_TRUMP, POINTS, TRUMP, order_for
from ..deal import KITTY, SEATS, TractorDeal
from ..rules import Shape, random_follow
from ..scoring import promotion
from ..view import TractorView
from . import HeuristicAI, endgame
from .worlds import Determinizer, world

DEFAULT_BUDGET = SearchBudget(iterations=240, seconds=0.2, min_worlds=4)

# ---------------------------------------------------------------- play-outs


def fast_play(d: TractorDeal, rng: random.Random) -> tuple[int, ...]:
    """The play-out policy's play for the seat to move (see the module doc)."""
    s = d._to_move
    hand = d.hands[s]
    es, ps = d.es, d.ps
    lead = d.lead
    if lead is None:
        plain = [c for c in hand if es[c] != TRUMP]
        if plain:
            held = set(plain)
            pairs = [c for c in plain if not c & 1 and (c | 1) in held]
            if pairs and rng.random() < 0.7:
                c = max(pairs, key=ps.__getitem__)
                return (c, c | 1)
            top = max(plain, key=ps.__getitem__)
            if ps[top] >= 11:  # an ace (or king with the level at ace)
                return (top,)
            return (min(plain, key=lambda c: (POINTS[c], ps[c])),)
        return (min(hand, key=ps.__getitem__),)
    if lead[1] != 1 or d.lead_units:
        return random_follow(hand, lead, es, rng)
    led = lead[0]
    suit = [c for c in hand if es[c] == led]
    pool = suit or hand
    if d.best_seat % 2 == s % 2:
        # the partner holds it: feed points, else the cheapest card (plain before trump)
        return (max(pool, key=lambda c: (POINTS[c], es[c] != TRUMP, -ps[c])),)
    best = d.best
    bs, btop = best[0], best[3]  # type: ignore[index]
    cheapest = -1
    key = (2, 99)
    for c in pool:  # the cheapest card that wins: plain before trump, then lowest
        e = es[c]
        if (e == bs and ps[c] > btop) or (e == TRUMP and bs != TRUMP):
            k = (e == TRUMP, ps[c])
            if k < key:
                key, cheapest = k, c
    if cheapest >= 0 and (
        es[cheapest] != TRUMP
        or len(d.trick) == SEATS - 1
        or any(POINTS[c] for _, cs in d.trick for c in cs)
    ):
        return (cheapest,)
    return (min(pool, key=lambda c: (POINTS[c], es[c] == TRUMP, ps[c])),)


def _beaten_after(d: TractorDeal, s: int) -> bool:
    """Could the opponent still to play after `s` beat the best single on the table? (The
    play-out knows the world, so this reads its hand: a higher card of the led suit, or
    void in it with a trump when the best card is plain.)"""
    o = (s + 1) % SEATS
    if len(d.trick) == SEATS - 1 or o % 2 == s % 2:
        return False
    es, ps = d.es, d.ps
    best = d.best
    bs, btop = best[0], best[3]  # type: ignore[index]
    led = d.lead[0]  # type: ignore[index]
    hand = d.hands[o]
    if any(es[c] == led for c in hand):
        return led == bs and any(es[c] == bs and ps[c] > btop for c in hand)
    if bs == TRUMP:
        return any(es[c] == TRUMP and ps[c] > btop for c in hand)
    return any(es[c] == TRUMP for c in hand)


def _table_points(d: TractorDeal) -> int:
    return sum(POINTS[c] for _, cs in d.trick for c in cs)


def _cheapest(cards: Sequence[int], es: Sequence[int], ps: Sequence[int]) -> int:
    """The card with the fewest points, plain before trump, then the lowest."""
    best, key = -1, (99, True, 999)
    for c in cards:
        k = (POINTS[c], es[c] == TRUMP, ps[c])
        if k < key:
            best, key = c, k
    return best


def feed_play(d: TractorDeal, rng: random.Random) -> tuple[int, ...]:
    """fast_play with one of normal's rules (HardConfig(rollout="feed")): to a single lead
    whose best card is the partner's, points go on only when the opponent still to play
    cannot take the trick, else the cheapest card (smart_play's other rules left out)."""
    lead = d.lead
    s = d._to_move
    if (
        lead is not None
        and lead[1] == 1
        and not d.lead_units
        and d.best_seat % 2 == s % 2
        and _beaten_after(d, s)
    ):
        hand = d.hands[s]
        es = d.es
        suit = [c for c in hand if es[c] == lead[0]]
        return (_cheapest(suit or hand, es, d.ps),)
    return fast_play(d, rng)


def smart_play(d: TractorDeal, rng: random.Random) -> tuple[int, ...]:
    """fast_play with normal's play rules of issue 31 (so the play-outs model the players
    the search meets): plain low leads from the shortest plain suit; second hand low (no
    points on the table, the partner still to play: the cheapest card); points fed to the
    partner only when the opponent still to play cannot take the trick; pair leads
    answered by choice rather than at random (the partner's trick gets points, an
    opponent's the cheapest cards, a higher pair taken when points are on the table)."""
    s = d._to_move
    hand = d.hands[s]
    es, ps = d.es, d.ps
    lead = d.lead
    if lead is None:
        plain = [c for c in hand if es[c] != TRUMP]
        if plain:
            held = set(plain)
            pairs = [c for c in plain if not c & 1 and (c | 1) in held]
            if pairs and rng.random() < 0.7:
                c = max(pairs, key=ps.__getitem__)
                return (c, c | 1)
            top = max(plain, key=ps.__getitem__)
            if ps[top] >= 11:  # an ace (or king with the level at ace)
                return (top,)
            length: dict[int, int] = {}
            for c in plain:
                e = es[c]
                length[e] = length.get(e, 0) + 1
            low = [c for c in plain if not POINTS[c]] or plain
            return (min(low, key=lambda c: (length[es[c]], POINTS[c], ps[c])),)
        return (min(hand, key=ps.__getitem__),)
    if d.lead_units:
        return random_follow(hand, lead, es, rng)
    partner_holds = d.best_seat % 2 == s % 2
    if lead[1] != 1:
        return _follow_many(d, hand, lead, partner_holds and not _beaten_after(d, s))
    led = lead[0]
    suit = [c for c in hand if es[c] == led]
    pool = suit or hand
    if partner_holds:
        if not _beaten_after(d, s):  # feed points, else the cheapest card (plain first)
            return (max(pool, key=lambda c: (POINTS[c], es[c] != TRUMP, -ps[c])),)
        return (_cheapest(pool, es, ps),)
    table = _table_points(d)
    if len(d.trick) == 1 and not table:  # second hand low
        return (_cheapest(pool, es, ps),)
    best = d.best
    bs, btop = best[0], best[3]  # type: ignore[index]
    cheapest = -1
    key = (2, 99)
    for c in pool:  # the cheapest card that wins: plain before trump, then lowest
        e = es[c]
        if (e == bs and ps[c] > btop) or (e == TRUMP and bs != TRUMP):
            k = (e == TRUMP, ps[c])
            if k < key:
                key, cheapest = k, c
    if cheapest >= 0 and (es[cheapest] != TRUMP or len(d.trick) == SEATS - 1 or table):
        return (cheapest,)
    return (_cheapest(pool, es, ps),)


def _follow_many(d: TractorDeal, hand: list[int], lead: Shape, feed: bool) -> tuple[int, ...]:
    """A multi-card follow chosen as random_follow's legal structure allows (the required
    pairs first, then single cards): points to a partner's safe trick, else cheap cards;
    a higher pair over an opponent's pair with points on the table."""
    es, ps = d.es, d.ps
    s, n, npairs, _ = lead
    suit = [c for c in hand if es[c] == s]
    if feed:
        order = sorted(suit, key=lambda c: (-POINTS[c], ps[c]))
    else:
        order = sorted(suit, key=lambda c: (POINTS[c], ps[c]))
    if len(suit) <= n:
        rest = [c for c in hand if es[c] != s]
        if feed:
            rest.sort(key=lambda c: (-POINTS[c], es[c] == TRUMP, ps[c]))
        else:
            rest.sort(key=lambda c: (POINTS[c], es[c] == TRUMP, ps[c]))
        return tuple(sorted(suit + rest[: n - len(suit)]))
    chosen: list[int] = []
    if npairs:
        held = set(suit)
        lows = [c for c in suit if not c & 1 and (c | 1) in held]
        if lows:
            if feed:
                lows.sort(key=lambda c: (-POINTS[c], ps[c]))
            else:
                lows.sort(key=lambda c: (POINTS[c], ps[c]))
                if n == 2 and s == d.best[0] and _table_points(d):  # type: ignore[index]
                    top = d.best[3]  # type: ignore[index]
                    over = [c for c in lows if ps[c] > top]
                    if over:
                        lows = [min(over, key=ps.__getitem__)]
            for c in lows[:npairs]:
                chosen += (c, c | 1)
    taken = set(chosen)
    for c in order:
        if len(chosen) == n:
            break
        if c not in taken:
            chosen.append(c)
    return tuple(sorted(chosen))


def playout(deal: Any, rng: random.Random) -> None:
    d: TractorDeal = deal
    while d._to_move >= 0:
        d._play(d._to_move, fast_play(d, rng), quiet=True)


def feed_playout(deal: Any, rng: random.Random) -> None:
    d: TractorDeal = deal
    while d._to_move >= 0:
        d._play(d._to_move, feed_play(d, rng), quiet=True)


def smart_playout(deal: Any, rng: random.Random) -> None:
    d: TractorDeal = deal
    while d._to_move >= 0:
        d._play(d._to_move, smart_play(d, rng), quiet=True)


def side_value(d: TractorDeal, seat: int) -> float:
    """The searching side's points at the end (attackers' points, negated for the
    defenders)."""
    o = d.outcome
    pts = o["attacker_points"]
    return float(pts if seat % 2 == o["attackers"] else -pts)


def steps_value(d: TractorDeal, seat: int) -> float:
    """The searching side's level steps at the end less the other side's (what a
    tournament's deal win counts: a threshold of 40 attacker points is a step), plus the
    side's points / 200 so that points still count within a step's band."""
    o = d.outcome
    pts = o["attacker_points"]
    up_def, up_att, _ = promotion(pts)
    v = up_att - up_def + pts / 200
    return float(v if seat % 2 == o["attackers"] else -v)


def spread(plays: Sequence[Action], es: Sequence[int], ps: Sequence[int]) -> list[Action]:
    """The plays in an order that covers the choices a player weighs, for the candidates
    after normal's and easy's: the legal list runs by card id (one suit's low cards first),
    so its first few are alike. Plays are grouped by their cards' effective suits and
    size; each group lists its highest, its lowest, the one with the most points, then
    inwards from both ends; the groups are taken in turn (pairs and tractors first)."""
    groups: dict[tuple[int, tuple[int, ...]], list[Action]] = {}
    for a in plays:
        cards = a[1]
        groups.setdefault((-len(cards), tuple(sorted({es[c] for c in cards}))), []).append(a)
    lists: list[list[Action]] = []
    for key in sorted(groups):
        g = sorted(groups[key], key=lambda a: (max(ps[c] for c in a[1]), a[1]))
        first = [g[-1], g[0], max(g, key=lambda a: sum(POINTS[c] for c in a[1]))]
        ends = [g[i] for j in range(1, (len(g) + 1) // 2) for i in (-1 - j, j)]
        lists.append(list(dict.fromkeys([*first, *ends, *g])))
    out: list[Action] = []
    for i in range(max((len(g) for g in lists), default=0)):
        out.extend(g[i] for g in lists if i < len(g))
    return out


# ---------------------------------------------------------------- burying


def _bury_by(hand: Sequence[int], key: Any) -> tuple[int, ...]:
    return tuple(sorted(sorted(hand, key=key)[:KITTY]))


def bury_candidates(view: TractorView) -> list[tuple[int, ...]]:
    """The buries hard weighs, normal's first: then the same cost without the short-suit
    term (easy's), one that buries no counter it can keep, one that weighs no counters
    (cheap counters of short suits go too), one that empties each of the
    two shortest plain suits that fit (with normal's cheapest cards to make up eight),
    and one with both when they fit together. Trumps and pairs stay in the hand where the
    hand allows (they cost most)."""
    order = order_for(view.level, NO_TRUMP if view.trump is None else view.trump)
    es, ps = order.esuit, order.pos
    hand = list(view.hand)
    held = set(hand)
    length: dict[int, int] = {}
    for c in hand:
        length[es[c]] = length.get(es[c], 0) + 1

    def base(c: int) -> int:
        return ps[c] * 2 + (1000 if es[c] == TRUMP else 0) + (60 if (c ^ 1) in held else 0)

    def normal(c: int) -> int:
        return base(c) + POINTS[c] * 4 + 3 * length[es[c]]

    out = [
        _bury_by(hand, normal),
        _bury_by(hand, lambda c: base(c) + POINTS[c] * 4),
        _bury_by(hand, lambda c: base(c) + POINTS[c] * 100 + 3 * length[es[c]]),
        _bury_by(hand, lambda c: base(c) + 3 * length[es[c]]),
    ]
    plain = sorted((n, e) for e, n in length.items() if e != TRUMP and n <= KITTY)
    empties = [[e] for _, e in plain[:2]]
    if len(plain) >= 2 and plain[0][0] + plain[1][0] <= KITTY:
        empties.append([plain[0][1], plain[1][1]])
    for suits in empties:
        out.append(_bury_by(hand, lambda c, ss=suits: (es[c] not in ss, normal(c))))
    return list(dict.fromkeys(out))


def bury_world(view: TractorView, variant: Any, options: Any, rng: random.Random) -> TractorDeal:
    """A deal at the dealer's bury (its whole hand, the kitty not yet buried) with the
    other hands dealt at random from the cards not in it; a declared card stays with the
    seat that showed it."""
    me = view.seat
    mine = set(view.hand)
    shown: list[set[int]] = [set() for _ in range(SEATS)]
    for s, cs in view.declarations:
        if s != me:
            shown[s].update(c for c in cs if c not in mine)
    fixed = set().union(*shown)
    rest = [c for c in range(N_CARDS) if c not in mine and c not in fixed]
    rng.shuffle(rest)
    hands: list[list[int]] = []
    at = 0
    for s in range(SEATS):
        if s == me:
            hands.append(list(view.hand))
            continue
        k = view.hand_counts[s] - len(shown[s])
        hands.append([*shown[s], *rest[at : at + k]])
        at += k
    return world(view, hands, [], variant, options)


# ---------------------------------------------------------------- the AI


@dataclass(frozen=True, slots=True)
class HardConfig:
    budget: SearchBudget = field(default_factory=lambda: DEFAULT_BUDGET)
    max_candidates: int = 8
    # worlds solved exactly once every hand is down to `endgame_cards` cards
    endgame_worlds: int = 16
    endgame_cards: int = endgame.MAX_CARDS
    # the play-outs' policy: "fast" (fast_play), "smart" (smart_play: not shown stronger)
    # or "feed" (feed_play: fast_play with smart_play's safe feeding alone)
    rollout: str = "fast"
    # "halving": sequential halving's best mean (crowsnest.ai.search.pimc_search);
    # "paired": every candidate in the same worlds, normal's choice kept unless another
    # play gains world by world by more than `override_z` standard errors (paired_pick)
    search: str = "paired"
    override_z: float = 1.0
    # "paired": worlds added (this many, 0: none) for normal's choice and the plays whose
    # mean gain on it is above zero, before the pick
    close_worlds: int = 0
    # the candidates after normal's and easy's: "spread" (spread: every suit and size,
    # the high, low and counting plays) or "listed" (the legal list's order, by card id)
    order: str = "spread"
    # the play-outs' value: "points" (side_value) or "steps" (steps_value)
    value: str = "steps"
    # the dealer's 8 buried cards: "normal" (normal's rule) or "search" (bury_candidates
    # played out from the first trick in `bury_worlds` worlds, paired_pick's margin)
    bury: str = "normal"
    bury_worlds: int = 160

    def __post_init__(self) -> None:
        # a misspelt choice would otherwise fall silently to the other branch
        for name, allowed in _CHOICES.items():
            got = getattr(self, name)
            if got not in allowed:
                raise ValueError(
                    f"HardConfig.{name} must be one of {', '.join(allowed)}, not {got!r}"
                )
        if self.max_candidates < 1:
            raise ValueError(
                f"HardConfig.max_candidates must be at least 1, not {self.max_candidates}"
            )


_CHOICES = {
    "rollout": ("fast", "smart", "feed"),
    "search": ("paired", "halving"),
    "value": ("steps", "points"),
    "order": ("listed", "spread"),
    "bury": ("normal", "search"),
}
_ROLLOUTS = {"fast": playout, "smart": smart_playout, "feed": feed_playout}
_NORMAL = HeuristicAI(memory=True)
_EASY = HeuristicAI(memory=False)


class HardAI(SearchAI):
    """Search over card play; normal's declaring and burying (see the module doc)."""

    config_type = HardConfig

    @staticmethod
    def default_variant() -> Any:
        from ..variant import VARIANT

        return VARIANT

    def candidates(
        self, view: TractorView, legal: Sequence[Action], rng: random.Random
    ) -> list[Action]:
        first = [_NORMAL.choose(view, legal, rng), _EASY.choose(view, legal, rng)]
        rest = [a for a in legal if a[0] == "play"]
        if self.config.order == "spread":
            order = order_for(view.level, NO_TRUMP if view.trump is None else view.trump)
            rest = spread(rest, order.esuit, order.pos)
        return first_candidates(first, rest, self.config.max_candidates)

    def choose(self, view: TractorView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "bury" and self.config.bury == "search":
            return self.bury(view, rng)
        if view.phase != "play":
            return _NORMAL.choose(view, legal, rng)
        cands = self.candidates(view, legal, rng)
        if len(cands) == 1:
            return cands[0]
        if endgame.small_enough(view, self.config.endgame_cards):
            cap = self.config.budget.seconds  # a budget without a cap solves every world
            play, values = endgame.choose(
                view,
                cands[0][1],
                self.variant,
                self.options,
                rng,
                self.config.endgame_worlds,
                None if cap is None else min(cap, endgame.SECONDS),
            )
            self.last_search = values
            return ("play", play)
        det = Determinizer(view, self.variant, self.options)
        seat = view.seat
        cfg = self.config
        roll = _ROLLOUTS[cfg.rollout]
        value = steps_value if cfg.value == "steps" else side_value
        if cfg.search == "paired":
            return self.paired(cands, det, rng, roll, lambda d: value(d, seat))

        def apply(d: Any, a: Action) -> None:
            d._play(d._to_move, tuple(sorted(a[1])))

        res = pimc_search(
            view,
            cands,
            rng,
            sample=lambda _v, g: det.sample(g),
            playout=roll,
            evaluate=lambda d: value(d, seat),
            budget=cfg.budget,
            apply=apply,
        )
        self.last_search = res
        return res.action

    def bury(self, view: TractorView, rng: random.Random) -> Action:
        """The dealer's bury searched: bury_candidates (normal's first), each played out
        from the first trick in the same sampled worlds (the other hands dealt from the
        cards not in this hand, declared cards to their declarers), valued as card play
        is; normal's bury is kept unless another gains world by world by the margin."""
        cands = [("discard", b) for b in bury_candidates(view)]
        if len(cands) == 1:
            return cands[0]
        cfg = self.config
        seat = view.seat
        value = steps_value if cfg.value == "steps" else side_value
        roll = _ROLLOUTS[cfg.rollout]

        def apply(d: Any, a: Action) -> None:
            d._bury(seat, a[1])

        rows = paired_rows(
            (bury_world(view, self.variant, self.options, rng) for _ in range(cfg.bury_worlds)),
            cands,
            apply,
            roll,
            lambda d: value(d, seat),
            rng,
            deadline(cfg.budget.seconds),
            cfg.budget.min_worlds,
        )
        self.last_search = {"worlds": len(rows[cands[0]]), "rows": rows}
        return paired_pick(cands, rows, cfg.override_z)

    def paired(
        self,
        cands: list[Action],
        det: Determinizer,
        rng: random.Random,
        roll: Any,
        evaluate: Any,
    ) -> Action:
        """Every candidate played out in the same sampled worlds, as many worlds as the
        budget's play-outs allow; normal's choice (first) is played unless another gains
        world by world by a margin (paired_pick). Stops at the budget's seconds where
        time caps apply (after at least `min_worlds` worlds)."""
        budget = self.config.budget
        n = max(budget.min_worlds, budget.iterations // len(cands))
        plays = {a: tuple(sorted(a[1])) for a in cands}

        def apply(d: Any, a: Action) -> None:
            d._play(d._to_move, plays[a], quiet=True)

        stop = deadline(budget.seconds)
        rows = paired_rows(
            (det.sample(rng) for _ in range(n)),  # sampled as the loop goes
            cands,
            apply,
            roll,
            evaluate,
            rng,
            stop,
            budget.min_worlds,
        )
        extra = self.config.close_worlds
        close = _close(cands, rows) if extra else []
        if close:
            # normal's choice and the plays that gain on it but not yet by the margin:
            # more worlds for them alone (the same worlds for each), then the pick
            cands = [cands[0], *close]
            more = paired_rows(
                (det.sample(rng) for _ in range(extra)), cands, apply, roll, evaluate, rng, stop, 1
            )
            rows = {a: rows[a] + more[a] for a in cands}
        self.last_search = {"worlds": len(rows[cands[0]]), "rows": rows}
        return paired_pick(cands, rows, self.config.override_z)


def _close(cands: Sequence[Action], rows: dict[Action, list[float]]) -> list[Action]:
    """The candidates after the first whose mean gain on it, world by world, is above
    zero (those paired_pick might play, given more worlds)."""
    base = rows[cands[0]]
    return [a for a in cands[1:] if sum(x - y for x, y in zip(rows[a], base, strict=True)) > 0]


hard_factory = HardAI.factory


@hookimpl
def crowsnest_register_ais(register: RegisterAI) -> None:
    """Add `hard` to Tractor."""
    register("tractor", "hard", hard_factory)


__all__ = [
    "DEFAULT_BUDGET",
    "Determinizer",
    "HardAI",
    "HardConfig",
    "crowsnest_register_ais",
    "fast_play",
    "hard_factory",
    "playout",
    "side_value",
    "steps_value",
    "world",
]
