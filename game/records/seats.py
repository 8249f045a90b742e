"""Seat names as the records keep them and as the screen shows them: the default names
("You", the compass names, "Player 2"), kept in English in the config, the saves and
the statistics, and shown in the player's language by display_name(); names typed by
a player are shown as typed. The table, the Saves and Statistics screens and `crowsnest
saves`/`stats` all name seats through this module (no pygame, no client).

A computer opponent with a default name is named for its portrait (COMPUTER_NAMES: one
per seat, like sprites/portraits/<seat + 1>.png; the player's [look] names replace them):
the name is a key like "West" was, kept in English, shown in the player's language."""

from __future__ import annotations

import re
from collections.abc import Sequence

from crowsnest.i18n import _, pgettext, revision
from crowsnest.records.savefile import Seat

SEAT_NAMES = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "Northwest", "Northeast", "East"),
    6: ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast"),
}


# The computers' names, one per seat, each its portrait's bird (crow, owl, jay, puffin,
# heron, robin, parrot, magpie). Chosen to read and sound alike in every language the game
# has (no w, j, y or th, no two alike to the ear, none of the setup's suggested names);
# zh_CN gives each a Chinese nickname from its bird (docs/looks.md).
COMPUTER_NAMES = ("Edgar", "Otto", "Iris", "Pippa", "Hugo", "Nora", "Lola", "Alma")


def computer_name(seat: int, own: Sequence[str] = ()) -> str:
    """The name key of the computer at `seat` (0-based): the player's own name for that
    seat's portrait ([look] names, "" for the shipped one), else the shipped name."""
    mine = own[seat].strip() if 0 <= seat < len(own) else ""
    if mine:
        return mine
    return COMPUTER_NAMES[seat % len(COMPUTER_NAMES)]


def seat_names(seats: list[Seat], clockwise: bool = True, own: Sequence[str] = ()) -> list[str]:
    """The names of a seat set-up as data (also the title's saved game): the English
    default names ("You", "Player 2", a computer's name) or the names typed;
    display_name() shows one. `own`: the player's names for the computers ([look] names)."""
    n = len(seats)
    # A compass name says where the seat is drawn: one remembered from a table of
    # another size ("North" of four seats) becomes this table's (East of three).
    names = [default_name(i, n, s, own) if _is_default(s) else s.name for i, s in enumerate(seats)]
    if not clockwise:  # a compass name says where a seat sits: mirror it
        names = [mirror_compass(x) for x in names]
    if sum(1 for s in seats if s.human) >= 2:
        # at one screen "You" means nobody, and the table turns to whoever is looking,
        # so no compass name stays true: seats are numbered instead
        names = [f"Player {i + 1}" if x == YOU or x in COMPASS else x for i, x in enumerate(names)]
    return names


YOU = "You"
# "Player 2", "Seat 5": numbered default names.
_NUMBERED = re.compile(r"(Player|Seat) ([1-9][0-9]?)")
_shown: tuple[int, dict[str, str]] = (-1, {})


def _default_words() -> dict[str, str]:
    """The default seat names in the current language (made again after a switch)."""
    global _shown
    if _shown[0] != revision():
        words = {
            YOU: pgettext("seat", "You"),
            "South": pgettext("seat", "South"),
            "West": pgettext("seat", "West"),
            "North": pgettext("seat", "North"),
            "East": pgettext("seat", "East"),
            "Northwest": pgettext("seat", "Northwest"),
            "Northeast": pgettext("seat", "Northeast"),
            "Southwest": pgettext("seat", "Southwest"),
            "Southeast": pgettext("seat", "Southeast"),
            "Fifth": pgettext("seat", "Fifth"),
            "Sixth": pgettext("seat", "Sixth"),
            "Seventh": pgettext("seat", "Seventh"),
            "Eighth": pgettext("seat", "Eighth"),
            # TRANSLATORS: the computer opponents' names, one per portrait (crow, owl, jay,
            # puffin, heron, robin, parrot, magpie): keep the name where it reads well.
            "Edgar": pgettext("computer", "Edgar"),
            "Otto": pgettext("computer", "Otto"),
            "Iris": pgettext("computer", "Iris"),
            "Pippa": pgettext("computer", "Pippa"),
            "Hugo": pgettext("computer", "Hugo"),
            "Nora": pgettext("computer", "Nora"),
            "Lola": pgettext("computer", "Lola"),
            "Alma": pgettext("computer", "Alma"),
        }
        _shown = (revision(), words)
    return _shown[1]


def display_name(key: str) -> str:
    """A seat's name for the screen: a default name ("West", "Player 2", kept in English
    in the config and saves) in the player's language; any other name as typed."""
    got = _default_words().get(key)
    if got is not None:
        return got
    numbered = _NUMBERED.fullmatch(key)
    if numbered is None:
        return key
    n = int(numbered.group(2))
    return (
        _("Player {number}").format(number=n)
        if numbered.group(1) == "Player"
        else _("Seat {number}").format(number=n)
    )


def is_default_name(name: str, human: bool) -> bool:
    """A seat's name is one of the game's defaults (not typed): none, a compass or
    ordinal name, and on a seat a computer plays also "You" (the config's first seat,
    handed to a computer) and a numbered name ("Seat 2": an emptied name, saved)."""
    if not name or name in COMPASS or name in ORDINALS:
        return True
    return not human and (name == YOU or _NUMBERED.fullmatch(name) is not None)


def _is_default(s: Seat) -> bool:
    return is_default_name(s.name, s.human)


def default_name(seat: int, n: int, setup: Seat, own: Sequence[str] = ()) -> str:
    """A seat's default name: "You" for the first seat's human, a computer's name
    (computer_name), and for another human the compass name as seen from seat 0 at the
    bottom (play goes clockwise)."""
    if setup.human and seat == 0:
        return YOU
    if not setup.human:
        return computer_name(seat, own)
    names = SEAT_NAMES.get(n)
    return names[seat] if names else f"Seat {seat + 1}"


COMPASS = frozenset(x for names in SEAT_NAMES.values() for x in names)
# The config's default names past the fourth seat ("Fifth", "Sixth"): defaults too, so a
# table of five or six is named by the compass all round (Rook for 6 showed "North" beside
# "Fifth").
ORDINALS = frozenset(("Fifth", "Sixth", "Seventh", "Eighth"))

COMPASS_MIRROR = {
    "West": "East",
    "East": "West",
    "Northwest": "Northeast",
    "Northeast": "Northwest",
    "Southwest": "Southeast",
    "Southeast": "Southwest",
}


def mirror_compass(name: str) -> str:
    """The compass name of the seat's mirror image: where play goes counter-clockwise the
    seat after yours sits on your right, so a remembered "West" (the clockwise default)
    is drawn in the east."""
    return COMPASS_MIRROR.get(name, name)
