"""Gamepads: SDL GameController events become the same actions as keys. A whole
CrowsNest deal is played with synthetic controller events alone (no key, no mouse)."""

from __future__ import annotations

import pygame
import pytest
from client_driver import Driver, make_app, start
from crowsnest.client.gamepad import DEFAULT_PAD, AxisState
from crowsnest.client.input import Act, BindingError, InputMap
from crowsnest.client.scenes.settings import SettingsScene

B = {
    "a": pygame.CONTROLLER_BUTTON_A,
    "b": pygame.CONTROLLER_BUTTON_B,
    "x": pygame.CONTROLLER_BUTTON_X,
    "y": pygame.CONTROLLER_BUTTON_Y,
    "start": pygame.CONTROLLER_BUTTON_START,
    "lb": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    "rb": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}


def button(name: str) -> None:
    code = B[name]
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=code, instance_id=0))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=code, instance_id=0))


def axis(ax: int, value: int) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=ax, value=value, instance_id=0)
    )


def ev(t: int, **kw) -> pygame.event.Event:
    return pygame.event.Event(t, instance_id=0, **kw)


class PadDriver(Driver):
    """The client_driver's player, with a pad: D-pad and stick move the focus, the
    shoulders switch between hand and panel, RT selects a card, A confirms."""

    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.stick_moves = 0

    def use_mouse(self) -> bool:
        return False

    def do(self, action) -> None:
        t = self.table
        self.turns += 1
        if action[0] in ("play", "discard") and t.card_kind == action[0]:
            ids = t.hand_ids()
            self.kfocus = max(0, min(t.hand_focus, len(ids) - 1))
            if t.zone != "hand":
                button("rb")  # the right shoulder: to the hand
            targets = [ids.index(c) for c in action[1]]
            for i in targets:
                self._move_to(i, len(ids))
                if t.single:
                    button("a")
                else:  # the right trigger selects, A then confirms the selection
                    axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32767)
                    axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0)
            if not t.single:
                button("a")
            return
        buttons = t.panel_menu.buttons
        idx = next(i for i, b in enumerate(buttons) if b.value == action)
        if t.card_kind is not None:
            button("lb")  # the left shoulder: from the hand to the panel
        for _ in range((idx - t.panel_menu.focus) % len(buttons)):
            button("right")
        button("a")
        if action[0] == "bid" and any(b.value == ("bid_confirm",) for b in buttons):
            button("a")  # A picked the amount and moved to the bid button: A bids

    def _move_to(self, index: int, n: int) -> None:
        for _ in range((index - self.kfocus) % n):
            if self.stick_moves % 2:  # half the moves with the stick, half the D-pad
                axis(pygame.CONTROLLER_AXIS_LEFTX, 30000)
                axis(pygame.CONTROLLER_AXIS_LEFTX, 1000)
            else:
                button("right")
            self.stick_moves += 1
        self.kfocus = index

    def dismiss(self, scene) -> None:
        button("a")
        self.turns += 1


def test_a_whole_crowsnest_deal_with_controller_events_alone() -> None:
    app = make_app(speed=0)
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=3)
    drv = PadDriver(app, table, seed=3)
    seen: list[int] = []
    real_handle = app.handle

    def spy(e) -> None:
        seen.append(e.type)
        real_handle(e)

    app.handle = spy
    drv.play(stop=lambda: table.match.deal_no >= 1)
    m = table.match
    assert m.deal_no == 1
    kinds = {a[0] for a, s in zip(m.log, table.session.actors, strict=True) if s == 0}
    assert "play" in kinds and "bid" in kinds  # the human bid and played every trick
    plays = sum(
        1 for a, s in zip(m.log, table.session.actors, strict=True) if s == 0 and a[0] == "play"
    )
    assert plays >= 9
    assert drv.stick_moves > 10
    assert app.input.pad_in_use
    assert not {pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION} & set(seen)
    assert pygame.CONTROLLERBUTTONDOWN in seen and pygame.CONTROLLERAXISMOTION in seen
    # the toolbar shows the pad's glyphs while the pad is in use
    labels = [b.label for b in table.toolbar.buttons]
    assert "Hint (X)" in labels and "Undo (Y)" in labels and "Menu (Start)" in labels
    app.close()


def test_buttons_map_to_actions_and_keys_switch_the_glyphs_back() -> None:
    im = InputMap()
    got = [
        im.translate(ev(pygame.CONTROLLERBUTTONDOWN, button=B[n])).act
        for n in ("a", "b", "x", "y", "start", "lb", "rb")
    ]
    assert got == [Act.CONFIRM, Act.BACK, Act.HINT, Act.UNDO, Act.MENU, Act.UP, Act.DOWN]
    assert im.pad_in_use and im.label(Act.HINT) == "X"
    im.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert not im.pad_in_use and im.label(Act.HINT) == "H"


def test_a_stick_push_is_one_press_until_it_comes_back() -> None:
    st = AxisState()
    lx = pygame.CONTROLLER_AXIS_LEFTX
    assert st.press(lx, 25000) == "stickright"
    assert st.press(lx, 32767) is None  # still held
    assert st.press(lx, 15000) is None  # under the press mark, over the release mark
    assert st.press(lx, 20000) is None
    assert st.press(lx, 3000) is None  # released
    assert st.press(lx, 21000) == "stickright"
    assert st.press(lx, -30000) == "stickleft"  # straight across
    assert st.press(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 30000) == "lefttrigger"
    # the right stick's directions ask the speech (read hand, table, turn, repeat)
    assert st.press(pygame.CONTROLLER_AXIS_RIGHTX, 30000) == "rstickright"
    assert st.press(pygame.CONTROLLER_AXIS_RIGHTY, -30000) == "rstickup"


def test_pad_bindings_from_the_config_and_rebinding() -> None:
    im = InputMap({"hint": ["h", "pad y"], "undo": ["u"]})
    assert im.keys_for("hint") == ("h",) and im.pad_for("hint") == ("y",)
    assert im.pad_for("back") == DEFAULT_PAD["back"]  # a key-only list keeps the pad default
    assert im.pad_for("undo") == ()  # Y was given to hint: it leaves undo
    y = ev(pygame.CONTROLLERBUTTONDOWN, button=B["y"])
    assert im.translate(y).act is Act.HINT
    lists = InputMap().rebind("hint", pad="y")
    assert lists["hint"] == ["h", "pad y"] and lists["undo"] == ["u", "z", "pad none"]
    im2 = InputMap(lists)
    assert im2.translate(y).act is Act.HINT and im2.pad_for("undo") == ()
    assert InputMap().rebind("hint", key="f2")["hint"] == ["f2"]  # pad default kept, implicit
    assert InputMap({"hint": ["pad x"]}).pad_for("hint") == ("x",)
    with pytest.raises(BindingError, match="'pad q' is not a pad button"):
        InputMap({"hint": ["pad q"]})


def test_settings_capture_binds_a_pad_button(tmp_path) -> None:
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore

    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    s = app.stack.push(SettingsScene())
    s._capture("hint")
    app.handle(ev(pygame.CONTROLLERBUTTONDOWN, button=B["y"]))
    assert s.message == "'Hint' is now pad Y"
    assert app.input.pad_for("hint") == ("y",) and app.input.pad_for("undo") == ()
    text = (tmp_path / "config.toml").read_text()
    assert 'hint = ["h", "pad y"]' in text and "pad none" in text
    app.close()


def test_hot_plug_events_never_crash() -> None:
    app = make_app()
    app.handle(ev(pygame.CONTROLLERDEVICEADDED, device_index=7))  # nothing at index 7
    app.handle(ev(pygame.CONTROLLERDEVICEREMOVED))
    assert app.pads.open == {}
    app.step(0.02)
    app.close()


def test_the_play_prompt_names_the_pad_buttons_while_a_pad_is_in_use() -> None:
    app = make_app(speed=0)
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=3)
    drv = PadDriver(app, table, seed=3)

    def my_card_turn() -> bool:
        m = table.match
        return (m.to_move == table.bottom and table.card_kind == "play" and table.single) and not (
            table.tweener.busy or table.beats
        )

    drv.play(stop=my_card_turn)
    assert app.input.pad_in_use
    prompt = table.prompt()
    assert "D-pad to choose, A to play" in prompt and "Enter" not in prompt
    app.input.pad_in_use = False  # a key or the mouse was used last
    assert "click it, or arrows and Enter" in table.prompt()
    app.close()
