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

from crowsnest.engine.presentation import Text, say

from .cards import BJ_RANK, N_RANKS, R2, RANK_OF, RANK_WORD, RJ_RANK, TOP_CHAIN

Combo = tuple[int, int, int]  # (kind, core rank, length)
Move = tuple[int, ...]  # sorted rank multiset

SINGLE, PAIR, TRIPLE, TRIPLE1, TRIPLE2 = 0, 1, 2, 3, 4
STRAIGHT, PAIRRUN, PLANE, PLANE1, PLANE2 = 5, 6, 7, 8, 9
FOUR2, FOUR22, BOMB, ROCKET = 10, 11, 12, 13

# Chains: (unit size, minimum length) per chain kind; the wings per core unit.
CHAIN_UNIT = {STRAIGHT: 1, PAIRRUN: 2, PLANE: 3, PLANE1: 3, PLANE2: 3}
MIN_LEN = {STRAIGHT: 5, PAIRRUN: 3, PLANE: 2, PLANE1: 2, PLANE2: 2}

# ---------------------------------------------------------------- classify


_CLASSIFY: dict[Move, Combo | Text] = {}

# Why ranks cannot be the chain of a straight or a pair run: whole sentences per kind.
STRAIGHT_REASONS = (
    say("a joker cannot be in a straight"),
    say("a 2 cannot be in a straight"),
    say("the ranks of a straight must be consecutive"),
)
PAIRRUN_REASONS = (
    say("a joker cannot be in a pair run"),
    say("a 2 cannot be in a pair run"),
    say("the ranks of a pair run must be consecutive"),
)


def classify(ranks: Move) -> Combo | Text:
    """The combination a sorted rank multiset forms, or a sentence saying why it is none
    (a Text: the caller shows it in the player's language, so the memo holds no
    language).

    Memoised: the set of distinct multisets met in play is small.
    """
    got = _CLASSIFY.get(ranks)
    if got is None:
        got = _classify(ranks)
        if len(_CLASSIFY) > 200_000:  # bounded: wing choices make many distinct sets
            _CLASSIFY.clear()
        _CLASSIFY[ranks] = got
    return got


def classify_cards(cards: tuple[int, ...] | list[int]) -> Combo | Text:
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


def _chain_reason(rs: list[int], reasons: tuple[Text, Text, Text]) -> Text | None:
    """Why distinct ranks `rs` cannot be a chain (a joker in it, a 2 in it, a gap), or
    None if they can."""
    if rs[-1] == RJ_RANK or rs[-1] == BJ_RANK:
        return reasons[0]
    if rs[-1] == R2:
        return reasons[1]
    if not _consecutive(rs):
        return reasons[2]
    return None


def _classify(ranks: Move) -> Combo | Text:
    n = len(ranks)
    if n == 0:
        return say("choose at least one card")
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
            why = _chain_reason(distinct, STRAIGHT_REASONS)
            if why:
                return why
            if n < 5:
                return say("a straight needs at least 5 cards")
            return (STRAIGHT, distinct[0], n)
        return say(
            "different single cards are not a combination (a straight needs 5 or more in a row)"
        )

    if not ones and not threes and not fours:  # all pairs: a pair run or nothing
        why = _chain_reason(twos, PAIRRUN_REASONS)
        if why:
            return why
        if len(twos) < 3:
            return say("a pair run needs at least 3 pairs")
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
        return say("a triple takes one single or one pair, nothing more")

    if fours:
        f = fours[-1]
        if len(fours) == 2 and n == 8:
            return say("four with two pairs needs pairs of two different ranks")
        if len(fours) == 1 and not threes:
            if n == 6:
                if c[BJ_RANK] and c[RJ_RANK]:
                    return say("four with two singles may not take both jokers")
                return (FOUR2, f, 1)
            if n == 8 and len(twos) == 2:
                return (FOUR22, f, 1)
        return say("four of a kind takes two singles or two pairs (or nothing: a bomb)")

    return say("these cards do not form a combination")


def _airplane(
    n: int, c: list[int], ones: list[int], twos: list[int], threes: list[int], fours: list[int]
) -> Combo | Text | None:
    """Classify or explain sets with at least two ranks held three or four times."""
    if not fours:
        if _consecutive(threes) and threes[-1] <= TOP_CHAIN:
            length = len(threes)
            rest = n - 3 * length
            if rest == 0:
                return (PLANE, threes[0], length)
            if rest == length:
                if c[BJ_RANK] and c[RJ_RANK]:
                    return say("the wings of an airplane may not include both jokers")
                return (PLANE1, threes[0], length)
            if rest == 2 * length and not ones:
                return (PLANE2, threes[0], length)
            return say(
                "an airplane of {count} triple takes no wings, {count} single wing "
                "or {count} pair wing",
                plural="an airplane of {count} triples takes no wings, {count} single wings "
                "or {count} pair wings",
                count=length,
            )
        run = _longest_run([t for t in threes if t <= TOP_CHAIN])
        if len(run) >= 2 and n - 3 * len(run) == len(run):
            return say("single wings may not include three cards of one rank")
        if threes[-1] == R2 and _consecutive(threes):
            return say("a 2 cannot be in an airplane")
        return say("the triples of an airplane must be consecutive")
    # A rank held four times: either a core rank repeated in the wings, or a bomb as wings.
    union = _longest_run(sorted(r for r in threes + fours if r <= TOP_CHAIN))
    if len(union) >= 2 and any(r in fours for r in union) and n - 3 * len(union) == len(union):
        return say("a wing may not be a rank of the airplane's core")
    run = _longest_run([t for t in threes if t <= TOP_CHAIN])
    if len(run) >= 2:
        rest = n - 3 * len(run)
        if rest == len(run):
            return say("the wings of an airplane may not include a bomb")
        if rest == 2 * len(run):
            return say("the pair wings of an airplane must be of different ranks")
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


def _rank_word(rank: int) -> Text | str:
    """A rank in words: "9", "K", or a joker (a whole phrase: a language bends it)."""
    if rank == BJ_RANK:
        return say("black joker")
    if rank == RJ_RANK:
        return say("red joker")
    return RANK_WORD[rank]


@lru_cache(maxsize=4096)
def combo_text(combo: Combo) -> Text:
    """A combination in words, one whole phrase per kind: "pair of 9s", "straight 9 to
    K", "airplane 3 to 4 with single wings". The table shows it in the player's
    language; describe_combo() is the English for data (events, views)."""
    kind, core, length = combo
    if kind == SINGLE:
        word = _rank_word(core)
        return word if isinstance(word, Text) else say("single {rank}", rank=word)
    if kind == ROCKET:
        return say("rocket")
    if kind in CHAIN_UNIT:
        low, high = RANK_WORD[core], RANK_WORD[core + length - 1]
        return {
            STRAIGHT: say("straight {low} to {high}", low=low, high=high),
            PAIRRUN: say("pair run {low} to {high}", low=low, high=high),
            PLANE: say("airplane {low} to {high}", low=low, high=high),
            PLANE1: say("airplane {low} to {high} with single wings", low=low, high=high),
            PLANE2: say("airplane {low} to {high} with pair wings", low=low, high=high),
        }[kind]
    rank = RANK_WORD[core]
    return {
        PAIR: say("pair of {rank}s", rank=rank),
        TRIPLE: say("triple {rank}s", rank=rank),
        TRIPLE1: say("triple {rank}s with a single", rank=rank),
        TRIPLE2: say("triple {rank}s with a pair", rank=rank),
        FOUR2: say("four {rank}s with two singles", rank=rank),
        FOUR22: say("four {rank}s with two pairs", rank=rank),
        BOMB: say("bomb of {rank}s", rank=rank),
    }[kind]


@lru_cache(maxsize=4096)
def describe_combo(combo: Combo) -> str:
    """A combination's name in English: data in events and views ("pair of 9s")."""
    return combo_text(combo).plain()


def why_not_beat(new: Combo, table: Combo) -> Text | None:
    """None if `new` beats `table`, else the sentence a player reads."""
    if beats(new, table):
        return None
    if table[0] == ROCKET:
        return say("nothing beats the rocket: pass")
    if new[0] == table[0] and new[2] == table[2] or new[0] == BOMB:
        return say("this does not beat the {combo}", combo=combo_text(table))
    return say(
        "this is a {mine}, but the table holds the {combo}: "
        "play the same kind and size, a bomb or the rocket, or pass",
        mine=combo_text(new),
        combo=combo_text(table),
    )


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
    """(start, length) of every chain of `unit`-of-a-kind ranks (3..A) in counts c, by
    start, then length.

    above: starts must exceed it (-1 for any); only: the one length wanted (0 for all).
    """
    every = _every_chain(unit, _chain_mask(c, unit))
    if above < 0 and not only:
        return list(every)
    return [(s, n) for s, n in every if s > above and (not only or n == only)]


def _chain_mask(c: list[int], unit: int) -> int:
    """Bit r set where rank r (3..A) is held at least `unit` times."""
    m = 0
    for r in range(TOP_CHAIN + 1):
        if c[r] >= unit:
            m |= 1 << r
    return m


# Every chain of a rank mask, per unit: a mask holds at most a few (start, length) pairs
# and there are only 4096 masks, so each is worked out once (move generation asks for the
# chains of nearly every hand it sees).
_CHAIN_TABLE: tuple[dict[int, tuple[tuple[int, int], ...]], ...] = ({}, {}, {}, {})
_CHAIN_MIN = (0, 5, 3, 2)  # the shortest chain per unit (straight, pair run, airplane)


def _every_chain(unit: int, mask: int) -> tuple[tuple[int, int], ...]:
    table = _CHAIN_TABLE[unit]
    got = table.get(mask)
    if got is None:
        out: list[tuple[int, int]] = []
        minimum = _CHAIN_MIN[unit]
        start = 0
        while start <= TOP_CHAIN:
            if not mask >> start & 1:
                start += 1
                continue
            end = start
            while end + 1 <= TOP_CHAIN and mask >> (end + 1) & 1:
                end += 1
            # The maximal run start..end holds every chain starting inside it.
            for s in range(start, end + 1):
                for length in range(minimum, end - s + 2):
                    out.append((s, length))
            start = end + 1
        got = table[mask] = tuple(out)
    return got


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
    if above < 0 and not length:
        return list(_every_chain_move(unit, _chain_mask(c, unit)))
    table = CHAIN_MOVE[unit]
    return [table[s][n] for s, n in _chains(c, unit, minimum, above, length)]


_CHAIN_MOVES: tuple[dict[int, tuple[Move, ...]], ...] = ({}, {}, {}, {})


def _every_chain_move(unit: int, mask: int) -> tuple[Move, ...]:
    """The moves of _every_chain (cached the same way)."""
    got = _CHAIN_MOVES[unit].get(mask)
    if got is None:
        table = CHAIN_MOVE[unit]
        got = tuple(table[s][n] for s, n in _every_chain(unit, mask))
        _CHAIN_MOVES[unit][mask] = got
    return got


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
        out.extend(_planes(c))
    if 4 in c:
        for f in trips:
            if c[f] == 4:
                out.append(N_OF[4][f])
                out.extend(_fours_with(c, f, False))
                out.extend(_fours_with(c, f, True))
    if c[BJ_RANK] and c[RJ_RANK]:
        out.append(ROCKET_MOVE)
    return out


def _planes(c: list[int]) -> list[Move]:
    """Every airplane (bare, with single wings, with pair wings), chain by chain."""
    out: list[Move] = []
    plane_row = CHAIN_MOVE[3]
    for s, n in _every_chain(3, _chain_mask(c, 3)):
        out.append(plane_row[s][n])
        out.extend(_with_wings(c, s, n, False))
        out.extend(_with_wings(c, s, n, True))
    return out


# ---------------------------------------------------------------- one random lead

# A uniformly random lead need not list every lead (listing took most of a random deal):
# lead_parts holds what the leads are made of, lead_count says how many _lead(c) lists
# and lead_at(parts, i) builds _lead(c)[i] alone. Only airplanes are listed (rare).


class LeadParts:
    __slots__ = ("c", "held", "pairs", "trips", "straights", "runs", "planes", "fours", "rocket")

    def __init__(self, c: list[int]) -> None:
        self.c = c
        # One pass over the ranks: what is held once, twice, three times, and the chain
        # masks (ranks 3..A held at least once, twice, three times) the tables want.
        held: list[int] = []
        pairs: list[int] = []
        trips: list[int] = []
        m1 = m2 = m3 = 0
        four = False
        for r in range(N_RANKS):
            n = c[r]
            if n:
                held.append(r)
                if n >= 2:
                    pairs.append(r)
                    if n >= 3:
                        trips.append(r)
                        four = four or n == 4
                if r <= TOP_CHAIN:
                    bit = 1 << r
                    m1 |= bit
                    if n >= 2:
                        m2 |= bit
                        if n >= 3:
                            m3 |= bit
        self.held, self.pairs, self.trips = held, pairs, trips
        self.straights = _every_chain_move(1, m1) if len(held) >= 5 else ()
        self.runs = _every_chain_move(2, m2) if len(pairs) >= 3 else ()
        self.planes = _planes(c) if m3 & (m3 >> 1) else []  # two trips in a row
        self.rocket = bool(c[BJ_RANK] and c[RJ_RANK])
        # Per four of a kind f: (f, leads with f: the bomb, f with two singles, f with two
        # pairs). Singles: any two cards of other ranks (two of one rank too), not both
        # jokers; pairs: two pairs of two other ranks (classify's rules, see _fours_with).
        fours: list[tuple[int, int]] = []
        if four:
            for f in trips:
                if c[f] == 4:
                    m = len(held) - 1
                    m2_ = len(pairs) - 1
                    n = 1 + m * (m - 1) // 2 + m2_ - self.rocket + m2_ * (m2_ - 1) // 2
                    fours.append((f, n))
        self.fours = fours


def lead_parts(c: list[int]) -> LeadParts:
    return LeadParts(c)


def lead_count(p: LeadParts) -> int:
    """len(_lead(c)) for p = lead_parts(c), without listing the leads."""
    nh, np_, nt = len(p.held), len(p.pairs), len(p.trips)
    n = nh + np_ + nt + nt * (nh + np_ - 2) + len(p.straights) + len(p.runs) + len(p.planes)
    return n + sum(k for _, k in p.fours) + p.rocket


def lead_at(p: LeadParts, i: int) -> Move:
    """_lead(c)[i] for p = lead_parts(c), building only that one move."""
    held, pairs, trips = p.held, p.pairs, p.trips
    if i < len(held):
        return N_OF[1][held[i]]
    i -= len(held)
    if i < len(pairs):
        return N_OF[2][pairs[i]]
    i -= len(pairs)
    if i < len(trips):
        return N_OF[3][trips[i]]
    i -= len(trips)
    per = len(held) + len(pairs) - 2  # attachments per triple: the other ranks held
    if i < len(trips) * per:
        t = trips[i // per]
        j = i % per
        tt = N_OF[3][t]
        if j < len(held) - 1:
            s = held[j] if held[j] < t else held[j + 1]  # held without t, in order
            return N_OF[1][s] + tt if s < t else tt + N_OF[1][s]
        j -= len(held) - 1
        s = pairs[j] if pairs[j] < t else pairs[j + 1]
        return N_OF[2][s] + tt if s < t else tt + N_OF[2][s]
    i -= len(trips) * per
    for part in (p.straights, p.runs, p.planes):
        if i < len(part):
            return part[i]
        i -= len(part)
    for f, n in p.fours:
        if i < n:
            return _four_at(p, f, i)
        i -= n
    return ROCKET_MOVE


def _four_at(p: LeadParts, f: int, i: int) -> Move:
    """The i-th lead with the four f, in _fours_with's order: the bomb, then two singles
    (ranks r <= s, r == s only where two are held; the rocket pair left out), then two
    pairs (ranks r < s)."""
    four = N_OF[4][f]
    if i == 0:
        return four
    i -= 1
    c = p.c
    other = [r for r in p.held if r != f]
    for a, r in enumerate(other):
        if c[r] >= 2:
            if i == 0:
                return tuple(sorted(four + (r, r)))
            i -= 1
        later = len(other) - a - 1
        if r == BJ_RANK and p.rocket:
            later = 0  # both jokers are no attachment
        if i < later:
            return tuple(sorted((*four, r, other[a + 1 + i])))
        i -= later
    two = [r for r in p.pairs if r != f]
    for a, r in enumerate(two):
        later = len(two) - a - 1
        if i < later:
            s = two[a + 1 + i]
            return tuple(sorted((*four, r, r, s, s)))
        i -= later
    raise IndexError("no such lead")
