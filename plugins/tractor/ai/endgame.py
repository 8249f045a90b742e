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
import time
from collections.abc import Sequence
from typing import Any

from crowsnest.ai.search import deadline

from ..cards import POINTS, TRUMP
from ..deal import TractorDeal
from ..rules import follows, leads
from ..view import TractorView
from .worlds import Determinizer

# Solve when every hand holds at most this many cards: three tricks of four hands is a
# few hundred positions a world, about a millisecond or two each.
MAX_CARDS = 3
WORLDS = 8
SECONDS = 0.12  # hard's cap where time caps apply (tournaments run without)


def plays(d: TractorDeal) -> list[tuple[int, ...]]:
    """The legal plays of the seat to move (leads: singles, pairs, tractors; no throws)."""
    hand = d.hands[d._to_move]
    if d.lead is None:
        return leads(hand, d.es, d.ps)
    return follows(hand, d.lead, d.es)[0]


def solve(d: TractorDeal, attackers: int, alpha: int = -1, beta: int = 1 << 30) -> int:
    """The attackers' points at the end of `d` (kitty bonus included) under perfect play
    by both sides from here (alpha-beta: exact whenever the value lies in the window).
    Only single cards left to play (no pair in any hand or on the table): the bare-state
    solver `_singles`, about ten times cheaper than playing copies of the deal."""
    singles = all(len(cs) == 1 for _, cs in d.trick)
    if d._to_move >= 0 and singles and not any((c ^ 1) in h for h in d.hands for c in h):
        base = sum(d.taken[s] for s in range(4) if s % 2 == attackers)
        trick = [(s, cs[0]) for s, cs in d.trick]
        kitty = sum(POINTS[c] for c in d.kitty) * 2  # a single last trick: twice
        hands = [list(h) for h in d.hands]
        return base + _singles(hands, d._to_move, trick, kitty, attackers, d.es, d.ps)
    return _solve_deal(d, attackers, alpha, beta)


def _solve_deal(d: TractorDeal, attackers: int, alpha: int, beta: int) -> int:
    if d._to_move < 0:
        return int(d.outcome["attacker_points"])
    maximise = d._to_move % 2 == attackers
    best = -1 if maximise else 1 << 30
    for p in plays(d):
        child = d.clone()
        child._play(child._to_move, p, quiet=True)
        v = _solve_deal(child, attackers, alpha, beta)
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


def _singles(
    hands: list[list[int]],
    seat: int,
    trick: list[tuple[int, int]],
    kitty: int,
    attackers: int,
    es: Sequence[int],
    ps: Sequence[int],
    alpha: int = -1,
    beta: int = 1 << 30,
) -> int:
    """The attackers' points still to come, single cards only, both sides perfect."""
    hand = hands[seat]
    if trick:
        led = es[trick[0][1]]
        suit = [c for c in hand if es[c] == led]
        options = suit or hand[:]
    else:
        options = hand[:]  # a copy: the loop takes each card out of the hand and back
    maximise = seat % 2 == attackers
    best = -1 if maximise else 1 << 30
    faces: set[int] = set()
    for c in options:
        if c >> 1 in faces:
            continue  # the other copy: the same play
        faces.add(c >> 1)
        hand.remove(c)
        trick.append((seat, c))
        if len(trick) < 4:
            v = _singles(hands, (seat + 1) % 4, trick, kitty, attackers, es, ps, alpha, beta)
        else:
            win_seat, top = trick[0]
            for s2, c2 in trick[1:]:
                e2, e1 = es[c2], es[top]
                if (e2 == e1 and ps[c2] > ps[top]) or (e2 == TRUMP and e1 != TRUMP):
                    win_seat, top = s2, c2
            pts = sum(POINTS[x] for _, x in trick) if win_seat % 2 == attackers else 0
            if not hand:  # the last trick: the kitty goes with it
                v = pts + (kitty if win_seat % 2 == attackers else 0)
            else:
                rest = trick[:]
                trick.clear()
                v = pts + _singles(
                    hands, win_seat, trick, kitty, attackers, es, ps, alpha - pts, beta - pts
                )
                trick.extend(rest)
        trick.pop()
        hand.append(c)
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


def small_enough(view: TractorView, cards: int = MAX_CARDS) -> bool:
    """In the play phase with every hand down to `cards` cards or fewer (and this seat's
    not empty)."""
    return view.phase == "play" and max(view.hand_counts) <= cards and len(view.hand) > 0


def choose(
    view: TractorView,
    first: tuple[int, ...],
    variant: Any,
    options: Any,
    rng: random.Random,
    worlds: int = WORLDS,
    seconds: float | None = SECONDS,
) -> tuple[tuple[int, ...], dict[tuple[int, ...], float]]:
    """The play with the best mean over `worlds` solved worlds (`first`, the caller's own
    choice, wins ties) and every play's mean for the seat's side (attackers' points,
    negated for the defenders). With time caps on, no new world is begun after
    `seconds` once two are solved."""
    det = Determinizer(view, variant, options)
    stop = deadline(seconds)
    seat = view.seat
    attackers = view.attackers
    sign = 1 if seat % 2 == attackers else -1
    total: dict[tuple[int, ...], float] = {}
    order: list[tuple[int, ...]] = []
    done = 0
    while done < worlds and not (done >= 2 and stop is not None and time.perf_counter() > stop):
        d = det.sample(rng)
        for p in plays(d):
            if p not in total:
                total[p] = 0.0
                order.append(p)
            child = d.clone()
            child._play(seat, p, quiet=True)
            total[p] += sign * solve(child, attackers)
        done += 1
    key = tuple(sorted(first))
    if key in total:  # the caller's choice first: it keeps ties
        order.remove(key)
        order.insert(0, key)
    best = max(order, key=lambda p: total[p])
    return best, {p: total[p] / done for p in order}
