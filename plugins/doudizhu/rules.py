"""Dou Dizhu combinations: one classifier, the beats rule, names, and move generation.

A move is a *rank multiset*: a sorted tuple of rank indices (0 = 3 ... 12 = 2, 13 = black
joker, 14 = red joker). Suits never matter, so legality depends on ranks only and moves are
generated from a hand's 15-rank count vector, never from card subsets.

A combination is a small tuple ``(kind, core, length)``: the core rank is the lowest rank of
the chain (or the rank of the single/pair/triple/four) and length the number of chain units
(1 for everything that is not a chain). Attachments never count when comparing.

`classify` is the one place that says what a set of ranks is (or why it is not a
combination); `check` and `apply` go through it, and so does the generator wherever a
restriction applies (the attachments of airplanes and fours: it enumerates shapes and
keeps what classify accepts). Tests compare the generator with classify over every
sub-multiset of many hands.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import BJ_RANK, N_RANKS, R2, RANK_OF, RANK_PLURAL, RANK_WORD, RJ_RANK, TOP_CHAIN

Combo = tuple[int, int, int]  # (kind, core rank, length)
Move = tuple[int, ...]  # sorted rank multiset

SINGLE, PAIR, TRIPLE, TRIPLE1, TRIPLE2 = 0, 1, 2, 3, 4
STRAIGHT, PAIRRUN, PLANE, PLANE1, PLANE2 = 5, 6, 7, 8, 9
FOUR2, FOUR22, BOMB, ROCKET = 10, 11, 12, 13

KIND_NAMES: tuple[str, ...] = (
    "single", "pair", "triple", "triple with a single", "triple with a pair", "straight",
    "pair run", "airplane", "airplane with single wings", "airplane with pair wings",
    "four with two singles", "four with two pairs", "bomb", "rocket",
)  # fmt: skip

# Chains: (unit size, minimum length) per chain kind; the wings per core unit.
CHAIN_UNIT = {STRAIGHT: 1, PAIRRUN: 2, PLANE: 3, PLANE1: 3, PLANE2: 3}
MIN_LEN = {STRAIGHT: 5, PAIRRUN: 3, PLANE: 2, PLANE1: 2, PLANE2: 2}

# ---------------------------------------------------------------- classify


_CLASSIFY: dict[Move, Combo | str] = {}


def classify(ranks: Move) -> Combo | str:
    """The combination a sorted rank multiset forms, or a sentence saying why it is none.

    Memoised: the set of distinct multisets met in play is small.
    """
    got = _CLASSIFY.get(ranks)
    if got is None:
        got = _classify(ranks)
        if len(_CLASSIFY) > 200_000:  # bounded: wing choices make many distinct sets
            _CLASSIFY.clear()
        _CLASSIFY[ranks] = got
    return got


def classify_cards(cards: tuple[int, ...] | list[int]) -> Combo | str:
    return classify(tuple(sorted(RANK_OF[c] for c in cards)))


def _consecutive(rs: list[int]) -> bool:
    return rs[-1] - rs[0] == len(rs) - 1


def _longest_run(rs: list[int]) -> list[int]:
    """The longest run of consecutive ranks within sorted distinct ranks (first if tied)."""
    best: list[int] = []
    cur: list[int] = []
    for r in rs:
        cur = cur + [r] if cur and r == cur[-1] + 1 else [r]
        if len(cur) > len(best):
            best = cur
    return best


def _chain_reason(rs: list[int], what: str, minimum: str) -> str | None:
    """Why distinct ranks `rs` cannot be the chain of a `what`, or None if they can."""
    if rs[-1] == RJ_RANK or rs[-1] == BJ_RANK:
        return f"a joker cannot be in {what}"
    if rs[-1] == R2:
        return f"a 2 cannot be in {what}"
    if not _consecutive(rs):
        return f"the ranks of {what} must be consecutive"
    return None


def _classify(ranks: Move) -> Combo | str:
    n = len(ranks)
    if n == 0:
        return "choose at least one card"
    c = [0] * N_RANKS
    for r in ranks:
        c[r] += 1
    distinct = sorted(set(ranks))
    by: list[list[int]] = [[], [], [], [], []]
    for r in distinct:
        by[c[r]].append(r)
    ones, twos, threes, fours = by[1], by[2], by[3], by[4]

    if len(distinct) == 1:
        return ((SINGLE, PAIR, TRIPLE, BOMB)[n - 1], ranks[0], 1)
    if n == 2 and distinct == [BJ_RANK, RJ_RANK]:
        return (ROCKET, BJ_RANK, 1)

    if not twos and not threes and not fours:  # all singles: a straight or nothing
        if n >= 5 or _consecutive(distinct):
            why = _chain_reason(distinct, "a straight", "5 cards")
            if why:
                return why
            if n < 5:
                return "a straight needs at least 5 cards"
            return (STRAIGHT, distinct[0], n)
        return "different single cards are not a combination (a straight needs 5 or more in a row)"

    if not ones and not threes and not fours:  # all pairs: a pair run or nothing
        why = _chain_reason(twos, "a pair run", "3 pairs")
        if why:
            return why
        if len(twos) < 3:
            return "a pair run needs at least 3 pairs"
        return (PAIRRUN, twos[0], len(twos))

    if fours and len(threes) + len(fours) >= 2 or len(threes) >= 2:
        got = _airplane(n, c, ones, twos, threes, fours)
        if got is not None:
            return got

    if len(threes) == 1 and not fours:
        t = threes[0]
        if n == 4:
            return (TRIPLE1, t, 1)
        if n == 5 and twos:
            return (TRIPLE2, t, 1)
        return "a triple takes one single or one pair, nothing more"

    if fours:
        f = fours[-1]
        if len(fours) == 2 and n == 8:
            return "four with two pairs needs pairs of two different ranks"
        if len(fours) == 1 and not threes:
            if n == 6:
                if c[BJ_RANK] and c[RJ_RANK]:
                    return "four with two singles may not take both jokers"
                return (FOUR2, f, 1)
            if n == 8 and len(twos) == 2:
                return (FOUR22, f, 1)
        return "four of a kind takes two singles or two pairs (or nothing: a bomb)"

    return "these cards do not form a combination"


def _airplane(
    n: int, c: list[int], ones: list[int], twos: list[int], threes: list[int], fours: list[int]
) -> Combo | str | None:
    """Classify or explain sets with at least two ranks held three or four times."""
    if not fours:
        if _consecutive(threes) and threes[-1] <= TOP_CHAIN:
            length = len(threes)
            rest = n - 3 * length
            if rest == 0:
                return (PLANE, threes[0], length)
            if rest == length:
                if c[BJ_RANK] and c[RJ_RANK]:
                    return "the wings of an airplane may not include both jokers"
                return (PLANE1, threes[0], length)
            if rest == 2 * length and not ones:
                return (PLANE2, threes[0], length)
            return (
                f"an airplane of {length} triples takes no wings, {length} single wings "
                f"or {length} pair wings"
            )
        run = _longest_run([t for t in threes if t <= TOP_CHAIN])
        if len(run) >= 2 and n - 3 * len(run) == len(run):
            return "single wings may not include three cards of one rank"
        if threes[-1] == R2 and _consecutive(threes):
            return "a 2 cannot be in an airplane"
        return "the triples of an airplane must be consecutive"
    # A rank held four times: either a core rank repeated in the wings, or a bomb as wings.
    union = _longest_run(sorted(r for r in threes + fours if r <= TOP_CHAIN))
    if len(union) >= 2 and any(r in fours for r in union) and n - 3 * len(union) == len(union):
        return "a wing may not be a rank of the airplane's core"
    run = _longest_run([t for t in threes if t <= TOP_CHAIN])
    if len(run) >= 2:
        rest = n - 3 * len(run)
        if rest == len(run):
            return "the wings of an airplane may not include a bomb"
        if rest == 2 * len(run):
            return "the pair wings of an airplane must be of different ranks"
    return None


# ---------------------------------------------------------------- comparing and naming


def beats(new: Combo, table: Combo) -> bool:
    """Whether `new` may be played on `table` (same kind and length and higher, or a bomb
    over anything ordinary or a lower bomb, or the rocket)."""
    kind = new[0]
    tkind = table[0]
    if tkind == ROCKET:
        return False
    if kind == ROCKET:
        return True
    if kind == BOMB:
        return tkind != BOMB or new[1] > table[1]
    if tkind == BOMB:
        return False
    return kind == tkind and new[2] == table[2] and new[1] > table[1]


@lru_cache(maxsize=4096)
def describe_combo(combo: Combo) -> str:
    kind, core, length = combo
    if kind == SINGLE:
        return RANK_WORD[core] if core >= BJ_RANK else f"single {RANK_WORD[core]}"
    if kind == ROCKET:
        return "rocket"
    if kind in CHAIN_UNIT:
        span = f"{RANK_WORD[core]} to {RANK_WORD[core + length - 1]}"
        if kind == STRAIGHT:
            return f"straight {span}"
        if kind == PAIRRUN:
            return f"pair run {span}"
        wings = {PLANE: "", PLANE1: " with single wings", PLANE2: " with pair wings"}[kind]
        return f"airplane {span}{wings}"
    plural = RANK_PLURAL[core]
    return {
        PAIR: f"pair of {plural}",
        TRIPLE: f"triple {plural}",
        TRIPLE1: f"triple {plural} with a single",
        TRIPLE2: f"triple {plural} with a pair",
        FOUR2: f"four {plural} with two singles",
        FOUR22: f"four {plural} with two pairs",
        BOMB: f"bomb of {plural}",
    }[kind]


def why_not_beat(new: Combo, table: Combo) -> str | None:
    """None if `new` beats `table`, else the sentence a player reads."""
    if beats(new, table):
        return None
    if table[0] == ROCKET:
        return "nothing beats the rocket: pass"
    shown = describe_combo(table)
    if new[0] == table[0] and new[2] == table[2] or new[0] == BOMB:
        return f"this does not beat the {shown}"
    return (
        f"this is a {KIND_NAMES[new[0]]}{_size(new)}, but the table holds the {shown}: "
        "play the same kind and size, a bomb or the rocket, or pass"
    )


def _size(combo: Combo) -> str:
    kind, _, length = combo
    unit = {
        STRAIGHT: "cards",
        PAIRRUN: "pairs",
        PLANE: "triples",
        PLANE1: "triples",
        PLANE2: "triples",
    }
    return f" of {length} {unit[kind]}" if kind in unit else ""


# ---------------------------------------------------------------- generation


@lru_cache(maxsize=65536)
def _multisets(items: tuple[tuple[int, int], ...], k: int) -> tuple[Move, ...]:
    """All sorted multisets of size k taking at most `cap` of each (rank, cap) item."""
    if k == 0:
        return ((),)
    if not items:
        return ()
    (rank, cap), rest = items[0], items[1:]
    out: list[Move] = []
    for take in range(min(cap, k), -1, -1):
        head = (rank,) * take
        for tail in _multisets(rest, k - take):
            out.append(head + tail)
    return tuple(out)


def _chains(c: list[int], unit: int, minimum: int, above: int, only: int) -> list[tuple[int, int]]:
    """(start, length) of every chain of `unit`-of-a-kind ranks (3..A) in counts c.

    above: starts must exceed it (-1 for any); only: the one length wanted (0 for all).
    """
    out: list[tuple[int, int]] = []
    start = above + 1
    while start <= TOP_CHAIN:
        if c[start] < unit:
            start += 1
            continue
        end = start
        while end + 1 <= TOP_CHAIN and c[end + 1] >= unit:
            end += 1
        # The maximal run start..end holds every chain starting inside it.
        for s in range(start, end + 1):
            longest = end - s + 1
            if only:
                if longest >= only:
                    out.append((s, only))
            else:
                for length in range(minimum, longest + 1):
                    out.append((s, length))
        start = end + 1
    return out


# Precomputed move tuples: N_OF[k][r] = (r,) * k; CHAIN_MOVE[unit][start][length].
N_OF: tuple[tuple[Move, ...], ...] = tuple(
    tuple((r,) * k for r in range(N_RANKS)) for k in range(5)
)
CHAIN_MOVE: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(r for r in range(s, s + n) for _ in range(unit)) for n in range(13))
        for s in range(TOP_CHAIN + 1)
    )
    for unit in range(4)
)
ROCKET_MOVE: Move = (BJ_RANK, RJ_RANK)


def _attached(
    base: Move, c: list[int], used: dict[int, int], n: int, pairs: bool, want: Combo
) -> list[Move]:
    """Every way to add n attachments (single cards, or pairs) to `base` from the counts
    left in c, kept where classify() says the result is the combination `want`.

    Generation only enumerates shapes; the restrictions on attachments (no triple or bomb
    in single wings, not both jokers, no core rank, pairs of different ranks) are
    classify's alone, so check() and the legal list cannot disagree."""
    unit = 2 if pairs else 1
    items = tuple(
        (r, (c[r] - used.get(r, 0)) // unit)
        for r in range(N_RANKS)
        if (c[r] - used.get(r, 0)) >= unit
    )
    out: list[Move] = []
    for ws in _multisets(items, n):
        move = tuple(sorted(base + (ws + ws if pairs else ws)))
        if classify(move) == want:
            out.append(move)
    return out


def _with_wings(c: list[int], s: int, length: int, pair_wings: bool) -> list[Move]:
    core = CHAIN_MOVE[3][s][length]
    used = {r: 3 for r in range(s, s + length)}
    want = (PLANE2 if pair_wings else PLANE1, s, length)
    return _attached(core, c, used, length, pair_wings, want)


def _fours_with(c: list[int], f: int, pairs: bool) -> list[Move]:
    want = (FOUR22 if pairs else FOUR2, f, 1)
    return _attached(N_OF[4][f], c, {f: 4}, 2, pairs, want)


def _n_of(c: list[int], need: int, above: int, top: int) -> list[Move]:
    row = N_OF[need]
    return [row[r] for r in range(above + 1, top + 1) if c[r] >= need]


def _triples_with(c: list[int], need: int, above: int) -> list[Move]:
    out: list[Move] = []
    att_row = N_OF[need]
    for t in range(above + 1, R2 + 1):
        if c[t] >= 3:
            tt = N_OF[3][t]
            for s in range(N_RANKS):
                if s != t and c[s] >= need:
                    out.append(att_row[s] + tt if s < t else tt + att_row[s])
    return out


def _chain_moves(c: list[int], unit: int, minimum: int, above: int, length: int) -> list[Move]:
    table = CHAIN_MOVE[unit]
    return [table[s][n] for s, n in _chains(c, unit, minimum, above, length)]


def moves_of_kind(c: list[int], kind: int, above: int, length: int) -> list[Move]:
    """Every move of one kind (and, for chains, one length; 0 = any) with core > above."""
    if kind <= TRIPLE:
        return _n_of(c, kind + 1, above, N_RANKS - 1 if kind == SINGLE else R2)
    if kind in (TRIPLE1, TRIPLE2):
        return _triples_with(c, 1 if kind == TRIPLE1 else 2, above)
    if kind in CHAIN_UNIT:
        if kind in (PLANE1, PLANE2):
            out: list[Move] = []
            for s, n in _chains(c, 3, 2, above, length):
                out.extend(_with_wings(c, s, n, kind == PLANE2))
            return out
        return _chain_moves(c, CHAIN_UNIT[kind], MIN_LEN[kind], above, length)
    if kind == ROCKET:
        return [ROCKET_MOVE] if c[BJ_RANK] and c[RJ_RANK] else []
    if 4 not in c:
        return []
    fours = [f for f in range(above + 1, R2 + 1) if c[f] == 4]
    if kind == BOMB:
        return [N_OF[4][f] for f in fours]
    out = []
    for f in fours:
        out.extend(_fours_with(c, f, kind == FOUR22))
    return out


def moves(c: list[int], table: Combo | None) -> list[Move]:
    """Every distinct legal play (as rank multisets) from counts c: any combination when
    leading (table None), else those that beat `table`. Passing is not included."""
    if table is None:
        return _lead(c)
    kind, core, length = table
    if kind == ROCKET:
        return []
    if kind == BOMB:
        out = moves_of_kind(c, BOMB, core, 0)
    else:
        out = moves_of_kind(c, kind, core, length if kind in CHAIN_UNIT else 0)
        if 4 in c:
            out.extend(moves_of_kind(c, BOMB, -1, 0))
    if c[BJ_RANK] and c[RJ_RANK]:
        out.append(ROCKET_MOVE)
    return out


def _lead(c: list[int]) -> list[Move]:
    """Every combination the counts hold (one pass per shape)."""
    held = [r for r in range(N_RANKS) if c[r]]
    pairs = [r for r in held if c[r] >= 2]
    trips = [r for r in pairs if c[r] >= 3]
    n1, n2, n3 = N_OF[1], N_OF[2], N_OF[3]
    out = [n1[r] for r in held]
    out.extend(n2[r] for r in pairs)
    out.extend(n3[r] for r in trips)
    for t in trips:
        tt = n3[t]
        for s in held:
            if s != t:
                out.append(n1[s] + tt if s < t else tt + n1[s])
        for s in pairs:
            if s != t:
                out.append(n2[s] + tt if s < t else tt + n2[s])
    if len(held) >= 5:
        out.extend(_chain_moves(c, 1, 5, -1, 0))
    if len(pairs) >= 3:
        out.extend(_chain_moves(c, 2, 3, -1, 0))
    if len(trips) >= 2:
        planes = _chains(c, 3, 2, -1, 0)
        plane_row = CHAIN_MOVE[3]
        for s, n in planes:
            out.append(plane_row[s][n])
            out.extend(_with_wings(c, s, n, False))
            out.extend(_with_wings(c, s, n, True))
    if 4 in c:
        for f in trips:
            if c[f] == 4:
                out.append(N_OF[4][f])
                out.extend(_fours_with(c, f, False))
                out.extend(_fours_with(c, f, True))
    if c[BJ_RANK] and c[RJ_RANK]:
        out.append(ROCKET_MOVE)
    return out
