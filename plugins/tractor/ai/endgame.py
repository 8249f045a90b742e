"""The last tricks of a Tractor deal solved exactly, in worlds dealt from the view.

With few cards left the kitty decides many deals: the attackers score its counters two
times (a pair: four times, ...) if they win the last trick, so a side that spends the
card that would take the last trick on a small trick before it can lose far more than
that trick was worth, and a 10 fed to a partner whose trick an opponent can still trump
goes to the other side. Counting (what is out, who showed void: `worlds.Determinizer`)
leaves only a handful of ways the remaining cards can lie, so `normal` and `hard` solve
them: every legal play (copies are one play) is scored in each of `worlds` sampled
deals by an exact minimax over the rest of the deal (attackers maximise their points,
kitty bonus included; defenders minimise them), and the play with the best mean wins,
ties to the first listed (the caller's heuristic choice). A world is solved with the
whole deal open (perfect information: PIMC's usual approximation, small here since the
hands are nearly known this late).
"""

from __future__ import annotations

import random
from typing import Any

from ..deal import TractorDeal
from ..rules import follows, leads
from ..view import TractorView
from .worlds import Determinizer

# Solve when every hand holds at most this many cards: three tricks of four hands is a
# few hundred positions a world, about a millisecond or two each.
MAX_CARDS = 3
WORLDS = 8


def plays(d: TractorDeal) -> list[tuple[int, ...]]:
    """The legal plays of the seat to move (leads: singles, pairs, tractors; no throws)."""
    hand = d.hands[d._to_move]
    if d.lead is None:
        return leads(hand, d.es, d.ps)
    return follows(hand, d.lead, d.es)[0]


def solve(d: TractorDeal, attackers: int, alpha: int = -1, beta: int = 1 << 30) -> int:
    """The attackers' points at the end of `d` (kitty bonus included) under perfect play
    by both sides from here (alpha-beta: exact whenever the value lies in the window)."""
    if d._to_move < 0:
        return int(d.outcome["attacker_points"])
    maximise = d._to_move % 2 == attackers
    best = -1 if maximise else 1 << 30
    for p in plays(d):
        child = d.clone()
        child._play(child._to_move, p, quiet=True)
        v = solve(child, attackers, alpha, beta)
        if maximise:
            if v > best:
                best = v
                alpha = max(alpha, v)
        elif v < best:
            best = v
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def small_enough(view: TractorView) -> bool:
    return view.phase == "play" and max(view.hand_counts) <= MAX_CARDS and len(view.hand) > 0


def choose(
    view: TractorView,
    first: tuple[int, ...],
    variant: Any,
    options: Any,
    rng: random.Random,
    worlds: int = WORLDS,
) -> tuple[tuple[int, ...], dict[tuple[int, ...], float]]:
    """The play with the best mean over `worlds` solved worlds (`first`, the caller's own
    choice, wins ties) and every play's mean for the seat's side (attackers' points,
    negated for the defenders)."""
    det = Determinizer(view, variant, options)
    seat = view.seat
    attackers = view.attackers
    sign = 1 if seat % 2 == attackers else -1
    total: dict[tuple[int, ...], float] = {}
    order: list[tuple[int, ...]] = []
    for _ in range(worlds):
        d = det.sample(rng)
        for p in plays(d):
            if p not in total:
                total[p] = 0.0
                order.append(p)
            child = d.clone()
            child._play(seat, p, quiet=True)
            total[p] += sign * solve(child, attackers)
    key = tuple(sorted(first))
    if key in total:  # the caller's choice first: it keeps ties
        order.remove(key)
        order.insert(0, key)
    best = max(order, key=lambda p: total[p])
    return best, {p: total[p] / worlds for p in order}
