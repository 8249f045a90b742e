"""Speech (issue 25): the speaker never keeps the frame waiting, the setting is kept in
the config, Settings -> Speech, and the keys to ask answer (on the keyboard and the pad)."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from client_driver import DT, key, make_app, settled_table, start
from crowsnest import config as cfgmod
from crowsnest.client.app import App
from crowsnest.client.input import Act, InputMap
from crowsnest.client.narrator import Narrator, focus_sentence
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.settings import SettingsScene
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.client.speech import (
    DispatcherBackend,
    EspeakBackend,
    NullBackend,
    RecordingBackend,
    Speaker,
    make_backend,
)


class SlowBackend:
    """A voice that takes its time (as a real one does) and can be stopped."""

    name = "slow"
    instant = False

    def __init__(self, seconds: float = 0.5) -> None:
        self.seconds = seconds
        self.started: list[str] = []
        self.finished: list[str] = []
        self.stops = 0
        self._stop = threading.Event()
        self.threads: set[str] = set()

    def speak(self, text: str, language: str, rate: int) -> None:
        self.threads.add(threading.current_thread().name)
        self.started.append(text)
        self._stop.clear()
        if not self._stop.wait(self.seconds):
            self.finished.append(text)

    def stop(self) -> None:
        self.stops += 1
        self._stop.set()

    def has_voice(self, language: str) -> bool:
        return True

    def close(self) -> None:
        self.stop()


def speaking_app() -> tuple[App, RecordingBackend]:
    """A window with speech on and a recording voice."""
    app = make_app()
    rec = RecordingBackend()
    app.prefs.speech = True
    app.narrator = Narrator(app.prefs, rec)
    return app, rec


def wait_for(cond, seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.005)
    return cond()


@pytest.mark.slow
def test_saying_never_waits_for_the_voice_and_a_new_focus_interrupts():
    slow = SlowBackend(0.5)
    sp = Speaker(slow, lambda: "fi", rate=2)
    t0 = time.perf_counter()
    for i in range(20):
        sp.say(f"sentence {i}")
    took = time.perf_counter() - t0
    assert took < 0.25  # twenty sentences queued in a fraction of one sentence's time
    assert sp.busy()
    assert wait_for(lambda: slow.started == ["sentence 0"])
    sp.say("the focus moved", interrupt=True)  # drops the queue, stops the one spoken
    assert wait_for(lambda: "the focus moved" in slow.finished, 3)
    assert slow.stops >= 1
    assert slow.started == ["sentence 0", "the focus moved"]
    assert slow.threads == {"speech"}  # never the caller's thread
    assert sp.last == "the focus moved"
    sp.repeat()
    assert wait_for(lambda: slow.finished.count("the focus moved") == 2, 3)
    sp.close()


def test_an_instant_backend_records_in_order_with_language_and_rate():
    rec = RecordingBackend()
    sp = Speaker(rec, lambda: "sv", rate=-3)
    sp.say("  two   words ")
    sp.say("")
    sp.say("next", interrupt=True)
    assert rec.said == [("two words", "sv", -3), ("next", "sv", -3)]
    assert rec.stops == 1


def test_backend_commands_carry_the_language_and_rate(tmp_path):
    e = EspeakBackend(wav_dir=tmp_path)
    cmd = e.command("Sinun vuorosi", "fi", 5)
    assert cmd[:3] == ["espeak-ng", "-v", "fi"] and cmd[-2:] == ["--", "Sinun vuorosi"]
    assert int(cmd[cmd.index("-s") + 1]) > EspeakBackend.wpm(0) > EspeakBackend.wpm(-5)
    assert "-w" in cmd
    assert EspeakBackend.voice("zh_CN") == "cmn" and EspeakBackend.voice("x-pseudo") == "en"
    d = DispatcherBackend().command("- a dash first", "fr", -2)
    assert d[d.index("-l") + 1] == "fr" and d[d.index("-r") + 1] == "-40"
    assert d[-2:] == ["--", "- a dash first"]  # never read as an option
    assert isinstance(make_backend("none"), NullBackend)


def test_the_speech_setting_round_trips_through_the_config_and_refuses_bad_values(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[speech]\nenabled = true\nrate = -2\nbackend = "espeak-ng"\n')
    store = PrefsStore(str(path))
    p = store.prefs
    assert (p.speech, p.speech_rate, p.speech_backend) == (True, -2, "espeak-ng")
    p.speech_rate = 4
    store.save()
    assert cfgmod.load(path).speech == cfgmod.SpeechConfig(True, 4, "espeak-ng")
    assert cfgmod.SpeechConfig().enabled is False  # off by default
    path.write_text("[speech]\nrate = 9\n")
    with pytest.raises(cfgmod.ConfigError, match="speech.rate"):
        cfgmod.load(path)
    path.write_text('[speech]\nbackend = "festival"\n')
    with pytest.raises(cfgmod.ConfigError, match="speech.backend"):
        cfgmod.load(path)


@pytest.mark.slow
def test_settings_has_speech_rows_that_save_and_speak(tmp_path):
    path = tmp_path / "config.toml"
    app = App(PrefsStore(str(path)), size=(1280, 720))
    rec = RecordingBackend()
    app.narrator = Narrator(app.prefs, rec)
    scene = SettingsScene()
    app.stack.push(scene)
    app.step(DT)
    labels = [r.label for r in scene.rows]
    assert {"Speech", "Speak the game aloud", "Speech rate", "Speech program"} <= set(labels)
    assert "Voice" not in labels  # its row shows while speech is on
    scene.focus = labels.index("Speak the game aloud")  # below the first screenful
    key(pygame.K_RIGHT)
    app.step(DT)
    assert app.prefs.speech and cfgmod.load(path).speech.enabled
    assert "Speech is on" in rec.sentences
    scene.focus = [r.label for r in scene.rows].index("Speech rate")
    key(pygame.K_RIGHT)
    app.step(DT)
    assert cfgmod.load(path).speech.rate == 1
    # the focus is read as it moves: the row and its value
    key(pygame.K_DOWN)
    app.step(DT)
    assert rec.sentences[-1] == focus_sentence(scene) and ":" in rec.sentences[-1]
    voice = next(r for r in scene.rows if r.label == "Voice")
    assert wait_for(lambda: "looking" not in voice.value())  # found off the frame
    assert "English" in voice.value() and "recording" in voice.value()
    app.close()


@pytest.mark.slow
def test_settings_says_when_the_system_has_no_voice_for_the_language(tmp_path):
    app = App(PrefsStore(str(tmp_path / "c.toml")), size=(1280, 720))
    app.prefs.speech = True
    app.narrator = Narrator(app.prefs, RecordingBackend(voices=("en",)))
    app.set_language("fr")
    try:
        assert wait_for(lambda: app.narrator.voice_found() is not None)
        problem = app.narrator.voice_problem()
        assert "Français" in problem and "voix" in problem, problem
    finally:
        app.set_language("en")
        app.close()
    app = App(PrefsStore(str(tmp_path / "d.toml")), size=(1280, 720))
    app.narrator = Narrator(app.prefs, NullBackend())
    assert "espeak-ng" in app.narrator.voice_problem()
    app.close()


def test_the_keys_to_ask_are_bound_on_the_keyboard_and_the_pad():
    im = InputMap()
    for act, k, pad in (
        (Act.READ_HAND, pygame.K_c, "rstickdown"),
        (Act.READ_TABLE, pygame.K_t, "rstickup"),
        (Act.READ_TURN, pygame.K_n, "rstickright"),
        (Act.REPEAT, pygame.K_r, "rstickleft"),
    ):
        ev = pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        assert im.translate(ev).act is act
        assert im.pad_for(act) == (pad,)
    moved = InputMap({"repeat": ["f5", "pad guide"]})
    assert moved.keys_for(Act.REPEAT) == ("f5",) and moved.pad_for(Act.REPEAT) == ("guide",)


@pytest.mark.slow
def test_asking_is_answered_with_speech_off_and_nothing_is_said_unasked():
    app = make_app()
    rec = RecordingBackend()
    app.narrator = Narrator(app.prefs, rec)
    assert not app.prefs.speech  # off by default
    v = app.registry.variant("crowsnest")
    s = LocalGame(v, [SeatSetup("human", "easy", "")] + [SeatSetup("ai", "easy", "")] * 3, seed=3)
    t = settled_table(app, s)
    for _ in range(5):
        app.step(DT)
    assert rec.sentences == []  # speech off: nothing by itself
    key(pygame.K_r)  # nothing said yet: Repeat says how to turn speech on
    app.step(DT)
    assert rec.sentences == ["Speech is off: turn it on in Settings, Speak the game aloud"]
    rec.said.clear()
    key(pygame.K_c)  # read my hand
    app.step(DT)
    hand = list(rec.sentences)
    assert hand and f"{len(t.view.hand)} cards in your hand" == hand[0]
    deck = t.match.deck
    for name in t.view.hand:  # every card of the hand, by the game's own words
        word = t.words(t.words.game.card_words([name], deck))
        assert any(word in h for h in hand[1:]), word
    key(pygame.K_r)
    app.step(DT)
    assert rec.sentences[-1] == hand[-1]
    key(pygame.K_t)
    app.step(DT)
    table = rec.sentences[len(hand) + 1 :]
    assert any("Scores" in x for x in table)
    counts = t.match.view_json(0)["hand_counts"]  # what the engine says the others hold
    held = next(x for x in table if x.startswith("Cards held: "))
    for seat in range(1, 4):
        assert f"{t.name_of(seat)}: {counts[seat]} cards" in held, held
    assert any(x.startswith("Sides: ") and t.name_of(2) in x for x in table)  # partners
    app.close()


@pytest.mark.slow
def test_a_turn_is_announced_once_and_the_focus_is_read_as_it_moves():
    app, rec = speaking_app()
    t = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=5)
    for _ in range(3000):
        app.step(DT)
        if t.session.ai_busy():
            t.session.wait_ai(30)
        if t.my_turn():
            break
    assert t.my_turn()
    n = len(rec.sentences)
    assert t.prompt() in rec.sentences
    for _ in range(3):
        app.step(DT)
    assert len(rec.sentences) == n  # said once, not every frame
    before = rec.sentences[-1]
    key(pygame.K_RIGHT if t.card_kind else pygame.K_LEFT)
    app.step(DT)
    assert rec.sentences[-1] != before and len(rec.sentences) == n + 1
    app.close()


@pytest.mark.slow
def test_the_coachs_card_and_the_privacy_screen_are_read_when_they_open():
    from crowsnest.client.coach import Advice
    from crowsnest.client.narrator import intro_sentences
    from crowsnest.client.scenes.coach import CoachScene
    from crowsnest.client.scenes.overlays import PrivacyScene

    app = make_app()
    v = app.registry.variant("crowsnest")
    s = LocalGame(v, [SeatSetup("human", "easy", "Ada"), SeatSetup("human", "easy", "Ben")]
                  + [SeatSetup("ai", "easy", "")] * 2, seed=3)  # fmt: skip
    t = settled_table(app, s)
    card = CoachScene(t, Advice("Bidding", "Bid what your hand can take.", ("You may pass.",)))
    said = intro_sentences(card)
    assert said[:2] == ["Coach: Bidding", "Bid what your hand can take."]
    assert said[-1] == "You may pass."
    said = intro_sentences(PrivacyScene(t, 1))
    assert said[0] == "Pass to Ben" and "Ben" in said[1]
    app.close()


@pytest.mark.slow
def test_a_hand_is_read_suit_by_suit_or_rank_by_rank_as_the_game_lays_it_out():
    from crowsnest.client.narrator import hand_sentences

    app = make_app()
    for variant, seats, by in (("crowsnest", 4, "suits"), ("doudizhu", 3, "ranks")):
        v = app.registry.variant(variant)
        setups = [SeatSetup("human", "easy", "")] + [SeatSetup("ai", "easy", "")] * (seats - 1)
        t = settled_table(app, LocalGame(v, setups, seed=4))
        deck = t.match.deck
        held = t.match.deal.hand_of(0)  # the engine's: how many suits and ranks are held
        key = deck.suits if by == "suits" else deck.ranks
        said = hand_sentences(t)
        assert said[0] == f"{len(held)} cards in your hand"
        assert len(said) - 1 == len({key[c] for c in held}), (variant, said)
        for line in said[1:]:  # each run names cards of one suit (one rank)
            words = [t.words(t.words.game.card_words([deck.names[c]], deck)) for c in held]
            kinds = {
                key[c]
                for c, w in zip(held, words, strict=True)
                if w in line.split(": ", 1)[1].split(", ")
            }
            assert len(kinds) == 1, (variant, line)
    app.close()


@pytest.mark.slow
def test_the_rules_screen_is_read_without_its_markup_and_again_for_another_game():
    from crowsnest.client.narrator import spoken_text

    app, rec = speaking_app()
    app.stack.push(app.scene("rules", "doudizhu"))
    app.step(DT)
    first = rec.sentences[-1]
    assert first.startswith("Dou Dizhu") and "landlord" in first
    assert not set("#*|`") & set(first)
    key(pygame.K_RIGHT)  # another game's rules
    app.step(DT)
    assert rec.sentences[-1] != first and rec.stops >= 1  # interrupting the first
    assert spoken_text("# Goal\n\n- **Win** a `trick`\n| a | b |\n|---|---|") == (
        "Goal. Win a trick. a b."
    )
    app.close()


def test_the_table_waits_for_the_voice_but_never_for_long():
    class Prefs:
        speech, speech_rate, speech_backend = True, 0, "auto"

    slow = SlowBackend(2.0)
    n = Narrator(Prefs(), slow)
    assert not n.hold(0.1)  # nothing said: nothing to wait for
    n.say("West: Play the red 5")
    assert wait_for(lambda: slow.started)
    assert n.hold(0.1)  # being said: the next move waits
    waited = 0.1
    while n.hold(1.0):
        waited += 1.0
    assert 11 <= waited <= 13  # at most HOLD_MAX_S, then the game moves on
    Prefs.speech = False
    assert not n.hold(0.1)  # speech off: the table never waits
    n.close()


def test_a_voice_list_that_times_out_is_not_asked_for_again(tmp_path, monkeypatch):
    """A stuck speech-dispatcher answers `spd-say -L` with nothing until the timeout: the
    backend remembers that (for every backend of the process) and asks espeak-ng's
    list instead, rather than waiting again at every question."""
    calls = tmp_path / "calls"
    exe = tmp_path / "spd-say"
    exe.write_text(f"#!/bin/sh\necho x >> '{calls}'\nexec sleep 5\n")
    exe.chmod(0o755)
    monkeypatch.setattr(DispatcherBackend, "LIST_TIMEOUT", 0.3)
    monkeypatch.setattr(DispatcherBackend, "_no_list", set())
    monkeypatch.setattr(EspeakBackend, "available", staticmethod(lambda: None))
    first = DispatcherBackend(str(exe))
    t0 = time.monotonic()
    assert not first.has_voice("fi")  # no list, no espeak-ng: no voice known
    assert not first.has_voice("fr")
    assert not DispatcherBackend(str(exe)).has_voice("en")  # another backend, same program
    assert calls.read_text().count("x") == 1
    assert time.monotonic() - t0 < 3  # one timeout, not three
    # espeak-ng answers once the list is known to be missing
    answers: list[str] = []

    class Espeak:
        available = staticmethod(lambda: "espeak-ng")

        def has_voice(self, language: str) -> bool:
            answers.append(language)
            return language == "fi"

    monkeypatch.setattr("crowsnest.client.speech.EspeakBackend", Espeak)
    assert first.has_voice("fi") and not first.has_voice("tlh")
    assert answers == ["fi", "tlh"] and calls.read_text().count("x") == 1
