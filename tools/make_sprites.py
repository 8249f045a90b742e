"""Render the card art into sprites/ (committed; the client loads and scales it).

    python tools/make_sprites.py [--out DIR] [--height PX]

The drawing code lives in game/client/assets.py, which also draws any face it finds no
sprite for (plugin decks), so a sprite and a drawn face look the same. Restyle there and
rerun this. Deterministic: same code, same files.

Writes cards/<suit>_<rank>.png (Rook family 1-14 in B G R Y, BIRD_<label> for each bird
name, the standard pack S H D C, jokers J_BJ / J_RJ), backs/<style>.png, icons/<name>.png,
table/felt.png and app/crowsnest-arcade-<size>.png (the application icon that
`crowsnest desktop-entry` installs and the window shows).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402
from crowsnest.client import assets as A  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=A.SPRITES_DIR, help="sprites folder")
    ap.add_argument("--height", type=int, default=A.BASE_CARD_HEIGHT, help="card height in px")
    args = ap.parse_args(argv)
    pygame.font.init()
    out: Path = args.out
    for sub in ("cards", "backs", "icons", "table", "app"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    n = 0
    for rank, suit, label in A.all_sprite_faces():
        face = A.draw_face(rank, suit, args.height, label or "BIRD")
        pygame.image.save(
            face, str(out / "cards" / f"{A.face_key(rank, suit, label or 'BIRD')}.png")
        )
        n += 1
    for style in A.BACK_STYLES:
        pygame.image.save(A.draw_back(style, args.height), str(out / "backs" / f"{style}.png"))
        n += 1
    for name in A.ICON_NAMES:
        pygame.image.save(
            A.draw_icon(name, A.ICON_BASE), str(out / "icons" / f"{A.icon_key(name)}.png")
        )
        n += 1
    pygame.image.save(A.draw_felt_tile(), str(out / "table" / "felt.png"))
    n += 1
    for size in A.APP_ICON_SIZES:
        pygame.image.save(A.draw_app_icon(size), str(out / "app" / f"crowsnest-arcade-{size}.png"))
        n += 1
    total = sum(p.stat().st_size for p in out.rglob("*.png"))
    print(f"wrote {n} sprites to {out} ({total / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
