"""New-game set-up and the plugin screen, driven by keys and clicks; choices land in
the TOML config."""

from __future__ import annotations

import pygame
from client_driver import DT, click, key
from crowsnest import config as cfgmod
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.info import PluginsScene
from crowsnest.client.scenes.setup import SetupScene
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.scenes.title import TitleScene


def app_with(path) -> App:
    app = App(PrefsStore(str(path)), size=(1280, 720))
    app.stack.push(TitleScene())
    app.step(DT)
    return app


def test_setup_lists_registered_variants_and_remembers_choices(tmp_path):
    path = tmp_path / "config.toml"
    app = app_with(path)
    key(pygame.K_RETURN)  # "New game" is focused on the title
    app.step(DT)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    ids = {v.id for v in setup.variants}
    assert {"crowsnest", "doudizhu", "tractor"} <= ids
    # pick Dou Dizhu with the keyboard: the Game row is focused first
    while setup.variant.id != "doudizhu":
        key(pygame.K_RIGHT)
        app.step(DT)
    assert len(setup.players) == 3
    # seat 2 becomes a human, by mouse on the ">" of its "is" row
    row = next(r for r in setup.rows if r.label == "Seat 2 is")
    click(row.right.center)
    app.step(DT)
    assert setup.players[1].kind == "ai"  # human -> first AI level ... cycles
    while setup.players[1].kind != "human":
        click(row.right.center)
        app.step(DT)
    click(setup.buttons[0].rect.center)  # Start
    app.step(DT)
    table = app.stack.top
    assert isinstance(table, TableScene) or app.stack.find(TableScene)
    table = app.stack.find(TableScene)
    assert table.session.variant.id == "doudizhu" and table.session.humans == [0, 1]
    saved = cfgmod.load(path)
    assert saved.variant == "doudizhu"
    assert [s.kind for s in saved.seats] == ["human", "human", "ai"]
    table.session.close()
    app.close()


def test_plugin_screen_lists_records_and_toggles_are_saved(tmp_path):
    path = tmp_path / "config.toml"
    app = app_with(path)
    app.stack.push(PluginsScene())
    scene = app.stack.top
    labels = [r.label for r in scene.rows]
    assert any(lbl.startswith("rook") and "built-in" in lbl for lbl in labels)
    i = next(i for i, r in enumerate(scene.rows) if r.label.startswith("tractor"))
    click(scene.rows[i].rect.center)
    app.step(DT)
    assert "tractor" in cfgmod.load(path).plugins.disabled
    assert "tractor" not in app.registry.variants
    scene = app.stack.top
    click(scene.rows[i].rect.center)
    app.step(DT)
    assert "tractor" not in cfgmod.load(path).plugins.disabled
    assert "tractor" in app.registry.variants
    app.close()


def test_typing_a_name_takes_letters_bound_to_actions(tmp_path):
    app = app_with(tmp_path / "config.toml")
    app.stack.push(SetupScene())
    setup = app.stack.top
    i = next(i for i, r in enumerate(setup.rows) if r.label == "Seat 1 name")
    click(setup.rows[i].rect.center)  # starts typing
    app.step(DT)
    for _ in range(len(setup.players[0].name)):
        key(pygame.K_BACKSPACE)
    for ch in "Pip":  # P is the pause-menu key, but here it is a letter
        key(getattr(pygame, f"K_{ch.lower()}"))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(pygame.K_RETURN)
    app.step(DT)
    assert setup.players[0].name == "Pip"
    assert setup.editing is None and app.stack.top is setup
    app.close()


def test_mouse_only_player_names_seats_from_suggestions(tmp_path):
    path = tmp_path / "config.toml"
    app = app_with(path)
    key(pygame.K_RETURN)
    app.step(DT)
    setup = app.stack.top
    row = next(r for r in setup.rows if r.label == "Seat 2 name")
    before = setup.players[1].name
    seen = []
    for _ in range(4):  # ">" steps through ready-made names, never one another seat has
        click(row.right.center)
        app.step(DT)
        row = next(r for r in setup.rows if r.label == "Seat 2 name")
        name = setup.players[1].name
        others = {p.name for i, p in enumerate(setup.players) if i != 1}
        assert name and name not in others
        seen.append(name)
    assert len(set(seen)) == 4 and before not in seen
    click(row.left.center)  # "<" goes back
    app.step(DT)
    assert setup.players[1].name == seen[-2]
    # a computer's seat: the first step already shows a new name (its default names all
    # read as its portrait's, "Otto": one choice, not five alike), and back is "Otto"
    assert seen[0] not in ("You", "West", "North", "East", "South")
    for _ in range(len(seen) - 1):
        click(row.left.center)
        app.step(DT)
    row = next(r for r in setup.rows if r.label == "Seat 2 name")
    assert row.value() == "Otto"
    for _ in range(len(seen) - 1):
        click(row.right.center)
        app.step(DT)
    assert setup.players[1].name == seen[-2]
    click(setup.buttons[0].rect.center)  # Start
    app.step(DT)
    table = app.stack.find(TableScene)
    assert table.session.names[1] == seen[-2]
    assert cfgmod.load(path).seats[1].name == seen[-2]
    table.session.close()
    app.close()


def test_counter_clockwise_game_shows_compass_names_where_the_seats_sit(tmp_path):
    app = app_with(tmp_path / "config.toml")
    key(pygame.K_RETURN)
    app.step(DT)
    setup = app.stack.top
    names = [p.name for p in setup.players]  # CrowsNest: seat 2 (West) on the left
    assert names[1] == "West"
    while setup.variant.id != "tractor":
        key(pygame.K_RIGHT)
        app.step(DT)
    assert [p.name for p in setup.players][1] == "East"  # Tractor: seat 2 on the right
    click(setup.buttons[0].rect.center)
    app.step(DT)
    table = app.stack.find(TableScene)
    assert table.session.names[1] == "Otto"  # a computer is named for its seat's portrait
    assert setup.players[1].name == "East"  # the key is the side's default, mirrored
    assert cfgmod.load(tmp_path / "config.toml").seats[1].name == "West"  # stored as default
    table.session.close()
    app.close()


def test_the_plugins_screen_names_games_and_levels_not_ids() -> None:
    """It listed "individual2" and "crowsnest:hard"."""
    from crowsnest import i18n
    from crowsnest.client.scenes.info import registers
    from crowsnest.plugin_host import load_registry

    reg = load_registry(user_folder=False)
    rook = next(r for r in reg.plugins if "individual2" in r.variants)
    line = registers(rook.variants, rook.ais, reg)
    assert "Rook for 2 (dummy)" in line and "CrowsNest: " in line and "hard" in line
    assert "individual2" not in line and "crowsnest:" not in line
    try:
        i18n.set_language("fi")
        fi = registers(rook.variants, rook.ais, reg)
        assert "vaikea" in fi and "Traktori" not in fi
    finally:
        i18n.set_language("en")


def test_new_game_offers_a_quick_first_match(tmp_path) -> None:
    """A match to 300 takes an evening: New game offers a quick match (CrowsNest to
    150, Dou Dizhu 3 deals), chosen by default while the game has no finished match."""
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.table import TableScene

    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    app.prefs.coach = False
    setup = app.scene("setup")
    app.stack.push(setup)
    app.step(0.02)
    assert setup.variant.id == "crowsnest"
    row = next(r for r in setup.rows if r.label == "Match length")
    assert row.value() == "Quick: first to 150"
    row.change(1)
    assert row.value() == "Full: first to 300"
    row.change(1)
    setup.start()
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.match.options["target"] == 150
    assert "target" not in app.prefs.options.get("crowsnest", {})  # house rules as set
    app.close()
    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    setup = app.scene("setup")
    app.stack.push(setup)
    app.step(0.02)
    setup.vi = next(i for i, v in enumerate(setup.variants) if v.id == "doudizhu")
    setup.rebuild()
    row = next(r for r in setup.rows if r.label == "Match length")
    assert row.value() == "Quick: 3 deals"
    tractor = next(i for i, v in enumerate(setup.variants) if v.id == "tractor")
    setup.vi = tractor
    setup.rebuild()
    assert not any(r.label == "Match length" for r in setup.rows)  # no shorter form
    app.close()


def test_the_set_up_shows_the_names_the_table_of_six_will_show(tmp_path) -> None:
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore

    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    setup = app.scene("setup")
    app.stack.push(setup)
    app.step(0.02)
    setup.vi = next(i for i, v in enumerate(setup.variants) if v.id == "individual6")
    setup.players = app.prefs.seat_prefs(6)
    setup.rebuild()
    names = [r.value() for r in setup.rows if r.label.endswith(" name")]
    # the computers by their portraits' names, never "Fifth" (issue 24: computer names)
    assert names == ["You", "Otto", "Iris", "Pippa", "Hugo", "Nora"]
    app.close()
