"""Dou Dizhu AIs, from views only.

random: uniform over the legal list (the shared crowsnest.ai.random_ai).
easy:   bids on big cards; leads its lowest combination; follows with the cheapest beat,
        bombs only when an opponent is about to go out. No partnership.
normal: plans its hand into as few combinations as it can (hand_plan), leads the weak
        parts first and keeps the combinations nobody can beat (counted from the cards
        not yet seen) for the end, keeps bombs for when they matter (an opponent close to
        going out, or a bomb that lets it finish), and as a farmer does not beat its
        partner's play, feeds a partner about to go out, and blocks a landlord close to out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from crowsnest.ai.random_ai import random_factory
from crowsnest.engine.actions import PASS, Action
from crowsnest.engine.options import Options
from crowsnest.engine.variant import AIFactory

from .. import rules
from ..cards import BJ_RANK, N_RANKS, R2, RANK_OF, RJ_RANK
from ..rules import BOMB, PAIR, PLANE, ROCKET, SINGLE, Combo, Move
from ..view import DouDizhuView

FULL = (4,) * 13 + (1, 1)

# ---------------------------------------------------------------- shared helpers


def ranks_of_action(action: Action) -> Move:
    return tuple(sorted(RANK_OF[c] for c in action[1]))


def hand_counts(view: DouDizhuView) -> list[int]:
    c = [0] * N_RANKS
    for card in view.hand:
        c[RANK_OF[card]] += 1
    return c


def unseen_counts(view: DouDizhuView) -> list[int]:
    """Cards neither in this hand nor played yet: what the other two hold between them."""
    c = list(FULL)
    for card in view.hand:
        c[RANK_OF[card]] -= 1
    for cards in view.played:
        for card in cards:
            c[RANK_OF[card]] -= 1
    return c


def _play_options(legal: Sequence[Action]) -> dict[Move, Action]:
    return {ranks_of_action(a): a for a in legal if a[0] == "play"}


def _combo(move: Move) -> Combo:
    got = rules.classify(move)
    assert isinstance(got, tuple), got
    return got


def _is_bomb(move: Move) -> bool:
    return _combo(move)[0] in (BOMB, ROCKET)


def _minus(c: Sequence[int], move: Move) -> tuple[int, ...]:
    out = list(c)
    for r in move:
        out[r] -= 1
    return tuple(out)


# ---------------------------------------------------------------- hand planning


@lru_cache(maxsize=20_000)
def hand_plan(counts: tuple[int, ...]) -> tuple[int, tuple[Move, ...]]:
    """Split a hand into few combinations: (score, groups). score = 10 x groups + singles
    left, lower is better. Bombs and the rocket stay whole; chains (straights, pair runs,
    airplanes) are searched; the rest becomes triples, pairs and singles, with triples and
    airplanes taking low singles or pairs as attachments."""
    c = list(counts)
    fixed: list[Move] = []
    if c[BJ_RANK] and c[RJ_RANK]:
        fixed.append((BJ_RANK, RJ_RANK))
        c[BJ_RANK] = c[RJ_RANK] = 0
    for r in range(R2 + 1):
        if c[r] == 4:
            fixed.append((r,) * 4)
            c[r] = 0
    score, groups = _best_chains(tuple(c), (), {})
    return score + 10 * len(fixed), tuple(fixed) + groups


Plan = tuple[int, tuple[Move, ...]]


def _best_chains(
    c: tuple[int, ...],
    planes: tuple[Move, ...],
    memo: dict[tuple[tuple[int, ...], tuple[Move, ...]], Plan],
) -> Plan:
    """The best plan for counts c given the airplanes already taken out (memo: per call)."""
    key = (c, planes)
    got = memo.get(key)
    if got is not None:
        return got
    best = _finish(c, planes)
    lst = list(c)
    for kind in (rules.STRAIGHT, rules.PAIRRUN, PLANE):
        for chain in rules.moves_of_kind(lst, kind, -1, 0):
            rest = _minus(c, chain)
            if kind == PLANE:
                score, groups = _best_chains(rest, tuple(sorted((*planes, chain))), memo)
            else:
                score, groups = _best_chains(rest, planes, memo)
                score += 10
                groups = (chain, *groups)
            if score < best[0]:
                best = (score, groups)
    memo[key] = best
    return best


def _finish(c: tuple[int, ...], planes: tuple[Move, ...]) -> tuple[int, tuple[Move, ...]]:
    singles = [r for r in range(N_RANKS) if c[r] == 1]
    pairs = [r for r in range(N_RANKS) if c[r] == 2]
    triples = [r for r in range(N_RANKS) if c[r] == 3]
    # Attachments: only low cards (below the 2s) are worth giving away.
    low_s = [r for r in singles if r < R2]
    low_p = [r for r in pairs if r < R2]
    groups: list[Move] = []
    for plane in planes:
        n = len(plane) // 3
        if len(low_s) >= n:
            wing, low_s = tuple(low_s[:n]), low_s[n:]
        elif len(low_p) >= n:
            wing, low_p = tuple(r for r in low_p[:n] for _ in range(2)), low_p[n:]
        else:
            wing = ()
        groups.append(tuple(sorted(plane + wing)))
    for t in triples:
        if low_s and (not low_p or low_s[0] <= low_p[0]):
            groups.append(tuple(sorted((t, t, t, low_s.pop(0)))))
        elif low_p:
            p = low_p.pop(0)
            groups.append(tuple(sorted((t, t, t, p, p))))
        else:
            groups.append((t, t, t))
    taken = set(r for r in singles if r < R2) - set(low_s)
    taken_p = set(r for r in pairs if r < R2) - set(low_p)
    rest_s = [r for r in singles if r not in taken]
    rest_p = [r for r in pairs if r not in taken_p]
    if BJ_RANK in rest_s and RJ_RANK in rest_s:  # (only reached when planning a sub-hand)
        rest_s = [r for r in rest_s if r < BJ_RANK]
        groups.append((BJ_RANK, RJ_RANK))
    groups.extend((r, r) for r in rest_p)
    groups.extend((r,) for r in rest_s)
    return 10 * len(groups) + len(rest_s), tuple(groups)


def beaten_by_unseen(move: Move, unseen: Sequence[int]) -> bool:
    """Whether the unseen cards (ignoring bombs and the rocket) could beat this group."""
    combo = _combo(move)
    if combo[0] in (BOMB, ROCKET):
        return False
    return any(
        not _is_bomb(m)
        for m in rules.moves_of_kind(
            list(unseen), combo[0], combo[1], combo[2] if combo[0] in rules.CHAIN_UNIT else 0
        )
    )


def can_be_beaten(move: Move, unseen: Sequence[int], room: int) -> bool:
    """Whether a hand of at most `room` cards drawn from the unseen cards could beat this
    play, bombs and the rocket included: what counting the cards out proves. (A peasant's
    unseen cards include its partner's, so this errs on the side of caution.)"""
    if room <= 0:
        return False
    combo = _combo(move)
    kind = combo[0]
    if kind == ROCKET:
        return False
    if unseen[BJ_RANK] and unseen[RJ_RANK] and room >= 2:
        return True
    if room >= 4:
        above = combo[1] if kind == BOMB else -1
        if any(unseen[r] == 4 for r in range(above + 1, R2 + 1)):
            return True
    if kind == BOMB or len(move) > room:
        return False
    length = combo[2] if kind in rules.CHAIN_UNIT else 0
    return bool(rules.moves_of_kind(list(unseen), kind, combo[1], length))


def sure_win(counts: Sequence[int], unseen: Sequence[int], room: int) -> bool:
    """Whether a hand holding the lead goes out whatever the others hold: every group of
    its plan but one is beyond what `room` cards of the unseen could beat (the others
    must pass on each, and the last group goes out)."""
    if not any(counts):
        return True
    groups = hand_plan(tuple(counts))[1]
    weak = 0
    for g in groups:
        if can_be_beaten(g, unseen, room):
            weak += 1
            if weak > 1:
                return False
    return True


# ---------------------------------------------------------------- bidding


def bid_strength(c: Sequence[int]) -> int:
    """Big cards (jokers, 2s, aces, bombs) plus a bonus for a hand that plans into few
    combinations."""
    big = 4 * c[RJ_RANK] + 3 * c[BJ_RANK] + 2 * c[R2] + c[R2 - 1]
    big += 4 * sum(1 for r in range(R2 + 1) if c[r] == 4)
    turns = hand_plan(tuple(c))[0] // 10
    return big + max(0, 10 - turns)


def _bid(view: DouDizhuView, legal: Sequence[Action], want: int) -> Action:
    if want > view.bid and ("bid", want) in legal:
        return ("bid", want)
    return PASS


# ---------------------------------------------------------------- the AIs


class EasyAI:
    def choose(self, view: DouDizhuView, legal: Sequence[Action], rng: random.Random) -> Action:
        c = hand_counts(view)
        if view.phase == "bid":
            big = 2 * c[RJ_RANK] + 2 * c[BJ_RANK] + c[R2]
            return _bid(view, legal, 3 if big >= 6 else 2 if big >= 4 else 1 if big >= 3 else 0)
        options = _play_options(legal)
        if view.last_play is None:  # lead the lowest combination, longer ones first
            return options[min(options, key=lambda m: (_combo(m)[1], -len(m)))]
        plain = [m for m in options if not _is_bomb(m)]
        if plain:
            return options[min(plain, key=lambda m: _combo(m)[1])]
        others = [view.hand_counts[s] for s in range(3) if s != view.seat]
        if options and min(others) <= 2:
            return options[min(options, key=lambda m: _combo(m)[1])]
        return PASS


class Table:
    """What normal's card play reads, in rank terms: the seat, the landlord, every hand's
    size, its own rank counts, the play to beat (seat and rank move; -1 and None when
    leading) and the cards the other two hold between them (`unseen`). Built from a view
    (NormalAI.choose) or straight from a deal (the hard AI's play-outs, which would
    otherwise build a view and every legal action per step)."""

    __slots__ = ("seat", "landlord", "sizes", "counts", "last_seat", "last_move", "_unseen", "_src")

    def __init__(
        self,
        seat: int,
        landlord: int,
        sizes: Sequence[int],
        counts: list[int],
        last_seat: int,
        last_move: Move | None,
        unseen: Sequence[int] | None = None,
        src: DouDizhuView | None = None,
    ) -> None:
        self.seat = seat
        self.landlord = landlord
        self.sizes = sizes
        self.counts = counts
        self.last_seat = last_seat
        self.last_move = last_move
        self._unseen = unseen
        self._src = src

    @property
    def unseen(self) -> Sequence[int]:
        got = self._unseen
        if got is None:
            assert self._src is not None
            got = self._unseen = unseen_counts(self._src)
        return got

    @classmethod
    def of_view(cls, view: DouDizhuView) -> Table:
        lp = view.last_play
        return cls(
            view.seat,
            view.landlord,
            view.hand_counts,
            hand_counts(view),
            -1 if lp is None else lp[0],
            None if lp is None else ranks_of_action(("play", lp[1])),
            src=view,
        )


class NormalAI:
    # bid_strength needed to bid 1, 2, 3. Set by self-play: paired runs (the same deals
    # with one seat's AI changed) favoured bidding this eagerly over more cautious
    # thresholds (the landlord wins about 40% of its deals at strength 5, half at 7).
    BID_AT = (5, 6, 8)
    # Follow when beating raises the plan score by at most this much (10 = one more group).
    FOLLOW_COST = 4
    LAST_WORD_COST = 8

    def choose(self, view: DouDizhuView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "bid":
            s = bid_strength(hand_counts(view))
            return _bid(view, legal, sum(s >= t for t in self.BID_AT))
        options = _play_options(legal)
        move = self.play(Table.of_view(view), list(options), PASS in legal)
        return PASS if move is None else options[move]

    def play(self, t: Table, moves: Sequence[Move], can_pass: bool) -> Move | None:
        """The play (a rank move from `moves`, the legal plays in the legal list's order)
        or None to pass."""
        c = t.counts
        size = t.sizes[t.seat]
        for m in moves:
            if len(m) == size:  # the whole hand goes out at once
                return m
        won = self._winning_line(t, c, moves)
        if won is not None:
            return won
        if t.last_move is None:
            return self._lead(t, c, moves)
        return self._follow(t, c, moves, can_pass)

    def _winning_line(self, t: Table, c: list[int], moves: Sequence[Move]) -> Move | None:
        """A play after which the hand goes out whatever the others hold (counting the
        cards out): the play itself cannot be beaten and the rest of the hand is sure
        groups and at most one other (see sure_win). With a partner's play standing it is
        only taken when the partner could not go out itself (a partner on one card). So
        a landlord holding 2 2 with the jokers and the other 2s out plays a 2 on a single
        at once instead of waiting."""
        opponents, partner = self._sides(t)
        sizes = t.sizes
        if t.last_seat == partner and partner >= 0 and sizes[partner] <= 1:
            return None
        room = max(sizes[o] for o in opponents)
        if sum(c) > 12:  # a hand this long is not one sure line (and play-outs stay cheap)
            return None
        unseen = t.unseen
        best: tuple[int, Move] | None = None
        for m in moves:
            if can_be_beaten(m, unseen, room):
                continue
            rest = _minus(c, m)
            if not sure_win(rest, unseen, room):
                continue
            key = hand_plan(rest)[0]
            if best is None or key < best[0]:
                best = (key, m)
        return None if best is None else best[1]

    # -- who is who

    @staticmethod
    def _sides(t: Table) -> tuple[list[int], int]:
        me, ll = t.seat, t.landlord
        if me == ll:
            return [s for s in range(3) if s != me], -1
        return [ll], 3 - me - ll

    def _lead(self, t: Table, c: list[int], options: Sequence[Move]) -> Move:
        opponents, partner = self._sides(t)
        counts = t.sizes
        # Feed a partner who is next and about to go out.
        if partner == (t.seat + 1) % 3 and counts[partner] <= 2:
            want = SINGLE if counts[partner] == 1 else PAIR
            small = [m for m in options if _combo(m)[0] == want]
            if small:
                return min(small)
        _, groups = hand_plan(tuple(c))
        unseen = t.unseen
        plain = [g for g in groups if not _is_bomb(g)]
        weak = [g for g in plain if beaten_by_unseen(g, unseen)]
        if len(weak) <= 1 and len(groups) > 1:
            # Everything but at most one group is a sure winner: cash those first.
            sure = [g for g in plain if g not in weak] or [g for g in groups if g not in weak]
            pick = max(sure, key=len)
        else:
            danger = min(counts[o] for o in opponents)
            pool = weak or plain or list(groups)
            if danger <= 2:
                # Keep a near-out opponent off the lead: a group it cannot beat with its
                # one or two cards (counting what is out), else the highest single or
                # pair (the hardest to beat), never a low single into it.
                safe = [g for g in plain if not can_be_beaten(g, unseen, danger)]
                safe_weak = [g for g in safe if g in weak]
                if safe_weak or safe:
                    pool = safe_weak or safe
                else:
                    pool = [max(pool, key=lambda g: (_combo(g)[1], len(g)))]
            pick = min(pool, key=lambda g: (_combo(g)[1], -len(g)))
        return pick if pick in options else self._fallback(options)

    def _follow(
        self, t: Table, c: list[int], options: Sequence[Move], can_pass: bool
    ) -> Move | None:
        opponents, partner = self._sides(t)
        last_seat = t.last_seat
        counts = t.sizes
        if not options:
            return None
        if last_seat == partner:
            # Let the partner's play stand, unless the landlord is next, nearly out, and
            # the partner's card is not high enough to hold.
            ll = t.landlord
            held = t.last_move
            assert held is not None
            if (t.seat + 1) % 3 == ll and counts[ll] <= 2 and beaten_by_unseen(held, t.unseen):
                plain = [m for m in options if not _is_bomb(m)]
                if plain:
                    return max(plain, key=lambda m: _combo(m)[1])
            return None
        danger = counts[last_seat] <= 3 or min(counts[o] for o in opponents) <= 2
        # The last to answer (the player after me made the play) lets it win by passing.
        last_word = (t.seat + 1) % 3 == last_seat
        base = hand_plan(tuple(c))[0]
        best: tuple[int, Move] | None = None
        for m in options:
            if _is_bomb(m):
                continue
            cost = hand_plan(_minus(c, m))[0] - base
            if not danger and max(m) >= R2:
                cost += 10  # 2s and jokers are for control, not for cheap tricks
            if any(c[r] == 4 for r in set(m)):
                cost += 10 if danger else 25  # never break a bomb cheaply
            if best is None or (cost, _combo(m)[1]) < (best[0], _combo(best[1])[1]):
                best = (cost, m)
        if danger and best is not None and best[0] < 20:
            # Block: the highest plain beat keeps a near-out opponent from getting the lead.
            plain = [m for m in options if not _is_bomb(m) and not any(c[r] == 4 for r in m)]
            if plain:
                # The cheapest beat nobody left can top, else the highest.
                unseen = t.unseen
                safe = [m for m in plain if not beaten_by_unseen(m, unseen)]
                if safe:
                    return min(safe, key=lambda m: (hand_plan(_minus(c, m))[0], m))
                return max(plain, key=lambda m: (_combo(m)[1], -hand_plan(_minus(c, m))[0]))
        if best is not None and best[0] <= (self.LAST_WORD_COST if last_word else self.FOLLOW_COST):
            return best[1]
        bombs = [m for m in options if _is_bomb(m)]
        if bombs:
            bomb = min(bombs, key=lambda m: (_combo(m)[0], _combo(m)[1]))
            after = hand_plan(_minus(c, bomb))[0] // 10
            if danger or after <= 1:
                return bomb
        if best is not None and best[0] <= 10 and sum(c) <= 8:
            return best[1]
        return None if can_pass else self._fallback(options)

    @staticmethod
    def _fallback(options: Sequence[Move]) -> Move:
        return min(options, key=lambda m: (_combo(m)[1], -len(m)))


def _easy(variant: object, options: Options, seats: int) -> EasyAI:
    return EasyAI()


def _normal(variant: object, options: Options, seats: int) -> NormalAI:
    return NormalAI()


AIS: dict[str, AIFactory] = {"random": random_factory, "easy": _easy, "normal": _normal}

__all__ = ["AIS", "EasyAI", "NormalAI", "bid_strength", "hand_plan", "unseen_counts"]
