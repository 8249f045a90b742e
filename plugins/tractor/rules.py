"""What a Tractor play is (single, pair, tractor), which follows are legal, who wins.

Pure functions over card ids and one deal's Order tables (`es` = effective suit by id,
`ps` = position by id; see cards.py). Shared by the Deal (legality, reasons, winner) and
the AIs (which see only their view but know the same order), so the rules live once.

A play's shape is a tuple (esuit, n, pairs, top):
  single  (s, 1, 0, pos)
  pair    (s, 2, 1, pos)
  tractor (s, 2k, k, top pair's pos)   k >= 2 consecutive pairs
Anything else (mixed suits, unmatched cards, gaps) has no shape: it can be a follow but
never a lead and never wins.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from crowsnest.engine.actions import Action
from crowsnest.engine.presentation import GENERIC, say, sentence
from crowsnest.i18n import _, ngettext

from .cards import DECK, TRUMP

Shape = tuple[int, int, int, int]
LIST_LIMIT = 2000  # beyond this many follows the legal set is reported incomplete


def held_cards(action: Action, hand: Sequence[int]) -> tuple[int, ...] | str:
    """The cards of a card action (declare, discard, play), sorted, when they are card
    ids held in `hand`, each once; else why not, as a sentence."""
    if len(action) != 2 or not isinstance(action[1], (tuple, list)) or not action[1]:
        return _("'{word}' needs at least one card").format(word=action[0])
    cards = action[1]
    for c in cards:
        if c.__class__ is not int:  # bools and other types are not card ids
            return _("cards must be card ids")
        if c not in hand:
            if not 0 <= c < len(DECK):
                return _("that is not a card of this game")
            # the card in words ("the 10 of hearts"), never its code (issue 11)
            words = GENERIC.card_words([DECK.names[c]], DECK)
            return sentence(say("you do not hold {card}", card=words))
    if len(cards) > 1:
        if len(set(cards)) != len(cards):
            return _("a card is named twice")
        return tuple(sorted(cards))
    return tuple(cards)


def shape_of(cards: Sequence[int], es: Sequence[int], ps: Sequence[int]) -> Shape | None:
    """Shape of a play given as ids sorted ascending (twins are then adjacent)."""
    n = len(cards)
    c0 = cards[0]
    s = es[c0]
    if n == 1:
        return (s, 1, 0, ps[c0])
    if n & 1:
        return None
    positions = []
    for i in range(0, n, 2):
        a = cards[i]
        b = cards[i + 1]
        if b != (a | 1) or a & 1 or es[a] != s:
            return None
        positions.append(ps[a])
    if n == 2:
        return (s, 2, 1, positions[0])
    positions.sort()
    prev = positions[0]
    for p in positions[1:]:
        if p != prev + 1:  # equal positions (two off-suit level pairs) are not consecutive
            return None
        prev = p
    return (s, n, n >> 1, prev)


def beats(shape: Shape | None, lead: Shape, best: Shape) -> bool:
    """Does a follow of `shape` beat the best play so far? Only the same shape and size,
    in the led suit or in trump, can win; equal strength never beats (earliest wins)."""
    if shape is None or shape[2] != lead[2]:
        return False
    s = shape[0]
    if s == best[0]:
        return shape[3] > best[3]
    return s == TRUMP


def count_pairs(cards: Sequence[int]) -> int:
    """Disjoint identical pairs among ids (both copies present)."""
    held = set(cards)
    return sum(1 for c in cards if not c & 1 and (c | 1) in held)


def follow_reason(
    hand: Sequence[int], play: Sequence[int], lead: Shape, es: Sequence[int]
) -> str | None:
    """None if `play` (held, distinct ids) is a legal follow to a lead of `lead`'s shape,
    else the reason in the player's language (one whole sentence per suit: a language
    may bend the suit's name)."""
    s, n, npairs, _shape = lead
    if len(play) != n:
        return ngettext(
            "you must play {count} card, as many as were led",
            "you must play {count} cards, as many as were led",
            n,
        ).format(count=n)
    suit_held = [c for c in hand if es[c] == s]
    h = len(suit_held)
    in_suit = sum(1 for c in play if es[c] == s)
    if h >= n:
        if in_suit < n:
            return (
                _("you must follow spades"),
                _("you must follow hearts"),
                _("you must follow diamonds"),
                _("you must follow clubs"),
                _("you must follow trumps"),
            )[s]
    elif in_suit < h:
        return (
            _("you must play all your spades (you hold {count})"),
            _("you must play all your hearts (you hold {count})"),
            _("you must play all your diamonds (you hold {count})"),
            _("you must play all your clubs (you hold {count})"),
            _("you must play all your trumps (you hold {count})"),
        )[s].format(count=h)
    if npairs and h >= n:
        need = min(npairs, count_pairs(suit_held))
        got = count_pairs([c for c in play if es[c] == s])
        if got < need:
            if need == 1:
                return (
                    _("a pair is held: you must play a pair of spades"),
                    _("a pair is held: you must play a pair of hearts"),
                    _("a pair is held: you must play a pair of diamonds"),
                    _("a pair is held: you must play a pair of clubs"),
                    _("a pair is held: you must play a pair of trumps"),
                )[s]
            return (
                ngettext(
                    "you hold {count} pair of spades: you must play {count} pair",
                    "you hold {count} pairs of spades: you must play {count} pairs",
                    need,
                ),
                ngettext(
                    "you hold {count} pair of hearts: you must play {count} pair",
                    "you hold {count} pairs of hearts: you must play {count} pairs",
                    need,
                ),
                ngettext(
                    "you hold {count} pair of diamonds: you must play {count} pair",
                    "you hold {count} pairs of diamonds: you must play {count} pairs",
                    need,
                ),
                ngettext(
                    "you hold {count} pair of clubs: you must play {count} pair",
                    "you hold {count} pairs of clubs: you must play {count} pairs",
                    need,
                ),
                ngettext(
                    "you hold {count} pair of trumps: you must play {count} pair",
                    "you hold {count} pairs of trumps: you must play {count} pairs",
                    need,
                ),
            )[s].format(count=need)
    return None


def _groups(cards: Sequence[int]) -> list[list[int]]:
    """Held copies grouped by face: [[id], [id, twin], ...] (lowest id first)."""
    by: dict[int, list[int]] = {}
    for c in sorted(cards):
        by.setdefault(c >> 1, []).append(c)
    return list(by.values())


def _multisets(groups: list[list[int]], size: int, min_pairs: int) -> Iterator[tuple[int, ...]]:
    """Every choice of `size` cards from face groups (copies interchangeable) with at
    least `min_pairs` full pairs; each choice once, with the lowest ids of each face."""
    n = len(groups)
    rest = [0] * (n + 1)
    pairs_rest = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        rest[i] = rest[i + 1] + len(groups[i])
        pairs_rest[i] = pairs_rest[i + 1] + (len(groups[i]) == 2)
    chosen: list[int] = []

    def rec(i: int, need: int, pairs: int) -> Iterator[tuple[int, ...]]:
        if need == 0:
            if pairs >= min_pairs:
                yield tuple(sorted(chosen))
            return
        if i == n or rest[i] < need or pairs + pairs_rest[i] < min_pairs:
            return
        g = groups[i]
        for m in range(min(len(g), need), -1, -1):
            chosen.extend(g[:m])
            yield from rec(i + 1, need - m, pairs + (m == 2))
            if m:
                del chosen[-m:]

    yield from rec(0, size, 0)


def follows(
    hand: Sequence[int], lead: Shape, es: Sequence[int], limit: int = LIST_LIMIT
) -> tuple[list[tuple[int, ...]], bool]:
    """(legal follows, complete). Copies are interchangeable: each choice appears once."""
    s, n, npairs, _ = lead
    suit_held = [c for c in hand if es[c] == s]
    h = len(suit_held)
    out: list[tuple[int, ...]] = []
    if h >= n:
        need = min(npairs, count_pairs(suit_held)) if npairs else 0
        gen = _multisets(_groups(suit_held), n, need)
        base: tuple[int, ...] = ()
    else:
        others = [c for c in hand if es[c] != s]
        gen = _multisets(_groups(others), n - h, 0)
        base = tuple(suit_held)
    for m in gen:
        if len(out) >= limit:
            return out, False
        out.append(tuple(sorted(base + m)) if base else m)
    return out, True


def random_follow(
    hand: Sequence[int], lead: Shape, es: Sequence[int], rng: random.Random
) -> tuple[int, ...]:
    """A random legal follow, cheaply: required pairs first, then random cards."""
    s, n, npairs, _ = lead
    suit_held = [c for c in hand if es[c] == s]
    h = len(suit_held)
    if n == 1:
        return (rng.choice(suit_held if h else hand),)
    if h < n:
        others = [c for c in hand if es[c] != s]
        return tuple(sorted(suit_held + rng.sample(others, n - h)))
    if npairs:
        held = set(suit_held)
        pair_lows = [c for c in suit_held if not c & 1 and (c | 1) in held]
        if pair_lows:
            take = rng.sample(pair_lows, min(npairs, len(pair_lows)))
            chosen = []
            for c in take:
                chosen.append(c)
                chosen.append(c | 1)
            rem = [c for c in suit_held if c not in chosen]
            chosen.extend(rng.sample(rem, n - len(chosen)))
            return tuple(sorted(chosen))
    return tuple(sorted(rng.sample(suit_held, n)))


# ---------------------------------------------------------------- leads


def pair_lows(hand: Sequence[int]) -> list[int]:
    """Lower ids of the faces held twice (each pair once)."""
    held = set(hand)
    return sorted(c & ~1 for c in hand if (c ^ 1) in held and c & 1)


def tractors(hand: Sequence[int], es: Sequence[int], ps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every tractor in hand (each run of 2+ consecutive pairs, every sub-run)."""
    by_pos: dict[tuple[int, int], list[int]] = {}
    for c in pair_lows(hand):
        by_pos.setdefault((es[c], ps[c]), []).append(c)
    out: list[tuple[int, ...]] = []

    def extend(suit: int, pos: int, cur: list[int]) -> None:
        nxt = by_pos.get((suit, pos + 1))
        if not nxt:
            return
        for c in nxt:
            cur2 = cur + [c, c | 1]
            out.append(tuple(sorted(cur2)))
            extend(suit, pos + 1, cur2)

    for (suit, pos), lows in by_pos.items():
        for c in lows:
            extend(suit, pos, [c, c | 1])
    return out


def leads(hand: Sequence[int], es: Sequence[int], ps: Sequence[int]) -> list[tuple[int, ...]]:
    """Singles (one per face), pairs and tractors."""
    singles = sorted({c >> 1: c for c in sorted(hand, reverse=True)}.values())
    out: list[tuple[int, ...]] = [(c,) for c in singles]
    out.extend((c, c | 1) for c in pair_lows(hand))
    out.extend(tractors(hand, es, ps))
    return out


def random_lead(
    hand: Sequence[int], es: Sequence[int], ps: Sequence[int], rng: random.Random
) -> tuple[int, ...]:
    """A random lead: a random card, played as its pair or a tractor through it some of
    the time when that is possible (cheap; roughly the mix a person leads)."""
    c = rng.choice(hand)
    if (c ^ 1) not in hand or rng.random() < 0.5:
        return (c,)
    low = c & ~1
    if rng.random() < 0.5:
        ts = [t for t in tractors(hand, es, ps) if low in t]
        if ts:
            return rng.choice(ts)
    return (low, low | 1)
