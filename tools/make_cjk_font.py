#!/usr/bin/env python3
"""Make the Chinese font the wheel ships: a subset of Noto Sans CJK SC (SIL Open Font
License 1.1) holding every character the Chinese catalogs and rules texts use.

    python tools/make_cjk_font.py            # write game/fonts/crowsnest-cjk-sc.otf
    python tools/make_cjk_font.py --check    # exit 1 if a character is missing from it

Run it after the Chinese catalog or a Chinese rules text changed (the catalog test fails
when the shipped font lacks a character they use). The source font is Debian's
fonts-noto-cjk (`apt-get install fonts-noto-cjk`) or any NotoSansCJK-Regular.ttc /
NotoSansCJKsc-Regular.otf given with --source. Needs fontTools (a developer's tool,
`pip install fonttools`; players never need it).

The subset is renamed "CrowsNest CJK SC" (a modified font under the OFL carries no
Reserved Font Name; Noto's upstream reserves "Source") and keeps the upstream copyright
and licence notice; game/fonts/OFL.txt is the licence that travels with it.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "game" / "fonts" / "crowsnest-cjk-sc.otf"
LANG = "zh_CN"
SOURCES = (
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    Path("/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf"),
)
SC_NAME = "Noto Sans CJK SC"
ASCENT, DESCENT = 920, 200  # font units of 1000 per em (see make())
FAMILY = "CrowsNest CJK SC"

# Besides what the Chinese texts use: what any screen may draw while Chinese is on (names
# typed in any of our languages, digits, punctuation, arrows of the pickers), as far as
# the source has them (Noto CJK lacks most of Latin Extended-A).
ALWAYS = (
    [chr(c) for c in range(0x20, 0x7F)]  # ASCII
    + [chr(c) for c in range(0xA0, 0x180)]  # Latin-1 and Latin Extended-A (å, ä, é, œ)
    + list("‐‑–—‘’‚“”„…‰′″‹›€×÷−·•→←↑↓…")
    + [chr(c) for c in range(0x3000, 0x3020)]  # CJK punctuation (、。「」『』【】)
    + [chr(c) for c in range(0xFF01, 0xFF5F)]  # full-width forms (，：；！？（）)
)


def texts() -> Iterable[str]:
    """Every Chinese text the game ships: catalog translations and rules texts."""
    for po in sorted(ROOT.glob(f"**/locale/{LANG}/LC_MESSAGES/*.po")):
        if ".venv" in po.parts:
            continue
        yield from _msgstrs(po.read_text(encoding="utf-8"))
    for md in sorted(ROOT.glob(f"**/*.{LANG}.md")):
        if ".venv" not in md.parts:
            yield md.read_text(encoding="utf-8")


_MSGSTR = re.compile(r'^msgstr(?:\[\d+\])?\s+"(.*)"\s*$|^"(.*)"\s*$')


def _msgstrs(po: str) -> Iterable[str]:
    """The msgstr lines of a .po file (continuation lines included), unescaped enough
    for their characters."""
    inside = False
    for line in po.splitlines():
        if line.startswith("msgstr"):
            inside = True
        elif line.startswith(("msgid", "msgctxt", "#")) or not line.strip():
            inside = False
        if inside:
            m = _MSGSTR.match(line)
            if m:
                yield (m.group(1) if m.group(1) is not None else m.group(2)).replace("\\n", "\n")


def needed() -> set[str]:
    """Every character the Chinese texts use (the font must hold each)."""
    chars: set[str] = set()
    for t in texts():
        chars.update(t)
    return {c for c in chars if c.isprintable()}


def _source(given: str | None) -> Path:
    for p in [Path(given)] if given else SOURCES:
        if p.is_file():
            return p
    sys.exit(
        "no source font: apt-get install fonts-noto-cjk, or give --source "
        "NotoSansCJK-Regular.ttc or NotoSansCJKsc-Regular.otf"
    )


def _open(path: Path):
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        for i, f in enumerate(TTCollection(str(path)).fonts):
            if f["name"].getDebugName(1) == SC_NAME:
                return TTFont(str(path), fontNumber=i)
        sys.exit(f"{path}: no '{SC_NAME}' face in the collection")
    return TTFont(str(path))


def make(source: Path, out: Path = OUT) -> tuple[int, int]:
    """Write the subset; returns (characters asked, characters the source lacks)."""
    try:
        from fontTools import subset
    except ImportError:
        sys.exit("tools/make_cjk_font.py needs fontTools: pip install fonttools")
    font = _open(source)
    cmap = font.getBestCmap()
    chars = needed()
    lacking = sorted(c for c in chars if ord(c) not in cmap)
    chars |= {c for c in ALWAYS if ord(c) in cmap}
    options = subset.Options()
    options.layout_features = ["*"]  # keep vertical metrics and punctuation spacing
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    options.hinting = False  # small and crisp enough at UI sizes
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[ord(c) for c in chars if ord(c) in cmap])
    sub.subset(font)
    # Tighter lines than Noto's (1.16 em up, 0.29 down: room for stacked accents no
    # Chinese text has): the table's plates and rows are laid out for pygame's default
    # font, whose lines are about 1.12 em; ideographs stay inside (-0.12 to 0.88 em).
    up, down = ASCENT, DESCENT
    font["hhea"].ascent, font["hhea"].descent, font["hhea"].lineGap = up, -down, 0
    os2 = font["OS/2"]
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = up, -down, 0
    os2.usWinAscent, os2.usWinDescent = up, down
    names = font["name"]
    for rec in names.names:
        if rec.nameID in (1, 4, 16):
            rec.string = FAMILY
        elif rec.nameID == 3:
            rec.string = f"{FAMILY}; subset of {SC_NAME} made by tools/make_cjk_font.py"
        elif rec.nameID == 6:
            rec.string = FAMILY.replace(" ", "")
    out.parent.mkdir(parents=True, exist_ok=True)
    font.recalcTimestamp = False  # the same texts make the same bytes (no churn in git)
    font.save(str(out))
    return len(chars), len(lacking)


def missing(font_path: Path = OUT) -> list[str]:
    """The characters the Chinese texts use that the shipped font lacks."""
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(font_path), lazy=True).getBestCmap()
    return sorted(c for c in needed() if ord(c) not in cmap)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", help="the Noto Sans CJK font to subset")
    ap.add_argument("--check", action="store_true", help="only check the shipped font")
    a = ap.parse_args(argv)
    if a.check:
        gone = missing()
        if gone:
            print(f"{OUT.name} lacks {len(gone)} character(s): {''.join(gone[:40])}")
            return 1
        print(f"{OUT.name} holds every character the Chinese texts use")
        return 0
    asked, lacking = make(_source(a.source))
    print(f"wrote {OUT.relative_to(ROOT)}: {asked} characters, {OUT.stat().st_size} bytes")
    if lacking:
        print(f"the source lacks {lacking} of them (they draw as boxes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
