"""Exact end-game solving of one Dou Dizhu world (all hands known): does the landlord win
against perfect peasants?

Suits never matter, so a position is the three hands' rank counts, the seat to move, the
combination to beat (None when leading) and how many have passed since it was played.
An AND-OR search: the side to move wins if one of its moves (or its pass) wins for it.
Positions are memoised (a `Solver` keeps its table across the candidates of one world),
moves that empty the hand are tried first, then longer ones (fewer cards left). A node
limit bounds the work: past it `solve` raises `TooBig` and the caller plays out instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import rules
from ..rules import Combo, Move

Counts = tuple[int, ...]
Key = tuple[Counts, Counts, Counts, int, Combo | None, int]


class TooBig(Exception):
    """The position needs more nodes than the solver was allowed."""


def _minus(c: Counts, move: Move) -> Counts:
    out = list(c)
    for r in move:
        out[r] -= 1
    return tuple(out)


class Solver:
    """Landlord `landlord` against the two others, every card known."""

    __slots__ = ("landlord", "limit", "nodes", "memo")

    def __init__(self, landlord: int, limit: int = 20_000) -> None:
        self.landlord = landlord
        self.limit = limit
        self.nodes = 0
        self.memo: dict[Key, bool] = {}

    def landlord_wins(
        self,
        hands: Sequence[Counts],
        to_move: int,
        table: Combo | None,
        passes: int,
    ) -> bool:
        """Whether the landlord wins from here with best play by everyone."""
        h = (tuple(hands[0]), tuple(hands[1]), tuple(hands[2]))
        return self._solve(h, to_move, table, passes)

    def after_move(
        self,
        hands: Sequence[Counts],
        to_move: int,
        table: Combo | None,
        passes: int,
        move: Move | None,
    ) -> bool:
        """Whether the landlord wins after `to_move` plays `move` (None: passes)."""
        h = [tuple(x) for x in hands]
        nxt = (to_move + 1) % 3
        if move is None:
            if passes + 1 == 2:
                return self._solve((h[0], h[1], h[2]), nxt, None, 0)
            return self._solve((h[0], h[1], h[2]), nxt, table, passes + 1)
        h[to_move] = _minus(h[to_move], move)
        if not any(h[to_move]):
            return to_move == self.landlord
        combo = rules.classify(move)
        assert isinstance(combo, tuple)
        return self._solve((h[0], h[1], h[2]), nxt, combo, 0)

    def _solve(
        self, h: tuple[Counts, Counts, Counts], s: int, table: Combo | None, passes: int
    ) -> bool:
        key = (h[0], h[1], h[2], s, table, passes)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooBig
        mine = s == self.landlord  # the mover wants `mine` as the answer
        hand = h[s]
        size = sum(hand)
        ms = rules.moves(list(hand), table)
        nxt = (s + 1) % 3
        # Going out wins at once.
        for m in ms:
            if len(m) == size:
                self.memo[key] = mine
                return mine
        ms = sorted(ms, key=len, reverse=True)
        result = not mine
        for m in ms:
            rest = _minus(hand, m)
            combo = rules.classify(m)
            nh = (
                (rest, h[1], h[2])
                if s == 0
                else (h[0], rest, h[2])
                if s == 1
                else (h[0], h[1], rest)
            )
            if self._solve(nh, nxt, combo, 0) == mine:  # type: ignore[arg-type]
                result = mine
                break
        if result != mine and table is not None:
            if passes + 1 == 2:
                r = self._solve(h, nxt, None, 0)
            else:
                r = self._solve(h, nxt, table, passes + 1)
            if r == mine:
                result = mine
        self.memo[key] = result
        return result


__all__ = ["Solver", "TooBig"]
