"""Card art and sound: every card of every family gets a face, plugin decks included;
audio never raises; the generators are deterministic."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from crowsnest.client import assets as A
from crowsnest.client.assets import Assets
from crowsnest.client.audio import SOUND_NAMES, Audio
from crowsnest.client.palette import set_game_art
from crowsnest.engine import Deck

ROOT = Path(__file__).resolve().parents[2]


def rook_deck() -> Deck:
    names = [f"{s}{r}" for s in "BGRY" for r in range(1, 15)] + ["BIRD"]
    pts = {1: 15, 5: 5, 10: 10, 14: 10}
    return Deck(
        names=tuple(names),
        points=tuple(pts.get(r, 0) for _ in "BGRY" for r in range(1, 15)) + (20,),
        ranks=tuple(str(r) for _ in "BGRY" for r in range(1, 15)) + ("BIRD",),
        suits=tuple(s for s in "BGRY" for _ in range(14)) + ("*",),
    )


def standard_deck(jokers: bool = True, copies: int = 1) -> Deck:
    cards = [(r, s) for s in "SHDC" for r in "23456789TJQKA"] * copies
    names = [r + s for r, s in cards]
    ranks = [r for r, _ in cards]
    suits = [s for _, s in cards]
    if jokers:
        names += ["BJ", "RJ"] * copies
        ranks += ["BJ", "RJ"] * copies
        suits += ["J", "J"] * copies
    pts = {"5": 5, "T": 10, "K": 10}
    return Deck(tuple(names), tuple(pts.get(r, 0) for r in ranks), tuple(ranks), tuple(suits))


@pytest.fixture(scope="module")
def pg():
    pygame.init()
    yield


@pytest.fixture(autouse=True)
def no_game_art():
    """Each test starts with the client's own art only (use_variant sets a game's)."""
    set_game_art({}, {})
    yield
    set_game_art({}, {})


def with_rook_art(assets: Assets, variant_id: str = "crowsnest") -> Assets:
    """The Rook family's card art (its suits' looks, its sprites, the bird's name)."""
    from crowsnest_games.rook import get_variant

    assets.use_variant(get_variant(variant_id))
    return assets


def test_fonts_survive_a_pygame_restart(pg):
    before = A.get_font(21)
    pygame.quit()
    pygame.init()
    after = A.get_font(21)
    assert after is not before
    assert after.render("10", True, (0, 0, 0)).get_width() > 0
    assert Assets(90).face("7", "Q").get_size() == (63, 90)


def _ink_differs(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


@pytest.mark.parametrize("height", [90, 150])
def test_every_rook_and_standard_card_has_a_distinct_face_of_card_size(pg, height):
    assets = with_rook_art(Assets(height))
    seen: dict[bytes, str] = {}
    for deck in (rook_deck(), standard_deck(copies=2)):
        for card in range(len(deck)):
            face = assets.card_face(deck, card)
            assert face.get_size() == assets.card_size
            digest = hashlib.sha1(pygame.image.tobytes(face, "RGBA")).digest()
            name = deck.names[card]
            # Tractor's two packs repeat tokens: identical art for the same token is fine
            assert seen.setdefault(digest, name) == name, f"{name} looks like {seen[digest]}"
    w, h = assets.card_size
    assert h == height and abs(w / h - 0.7) < 0.02


def test_sprites_exist_for_the_built_in_families_and_match_the_drawn_faces(pg):
    # the committed sprites are what the generator draws, so the fallback looks the same
    for rank, suit, label in A.all_sprite_faces():
        path = A.SPRITES_DIR / "cards" / f"{A.face_key(rank, suit, label)}.png"
        assert path.is_file(), f"missing sprite {path.name}: run tools/make_sprites.py"
    drawn = A.draw_face("7", "S", A.BASE_CARD_HEIGHT)
    loaded = pygame.image.load(str(A.SPRITES_DIR / "cards" / "S_7.png"))
    assert loaded.get_size() == drawn.get_size()
    assert pygame.image.tobytes(loaded, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    # the Rook family's faces are its own art, in its own folder, drawn with its looks
    assets = with_rook_art(Assets(A.BASE_CARD_HEIGHT))
    path = assets.sprite_path("7", "G")
    assert path is not None and path.parent.parent.parent.name == "rook", path
    drawn = A.draw_face("7", "G", A.BASE_CARD_HEIGHT)
    loaded = pygame.image.load(str(path))
    assert pygame.image.tobytes(loaded, "RGBA") == pygame.image.tobytes(drawn, "RGBA")


def test_unknown_plugin_deck_gets_drawn_faces_without_sprites(pg, tmp_path):
    deck = Deck(("X7", "Z12", "WIZ"), (0, 3, 0), ("7", "12", "Wizard"), ("X", "Z", "W"))
    assets = Assets(120, sprites_dir=tmp_path)  # empty folder: everything is drawn
    faces = [assets.card_face(deck, c) for c in range(len(deck))]
    for f in faces:
        assert f.get_size() == assets.card_size
    assert _ink_differs(faces[0], faces[1])
    # a counter gets its badge: same card with and without points differs
    assert _ink_differs(assets.face("12", "Z", 3), assets.face("12", "Z", 0))


def test_missing_sprites_fall_back_to_the_same_drawing(pg, tmp_path):
    with_sprites = Assets(A.BASE_CARD_HEIGHT)
    drawn = Assets(A.BASE_CARD_HEIGHT, sprites_dir=tmp_path)
    a, b = with_sprites.face("Q", "H"), drawn.face("Q", "H")
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_set_card_height_rescales_and_caches(pg):
    assets = Assets(150)
    deck = rook_deck()
    big = assets.card_face(deck, 0)
    assets.set_card_height(90)
    small = assets.card_face(deck, 0)
    assert small.get_size() == assets.card_size == (63, 90)
    assert assets.card_back().get_size() == assets.card_size
    assets.set_card_height(150)
    assert assets.card_face(deck, 0) is big
    # a window dragged through many sizes: only the recent sizes stay cached
    for h in range(100, 100 + 3 * A.MAX_CACHED_HEIGHTS):
        assets.set_card_height(h)
        assert assets.card_face(deck, 0).get_size() == A.card_size_for(h)
    assets.set_card_height(150)
    assert assets.card_face(deck, 0) is not big
    assert len(assets._by_height) <= A.MAX_CACHED_HEIGHTS


def test_bird_label_shows_on_the_bird_card(pg, tmp_path):
    deck = rook_deck()
    bird = deck.ids("BIRD")[0]
    assets = with_rook_art(Assets(150), "partnership")  # "Rook" on the bird card
    generic = assets.card_face(deck, bird)
    crow = assets.card_face(deck, bird, label="CROW")
    raven = assets.card_face(deck, bird, label="RAVEN")  # no sprite for this word: drawn
    assert _ink_differs(generic, crow) and _ink_differs(crow, raven)
    assert raven.get_size() == assets.card_size


def test_backs_outlines_icons_table_and_fonts(pg):
    assets = with_rook_art(Assets(100))
    for style in [*A.BACK_STYLES, "no-such-style"]:
        assert assets.card_back(style).get_size() == assets.card_size
    for kind in A.OUTLINE_KINDS:
        o = assets.card_outline(kind)
        assert o.get_size() == assets.card_size
        assert o.get_bounding_rect().w > 0  # something visible
    for name in [*A.ICON_NAMES, "suit:Q", "no-such-icon"]:
        for size in (16, 40):
            icon = assets.icon(name, size)
            assert icon.get_size() == (size, size)
            assert icon.get_bounding_rect().w > 0
    table = assets.table((320, 200))
    assert table.get_size() == (320, 200)
    # vignette: the corners are darker than the middle
    assert sum(table.get_at((2, 2))[:3]) < sum(table.get_at((160, 100))[:3])
    assert assets.font(20) is assets.font(20)
    assert assets.font(20).render("10", True, (0, 0, 0)).get_height() > 0
    assert len({assets.suit_colour(s) for s in "BGRY"}) == 4
    # on a dark panel every suit's text colour is light enough to read
    for s in "BGRYSHDCJ*Q":
        r, g, b = assets.suit_colour_on_dark(s)
        assert 0.3 * r + 0.59 * g + 0.11 * b > 110, s
    assert len({assets.suit_glyph(s) for s in "SHDC"}) == 4
    line = assets.text("Trump {suit:R} red", 24)
    plain = assets.font(24).render("Trump  red", True, (0, 0, 0))
    assert line.get_height() == plain.get_height() and line.get_width() > plain.get_width()


def test_convert_after_display_mode_set(pg):
    pygame.display.set_mode((320, 240))
    assets = Assets(90)
    face = assets.face("A", "S")
    assert face.get_size() == assets.card_size


def test_rook_suits_differ_in_glyph_shape_not_only_colour(pg):
    # colour-blind players read the glyph: the glyph masks must differ pairwise
    with_rook_art(Assets(48))
    masks = {s: pygame.mask.from_surface(A.glyph_surface(s, 48, (0, 0, 0))) for s in "BGRY"}
    for a in "BGRY":
        for b in "BGRY":
            if a < b:
                overlap = masks[a].overlap_area(masks[b], (0, 0))
                union = masks[a].count() + masks[b].count() - overlap
                assert overlap / union < 0.75, f"glyphs {a} and {b} look alike"


def test_audio_with_dummy_driver_never_raises():
    audio = Audio(volume=0.5)
    for name in [*SOUND_NAMES, "no-such-sound"]:
        audio.play(name)
    audio.set_volume(2.0)
    assert audio.volume == 1.0
    audio.set_muted(True)
    audio.play("card")


def test_audio_with_broken_mixer_is_silent(monkeypatch):
    def boom(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", boom)
    audio = Audio()
    assert not audio.available and audio.problem
    audio.play("win")
    audio.set_volume(0.3)


def test_audio_with_broken_sound_files(tmp_path):
    (tmp_path / "card.wav").write_bytes(b"not a wav")
    audio = Audio(sounds_dir=tmp_path)
    audio.play("card")
    assert not audio.available and "card.wav" in audio.problem


def _digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha1(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts
    }


@pytest.mark.slow
@pytest.mark.parametrize("tool", ["make_sprites.py", "make_sounds.py"])
def test_generators_are_deterministic_and_match_the_committed_files(tool, tmp_path):
    # One fresh run must reproduce the committed files byte for byte: that is two runs
    # agreeing (the committed files came from an earlier run), and it also catches art or
    # sound code changed without regenerating.
    out = tmp_path / "out"
    # sprites/ holds two generators' files: the cards and chrome (make_sprites.py) and
    # the Look's felts, backs and portraits (make_looks.py)
    tools = [tool, "make_looks.py"] if tool == "make_sprites.py" else [tool]
    for name in tools:
        subprocess.run(
            [sys.executable, str(ROOT / "tools" / name), "--out", str(out)],
            check=True,
            capture_output=True,
        )
    fresh = _digests(out)
    committed = _digests(ROOT / ("sprites" if tool == "make_sprites.py" else "sounds"))
    assert fresh, f"{tool} wrote nothing"
    assert fresh == committed, "regenerate the committed assets with tools/" + tool


@pytest.mark.slow
def test_every_built_in_variant_deck_is_covered_by_sprites(pg):
    from crowsnest.plugin_host import load_registry

    registry = load_registry(user_folder=False)
    assert registry.variants, "no built-in variants registered"
    assets = Assets(90)
    for vid, variant in registry.variants.items():
        assets.use_variant(variant)
        options = {o.key: o.default for o in variant.options}
        for seats in variant.seats:
            deck = variant.deck.build(options, seats)
            for card in range(len(deck)):
                rank, suit = deck.ranks[card], deck.suits[card]
                assert assets.sprite_path(rank, suit), f"{vid}: no sprite for {deck.names[card]}"
                face = assets.card_face(deck, card)
                assert face.get_size() == assets.card_size
    assets.use_variant(registry.variants["crowsnest"])
    assert assets.sprite_path("BIRD", "*").name == "BIRD_CROW.png"
    assets.use_variant(registry.variants["partnership"])
    assert assets.sprite_path("BIRD", "*").name == "BIRD_ROOK.png"
    assets.use_variant(object())  # no art of its own: the standard pack's
    assert assets.sprite_path("BIRD", "*") is None


def test_a_plugin_can_ship_its_own_sprites_and_falls_back_for_the_rest(pg, tmp_path, monkeypatch):
    # a community plugin: its deck part lives in a module with a sprites/ folder beside it
    pkg = tmp_path / "starpack"
    (pkg / "sprites" / "cards").mkdir(parents=True)
    (pkg / "__init__.py").write_text(
        "class StarDeck:\n    def build(self, options, seats):\n        return None\n"
    )
    art = pygame.Surface(card_size := A.card_size_for(A.BASE_CARD_HEIGHT), pygame.SRCALPHA)
    art.fill((200, 30, 200, 255))
    pygame.image.save(art, str(pkg / "sprites" / "cards" / "X_7.png"))
    monkeypatch.syspath_prepend(str(tmp_path))
    import starpack

    class FakeVariant:
        deck = starpack.StarDeck()
        options = ()

    assets = Assets(A.BASE_CARD_HEIGHT)
    drawn = assets.face("7", "X")
    assets.use_variant(FakeVariant())
    assert assets.sprite_path("7", "X") == pkg / "sprites" / "cards" / "X_7.png"
    shipped = assets.face("7", "X")
    assert shipped.get_size() == card_size and shipped.get_at((50, 50))[:3] == (200, 30, 200)
    assert _ink_differs(drawn, shipped)
    # what the plugin did not ship still comes from our sprites
    assert assets.sprite_path("A", "S") == A.SPRITES_DIR / "cards" / "S_A.png"
