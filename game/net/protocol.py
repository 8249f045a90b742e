"""The online protocol's frames (docs/online.md, version 1): parsing and validating what a
client sends. Every incoming frame passes `parse()`; a bad one raises `FrameError` with
the error code and a detail, and nothing else happens. Pure: no sockets, no tables."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

VERSION = 1
FRAME_BYTES = 65_536
ACTION_CHARS = 400
CHAT_CHARS = 200
NAME_CHARS = 24
MAX_DEPTH = 8
MAX_DIGITS = 100
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LEN = 6
LANGS = ("en", "fi", "sv", "da", "fr", "zh")

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_TOKEN = re.compile(r"[0-9a-f]{32}")


class FrameError(ValueError):
    """A frame that cannot be used: `code` is the protocol's error code (docs/online.md),
    `detail` what is wrong and where (English data filled into the reader's sentence)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Field:
    kind: str  # "str" "int" "bool" "obj" "list" "seat" (int or null) "ref"
    required: bool = False
    limit: int = 0  # characters for str; upper bound for int


# What each client frame may hold besides v, type and ref.
FRAMES: dict[str, dict[str, Field]] = {
    "hello": {
        "lang": Field("str", limit=8),
        "name": Field("str", limit=NAME_CHARS),
        "client": Field("str", limit=40),
        "accept": Field("list"),
    },
    "create": {
        "variant": Field("str", True, 40),
        "seats": Field("list", True),
        "options": Field("obj"),
        "rules": Field("obj"),
        "take": Field("seat"),
    },
    "join": {
        "code": Field("str", True, 12),
        "seat": Field("int", limit=63),
        "watch": Field("bool"),
    },
    "resume": {
        "code": Field("str", True, 12),
        "token": Field("str", True, 64),
        "seq": Field("int", limit=2**31),
    },
    "act": {"seq": Field("int", True, 2**31), "action": Field("str", True, ACTION_CHARS)},
    "check": {"action": Field("str", True, ACTION_CHARS)},
    "hint": {},
    "snapshot": {},
    "chat": {"preset": Field("str", limit=20), "text": Field("str", limit=CHAT_CHARS)},
    "undo": {"op": Field("str", True, 4), "seq": Field("int", limit=2**31)},
    "kick": {"seat": Field("int", True, 63)},
    "to_ai": {"seat": Field("int", True, 63)},
    "tables": {},
    "seats": {"code": Field("str", True, 12)},
    "bye": {},
}


def _depth(x: Any, level: int = 1) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(x, dict):
        return max([level, *(_depth(v, level + 1) for v in x.values())])
    if isinstance(x, list):
        return max([level, *(_depth(v, level + 1) for v in x)])
    return level


def _digits(text: str) -> str:
    if len(text.lstrip("-").split(".")[0].split("e")[0].split("E")[0]) > MAX_DIGITS:
        raise FrameError("bad_json", "a number has more than 100 digits")
    return text


def _int(text: str) -> int:
    # What json itself makes of it (its parse_int is int). json gives parse_int a whole
    # number's text alone (-?digits), so its digits are the text less a minus: _digits'
    # splits are for floats (every frame's "v" and an act's "seq" come through here).
    if len(text) > MAX_DIGITS and len(text.lstrip("-")) > MAX_DIGITS:
        raise FrameError("bad_json", "a number has more than 100 digits")
    return int(text)


def _float(text: str) -> float:
    return float(_digits(text))


def _constant(name: str) -> Any:
    raise FrameError("bad_json", f"{name} is not JSON")


# json.loads(data, parse_int=..., ...) makes a decoder per call: one for every frame.
_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant)
_SURROGATE = re.compile("[\ud800-\udfff]")


def decode(data: str | bytes) -> Any:
    """The JSON value of a text frame, or FrameError (bad_text, bad_json, too_deep)."""
    if isinstance(data, bytes):
        raise FrameError("bad_text", "a binary frame")
    if len(data) > FRAME_BYTES // 4 and len(data.encode("utf-8", "surrogatepass")) > FRAME_BYTES:
        raise FrameError("bad_frame", "the frame is larger than 64 KiB")
    # Nesting is bounded before parsing: json's recursion would allow ~1,000 levels (a
    # frame with at most MAX_DEPTH brackets cannot nest deeper: no walk through it).
    depth = 0
    in_str = esc = False
    for ch in data if data.count("[") + data.count("{") > MAX_DEPTH else ():
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise FrameError("too_deep", str(MAX_DEPTH))
        elif ch in "]}":
            depth -= 1
    try:
        if data.startswith("\ufeff"):  # what json.loads says of it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", data, 0)
        return _DECODER.decode(data)
    except FrameError:
        raise
    except (ValueError, RecursionError) as e:
        msg = e.msg if isinstance(e, json.JSONDecodeError) else type(e).__name__
        raise FrameError("bad_json", msg) from None


def _check(name: str, value: Any, f: Field) -> Any:
    kind = f.kind
    if kind == "seat":
        if value is None:
            return None
        kind = "int"
    if kind == "str":
        if not isinstance(value, str):
            raise FrameError("bad_frame", f'"{name}" must be a string')
        if f.limit and len(value) > f.limit:
            raise FrameError("bad_frame", f'"{name}" is longer than {f.limit} characters')
        if _SURROGATE.search(value):
            raise FrameError("bad_text", f'"{name}" holds a lone surrogate')
        return value
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise FrameError("bad_frame", f'"{name}" must be a whole number')
        if value < 0 or (f.limit and value > f.limit):
            raise FrameError("bad_frame", f'"{name}" is out of range (0 to {f.limit})')
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise FrameError("bad_frame", f'"{name}" must be true or false')
        return value
    if kind == "obj":
        if not isinstance(value, dict):
            raise FrameError("bad_frame", f'"{name}" must be an object')
        return value
    if kind == "list":
        if not isinstance(value, list):
            raise FrameError("bad_frame", f'"{name}" must be a list')
        return value
    raise AssertionError(kind)


def parse(data: str | bytes) -> dict[str, Any]:
    """A validated client frame: a dict with `type`, its fields and maybe `ref`."""
    frame = decode(data)
    if not isinstance(frame, dict):
        raise FrameError("bad_frame", "a frame must be a JSON object")
    if frame.get("v") != VERSION or isinstance(frame.get("v"), bool):
        raise FrameError("version", repr(frame.get("v"))[:20])
    kind = frame.get("type")
    if not isinstance(kind, str) or kind not in FRAMES:
        raise FrameError("unknown_type", repr(kind)[:40])
    spec = FRAMES[kind]
    out: dict[str, Any] = {"type": kind}
    ref = frame.get("ref")
    if ref is not None:
        if (
            isinstance(ref, str)
            and len(ref) <= 32
            or (isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref <= 2**31)
        ):
            out["ref"] = ref
        else:
            raise FrameError("bad_frame", '"ref" must be a short string or a whole number')
    for key, value in frame.items():
        if key in ("v", "type", "ref"):
            continue
        f = spec.get(key)
        if f is None:
            raise FrameError("bad_frame", f'unknown field "{str(key)[:30]}" in {kind}')
        out[key] = _check(key, value, f)
    for key, f in spec.items():
        if f.required and key not in out:
            raise FrameError("bad_frame", f'{kind} needs "{key}"')
    return out


def clean_name(name: str) -> str:
    """A label as others see it: control characters out, trimmed, at most 24."""
    return _CONTROL.sub("", name).strip()[:NAME_CHARS]


# Bidi overrides and isolates could turn the rest of another player's screen around.
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")


def clean_text(text: str) -> str:
    """Free chat as others see it: control and bidi-override characters out (a newline
    becomes a space), runs of spaces squeezed, trimmed, at most 200 characters."""
    text = _BIDI.sub("", _CONTROL.sub(" ", text))
    return " ".join(text.split())[:CHAT_CHARS]


def is_token(text: str) -> bool:
    return bool(_TOKEN.fullmatch(text))


def normal_code(text: str) -> str | None:
    code = text.strip().upper()
    if len(code) == CODE_LEN and all(c in CODE_ALPHABET for c in code):
        return code
    return None


_DUMPS = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode

_fast: Callable[[Any], bytes] | None
try:  # the server's JSON: orjson writes the same text as _DUMPS about eight times faster
    from orjson import dumps as _fast
except ImportError:  # pragma: no cover - an install without it writes JSON all the same
    _fast = None


def dumps(x: Any) -> str:
    """JSON as frames carry it (compact, UTF-8 as it is). The same text with orjson or
    without it (tests/net/test_online_json.py) but for floats nearer 0 than 1e-4, which
    orjson writes shorter (1e-7, not 1e-07: the same number), and NaN or infinity, which
    JSON has not (null, not NaN). What orjson does not take (keys that are not strings,
    whole numbers over 64 bits) is written by the standard library."""
    if _fast is not None:
        try:
            return _fast(x).decode()
        except TypeError:
            pass
    return _DUMPS(x)


class Frame(dict[str, Any]):
    """A server frame whose JSON text was made with it (`text`, "v" included): sent as
    it is, never encoded again."""

    __slots__ = ("text",)
    text: str


def encode(frame: dict[str, Any]) -> str:
    if type(frame) is Frame:
        return frame.text
    return _DUMPS({"v": VERSION, **frame})
