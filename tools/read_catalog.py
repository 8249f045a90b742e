"""A catalog to read as a player would: every message of a language's catalog with its
placeholders filled with sample values (seat names in that language, numbers that pick
each plural form), beside the English filled the same way.

    python tools/read_catalog.py fi > /tmp/fi.txt      # every message
    python tools/read_catalog.py fr --grep 'pli'       # those whose text matches

The reading pass recorded in docs/languages.md used it: a template can look right and
read wrong once filled ("Länsi & Itä sai 0"). The values are samples, not the game's."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import i18n as tool  # noqa: E402  (tools/i18n.py)

PLACEHOLDER = re.compile(r"\{([a-z_0-9]*)\}")
# Values by placeholder name; a name not listed shows as «name» (read it as a slot).
NUMBERS = {
    "points": "35",
    "bid": "120",
    "low": "70",
    "high": "200",
    "step": "5",
    "target": "300",
    "seconds": "20",
    "multiplier": "4",
    "level": "7",
    "wins": "3",
    "number": "3",
    "deal": "3",
    "amount": "85",
    "score": "145",
    "total": "290",
    "taken": "60",
    "percent": "40",
    "port": "8765",
    "seats": "4",
    "limit": "10",
    "k": "2",
    "width": "640",
    "height": "480",
}
SEATS = ("North", "East", "South", "West")


def samples(lang: str) -> dict[str, str]:
    """Sample values in `lang`: seat names through the catalog, numbers as they are."""
    po = tool._read_po(tool.PROJECT.po(lang), lang) if lang != "en" else None

    def word(english: str) -> str:
        if po is None:
            return english
        m = po.get(english)
        return m.string if m is not None and isinstance(m.string, str) and m.string else english

    north, east, south, west = (word(s) for s in SEATS)
    values = dict(NUMBERS)
    values.update(
        player=west,
        name=east,
        players=f"{west}, {east}",
        names=f"{north}, {south}",
        winners=f"{west} & {east}",
        side=f"{west} & {east}",
        first=north,
        second=south,
        game="CrowsNest",
        path="/home/ada/crowsnest.toml",
        folder="/home/ada/.local/share/crowsnest",
        code="K7QP",
        address="192.168.1.20",
        rank="K",
        card="K",
        cards="5, K",
        suit=word("Hearts"),
        colour=word("Green"),
    )
    return values


def fill(text: str, values: dict[str, str], count: int) -> str:
    def one(m: re.Match[str]) -> str:
        key = m.group(1)
        if key in ("count", "n"):
            return str(count)
        return values.get(key, f"«{key}»")

    return PLACEHOLDER.sub(one, text)


def entries(lang: str):
    """(context, English, translation, count) for every form of every message."""
    po = tool._read_po(tool.PROJECT.po(lang), lang)
    for m in po:
        if not m.id:
            continue
        ctx = m.context or ""
        if isinstance(m.id, tuple):
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            # a number that picks each form: 1 and 5 (the four languages), 5 for zh_CN
            counts = (5,) if len(forms) == 1 else (1, 5)
            for i, n in enumerate(counts):
                en = m.id[0] if n == 1 else m.id[1]
                yield ctx, en, forms[min(i, len(forms) - 1)], n
        else:
            yield ctx, m.id, m.string, 5


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("language", choices=tool.LANGS)
    ap.add_argument("--grep", default="", help="only messages whose text matches this regex")
    args = ap.parse_args(argv)
    en_values, values = samples("en"), samples(args.language)
    pattern = re.compile(args.grep, re.IGNORECASE) if args.grep else None
    for ctx, en, tr, n in entries(args.language):
        if pattern and not (pattern.search(en) or pattern.search(tr)):
            continue
        head = f"[{ctx}] " if ctx else ""
        print(f"{head}{fill(en, en_values, n)}\n    {fill(tr, values, n)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
