"""A real voice speaks on this machine (issue 25): espeak-ng says a table's prompt in
the game's language into a WAV file, which must hold sound (RMS well above silence);
speech-dispatcher answers with a voice for each of the game's languages. Each test
skips, saying why, where the program is not installed (`.ci/run` installs both)."""

from __future__ import annotations

import array
import contextlib
import importlib.util
import math
import os
import shutil
import signal
import time
import wave
from pathlib import Path

import pytest
from client_driver import make_app, settled_table
from crowsnest import i18n
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.client.speech import DispatcherBackend, EspeakBackend, Speaker

pytestmark = pytest.mark.slow


def rms(path: Path) -> tuple[float, float]:
    """(RMS of the samples as a fraction of full scale, seconds) of a 16-bit WAV."""
    with wave.open(str(path)) as w:
        assert w.getsampwidth() == 2
        frames = w.readframes(w.getnframes())
        seconds = w.getnframes() / w.getframerate()
    samples = array.array("h", frames)
    if not samples:
        return 0.0, seconds
    return math.sqrt(sum(s * s for s in samples) / len(samples)) / 32768, seconds


def wait_quiet(sp: Speaker, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while sp.busy() and time.monotonic() < end:
        time.sleep(0.02)
    assert not sp.busy(), "the voice never finished"


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_espeak_ng_says_a_prompt_in_the_games_language_and_it_is_not_silent(tmp_path):
    app = make_app()
    app.set_language("fi")
    try:
        v = app.registry.variant("crowsnest")
        seats = [SeatSetup("human", "easy", "")] + [SeatSetup("ai", "easy", "")] * 3
        s = LocalGame(v, seats, seed=1)
        m = s.match
        while m.to_move != 0:  # the AIs bid until it is the player's turn
            s.apply(s.runner.choose(m, m.to_move, "random", budget_s=None).action)
        t = settled_table(app, s)
        prompt = t.prompt()
        assert prompt.startswith("Tarjoa") or "passaa" in prompt, prompt  # Finnish words
        backend = EspeakBackend(wav_dir=tmp_path)
        sp = Speaker(backend, i18n.current_language, rate=0)
        sp.say(prompt)
        sp.say("")  # nothing: no file
        wait_quiet(sp)
        assert len(backend.written) == 1
        level, seconds = rms(backend.written[0])
        assert seconds > 0.5, seconds  # a sentence takes time to say
        assert level > 0.02, level  # well above silence (the sentence is ~0.05-0.1)
        assert backend.has_voice("fi") and backend.has_voice("fr")
        # a language espeak-ng has no voice for is read by its default voice, not muted
        other = EspeakBackend(wav_dir=tmp_path / "o")
        (tmp_path / "o").mkdir()
        so = Speaker(other, lambda: "tlh")
        so.say("Your turn")
        wait_quiet(so)
        assert rms(other.written[0])[0] > 0.02
        so.close()
        # the control: espeak-ng writing nothing but a pause is silent by this measure
        quiet = EspeakBackend(wav_dir=tmp_path / "q")
        (tmp_path / "q").mkdir()
        sq = Speaker(quiet, lambda: "fi")
        sq.say("[[_:]]")  # espeak-ng's phoneme input: a short pause, no voice
        wait_quiet(sq)
        assert rms(quiet.written[0])[0] < 0.005
        sp.close()
        sq.close()
    finally:
        app.set_language("en")
        app.close()


@pytest.fixture
def own_speech_dispatcher(tmp_path, monkeypatch):
    """A speech-dispatcher of this test's own: `spd-say` starts it (as on a desktop) with
    its socket, pid file and logs in the test's folder (XDG_RUNTIME_DIR), not the user's
    (a service left running there once cost every later run 30 s per question), so
    xdist workers never share one, and it is stopped at the end: none is left behind."""
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    yield runtime
    for pidfile in runtime.glob("speech-dispatcher/pid/*.pid"):
        with contextlib.suppress(ValueError, OSError):
            pid = int(pidfile.read_text().split()[0])
            os.kill(pid, signal.SIGTERM)
            end = time.monotonic() + 10
            while time.monotonic() < end:
                os.kill(pid, 0)  # OSError once it is gone
                time.sleep(0.05)
            os.kill(pid, signal.SIGKILL)  # its modules go with it


@pytest.mark.skipif(shutil.which("spd-say") is None, reason="speech-dispatcher is not installed")
def test_speech_dispatcher_has_a_voice_for_each_of_the_games_languages(own_speech_dispatcher):
    backend = DispatcherBackend()
    for lang in ("en", "fi", "sv", "da", "fr", "zh_CN"):
        assert backend.has_voice(lang), f"speech-dispatcher lists no {lang} voice"
    assert not backend.has_voice("tlh")  # Klingon: no voice
    assert backend._listed, "the voices came from speech-dispatcher, not espeak-ng's list"
    assert list(own_speech_dispatcher.glob("speech-dispatcher/pid/*.pid"))  # its own


@pytest.mark.skipif(
    importlib.util.find_spec("pyttsx3") is None,
    reason="pyttsx3 is not installed (the optional speech extra)",
)
def test_pyttsx3_finds_the_games_voices_and_speaks_off_the_frame():
    from crowsnest.client.speech import Pyttsx3Backend

    backend = Pyttsx3Backend()
    assert backend.has_voice("fi") and backend.has_voice("fr")
    assert not backend.has_voice("tlh")
    sp = Speaker(backend, lambda: "fi")
    t0 = time.perf_counter()
    sp.say("Sinun vuorosi")
    assert time.perf_counter() - t0 < 0.1  # queued, not spoken on the caller's time
    wait_quiet(sp)
    sp.close()
