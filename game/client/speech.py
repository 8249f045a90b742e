"""Speech for playing by ear: backends and the speaker that feeds them.

The words spoken are the ones the window shows (crowsnest.client.words renders each
game's Presentation), so every game speaks, community plugins included; this module
only says them. What is said when lives in crowsnest.client.narrator.

- A `Backend` speaks one sentence at a time, blocking until it is spoken or stopped:
  speech-dispatcher (`spd-say`, the desktop's speech service: the player's own voice
  and rate settings), espeak-ng directly, pyttsx3 (the optional `speech` extra), or
  none. `RecordingBackend` keeps the sentences (tests, `tools/`).
- The `Speaker` queues sentences and speaks them on its own thread, so no frame ever
  waits for a voice; `say(..., interrupt=True)` (the focus moved) drops what is queued
  and stops the sentence being spoken. A backend marked `instant` (recording, none)
  is called on the caller's thread: nothing to wait for, and tests see every sentence
  in order.
- The voice's language follows the game's language (crowsnest.i18n) where the system
  has a voice for it; `has_voice` says whether it does, and Settings says so when not.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import subprocess
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger("crowsnest.client")

RATES = range(-5, 6)  # the setting: -5 slowest .. 0 the voice's own .. +5 fastest
# The game's language codes -> the voices' (espeak-ng and speech-dispatcher use ISO
# 639-1 codes, Mandarin is "cmn" in espeak-ng)
ESPEAK_LANG = {"zh_CN": "cmn", "en": "en"}
SPD_LANG = {"zh_CN": "cmn"}  # speech-dispatcher lists espeak-ng's Mandarin as cmn
WPM = 175  # espeak-ng's own rate, words per minute


def base_language(code: str) -> str:
    """ "fi", "sv"...; the pseudo-locale and unknown codes read as English."""
    if not code or code.startswith("x-") or code == "pseudo":
        return "en"
    return code


class Backend(Protocol):
    name: str
    instant: bool  # speaks without taking time: called on the caller's thread

    def speak(self, text: str, language: str, rate: int) -> None:
        """Say `text` (blocking until it is said or `stop()` is called)."""

    def stop(self) -> None:
        """Stop the sentence being spoken now (called from another thread)."""

    def has_voice(self, language: str) -> bool:
        """Whether the system has a voice for the game's language `language`."""

    def close(self) -> None: ...


class NullBackend:
    """No speech: sentences go nowhere (the setting is off, or no voice is installed)."""

    name = "none"
    instant = True

    def speak(self, text: str, language: str, rate: int) -> None:
        return None

    def stop(self) -> None:
        return None

    def has_voice(self, language: str) -> bool:
        return False

    def close(self) -> None:
        return None


class RecordingBackend:
    """Keeps every sentence with its language and rate, in order (tests, tools)."""

    name = "recording"
    instant = True

    def __init__(self, voices: tuple[str, ...] = ("en", "fi", "sv", "da", "fr")) -> None:
        self.said: list[tuple[str, str, int]] = []
        self.stops = 0
        self.voices = voices

    def speak(self, text: str, language: str, rate: int) -> None:
        self.said.append((text, language, rate))

    def stop(self) -> None:
        self.stops += 1

    def has_voice(self, language: str) -> bool:
        return base_language(language) in self.voices

    def close(self) -> None:
        return None

    @property
    def sentences(self) -> list[str]:
        return [t for t, _lang, _rate in self.said]


class _ProcessBackend:
    """A backend that runs one command per sentence; stop() ends that command."""

    name = "process"
    instant = False

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._voices: dict[str, bool] = {}
        self.stopped = False

    def _run(self, cmd: list[str], timeout: float) -> None:
        with self._lock:
            self.stopped = False
            try:
                self._proc = subprocess.Popen(
                    cmd,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            except OSError as e:
                log.info("speech: %s could not run (%s)", cmd[0], e)
                return
            proc = self._proc
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            # no audio device answers (speech-dispatcher waits for ever then): give up
            # on this sentence rather than on every one after it
            proc.kill()
            proc.wait()
        finally:
            with self._lock:
                self._proc = None

    def stop(self) -> None:
        with self._lock:
            self.stopped = True
            if self._proc is not None and self._proc.poll() is None:
                with contextlib.suppress(OSError):
                    self._proc.terminate()

    def close(self) -> None:
        self.stop()

    @staticmethod
    def _timeout(text: str, rate: int) -> float:
        """Long enough for the sentence at the slowest voice, then some."""
        return 3.0 + len(text) / 8.0 * float(1.5 ** (-rate / 5))


class EspeakBackend(_ProcessBackend):
    """espeak-ng run once per sentence (through the sound card, or into `wav_dir`)."""

    name = "espeak-ng"

    def __init__(self, exe: str = "espeak-ng", wav_dir: Path | None = None) -> None:
        super().__init__()
        self.exe = exe
        self.wav_dir = wav_dir  # write each sentence to a numbered .wav here instead
        self.written: list[Path] = []

    @staticmethod
    def available() -> str | None:
        return shutil.which("espeak-ng")

    @staticmethod
    def voice(language: str) -> str:
        lang = base_language(language)
        return ESPEAK_LANG.get(lang, lang.split("_")[0])

    @staticmethod
    def wpm(rate: int) -> int:
        return round(WPM * float(1.5 ** (max(-5, min(5, rate)) / 5)))

    def command(self, text: str, language: str, rate: int) -> list[str]:
        cmd = [self.exe, "-v", self.voice(language), "-s", str(self.wpm(rate))]
        if self.wav_dir is not None:
            out = self.wav_dir / f"sentence-{len(self.written) + 1:04d}.wav"
            self.written.append(out)
            cmd += ["-w", str(out)]
        return [*cmd, "--", text]

    def speak(self, text: str, language: str, rate: int) -> None:
        if not self.has_voice(language):
            language = "en"  # espeak-ng says nothing with a voice it lacks: its default
        self._run(self.command(text, language, rate), self._timeout(text, rate))

    def has_voice(self, language: str) -> bool:
        v = self.voice(language)
        if v not in self._voices:
            try:
                out = subprocess.run(
                    [self.exe, f"--voices={v}"], capture_output=True, text=True, timeout=10
                ).stdout
            except (OSError, subprocess.SubprocessError):
                out = ""
            # a header line, then one line per voice of that language
            self._voices[v] = len([x for x in out.splitlines() if x.strip()]) > 1
        return self._voices[v]


class DispatcherBackend(_ProcessBackend):
    """speech-dispatcher through `spd-say`: the desktop's speech service, which the
    player's screen reader uses too (its voices, output module and sound card)."""

    name = "speech-dispatcher"
    APP = "crowsnest-arcade"  # our connection's name: stop() stops our speech only

    def __init__(self, exe: str = "spd-say") -> None:
        super().__init__()
        self.exe = exe
        self._listed: str | None = None
        self._espeak: EspeakBackend | None = None

    @staticmethod
    def available() -> str | None:
        return shutil.which("spd-say")

    def command(self, text: str, language: str, rate: int) -> list[str]:
        lang = base_language(language)
        lang = SPD_LANG.get(lang, lang.split("_")[0])
        r = str(max(-100, min(100, rate * 20)))
        return [self.exe, "-N", self.APP, "-l", lang, "-r", r, "-w", "--", text]

    def speak(self, text: str, language: str, rate: int) -> None:
        self._run(self.command(text, language, rate), self._timeout(text, rate))
        if self.stopped:
            # ending our waiting client does not silence the service: ask it to stop
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                subprocess.run(
                    [self.exe, "-N", self.APP, "-S"],
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    timeout=5,
                )

    # Programs whose `spd-say -L` timed out or could not run, in this process: a stuck
    # service (one left from an earlier session, no sound card) answers nothing for the
    # whole 30 s, and asking again costs that again for every backend made after it.
    # espeak-ng's own list answers for them from then on.
    _no_list: set[str] = set()
    LIST_TIMEOUT = 30.0  # s: the first question may spawn the service

    def has_voice(self, language: str) -> bool:
        lang = base_language(language)
        code = SPD_LANG.get(lang, lang.split("_")[0]).lower()
        if self._listed is None and self.exe not in DispatcherBackend._no_list:
            # the first question may spawn the service (seconds on a loaded machine)
            try:
                out = subprocess.run(
                    [self.exe, "-L"], capture_output=True, text=True, timeout=self.LIST_TIMEOUT
                ).stdout
            except (OSError, subprocess.SubprocessError) as e:
                log.info("speech: %s -L gave no voice list (%s): asking espeak-ng", self.exe, e)
                DispatcherBackend._no_list.add(self.exe)
                out = ""
            # "NAME  LANGUAGE  VARIANT" lines, the name may have spaces ("English
            # (America)"): the language is the next to last word, maybe with a region
            langs = {
                parts[-2].lower().split("-")[0]
                for parts in (line.split() for line in out.splitlines()[1:])
                if len(parts) >= 2
            }
            if langs:
                self._listed = " ".join(sorted(langs))
        if self._listed is None:
            # no list (the service was starting or stopping, or an older one lists
            # nothing; an empty answer is quick: asked again next time): espeak-ng's
            if EspeakBackend.available():
                if self._espeak is None:
                    self._espeak = EspeakBackend()  # keeps its own answers
                return self._espeak.has_voice(language)
            return False
        return code in self._listed.split()


class Pyttsx3Backend:
    """pyttsx3 (the optional `speech` extra: pip install 'crowsnest-arcade[speech]'),
    which drives espeak-ng, SAPI5 or NSSpeechSynthesizer. Its engine lives on the
    speaker's thread and is made there on first use."""

    name = "pyttsx3"
    instant = False

    def __init__(self) -> None:
        self._engine: Any = None
        self._voices: list[Any] | None = None

    @staticmethod
    def available() -> bool:
        try:
            import pyttsx3  # noqa: F401 - optional

            return True
        except ImportError:
            return False

    def _get(self) -> Any:
        if self._engine is None:
            import pyttsx3

            self._engine = pyttsx3.init()
        return self._engine

    def _voice_for(self, language: str) -> Any:
        eng = self._get()
        if self._voices is None:
            self._voices = list(eng.getProperty("voices") or [])
        want = base_language(language).split("_")[0].lower()
        for v in self._voices:
            langs = [
                (x.decode(errors="ignore") if isinstance(x, bytes) else str(x)).lower()
                for x in (getattr(v, "languages", None) or [])
            ]
            vid = str(getattr(v, "id", "")).lower()
            if any(x.lstrip("\x05").startswith(want) for x in langs) or vid.endswith("/" + want):
                return v
        return None

    def speak(self, text: str, language: str, rate: int) -> None:
        eng = self._get()
        v = self._voice_for(language)
        if v is not None:
            eng.setProperty("voice", v.id)
        eng.setProperty("rate", round(200 * 1.5 ** (rate / 5)))
        eng.say(text)
        eng.runAndWait()

    def stop(self) -> None:
        if self._engine is not None:
            with contextlib.suppress(Exception):
                self._engine.stop()

    def has_voice(self, language: str) -> bool:
        try:
            return self._voice_for(language) is not None
        except Exception:  # noqa: BLE001 - a broken driver: no voice
            return False

    def close(self) -> None:
        self.stop()


def make_backend(choice: str = "auto") -> Backend:
    """The backend for the setting: speech-dispatcher, else espeak-ng, else pyttsx3,
    else none ("auto"); a named one that the system lacks gives none."""
    if choice in ("auto", "speech-dispatcher") and DispatcherBackend.available():
        return DispatcherBackend()
    if choice in ("auto", "espeak-ng") and EspeakBackend.available():
        return EspeakBackend()
    if choice in ("auto", "pyttsx3") and Pyttsx3Backend.available():
        return Pyttsx3Backend()
    return NullBackend()


class Speaker:
    """Sentences in, speech out, never on the caller's time (see the module doc)."""

    def __init__(
        self,
        backend: Backend,
        language: Callable[[], str],
        rate: int = 0,
    ) -> None:
        self.backend = backend
        self.language = language  # the game's language now (crowsnest.i18n)
        self.rate = rate
        self.last = ""  # the last sentence asked for: Repeat says it again
        self.history: deque[str] = deque(maxlen=200)
        self._queue: deque[tuple[str, str, int]] = deque()
        self._cond = threading.Condition()
        self._speaking = False
        self._closed = False
        self._thread: threading.Thread | None = None

    # ---- the caller's side (the render loop): never waits

    def say(self, text: str, interrupt: bool = False) -> None:
        text = " ".join(str(text).split())
        if not text:
            return
        self.last = text
        self.history.append(text)
        item = (text, self.language(), self.rate)
        if self.backend.instant:
            if interrupt:
                self.backend.stop()
            self.backend.speak(*item)
            return
        with self._cond:
            if interrupt:
                self._queue.clear()
                if self._speaking:
                    self.backend.stop()
            self._queue.append(item)
            self._cond.notify()
        self._start()

    def repeat(self) -> None:
        if self.last:
            self.say(self.last, interrupt=True)

    def stop(self) -> None:
        with self._cond:
            self._queue.clear()
            if self._speaking:
                self.backend.stop()

    def busy(self) -> bool:
        """Something is being said or waits to be."""
        with self._cond:
            return self._speaking or bool(self._queue)

    def close(self, wait: bool = True) -> None:
        """Stop speaking and end the thread (`wait`: until it has ended, at most 2 s;
        without, the frame that changed the setting does not wait for it)."""
        with self._cond:
            self._closed = True
            self._queue.clear()
            self._cond.notify()
        self.backend.stop()
        if wait and self._thread is not None:
            self._thread.join(timeout=2)
        self.backend.close()

    # ---- the speaker's thread

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                item = self._queue.popleft()
                self._speaking = True
            try:
                self.backend.speak(*item)
            except Exception:  # noqa: BLE001 - a voice's fault never reaches the game
                log.exception("speech: the %s voice failed", self.backend.name)
            finally:
                with self._cond:
                    self._speaking = False
