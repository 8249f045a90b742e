"""Describing what a plugin hands back without trusting it: an exception whose str()
raises, an answer whose repr() raises or is megabytes long. One place, used by the match,
the AI runner, the plugin host and the protocol."""

from __future__ import annotations

import reprlib
from typing import Any

_REPR = reprlib.Repr()
_REPR.maxstring = 80
_REPR.maxother = 80
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 8
_REPR.maxlevel = 3


def _clip(text: str, limit: int) -> str:
    text = " ".join(text[: limit * 4].split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def safe_str(obj: Any, limit: int = 200) -> str:
    """str(obj), one line, at most `limit` characters; never raises."""
    try:
        text = str(obj)
    except BaseException:  # noqa: BLE001 - a plugin's __str__ is untrusted
        return f"<{_type_name(obj)} that cannot be shown>"
    if not isinstance(text, str):
        return f"<{_type_name(obj)} that cannot be shown>"
    return _clip(text, limit)


def safe_repr(obj: Any, limit: int = 200) -> str:
    """A bounded repr (reprlib: long containers and strings are cut before they are
    built, so a huge answer costs little); never raises."""
    try:
        text = _REPR.repr(obj)
    except BaseException:  # noqa: BLE001
        return f"<{_type_name(obj)} that cannot be shown>"
    if not isinstance(text, str):
        return f"<{_type_name(obj)} that cannot be shown>"
    return _clip(text, limit)


def exc_text(exc: BaseException, limit: int = 200) -> str:
    """'Type: message' of an exception, or just 'Type' when the message is empty or
    cannot be shown; never raises."""
    name = _type_name(exc)
    msg = safe_str(exc, limit)
    if not msg or msg.startswith("<") and msg.endswith("cannot be shown>"):
        return name
    return _clip(f"{name}: {msg}", limit)


def _type_name(obj: Any) -> str:
    try:
        name = type(obj).__name__
        return name if isinstance(name, str) else "object"
    except BaseException:  # noqa: BLE001
        return "object"
