"""Render the Look's art (Settings -> Look) into sprites/ and the built-in games' folders.

    python tools/make_looks.py [--out DIR]

Writes table/felt-<name>.png for every felt but green (table/felt.png, written by
tools/make_sprites.py), backs/<style>.png for the backs tools/make_sprites.py does not
know yet, the built-in games' own felts and backs (GAME_ART, into each game's sprites
folder) and portraits/<n>.png, the computer opponents' faces. The drawing lives in
game/client (icons.py, painter.py, portraits.py); deterministic: same code, same files.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
from crowsnest.client import assets as A  # noqa: E402
from crowsnest.client.palette import DEFAULT_FELT, FELTS  # noqa: E402
from crowsnest.client.portraits import PORTRAIT_BASE, SITTERS, draw_portrait  # noqa: E402

# The built-in games' own felts and backs: (folder, felt (colour, weave, seed) or None,
# back (colour, pattern) or None). Each game's presentation names its folder as card art.
GAME_ART = {
    "plugins/rook/sprites": (None, ((16, 72, 80), "rings")),
    "plugins/doudizhu/sprites": (((112, 30, 28), 0, 29), ((150, 28, 30), "stripes")),
    "plugins/tractor/sprites": (((18, 80, 78), 2, 31), None),
}
NEW_BACKS = ("teal", "black")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=A.SPRITES_DIR, help="sprites folder")
    args = ap.parse_args(argv)
    pygame.font.init()
    out: Path = args.out
    written: list[Path] = []

    def save(surface: pygame.Surface, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
        written.append(path)

    for name, st in FELTS.items():
        if name != DEFAULT_FELT:
            tile = A.draw_felt_tile(seed=st.seed, colour=st.colour, weave=st.weave)
            save(tile, out / "table" / f"felt-{name}.png")
    for i in range(len(SITTERS)):
        save(draw_portrait(i, PORTRAIT_BASE), out / "portraits" / f"{i + 1}.png")
    for style in NEW_BACKS:
        save(A.draw_back(style, A.BASE_CARD_HEIGHT), out / "backs" / f"{style}.png")
    if args.out == A.SPRITES_DIR:
        for folder, (felt, back) in GAME_ART.items():
            where = ROOT / folder
            if felt is not None:
                colour, weave, seed = felt
                tile = A.draw_felt_tile(seed=seed, colour=colour, weave=weave)
                save(tile, where / "table" / "felt.png")
            if back is not None:
                colour, pattern = back
                img = A.draw_back("", A.BASE_CARD_HEIGHT, colour=colour, pattern=pattern)
                save(img, where / "backs" / "default.png")
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} files, {total // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
