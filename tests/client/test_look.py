"""Settings -> Look: Contrast, Grain and Colour temperature change the table layer (felt,
panels, buttons) live, the cards only gently, the text never; 50/50/50 is today's table
pixel for pixel; a still table costs nothing extra per frame; the config keeps it."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from client_driver import DT, click, key, make_app, start
from crowsnest import config as cfgmod
from crowsnest.client import palette, tone
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.look import LookScene
from crowsnest.client.widgets import INK, PANEL
from test_readable import contrast

EXTREMES = [(c, g, w) for c in (0, 100) for g in (0, 100) for w in (0, 100)]


def set_look(app: App, **kw: int) -> None:
    app.prefs.look = dataclasses.replace(app.prefs.look, **kw)
    app.apply_looks()


def frame(app: App) -> bytes:
    app.step(DT)
    return pygame.image.tobytes(app.screen, "RGB")


def test_the_neutral_tone_changes_nothing():
    t = tone.Tone()
    assert t.neutral
    assert all(lut == bytes(range(256)) for lut in tone.luts(t))
    s = pygame.Surface((8, 8))
    assert tone.tone_table(s, t) is s and tone.tone_pixels(s, t) is s
    assert tone.tone_colour((16, 28, 24, 226), t) == (16, 28, 24, 226)
    assert tone.Tone(100, 50, 0).card_share() == tone.Tone(68, 50, 32)


@pytest.mark.slow
def test_fifty_is_todays_table_pixel_for_pixel_and_the_extremes_are_not():
    """A table at 50/50/50, then at every extreme, then back at 50: the first and last
    frames are the same bytes, every extreme differs (the caches are dropped)."""
    app = make_app()
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"])
    for _ in range(40):
        app.step(DT)
        if table.session.ai_busy():
            table.session.wait_ai(30)
    table.session.wait_ai(30)
    table.update = lambda dt: None  # a still table: nothing moves between frames
    base = frame(app)
    assert frame(app) == base
    for c, g, w in [(0, 50, 50), (100, 50, 50), (50, 0, 50), (50, 100, 50), (50, 50, 0)]:
        set_look(app, contrast=c, grain=g, warmth=w)
        assert frame(app) != base, (c, g, w)
    set_look(app, contrast=50, grain=50, warmth=50)
    assert frame(app) == base
    app.close()


def test_a_still_table_is_toned_once():
    """The toned felt is made once per size and setting: frames reuse the surface."""
    app = make_app()
    set_look(app, contrast=90, grain=80, warmth=20)
    a = app.assets.table((1280, 720))
    assert app.assets.table((1280, 720)) is a
    face = app.assets.face("A", "S")
    assert app.assets.face("A", "S") is face
    set_look(app, contrast=10)
    assert app.assets.table((1280, 720)) is not a
    app.close()


def test_text_is_never_toned_and_the_felt_and_panels_are():
    app = make_app()
    before_text = app.text.render("Your turn", 20, INK, True).get_at((2, 10))
    set_look(app, contrast=100, warmth=100)
    assert tone.chrome(PANEL) != PANEL
    felt = app.assets.table((64, 64)).get_at((32, 32))
    set_look(app, contrast=50, warmth=50)
    assert app.assets.table((64, 64)).get_at((32, 32)) != felt
    assert app.text.render("Your turn", 20, INK, True).get_at((2, 10)) == before_text
    app.close()


@pytest.mark.parametrize("c,g,w", EXTREMES)
def test_every_suit_stays_readable_at_the_extremes(c, g, w):
    """On a card (the card share of the tone), each suit's ink keeps 3:1 on the paper;
    on the toned panels and felt, the words keep 4.5:1 and the suit colours 3:1."""
    t = tone.Tone(c, g, w)
    share = t.card_share()
    paper = tone.tone_colour(palette.CARD_PAPER, share)
    app = make_app()
    bad = []
    looks = {**palette.STANDARD_LOOKS, **palette.FOUR_COLOUR_LOOKS}
    from crowsnest.engine.presentation import presentation_of

    for v in app.registry.variants.values():
        art = presentation_of(v).card_art()
        looks |= {f"{v.id} {k}": sl for k, sl in art.suits.items()}
        looks |= {f"{v.id} colour-blind {k}": sl for k, sl in art.colour_blind_suits.items()}
    for name, colour in palette.SUIT_COLOUR_CHOICES.items():
        palette.set_suit_colours({"S": colour})
        looks[f"picked {name}"] = palette.standard_looks()["S"]
    palette.set_suit_colours({})
    panel_on_felt = tuple(
        round((p * PANEL[3] + f * (255 - PANEL[3])) / 255)
        for p, f in zip(
            tone.tone_colour(PANEL, t)[:3], tone.tone_colour(palette.FELT, t), strict=True
        )
    )
    felt = tone.tone_colour(palette.FELT, t)
    for name, lk in looks.items():
        ink = tone.tone_colour(lk.colour, share)
        rim = tone.tone_colour(lk.rim, share) if lk.rim else None
        edge = max(contrast(ink, paper), contrast(rim, paper) if rim else 0)
        if edge < 3:
            bad.append((name, "paper", round(edge, 2)))
        on_dark = lk.on_dark or app.assets.suit_colour_on_dark(name.split()[-1])
        if contrast(on_dark, panel_on_felt) < 3:
            bad.append((name, "panel", round(contrast(on_dark, panel_on_felt), 2)))
    for where, bg in {"panel": panel_on_felt, "felt": felt}.items():
        if contrast(INK, bg) < 4.5:
            bad.append(("words", where, round(contrast(INK, bg), 2)))
    app.close()
    assert not bad, bad


def look_app(tmp_path) -> App:
    path = tmp_path / "config.toml"
    path.write_text("[look]\ncontrast = 50\n")
    return App(PrefsStore(str(path)), size=(1280, 720))


@pytest.mark.slow
def test_the_look_screen_changes_the_table_live_and_saves(tmp_path):
    """From the table's menu: Settings, the Look row, Right on Contrast: the table behind
    is drawn at once in the new tone, and the config file says 55."""
    app = look_app(tmp_path)
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"])
    app.step(DT)
    app.stack.push(app.scene("settings"))
    app.step(DT)
    settings = app.stack.top
    look = next(b for b in settings.buttons if b.label.startswith("Look"))
    click(look.rect.center)
    app.step(DT)
    assert isinstance(app.stack.top, LookScene)
    drawn = []
    table.draw = lambda surface, real=table.draw: (drawn.append(1), real(surface))
    key(pygame.K_RIGHT)  # the first row: Contrast
    app.step(DT)
    assert app.prefs.look.contrast == 55 and drawn  # the table is drawn behind the rows
    assert app.assets.tone.contrast == 55
    assert cfgmod.load(tmp_path / "config.toml").look.contrast == 55
    for _ in range(20):
        key(pygame.K_RIGHT)
    app.step(DT)
    assert app.prefs.look.contrast == 100  # stops at the end
    app.close()


def test_the_look_screen_shows_a_sample_table_from_the_title(tmp_path):
    app = look_app(tmp_path)
    app.stack.push(app.scene("title"))
    app.stack.push(app.scene("look"))
    app.step(DT)
    scene = app.stack.top
    x0, width = scene.form_box(app.size)
    assert x0 > app.size[0] // 3  # the left of the window shows the table
    for r in scene.rows:
        assert r.rect.left >= x0 and r.rect.right <= x0 + width
    for b in scene.buttons:
        assert b.rect.left >= x0 and b.rect.right <= x0 + width
    # Reset brings the three sliders back to 50
    set_look(app, contrast=0, grain=100, warmth=30)
    scene.reset()
    assert (app.prefs.look.contrast, app.prefs.look.grain, app.prefs.look.warmth) == (50, 50, 50)
    app.close()


def test_bad_look_values_are_named_in_one_sentence(tmp_path):
    for text, says in [
        ("[look]\ncontrast = 120\n", "'look.contrast' must be a whole number from 0 to 100"),
        ('[look]\nfelt = "Green Felt"\n', "'look.felt' must be a name in lower case"),
        ('[look.suit_colours]\nH = "red"\n', "'look.suit_colours.H' must be a colour"),
        ('[look.suit_colours]\nX = "#ffffff"\n', "unknown key 'suit_colours.X'"),
        ("[look]\nportraits = [1]\n", "'look.portraits' must be a list of image files"),
        (
            '[look]\nnames = ["", "Grandmother Ravenswood"]\n',
            "'look.names' must be a list of names of at most 16 characters",
        ),
        ("[look]\nnames = [3]\n", "'look.names' must be a list of names"),
    ]:
        path = tmp_path / "c.toml"
        path.write_text(text)
        with pytest.raises(cfgmod.ConfigError) as e:
            cfgmod.load(path)
        assert says in str(e.value) and str(path) in str(e.value)


# -- felts and backs ---------------------------------------------------------------------


def test_at_least_five_felts_one_dark_one_light_and_six_backs():
    from crowsnest.client.assets import _luminance

    lum = {n: _luminance(st.colour) for n, st in palette.FELTS.items()}
    assert len(lum) >= 5 and min(lum.values()) < 0.02 and max(lum.values()) > 0.4
    assert len(palette.BACK_STYLES) >= 4
    for name in palette.FELTS:
        rel = "felt.png" if name == palette.DEFAULT_FELT else f"felt-{name}.png"
        assert (palette.SPRITES_DIR / "table" / rel).is_file(), name
    for name in palette.BACK_STYLES:
        assert (palette.SPRITES_DIR / "backs" / f"{name}.png").is_file(), name


@pytest.mark.slow
def test_the_felts_and_backs_are_made_again_the_same_by_the_tool(tmp_path):
    """tools/make_looks.py is the art's source: run again, it writes the same bytes."""
    import subprocess
    import sys

    tool = palette.SPRITES_DIR.parent / "tools" / "make_looks.py"
    subprocess.run([sys.executable, str(tool), "--out", str(tmp_path)], check=True)
    made = sorted(tmp_path.rglob("*.png"))
    assert len(made) >= 7
    for p in made:
        rel = p.relative_to(tmp_path)
        got = pygame.image.load(str(p))
        kept = pygame.image.load(str(palette.SPRITES_DIR / rel))
        assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(kept, "RGBA"), rel


def felt_colours(app: App) -> dict[str, tuple[int, int, int]]:
    """Every felt a table can show, by its average colour: ours and each game's own."""
    out = {}
    for name in palette.FELTS:
        app.assets.set_felt(name)
        out[name] = tuple(pygame.transform.average_color(app.assets.felt_tile())[:3])
    app.assets.set_felt("")
    for v in app.registry.variants.values():
        app.assets.use_variant(v)
        out[f"{v.id}'s own"] = tuple(pygame.transform.average_color(app.assets.felt_tile())[:3])
    return out


@pytest.mark.parametrize("c", [0, 50, 100])
def test_words_on_every_felt_stay_readable(c):
    """Words drawn straight on the felt keep their contrast against it: the light words
    4.5:1, the muted and gold ones (bold, large: the prompt, captions) 3:1, as on
    today's felt (4.1:1 and 4.6:1); on a light felt they are outlined in a dark colour
    instead, which they keep 4.5:1 against."""
    from crowsnest.client.widgets import GOLD, MUTED

    app = make_app()
    bad = []
    for name, colour in felt_colours(app).items():
        felt = tone.tone_colour(colour, tone.Tone(c, 50, c))
        light = contrast(felt, (255, 255, 255)) < contrast(felt, (0, 0, 0)) and (
            contrast(INK, felt) < 4.5
        )
        for ink, least in ((INK, 4.5), (MUTED, 3), (GOLD, 3)):
            ground = palette.TEXT_OUTLINE if light else felt
            if contrast(ink, ground) < (4.5 if light else least):
                bad.append((name, ink, round(contrast(ink, ground), 2)))
        if light:
            app.assets.set_felt(name if name in palette.FELTS else "")
            assert app.assets.text_outline() == palette.TEXT_OUTLINE, name
    app.close()
    assert not bad, bad


def test_a_light_felt_outlines_the_words_and_a_dark_one_does_not():
    app = make_app()
    set_look(app, felt="linen")
    plain_w = app.text.fonts(20, True).size("Bid 70")[0]
    img = app.text.render("Bid 70", 20, INK, True)
    assert img.get_width() == plain_w  # measurements stay true
    dark = sum(
        1
        for x in range(img.get_width())
        for y in range(img.get_height())
        if img.get_at((x, y)).a > 200 and sum(img.get_at((x, y))[:3]) < 120
    )
    assert dark > 20
    set_look(app, felt="night")
    assert app.text.render("Bid 70", 20, INK, True) is not img
    assert app.assets.text_outline() is None
    app.close()


def test_the_games_own_felt_and_back_come_through_its_card_art():
    """Left to the game (""), a game whose card art folder holds table/felt.png and
    backs/default.png shows them; a chosen felt or back wins over the game's."""
    app = make_app()
    reg = app.registry
    a = app.assets
    a.use_variant(reg.variant("doudizhu"))
    own = pygame.image.load(
        str(palette.SPRITES_DIR.parent / "plugins/doudizhu/sprites/table/felt.png")
    )
    assert pygame.image.tobytes(a.felt_tile(), "RGB") == pygame.image.tobytes(own, "RGB")
    own_back = pygame.transform.average_color(a.card_back())
    set_look(app, felt="blue", back="red")
    assert pygame.image.tobytes(a.felt_tile(), "RGB") != pygame.image.tobytes(own, "RGB")
    assert pygame.transform.average_color(a.card_back()) != own_back
    # a game without its own felt: green, the felt the table always had
    set_look(app, felt="", back="")
    a.use_variant(reg.variant("crowsnest"))
    green = pygame.image.load(str(palette.SPRITES_DIR / "table" / "felt.png"))
    assert pygame.image.tobytes(a.felt_tile(), "RGB") == pygame.image.tobytes(green, "RGB")
    app.close()


def test_the_felt_and_back_rows_step_through_every_choice_and_save(tmp_path):
    app = look_app(tmp_path)
    app.stack.push(app.scene("title"))
    scene = app.scene("look")
    app.stack.push(scene)
    app.step(DT)
    felt = next(r for r in scene.rows if r.label == "Felt")
    seen = set()
    for _ in range(len(palette.FELTS) + 1):
        felt.change(1)
        seen.add(app.prefs.look.felt)
        assert app.assets.felt_name == app.prefs.look.felt
    assert seen == {"", *palette.FELTS}
    back = next(r for r in scene.rows if r.label == "Card backs")
    back.change(1)
    assert cfgmod.load(tmp_path / "config.toml").look.back == app.prefs.look.back != ""
    app.close()


# -- colour help -------------------------------------------------------------------------


def _has_colour(surface: pygame.Surface, near: tuple[int, int, int], tol: int = 30) -> bool:
    w, h = surface.get_size()
    return any(
        all(abs(a - b) <= tol for a, b in zip(surface.get_at((x, y))[:3], near, strict=True))
        for x in range(0, w, 2)
        for y in range(0, h, 2)
    )


def test_the_colour_blind_palette_redraws_a_games_suits():
    """With colour-blind colours on, a game that offers a palette draws its green suit
    in the palette's colour (not the sprite's green); off again, the sprite is back."""
    from crowsnest.engine.presentation import presentation_of

    app = make_app()
    v = app.registry.variant("crowsnest")
    art = presentation_of(v).card_art()
    assert art.colour_blind_suits, "the Rook colours bring a colour-blind palette"
    app.assets.use_variant(v)
    green = tuple(art.suits["G"].colour)
    blind = tuple(art.colour_blind_suits["G"].colour)
    face = app.assets.face("14", "G")
    assert _has_colour(face, green) and not _has_colour(face, blind)
    set_look(app, colour_blind=True)
    face = app.assets.face("14", "G")
    assert _has_colour(face, blind) and not _has_colour(face, green)
    icon = app.assets.icon("suit:G", 48)
    assert _has_colour(icon, blind)
    set_look(app, colour_blind=False)
    assert _has_colour(app.assets.face("14", "G"), green)
    app.close()


def test_a_picked_suit_colour_paints_the_faces_and_an_unreadable_one_is_darkened():
    app = make_app()
    app.assets.use_variant(app.registry.variant("tractor"))
    set_look(app, suit_colours={"H": "#1a56c8"})
    assert _has_colour(app.assets.face("K", "H"), (26, 86, 200))
    assert palette.look("D").colour == palette.STANDARD_LOOKS["D"].colour  # only hearts
    set_look(app, suit_colours={"H": "#ffff00"})  # pale yellow on ivory: unreadable
    c = palette.look("H").colour
    assert contrast(c, palette.CARD_PAPER) >= 3 and c[0] == c[1] and c[2] == 0  # hue kept
    assert contrast(palette.look("H").on_dark, PANEL[:3]) >= 4.5
    set_look(app, suit_colours={})
    assert palette.look("H") == palette.STANDARD_LOOKS["H"]
    app.close()


def test_the_suit_colour_rows_cycle_and_save(tmp_path):
    app = look_app(tmp_path)
    app.stack.push(app.scene("title"))
    scene = app.scene("look")
    app.stack.push(scene)
    app.step(DT)
    hearts = next(r for r in scene.rows if r.label == "Hearts colour")
    hearts.change(1)
    saved = cfgmod.load(tmp_path / "config.toml").look.suit_colours
    assert saved == {"H": "#1c1c24"} and hearts.value() == "black"
    hearts.change(-1)
    assert cfgmod.load(tmp_path / "config.toml").look.suit_colours == {}
    blind = next(r for r in scene.rows if r.label == "Colour-blind colours")
    blind.change(1)
    assert cfgmod.load(tmp_path / "config.toml").look.colour_blind
    app.close()


# -- portraits ---------------------------------------------------------------------------


def _table_at(variant: str, seats: int, size: tuple[int, int]):
    app = make_app(size=size)
    table = start(app, variant, ["human"] + ["ai"] * (seats - 1))
    for _ in range(10):
        app.step(DT)
        if table.session.ai_busy():
            table.session.wait_ai(30)
    app.step(DT)
    return app, table


@pytest.mark.slow
@pytest.mark.parametrize("size", [(640, 480), (2560, 1440)])
def test_every_games_plates_show_a_portrait_clear_of_the_words(size):
    """Every registered game, its largest seat count: each seat's plate carries its
    portrait, inside the plate, no word on it (the layout tests check the rest)."""
    from crowsnest.plugin_host import load_registry

    for v in load_registry().variants.values():
        app, table = _table_at(v.id, max(v.seats), size)
        faces = table.portrait_rects
        assert set(faces) == set(range(table.session.seats)), (v.id, size, faces)
        for seat, r in faces.items():
            assert pygame.Rect(table.lay.seats[seat].plate).contains(r), (v.id, seat)
            assert r.w >= 24
        for seat, r in table.plate_text:
            assert seat not in faces or not faces[seat].colliderect(r), (v.id, seat, r)
        app.close()


def test_the_computers_names_come_from_the_config_beside_their_portraits(tmp_path):
    """[look] names: a computer's name next to its portrait, "" the shipped one; the
    New game screen and the table show it, the config keeps it, a typed seat name wins."""
    from crowsnest.client.scenes.table import TableScene

    path = tmp_path / "config.toml"
    path.write_text('[look]\nnames = ["", "Gran", ""]\n')
    app = App(PrefsStore(str(path)), size=(1280, 720))
    assert app.prefs.look.names == ("", "Gran", "")
    setup = app.scene("setup")
    app.stack.push(setup)
    app.step(DT)
    setup.vi = next(i for i, v in enumerate(setup.variants) if v.id == "crowsnest")
    setup.players = app.prefs.seat_prefs(4)
    setup.players[3].name = "Ada"  # typed in New game
    setup.rebuild()
    shown = [r.value() for r in setup.rows if r.label.endswith(" name")]
    assert shown == ["You", "Gran", "Iris", "Ada"]
    setup.start()
    table = app.stack.find(TableScene)
    assert table.session.names == ["You", "Gran", "Iris", "Ada"]
    app.step(DT)
    assert cfgmod.load(path).look.names == ("", "Gran", "")
    table.session.close()
    app.close()


def test_a_seat_takes_the_players_own_picture_and_a_bad_one_falls_back(tmp_path):
    pic = tmp_path / "gran.png"
    img = pygame.Surface((60, 40))
    img.fill((250, 10, 200))
    pygame.image.save(img, str(pic))
    app = make_app()
    shipped = app.assets.portrait(1, 40)
    set_look(app, portraits=("", str(pic), str(tmp_path / "missing.png")))
    mine = app.assets.portrait(1, 40)
    assert mine.get_size() == (40, 40) and mine.get_at((20, 20))[:3] == (250, 10, 200)
    assert mine.get_at((0, 0)).a == 0  # cut to a disc like the others
    missing = app.assets.portrait(2, 40)
    assert pygame.image.tobytes(missing, "RGBA") == pygame.image.tobytes(
        make_app().assets.portrait(2, 40), "RGBA"
    )
    assert pygame.image.tobytes(app.assets.portrait(0, 40), "RGBA") != pygame.image.tobytes(
        shipped, "RGBA"
    )
    app.close()


def test_a_coarse_grain_reaches_the_panels_and_fifty_leaves_them_flat():
    from crowsnest.client.widgets import panel

    def drawn() -> set:
        s = pygame.Surface((120, 60))
        s.fill((0, 0, 0))
        panel(s, (0, 0, 120, 60), colour=(40, 60, 50, 255), edge=None)
        return {tuple(s.get_at((x, y))) for x in range(20, 100) for y in range(15, 45)}

    app = make_app()
    assert len(drawn()) == 1  # a flat fill, as ever
    set_look(app, grain=100)
    assert len(drawn()) > 10
    set_look(app, grain=0)
    assert len(drawn()) == 1
    app.close()


def test_a_coarse_grain_reaches_the_buttons_made_once_and_fifty_leaves_them_flat(monkeypatch):
    """The Look's grain is on the chrome too: a button's face (and a focused row's) takes
    the panels' cloth above 50, made once per size and colour: drawing the same button
    again grains nothing new (a still table costs nothing extra per frame)."""
    from crowsnest.client.widgets import Button

    app = make_app()
    made = []
    real = tone.grain_panel
    monkeypatch.setattr(tone, "grain_panel", lambda s: (made.append(s.get_size()), real(s)))

    def drawn(b: Button, focused: bool = False) -> set:
        s = pygame.Surface((160, 60))
        s.fill((0, 0, 0))
        b.draw(s, app.text, 18, focused)
        return {tuple(s.get_at((x, y))) for x in range(14, 150) for y in range(12, 48)}

    b = Button("", rect=pygame.Rect(4, 4, 150, 52))
    assert len(drawn(b)) == 1 and not made  # a flat face, as ever
    set_look(app, grain=100)
    grained = drawn(b)
    assert len(grained) > 10 and made == [(150, 52)]
    assert drawn(b) == grained and made == [(150, 52)]  # the second frame: one blit
    assert len(drawn(b, focused=True)) > 10 and len(made) == 2  # the hot colour, once
    drawn(b, focused=True)
    assert len(made) == 2
    set_look(app, grain=0)
    assert len(drawn(b)) == 1
    app.close()


@pytest.mark.parametrize("c,g,w", EXTREMES)
def test_a_buttons_words_keep_4_5_to_1_on_its_face_at_the_extremes(c, g, w):
    """The buttons' faces take the tone and the grain, their words do not: at every
    corner of the three sliders the label keeps 4.5:1 against every pixel of the face
    it stands on, the grain's lightest included (a low contrast and a warm Look lifted
    the focused face to 4.1:1, its grain to 3.5:1), for a plain, a focused and a picked
    button and a focused row's bar."""
    from crowsnest.client.widgets import Button, fill

    app = make_app()
    set_look(app, contrast=c, grain=g, warmth=w)
    worst = {}
    for kind in ("plain", "focused", "picked", "row"):
        s = pygame.Surface((150, 52))
        s.fill((0, 0, 0))
        if kind == "row":
            fill(s, (0, 0, 150, 52), (70, 100, 86), 6)
        else:
            b = Button("", rect=pygame.Rect(0, 0, 150, 52), chosen=kind == "picked")
            b.draw(s, app.text, 18, kind == "focused")
        face = {tuple(s.get_at((x, y)))[:3] for x in range(10, 140) for y in range(8, 44)}
        worst[kind] = round(min(contrast(INK, p) for p in face), 2)
    app.close()
    assert min(worst.values()) >= 4.5, worst


@pytest.mark.parametrize("c,g,w", EXTREMES)
def test_grainy_felts_outline_the_words_where_the_specks_crowd_them(c, g, w):
    """Words straight on the felt: the muted ones keep 3:1 against the felt's light
    specks as drawn (the 99th percentile of the window's middle), or the words are
    outlined in the dark colour, which they keep 4.5:1 against. At 50 the dark felts'
    words are as they always were (no outline)."""
    from crowsnest.client.palette import TEXT_OUTLINE, luminance
    from crowsnest.client.widgets import MUTED

    app = make_app()
    bad = []
    for name in palette.FELTS:
        set_look(app, contrast=c, grain=g, warmth=w, felt=name)
        felt = app.assets.table((640, 480))
        lum = sorted(
            luminance(felt.get_at((x, y))[:3])
            for x in range(160, 480, 3)
            for y in range(120, 360, 3)
        )
        speck = lum[len(lum) * 99 // 100]
        ratio = (luminance(MUTED) + 0.05) / (speck + 0.05)
        outlined = app.assets.text_outline() == TEXT_OUTLINE
        if not outlined and ratio < 3:
            bad.append((name, round(ratio, 2)))
        if outlined:
            assert contrast(MUTED, TEXT_OUTLINE) >= 4.5
    set_look(app, contrast=50, grain=50, warmth=50)
    for name in palette.FELTS:
        set_look(app, felt=name)
        assert (app.assets.text_outline() is not None) == (name == "linen"), name
    app.close()
    assert not bad, bad
