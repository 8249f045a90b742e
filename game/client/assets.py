"""Card faces, backs, table felt, overlays, icons and fonts for the client: `Assets`, the
cache the scenes draw from, and the sprite files it loads.

The drawing lives in painter.py (cards), icons.py (felt and icons) and palette.py
(colours, suit looks, fonts, shape helpers); this module re-exports what tools and tests
use of them. A game's own card art (its sprites folder, how its suits are drawn, the
words on its named cards) comes from its presentation's `card_art()` and is set up by
`Assets.use_variant`.
"""

from __future__ import annotations

import sys
import time
from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from crowsnest.engine.presentation import CardArt, presentation_of
from crowsnest.i18n import variant_text

from . import tone as tonemod

# what tools and tests use of the drawing modules, re-exported (see __all__)
from .icons import (
    APP_ICON_SIZES,
    ICON_NAMES,
    draw_app_icon,
    draw_felt_tile,
    draw_icon,
    draw_table,
)
from .painter import (
    JOKER_WORDS_EN,
    PIPS,
    SHAPES,
    draw_back,
    draw_face,
    draw_outline,
    draw_points_badge,
    glyph_surface,
    joker_words,
)
from .palette import (
    BACK_STYLES,
    BASE_CARD_HEIGHT,
    CARD_ASPECT,
    DEFAULT_FELT,
    FELTS,
    ICON_BASE,
    JOKER_RANKS,
    LIGHT_FELT_LUMINANCE,
    MAX_CACHED_HEIGHTS,
    OUTLINE_KINDS,
    SPRITES_DIR,
    STANDARD_LOOKS,
    STANDARD_RANKS,
    STANDARD_SUITS,
    TEXT_OUTLINE,
    UI_LIGHT,
    Colour,
    card_size_for,
    face_label,
    four_colour,
    get_font,
    is_joker,
    look,
    looks_now,
    luminance,
    recoloured,
    set_colour_blind,
    set_four_colour,
    set_game_art,
    set_suit_colours,
    suit_colour,
    text_ink,
)
from .portraits import SITTERS, draw_portrait, load_picture
from .widgets import MUTED as MUTED_WORDS

if TYPE_CHECKING:
    from crowsnest.engine import Deck

# Spare time of a frame given to making cards ahead (Assets.warm): a table frame draws in
# 3-7 ms of a 16.7 ms frame, and one card face takes 0.3-4 ms to load, scale and tone
# (issue 31: the frames that drew a card for the first time were the slow ones). A frame
# makes cards only while it has taken less than WARM_FRAME_S, for at most WARM_BUDGET_S:
# a frame that is slow already is not made slower. Both in the render thread's CPU time,
# which other processes on a busy machine cannot stretch (wall time would starve it).
WARM_BUDGET_S = 0.002
WARM_FRAME_S = 0.007


# -- sprite files -------------------------------------------------------------------------
def face_key(rank: str, suit: str, label: str = "") -> str:
    """File stem of the sprite for a face, e.g. "R_14", "S_T", "J_BJ"; a named card's
    stem is its rank and its word ("BIRD_CROW")."""
    if label:
        return "".join(ch if ch.isalnum() else "_" for ch in f"{rank}_{label.upper()}")
    if suit in STANDARD_SUITS and rank == "10":
        rank = "T"
    return "".join(ch if ch.isalnum() else "_" for ch in f"{suit}_{rank}")


def icon_key(name: str) -> str:
    """File stem of an icon: "suit:S" -> "suit_S"; other characters by their code."""
    name = name.replace(":", "_")
    return "".join(ch if ch.isalnum() or ch == "_" else f"x{ord(ch):02x}" for ch in name)


def all_sprite_faces() -> list[tuple[str, str, str]]:
    """(rank, suit, label) of every face tools/make_sprites.py writes into our sprites:
    the standard pack and its jokers (a game's own faces go to its own folder)."""
    faces = [(r, s, "") for s in STANDARD_SUITS for r in STANDARD_RANKS]
    faces += [(r, "J", "") for r in JOKER_RANKS]
    return faces


def _card_art(variant: object) -> CardArt:
    try:
        art = presentation_of(variant).card_art()
    except Exception:  # noqa: BLE001 - a plugin's art must not break the table
        return CardArt()
    return art if isinstance(art, CardArt) else CardArt()


def _luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG relative luminance (0 black .. 1 white)."""

    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(x) for x in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


class Assets:
    """Cached, scaled art for the client. Loads `sprites/` when present; draws otherwise."""

    def __init__(self, card_height: int = 150, sprites_dir: Path | str | None = None) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.sprites_dir = Path(sprites_dir) if sprites_dir is not None else SPRITES_DIR
        self.variant_sprites_dir: Path | None = None  # a plugin's own art, searched first
        self.card_height = 0
        self.card_size: tuple[int, int] = (0, 0)
        # card surfaces, one cache per card height, least recently used height dropped
        # first: a window dragged through many sizes must not keep every size alive
        self._by_height: OrderedDict[int, dict[tuple[object, ...], pygame.Surface]] = OrderedDict()
        self._cards: dict[tuple[object, ...], pygame.Surface] = {}
        self._bases: dict[str, pygame.Surface | None] = {}
        self._tables: dict[tuple[int, int], pygame.Surface] = {}
        self._icons: dict[tuple[str, int], pygame.Surface] = {}
        self._felt: pygame.Surface | None = None
        self.tone = tonemod.Tone()  # Settings -> Look: applied to the felt and the chrome
        self.felt_name = ""  # Settings -> Look: a FELTS name, or "" for the game's own
        self.back_name = ""  # a BACK_STYLES name, or "" for the game's own (else ours)
        self.felt_light = False  # words on the felt then get a dark outline
        self._specks: tuple[Any, bool] = (None, False)  # (felt and tone, words outlined)
        self.portrait_files: tuple[str, ...] = ()  # [look] portraits: a player's own pictures
        self._portraits: dict[tuple[int, int], pygame.Surface] = {}
        # cards to make ahead (Assets.ahead): what was asked for, and what is left of it,
        # last first: (card height, (rank, suit, points), an outline's kind or None for
        # the back)
        self._ahead_asked: tuple[tuple[tuple[str, str, int], ...], tuple[int, ...]] = ((), ())
        self._ahead: list[tuple[int, tuple[str, str, int] | str | None]] = []
        self._art_key: tuple[object, ...] | None = None  # the art use_variant set up
        self.set_card_height(card_height)

    # -- sizing
    def set_card_height(self, h: int) -> None:
        """Change the card size; surfaces are cached per size, so switching back is free."""
        self.card_height = max(16, int(h))
        self.card_size = card_size_for(self.card_height)
        cache = self._by_height.get(self.card_height)
        if cache is None:
            cache = self._by_height[self.card_height] = {}
            while len(self._by_height) > MAX_CACHED_HEIGHTS:
                self._by_height.popitem(last=False)
        else:
            self._by_height.move_to_end(self.card_height)
        self._cards = cache

    def _drop_cards(self) -> None:
        """Forget every drawn card (their look changed); what was asked for ahead is
        made again ahead."""
        self._by_height.clear()
        self.set_card_height(self.card_height)
        self.ahead(*self._ahead_asked)

    # -- made ahead
    def ahead(self, faces: Iterable[tuple[str, str, int]], heights: Iterable[int]) -> None:
        """Make these faces (rank, suit, points; the running game's labels), the back and
        the outlines at each card height ahead of their first use, a few at a time in
        the spare time of later frames (`warm`): a card drawn for the first time then
        costs its frame nothing. Replaces what was asked before; heights first are made
        first."""
        faces = tuple(dict.fromkeys(faces))
        heights = tuple(dict.fromkeys(max(16, int(h)) for h in heights))
        self._ahead_asked = (faces, heights)
        extras: tuple[tuple[str, str, int] | str | None, ...] = (None, *OUTLINE_KINDS)
        jobs = [(h, f) for h in heights for f in (*extras, *faces)]
        jobs.reverse()  # popped from the end: the first height first
        self._ahead = jobs

    def ahead_left(self) -> int:
        """How many cards asked for ahead are not made yet."""
        return len(self._ahead)

    def warm(self, budget_s: float = WARM_BUDGET_S) -> int:
        """Make cards asked for ahead while `budget_s` seconds are left (none when it is
        0 or less; a card begun is finished, so it may run over by one card); the card
        size in use is left as it was. Returns how many are left."""
        if not self._ahead or budget_s <= 0:
            return len(self._ahead)
        end = time.thread_time() + budget_s
        h0 = self.card_height
        while self._ahead:
            h, job = self._ahead.pop()
            if h != self.card_height:
                self.set_card_height(h)
            if job is None:
                self.card_back()
            elif isinstance(job, str):
                self.card_outline(job)
            else:
                self.face(*job)
            if time.thread_time() >= end:
                break
        self.set_card_height(h0)
        return len(self._ahead)

    # -- loading helpers
    def _ready(self, s: pygame.Surface) -> pygame.Surface:
        """convert_alpha for fast blits, only once a display mode exists."""
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            try:
                return s.convert_alpha()
            except pygame.error:
                return s
        return s

    def use_variant(self, variant: object) -> None:
        """Set up for a game: its card art (crowsnest.engine.presentation.CardArt), that is
        its own sprites folder (searched before ours: cards/<suit>_<rank>.png,
        backs/<style>.png, icons/suit_<key>.png), how to draw its suits, and the words
        printed on its named cards. Without art of its own: the old convention, a
        `sprites/` folder beside the module defining its deck part. Anything not found
        comes from our sprites or is drawn from rank and suit."""
        art = _card_art(variant)
        blind = getattr(art, "colour_blind_suits", None) or {}
        set_game_art(art.suits, art.labels, lambda word: variant_text(variant, word), blind)
        folder: Path | None = None
        candidates = [Path(art.folder)] if art.folder else []
        deck_part = getattr(variant, "deck", None)
        module = sys.modules.get(type(deck_part).__module__) if deck_part is not None else None
        source = getattr(module, "__file__", None)
        if source:
            candidates.append(Path(source).resolve().parent / "sprites")
        for candidate in candidates:
            if candidate.is_dir() and candidate.resolve() != self.sprites_dir.resolve():
                folder = candidate
                break
        # the same game's art again (the title showed it, the table opens): what was
        # drawn stands; the felt alone takes 25-60 ms to make at a desktop's size
        last = self._art_key
        if last is not None and last[0] is variant and last[1:] == (art, folder):
            return
        self._art_key = (variant, art, folder)
        # a game's art changes what its faces and suit icons look like: draw afresh
        self.variant_sprites_dir = folder
        self._felt = None  # the game may bring its own felt and back
        self._tables.clear()
        self._bases.clear()
        self._icons.clear()
        self.ahead((), ())  # another game's cards: its table asks for its own
        self._drop_cards()

    def _sprite_file(self, rel: str) -> Path | None:
        for folder in (self.variant_sprites_dir, self.sprites_dir):
            if folder is not None and (folder / rel).is_file():
                return folder / rel
        return None

    def _load(self, rel: str) -> pygame.Surface | None:
        if rel in self._bases:
            return self._bases[rel]
        path = self._sprite_file(rel)
        img: pygame.Surface | None = None
        if path is not None:
            try:
                img = pygame.image.load(str(path))
            except (pygame.error, OSError):
                img = None  # a damaged sprite: fall back to drawing
        self._bases[rel] = img
        return img

    def sprite_path(self, rank: str, suit: str, label: str | None = None) -> Path | None:
        """The committed sprite a face is scaled from, or None when it is drawn."""
        name = face_label(rank) if label is None else label
        return self._sprite_file(f"cards/{face_key(rank, suit, name)}.png")

    def _scaled(self, base: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        if base.get_size() == size:
            return base.copy()
        if base.get_bitsize() < 24:
            base = base.convert(32, pygame.SRCALPHA)  # smoothscale needs 24/32-bit pixels
        return pygame.transform.smoothscale(base, size)

    # -- cards
    def card_face(self, deck: Deck, card: int, label: str | None = None) -> pygame.Surface:
        return self.face(deck.ranks[card], deck.suits[card], deck.points[card], label)

    def face(
        self, rank: str, suit: str, points: int = 0, label: str | None = None
    ) -> pygame.Surface:
        """A face from its rank, suit and counter value (no Deck needed). `label`: the
        word a named card prints (None: the running game's, see use_variant)."""
        label = (face_label(rank) if label is None else label).upper()
        # a joker's face prints words: in another language it is drawn, not the sprite
        words = joker_words() if is_joker(rank, suit) else JOKER_WORDS_EN
        key = ("face", rank, suit, points, label, words)
        s = self._cards.get(key)
        if s is None:
            # above the sprites' resolution, draw instead of blowing a sprite up (crisper)
            big = self.card_height > BASE_CARD_HEIGHT
            # the committed sprites are in the suits' own colours: a suit in other
            # colours (four colours, the player's, a colour-blind palette) is drawn
            redrawn = recoloured(suit)
            translated = words != JOKER_WORDS_EN
            sprite = (
                None if big or redrawn or translated else f"cards/{face_key(rank, suit, label)}.png"
            )
            base = self._load(sprite) if sprite else None
            if base is not None:
                s = self._scaled(base, self.card_size)
            else:
                s = draw_face(rank, suit, self.card_height, label)
            draw_points_badge(s, points)
            s = self._ready(tonemod.card_surface(s))
            self._cards[key] = s
        return s

    def card_back(self, style: str | None = None) -> pygame.Surface:
        """A card back: `style` as named, else the player's choice (Settings -> Look),
        else the game's own back (its folder's backs/default.png), else ours."""
        style = style or self.back_name or "default"
        if style not in BACK_STYLES:
            style = "default"
        key = ("back", style)
        s = self._cards.get(key)
        if s is None:
            big = self.card_height > BASE_CARD_HEIGHT
            base = None if big else self._load(f"backs/{style}.png")
            s = (
                self._scaled(base, self.card_size)
                if base is not None
                else draw_back(style, self.card_height)
            )
            s = self._ready(tonemod.card_surface(s))
            self._cards[key] = s
        return s

    def card_outline(self, kind: str) -> pygame.Surface:
        """ "hover", "selected", "legal" or "dim": an overlay the size of a card."""
        key = ("outline", kind)
        s = self._cards.get(key)
        if s is None:
            s = self._ready(draw_outline(kind, self.card_size))
            self._cards[key] = s
        return s

    # -- table and UI
    def table(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt over the whole window, in the Look's tone (made once per size and
        setting: a still table costs one blit)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        s = self._tables.get(size)
        if s is None:
            tile = self.felt_tile()
            style = FELTS.get(self.felt_name)
            vignette = style.vignette if style else (90 if self.felt_light else 200)
            s = tonemod.tone_table(draw_table(size, tile, vignette), self.tone)
            if pygame.display.get_surface() is not None:
                s = s.convert()
            self._tables = {size: s}  # windows resize rarely: keep only the current size
        return s

    def felt_tile(self) -> pygame.Surface:
        """The felt's tile: the chosen felt from our sprites, or (chosen "") the game's
        own `table/felt.png`, else our green; drawn when its file is missing."""
        if self._felt is None:
            name = self.felt_name if self.felt_name in FELTS else ""
            own = self.variant_sprites_dir
            tile = None
            if not name and own is not None and (own / "table" / "felt.png").is_file():
                tile = self._load_file(own / "table" / "felt.png")
            name = name or DEFAULT_FELT
            if tile is None:
                rel = "table/felt.png" if name == DEFAULT_FELT else f"table/felt-{name}.png"
                path = self.sprites_dir / rel
                tile = self._load_file(path) if path.is_file() else None
            if tile is None:
                st = FELTS[name]
                tile = draw_felt_tile(seed=st.seed, colour=st.colour, weave=st.weave)
            self._felt = tile
            r, g, b = pygame.transform.average_color(tile)[:3]
            self.felt_light = _luminance((r, g, b)) > LIGHT_FELT_LUMINANCE
        return self._felt

    def _load_file(self, path: Path) -> pygame.Surface | None:
        try:
            return pygame.image.load(str(path))
        except (pygame.error, OSError):
            return None  # a damaged file: the felt is drawn instead

    def text_outline(self) -> Colour | None:
        """A dark outline for words drawn on a light felt (None on the dark ones), and
        on a felt whose Look (a coarse grain, a low contrast) lifts its light specks so
        far that the muted words no longer keep 3:1 against them."""
        tile = self.felt_tile()
        return TEXT_OUTLINE if self.felt_light or self._specks_crowd(tile) else None

    def _specks_crowd(self, tile: pygame.Surface) -> bool:
        """Whether the toned felt's lightest specks (its 99th percentile) leave the muted
        words under 3:1 (worked out once per felt and setting; at 50 never)."""
        key = (id(tile), self.tone)
        if self._specks[0] != key:
            crowd = False
            if not self.tone.neutral:
                toned = tonemod.tone_table(tile, self.tone)
                data = pygame.image.tobytes(toned, "RGB")
                lum = sorted(luminance(data[i : i + 3]) for i in range(0, len(data) - 2, 87))
                light = lum[min(len(lum) - 1, len(lum) * 99 // 100)]
                crowd = (luminance(MUTED_WORDS) + 0.05) / (light + 0.05) < 3.0
            self._specks = (key, crowd)
        return self._specks[1]

    def set_felt(self, name: str) -> None:
        if name != self.felt_name:
            self.felt_name = name
            self._felt = None
            self._tables.clear()

    def set_back(self, name: str) -> None:
        if name != self.back_name:
            self.back_name = name
            self._drop_cards()

    def portrait(self, seat: int, size: int) -> pygame.Surface:
        """Seat `seat`'s portrait, `size` px square: the player's picture for it from
        the config, else sprites/portraits/<seat + 1>.png, else drawn."""
        size = max(8, int(size))
        key = (seat, size)
        s = self._portraits.get(key)
        if s is None:
            own = self.portrait_files[seat] if seat < len(self.portrait_files) else ""
            s = load_picture(Path(own).expanduser(), size) if own else None
            if s is None:
                n = seat % len(SITTERS) + 1
                base = self._load(f"portraits/{n}.png")
                s = (
                    self._scaled(base, (size, size))
                    if base is not None
                    else draw_portrait(seat, size)
                )
            s = self._ready(s)
            if len(self._portraits) > 200:
                self._portraits.clear()
            self._portraits[key] = s
        return s

    def set_portraits(self, files: tuple[str, ...]) -> None:
        if files != self.portrait_files:
            self.portrait_files = tuple(files)
            self._portraits.clear()

    def set_tone(self, tone: tonemod.Tone) -> None:
        """Contrast, grain and colour temperature (Settings -> Look): the felt, the
        panels and, gently, the cards are drawn afresh in the new tone."""
        changed = tonemod.set_current(tone) or tone != self.tone
        self.tone = tone
        if changed:
            self._tables.clear()
            self._drop_cards()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return get_font(size, bold)

    def icon(self, name: str, size: int) -> pygame.Surface:
        """UI glyphs: dealer, declarer, trump, crown, bird, nest, hint, undo, sound, mute,
        settings, ai, human, team, lock, check, cross, cards, star, suit:X. Unknown: "?"."""
        size = max(2, int(size))
        key = (name, size)
        s = self._icons.get(key)
        if s is None:
            drawn = name.startswith("suit:") and recoloured(name[5:])  # in other colours
            base = (
                self._load(f"icons/{icon_key(name)}.png")
                if name in ICON_NAMES and not drawn
                else None
            )
            if base is not None:
                s = self._scaled(base, (size, size))
            else:
                s = draw_icon(name, size)
            s = self._ready(s)
            if len(self._icons) > 600:
                self._icons.clear()  # many UI scales seen (window resizes): start afresh
            self._icons[key] = s
        return s

    def suit_glyph(self, suit: str) -> str:
        """A Unicode symbol for text outside the window (the default font lacks these);
        in the window use icon("suit:" + suit, size)."""
        lk = look(suit)
        return (lk.symbol if lk is not None else "") or suit

    def set_colours(self, colour_blind: bool, suit_colours: dict[str, Colour]) -> None:
        """Settings -> Look's colour help: a game's colour-blind palette, and the
        player's own colours for the standard suits; faces drawn afresh on a change."""
        before = looks_now()
        set_colour_blind(colour_blind)
        set_suit_colours(suit_colours)
        if before != looks_now():
            self._icons.clear()
            self._drop_cards()

    def set_four_colour(self, on: bool) -> None:
        """Two or four colours for the standard pack (Settings); faces drawn afresh."""
        if on == four_colour():
            return
        set_four_colour(on)
        self._icons.clear()
        self._drop_cards()

    def suit_colour(self, suit: str) -> tuple[int, int, int]:
        return suit_colour(suit)

    def suit_colour_on_dark(self, suit: str) -> tuple[int, int, int]:
        """A readable colour for a suit's name or glyph on a dark panel or the felt: black
        suits turn light grey, the others are lifted towards white."""
        lk = look(suit)
        if lk is not None and lk.on_dark is not None:
            return lk.on_dark
        r, g, b = suit_colour(suit)
        if 0.3 * r + 0.59 * g + 0.11 * b < 60:
            return UI_LIGHT
        return (min(255, r + 70), min(255, g + 70), min(255, b + 70))

    def text(
        self, text: str, size: int, colour: Colour = UI_LIGHT, bold: bool = False
    ) -> pygame.Surface:
        """Text with inline icons: "{suit:H}" or "{dealer}" in text become icons of the
        line's height. Handy for "Trump {suit:R}" in a font without suit symbols."""
        f = self.font(size, bold)
        parts: list[pygame.Surface] = []
        rest = text
        while rest:
            a = rest.find("{")
            b = rest.find("}", a + 1) if a >= 0 else -1
            if a < 0 or b < 0:
                parts.append(f.render(rest, True, colour))
                break
            if a:
                parts.append(f.render(rest[:a], True, colour))
            parts.append(self.icon(rest[a + 1 : b], f.get_height()))
            rest = rest[b + 1 :]
        if not parts:
            return pygame.Surface((1, f.get_height()), pygame.SRCALPHA)
        out = pygame.Surface(
            (sum(p.get_width() for p in parts), max(p.get_height() for p in parts)), pygame.SRCALPHA
        )
        x = 0
        for p in parts:
            out.blit(p, (x, (out.get_height() - p.get_height()) // 2))
            x += p.get_width()
        return out


__all__ = [
    "APP_ICON_SIZES",
    "BACK_STYLES",
    "BASE_CARD_HEIGHT",
    "CARD_ASPECT",
    "ICON_BASE",
    "ICON_NAMES",
    "JOKER_RANKS",
    "MAX_CACHED_HEIGHTS",
    "OUTLINE_KINDS",
    "PIPS",
    "SHAPES",
    "SPRITES_DIR",
    "STANDARD_LOOKS",
    "STANDARD_RANKS",
    "STANDARD_SUITS",
    "Assets",
    "all_sprite_faces",
    "card_size_for",
    "draw_app_icon",
    "draw_back",
    "draw_face",
    "draw_felt_tile",
    "draw_icon",
    "draw_outline",
    "draw_points_badge",
    "draw_table",
    "face_key",
    "get_font",
    "glyph_surface",
    "icon_key",
    "set_game_art",
    "text_ink",
]
