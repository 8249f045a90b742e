"""What one seat of a Tractor deal may see, and a hand in the order a player sorts it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from crowsnest.engine.cards import Deck
from crowsnest.engine.variant import PlayPosition

from .cards import DECK, NO_TRUMP, SUITS, TRUMP, level_name, order_for
from .play import TractorContract, lead_of
from .scoring import TAKEOVER_POINTS

DISPLAY_SUITS = (0, 1, 3, 2)  # spades, hearts, clubs, diamonds: the colours alternate


@lru_cache(maxsize=1 << 16)
def _sorted_names(cards: tuple[int, ...]) -> tuple[str, ...]:
    """The names of a play's cards in DECK order. Every view repeats every trick played
    so far (an online table builds five views per action): naming each play once keeps a
    view's cost from growing with the deal."""
    names = DECK.names
    return tuple(names[c] for c in sorted(cards))


def display_order(cards: Sequence[int], level: int, trump: int | None) -> list[int]:
    """A hand as a player sorts it: the plain suits (colours alternating), then the trumps,
    each from low to high in this deal's order. Before trump is settled the level cards
    and jokers (what may be declared) are grouped at the right, as in a no-trump deal."""
    order = order_for(level, NO_TRUMP if trump is None else trump)
    es, ps = order.esuit, order.pos
    rank = {s: i for i, s in enumerate(DISPLAY_SUITS)}
    return sorted(cards, key=lambda c: (es[c] == TRUMP, rank.get(es[c], 4), ps[c], c))


@dataclass(frozen=True)
class TractorView:
    """What one seat sees (seat -1: the public view, no hand). Cards are ids (the AIs
    use them); to_json() gives names."""

    seat: int
    phase: str
    to_move: int
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, tuple[int, ...]], ...]
    dealer: int  # -1 while the first deal's dealer is not yet known
    levels: tuple[int, int]
    level: int
    trump: int | None  # 0..3 suit, NO_TRUMP, None while undecided
    declarations: tuple[tuple[int, tuple[int, ...]], ...]
    kitty: tuple[int, ...] | None
    kitty_revealed: tuple[int, ...] | None  # the all-pass reveal
    history: tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...], int], ...]
    taken: tuple[int, ...]  # counters won per seat so far
    first_declarer: int
    options: tuple[tuple[str, Any], ...]
    outcome: tuple[tuple[str, Any], ...] = ()
    deck: Deck = DECK

    def play_position(self) -> PlayPosition | None:
        """What the validator (play.py) reads, as this seat knows it: its hand, the lead
        on the table (None while leading) and this deal's order tables."""
        if self.phase != "play" or self.to_move != self.seat or self.trump is None:
            return None
        order = order_for(self.level, self.trump)
        es, ps = order.esuit, order.pos
        lead = lead_of(self.trick[0][1], es, ps) if self.trick else None
        throws = dict(self.options).get("throws", False)
        return PlayPosition(self.hand, lead, TractorContract(es, ps, bool(throws)))

    @property
    def attackers(self) -> int:
        return -1 if self.dealer < 0 else 1 - self.dealer % 2

    def to_json(self) -> dict[str, Any]:
        names = self.deck.names

        def nm(cards: Sequence[int]) -> list[str]:
            if self.deck is DECK and type(cards) is tuple:
                return list(_sorted_names(cards))
            return [names[c] for c in sorted(cards)]

        last = self.history[-1] if self.history else None
        return {
            "seat": self.seat if self.seat >= 0 else None,
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": [names[c] for c in display_order(self.hand, self.level, self.trump)],
            "hand_counts": list(self.hand_counts),
            "trick": [[s, nm(c)] for s, c in self.trick],
            "dealer": self.dealer,
            "scores": list(self.levels),
            "levels": list(self.levels),
            "level_names": [level_name(v) for v in self.levels],
            "level_rank": level_name(self.level),
            "trump": None
            if self.trump is None
            else ("NT" if self.trump == NO_TRUMP else SUITS[self.trump]),
            "declarations": [[s, nm(c)] for s, c in self.declarations],
            "kitty": None if self.kitty is None else nm(self.kitty),
            "kitty_revealed": None
            if self.kitty_revealed is None
            else [names[c] for c in self.kitty_revealed],
            "last_trick": None
            if last is None
            else {"leader": last[0], "cards": [[s, nm(c)] for s, c in last[1]], "winner": last[2]},
            "tricks_played": len(self.history),
            "played": [[[s, nm(c)] for s, c in t[1]] for t in self.history],
            "taken": list(self.taken),
            "attackers": self.attackers,
            "attacker_points": sum(t for s, t in enumerate(self.taken) if s % 2 == self.attackers)
            if self.attackers >= 0
            else 0,
            "attacker_target": TAKEOVER_POINTS,  # the client shows it; it knows no rules
            "first_declarer": self.first_declarer,
            "outcome": dict(self.outcome) or None,
        }
