"""Every sentence an online table sends a player, translatable (fi, sv, da, fr), and the
chat presets. A sentence is rendered in the reader's language, not the server's."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from crowsnest import i18n
from crowsnest.i18n import N_

# Error frames (error.code -> sentence). Placeholders are filled after translation.
ERRORS: dict[str, str] = {
    "bad_json": N_("the frame is not valid JSON ({detail})"),
    "bad_text": N_("the frame is not UTF-8 text: send JSON in a text frame"),
    "too_deep": N_("the frame is nested too deeply (at most {limit} levels)"),
    "bad_frame": N_("the frame is not usable: {detail}"),
    "version": N_("this server speaks protocol version {version}; the frame has {got}"),
    "unknown_type": N_("unknown frame type {got} (known: {known})"),
    "hello_first": N_("send hello first, once"),
    "no_table": N_("there is no table with the code {code}"),
    "bad_token": N_("that token does not hold a seat at this table"),
    "seat_taken": N_("seat {seat} is not free"),
    "full": N_("the table has no free seat"),
    "no_spectators": N_("this table takes no spectators"),
    "bad_setup": N_("the table cannot be made: {detail}"),
    "not_at_table": N_("join a table first"),
    "not_owner": N_("only the table's owner can do that"),
    "chat_off": N_("this table does not allow that chat"),
    "bad_preset": N_("unknown chat preset {got}"),
    "rate_limited": N_("too many frames: slow down"),
    "busy": N_("the server is full: try again later"),
    "internal": N_("the server failed to handle that frame"),
    "elsewhere": N_("this table is served at {address}: connect there with the same code"),
    "unavailable": N_(
        "the server cannot reach its table records just now; nothing was changed: "
        "try again in a moment"
    ),
}

# Refusals of an act (refused.code -> sentence); "illegal" carries the engine's reason.
REFUSALS: dict[str, str] = {
    "stale": N_("the table has moved on (it is at {seq}): your move was not played"),
    "not_your_turn": N_("it is not your turn"),
    "not_seated": N_("spectators cannot play"),
    "over": N_("the match is over"),
    "undo_off": N_("this table does not allow undo"),
    "nothing_to_undo": N_("you have no decision to take back in this deal"),
    "undo_pending": N_("an undo request is waiting for answers"),
    "fault": N_("the game's rules failed on that move; the table is unchanged: try another"),
    "unavailable": N_(
        "the server cannot record moves just now: your move was not played; "
        "your seat is kept, play it again in a moment"
    ),
}

BYES: dict[str, str] = {
    "shutdown": N_("the server is shutting down; your seat is kept"),
    "kicked": N_("the table's owner removed you from the table"),
    "replaced": N_("your seat was resumed on another connection"),
    "expired": N_("the table expired"),
    "closing": N_("goodbye"),
}

UNDO: dict[str, str] = {
    "asked": N_("{name} asks to take back their last decision"),
    "done": N_("{name} took back their last decision"),
    "declined": N_("the undo was declined"),
}

# Chat presets: id -> text. Ids are the protocol; texts are shown in each reader's language.
PRESETS: dict[str, str] = {
    "hello": N_("Hello!"),
    "gg": N_("Good game"),
    "wait": N_("One moment, please"),
    "nice": N_("Nice play"),
    "oops": N_("Oops"),
    "thanks": N_("Thanks"),
    "sorry": N_("Sorry"),
    "again": N_("Another game?"),
    "bye": N_("Bye!"),
}

LANGS = ("en", "fi", "sv", "da", "fr", "zh")


def say(lang: str, message: str, **fill: Any) -> str:
    """`message` (an English msgid) in `lang`, placeholders filled."""
    text = i18n.CROWSNEST.translations(lang).gettext(message)
    try:
        return text.format(**fill) if fill else text
    except (KeyError, IndexError, ValueError):  # a broken translation: the English one
        return message.format(**fill) if fill else message


def presets(lang: str) -> list[dict[str, str]]:
    return [{"id": k, "text": say(lang, v)} for k, v in PRESETS.items()]


def speaking(lang: str) -> AbstractContextManager[str]:
    """The engine's sentences (reasons, hints) in `lang` while inside: the engine
    translates at call time through the current language, and i18n.speaking gives this
    thread alone that language (the window hosting a server keeps its own)."""
    return i18n.speaking(lang)
