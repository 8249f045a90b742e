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
from crowsnest.client.palette import set_game_art  # noqa: E402


def game_faces(variant: object) -> set[tuple[str, str]]:
    """(rank, suit) of every card the variant can deal: its deck for each seat count,
    with the defaults and with each option's every other value in turn."""
    options = [o for o in variant.options if o.kind in ("choice", "int", "bool")]
    base = {o.key: o.default for o in variant.options}
    trials = [base]
    for o in options:
        if o.kind == "choice":
            values = list(o.choices)
        elif o.kind == "bool":
            values = [True, False]
        elif o.minimum is not None and o.maximum is not None and o.maximum - o.minimum <= 20:
            values = list(range(o.minimum, o.maximum + 1, o.step or 1))
        else:
            values = []
        trials += [{**base, o.key: v} for v in values]
    faces: set[tuple[str, str]] = set()
    for opts in trials:
        for seats in variant.seats:
            try:
                deck = variant.deck.build(variant.resolve_options(opts), seats)
            except Exception:  # noqa: BLE001 - an option combination the game refuses
                continue
            faces.update(zip(deck.ranks, deck.suits, strict=True))
    return faces


def write_game_faces(height: int) -> int:
    """Each built-in game with a sprites folder of its own gets the faces of its deck
    that are not the standard pack's, drawn with its own suit looks and card words."""
    from crowsnest.engine.presentation import presentation_of
    from crowsnest.plugin_host import load_registry

    registry = load_registry(user_folder=False)
    by_folder: dict[Path, dict[str, tuple[object, set[tuple[str, str, str]]]]] = {}
    for variant in registry.variants.values():
        art = presentation_of(variant).card_art()
        if not art.folder:
            continue
        folder = Path(art.folder)
        faces = {
            (r, s, art.labels.get(r, ""))
            for r, s in game_faces(variant)
            if not (s in A.STANDARD_SUITS or s == "J")
        }
        key = repr(sorted(art.suits))
        _art, got = by_folder.setdefault(folder, {}).setdefault(key, (art, set()))
        got.update(faces)
    n = 0
    for folder, groups in by_folder.items():
        (folder / "cards").mkdir(parents=True, exist_ok=True)
        (folder / "icons").mkdir(parents=True, exist_ok=True)
        for art, faces in groups.values():
            set_game_art(art.suits, art.labels)
            for rank, suit, label in sorted(faces):
                face = A.draw_face(rank, suit, height, label)
                pygame.image.save(
                    face, str(folder / "cards" / f"{A.face_key(rank, suit, label)}.png")
                )
                n += 1
            for suit in art.suits:
                name = f"suit:{suit}"
                path = folder / "icons" / f"{A.icon_key(name)}.png"
                pygame.image.save(A.draw_icon(name, A.ICON_BASE), str(path))
                n += 1
    set_game_art({}, {})
    return n


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
    set_game_art({}, {})  # our own sprites: the standard pack and its jokers
    for rank, suit, label in A.all_sprite_faces():
        face = A.draw_face(rank, suit, args.height, label)
        pygame.image.save(face, str(out / "cards" / f"{A.face_key(rank, suit, label)}.png"))
        n += 1
    if args.out == A.SPRITES_DIR:  # the built-in games' art, into each game's own folder
        n += write_game_faces(args.height)
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
