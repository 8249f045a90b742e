"""Actions: small hashable tuples inside the engine, strings in design.md's notation
outside it.

    ("pass",)  ("bid", 75)  ("trump", "red")  ("discard", (c, ...))  ("declare", (c, ...))
    ("play", (c, ...))

Card tuples are always sorted by card id, so equal actions compare equal and print in the
deck's canonical order whatever order a person typed them in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..i18n import _
from .cards import Card, Deck

Action = tuple[Any, ...]  # ("pass",), ("bid", 75), ("play", (card ids...)): kind first

PASS: Action = ("pass",)
CARD_KINDS = frozenset({"discard", "declare", "play"})
TRUMP_COLOURS = ("black", "green", "red", "yellow")
# ASCII digits only ('²' and '٣' are digits to str.isdigit but not to a bid); nine at
# most, far above any bid, so a 5,000-digit bid is an ordinary error, not int()'s limit.
_BID_RE = re.compile(r"-?[0-9]{1,9}")


def _shown(token: str, limit: int = 24) -> str:
    """A token as an error sentence quotes it: cut, so 10 MB in is not 10 MB out."""
    return token if len(token) <= limit else token[: limit - 3] + "..."


class ActionError(ValueError):
    """An action that cannot be taken. str(err) is a sentence a player would understand."""


def shape_error(action: object) -> str | None:
    """Why `action` is no action tuple at all, or None. Match.check and the AI runner
    ask this once, so a variant's Deal.check sees only non-empty tuples that start
    with a kind (and only while the deal is on) and need not guard against anything
    else."""
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return _("that is not an action")
    return None


def play(cards: Iterable[Card]) -> Action:
    return ("play", tuple(sorted(cards)))


def discard(cards: Iterable[Card]) -> Action:
    return ("discard", tuple(sorted(cards)))


def declare(cards: Iterable[Card]) -> Action:
    return ("declare", tuple(sorted(cards)))


def bid(amount: int) -> Action:
    return ("bid", amount)


def trump(colour: str) -> Action:
    return ("trump", colour)


def notation_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """The order of action strings in the engine protocol's `legal` list: as text, but
    runs of digits by their value ("bid 70" before "bid 100", "play R5" before "play R14").
    The list stays a sorted list of strings (design.md), sorted by this key
    (docs/protocol.md)."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part)
        for part in re.split(r"([0-9]+)", text)
        if part
    )


def format_action(action: Action, deck: Deck) -> str:
    kind = str(action[0])
    if len(action) == 1:
        return kind
    arg = action[1]
    if kind in CARD_KINDS:
        names = deck.names
        return kind + " " + " ".join(names[c] for c in arg)
    return f"{kind} {arg}"


def parse_action(text: str, deck: Deck, hand: Sequence[Card] | None = None) -> Action:
    """Parse notation into an Action.

    Card tokens resolve to ids; where a token names several copies (Tractor) the ids are
    taken from `hand` (the mover's hand), so "play TH TH" picks both held copies. Raises
    ActionError with a player-facing sentence for anything malformed or not held.
    """
    if not isinstance(text, str):
        raise ActionError(_("an action must be a string such as 'play R14' or 'bid 75'"))
    parts = text.split()
    if not parts:
        raise ActionError(_("the action is empty"))
    kind = parts[0].lower()
    args = parts[1:]
    if kind == "pass":
        if args:
            raise ActionError(_("'pass' takes nothing after it"))
        return PASS
    if kind == "bid":
        if len(args) != 1 or not _BID_RE.fullmatch(args[0]):
            raise ActionError(_("a bid is 'bid N' with a whole number, such as 'bid 75'"))
        return ("bid", int(args[0]))
    if kind == "trump":
        if len(args) != 1:
            raise ActionError(_("name one trump, such as 'trump red'"))
        colour = _shown(args[0].lower())
        return ("trump", colour)
    if kind in CARD_KINDS:
        if not args:
            raise ActionError(_("'{word}' needs at least one card").format(word=kind))
        return (kind, _resolve_cards(args, deck, hand))
    raise ActionError(
        _("'{word}' is not an action (expected pass, bid, discard, trump, declare or play)").format(
            word=_shown(parts[0])
        )
    )


def _resolve_cards(
    tokens: Sequence[str], deck: Deck, hand: Sequence[Card] | None
) -> tuple[Card, ...]:
    held = list(hand) if hand is not None else None
    out: list[Card] = []
    for raw in tokens:
        tok = raw.upper()
        ids = deck.ids(tok)
        if not ids:
            raise ActionError(_("{card} is not a card of this game").format(card=_shown(raw)))
        if held is None:
            choice = next((i for i in ids if i not in out), None)
        else:
            choice = next((i for i in ids if i in held), None)
            if choice is not None:
                held.remove(choice)
        if choice is None:
            if held is not None:
                # the code as typed: whoever typed it reads it back
                if tok in deck.names_of(out):
                    raise ActionError(_("you do not hold another {card}").format(card=tok))
                raise ActionError(_("you do not hold {card}").format(card=tok))
            raise ActionError(
                _("{card} is named more times than the deck holds it").format(card=tok)
            )
        out.append(choice)
    return tuple(sorted(out))
