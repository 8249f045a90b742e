"""The narrator: what is said aloud, and when, for playing by ear.

Every sentence comes from the words the window already shows: the table's prompt, its
banner (the game's news: trick winners, contracts, hints), its refusals, the plates'
calls, the end-of-deal sheet, and cards named by the game's own `card_words`, all
rendered through crowsnest.client.words, so every game is heard, plugins included; no
game is named here. The sentences go to a `Speaker` (crowsnest.client.speech), which
speaks on its own thread.

When it speaks by itself (Settings -> Speech on): the prompt, the trick so far and
what is allowed when it becomes the player's turn; what each other player did; every
banner; refusals; the focused card or button as the focus moves (interrupting); a
screen's content when it opens (the end-of-deal sheet, game over, "Pass to ...").
The keys to ask (read my hand, read the table, whose turn, repeat) speak whether or
not it is on: asking is always answered.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from typing import Any

from crowsnest import i18n
from crowsnest.engine import Action
from crowsnest.engine.presentation import CALL, LAYAWAY, PLAY, TableEvent, Text, join_words, say

from .input import Act
from .scenes.coach import CoachScene
from .scenes.common import FormScene
from .scenes.info import RulesScene, reflow
from .scenes.overlays import EndOfDealScene, GameOverScene, PrivacyScene
from .scenes.table import TableScene
from .speech import Backend, NullBackend, Speaker, make_backend

HOLD_MAX_S = 12.0  # the longest the table waits for the voice before it moves on
ASKS = (Act.READ_HAND, Act.READ_TABLE, Act.READ_TURN, Act.REPEAT)


class Narrator:
    def __init__(self, prefs: Any, backend: Backend | None = None) -> None:
        self.prefs = prefs
        self._backend = backend  # given (tests): used whatever the setting says
        self.speaker: Speaker | None = None
        self._top: Any = None  # the top scene last frame
        self._focus = ""  # the focus sentence last said
        self._turn: tuple[int, ...] | None = None  # the decision last announced
        self._where: tuple[Any, ...] | None = None  # the table's focus last read
        self._reason = ""  # the refusal last said
        self._held = 0.0
        self._voices: dict[tuple[int, str], bool | None] = {}  # (backend, language) -> found

    # ---- the voice

    @property
    def enabled(self) -> bool:
        return bool(self.prefs.speech)

    def voice(self) -> Speaker:
        """The speaker, made on first use with the backend the setting names."""
        if self.speaker is None:
            backend = self._backend or make_backend(self.prefs.speech_backend)
            self.speaker = Speaker(backend, i18n.current_language, self.prefs.speech_rate)
        self.speaker.rate = self.prefs.speech_rate
        return self.speaker

    def backend_changed(self) -> None:
        """The setting names another backend: the next sentence makes it."""
        if self.speaker is not None and self._backend is None:
            self.speaker.close(wait=False)
            self.speaker = None

    def voice_found(self) -> bool | None:
        """Whether the system has a voice for the game's language: None while that is
        being found out (asking speech-dispatcher can take seconds: off the frame)."""
        backend = self.voice().backend
        lang = i18n.current_language()
        key = (id(backend), lang)
        if key not in self._voices:
            self._voices[key] = None
            threading.Thread(
                target=self._look_for_voice, args=(backend, lang, key), daemon=True
            ).start()
        return self._voices[key]

    def _look_for_voice(self, backend: Backend, lang: str, key: tuple[int, str]) -> None:
        try:
            self._voices[key] = bool(backend.has_voice(lang))
        except Exception:  # noqa: BLE001 - a broken voice list: no voice
            self._voices[key] = False

    def voice_problem(self) -> str:
        """A sentence for Settings when speech cannot be heard in the game's language
        (no voice installed, or none for this language); "" when it can (or while
        that is not yet known)."""
        backend = self.voice().backend
        if isinstance(backend, NullBackend):
            return i18n._(
                "No speech voice is installed (speech-dispatcher or espeak-ng): "
                "nothing can be heard"
            )
        if self.voice_found() is False:
            lang = i18n.current_language()
            return i18n._(
                "This computer has no {language} voice: the words are read by its default voice"
            ).format(language=i18n.LANGUAGES.get(lang, lang))
        return ""

    def voice_status(self) -> str:
        """The Voice row's value: which program speaks, and whether it has a voice for
        the game's language."""
        backend = self.voice().backend
        if isinstance(backend, NullBackend):
            return i18n._("no voice installed")
        found = self.voice_found()
        if found is None:
            return i18n._("{program}: looking for a voice...").format(program=backend.name)
        if found:
            lang = i18n.current_language()
            return i18n._("{program}, {language} voice").format(
                program=backend.name, language=i18n.LANGUAGES.get(lang, lang)
            )
        return self.voice_problem()

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say it if speech is on."""
        if self.enabled and text:
            self.voice().say(text, interrupt)

    def ask(self, sentences: Sequence[str]) -> None:
        """Say what was asked for (speech on or off), dropping what was queued."""
        first = True
        for s in sentences:
            if s:
                self.voice().say(s, interrupt=first)
                first = False

    def hold(self, dt: float) -> bool:
        """The table waits (no AI move, no next beat) while the voice still speaks what
        happened, so a player by ear hears each move before the next; at most
        HOLD_MAX_S at a time."""
        if not self.enabled or self.speaker is None or not self.speaker.busy():
            self._held = 0.0
            return False
        self._held += dt
        if self._held >= HOLD_MAX_S:
            self._held = 0.0
            return False
        return True

    def close(self) -> None:
        if self.speaker is not None:
            self.speaker.close()
            self.speaker = None

    # ---- the keys to ask

    def answer(self, act: Act, app: Any) -> bool:
        """Answer one of the keys to ask; True when it was one."""
        if act not in ASKS:
            return False
        if act is Act.REPEAT:
            if self.voice().last:
                self.voice().repeat()
            elif not self.enabled:  # a first press anywhere says how to turn it on
                self.ask([i18n._("Speech is off: turn it on in Settings, Speak the game aloud")])
            return True
        table = app.stack.find(TableScene)
        if table is None:
            return True
        if act is Act.READ_HAND:
            self.ask(hand_sentences(table))
        elif act is Act.READ_TABLE:
            self.ask(table_sentences(table))
        else:
            self.ask(turn_sentences(table))
        return True

    # ---- the table tells

    def on_events(self, table: TableScene, seat: int, action: Action, tes: list[Any]) -> None:
        """An action was applied: what another seat did, in the game's words."""
        if not self.enabled or table.words.is_you(seat) and seat == table.bottom:
            return
        w = table.words
        for te in tes:
            if not isinstance(te, TableEvent) or te.kind not in (CALL, PLAY, LAYAWAY):
                continue
            call: Any = te.call
            who = table.name_of(seat)
            if te.kind == PLAY and action[0] == "play" and len(action) > 1:
                if call is None:  # "North: Play the red 5"
                    call = w.game.call_label(action, table.match.deck)
                else:  # the plate's words name the combination; the cards too
                    deck = table.match.deck
                    cards = _cards(table, [deck.names[c] for c in action[1]])
                    self.say(
                        w(say("{player}: {call} ({cards})", player=who, call=call, cards=cards))
                    )
                    continue
            if call is None:
                continue
            self.say(w(say("{player}: {call}", player=who, call=call)))

    # ---- every frame

    def frame(self, app: Any) -> None:
        """Speak what changed on screen since the last frame: a screen opened, it is the
        player's turn, the focus moved, a refusal. Cheap when nothing changed."""
        if not self.enabled:
            self._top = None
            return
        top = app.stack.top
        if top is not self._top:
            self._top = top
            self._focus = ""
            self._where = None
            self.say_all(intro_sentences(top), interrupt=True)
        if isinstance(top, TableScene):
            self._table_frame(top)
            return
        focus = focus_sentence(top)
        if focus and focus != self._focus:
            self._focus = focus
            self.say(focus, interrupt=True)

    def say_all(self, sentences: Sequence[str], interrupt: bool = False) -> None:
        for i, s in enumerate(sentences):
            self.say(s, interrupt and i == 0)

    def _table_frame(self, t: TableScene) -> None:
        reason = t.reason
        if reason != self._reason:
            self._reason = reason
            if reason:
                self.say(reason, interrupt=True)
        if not t.my_turn():
            return
        m = t.match
        key = (m.deal_no, len(m.log), m.to_move, t.bottom)
        # what has the focus, as plain values: the sentence is rendered only when it moves
        menu = t.panel_menu
        where = (key, t.zone, t.hand_focus, menu.focus, len(menu.buttons), frozenset(t.selected))
        if key == self._turn and where == self._where:
            return
        self._where = where
        focus = table_focus(t)
        if key != self._turn:
            self._turn = key
            self._focus = focus
            self.say_all(turn_sentences(t))
            return
        if focus and focus != self._focus:
            self._focus = focus
            self.say(focus, interrupt=True)


# ---------------------------------------------------------------- the sentences


def _cards(t: TableScene, names: Sequence[str]) -> str:
    w = t.words
    return w(w.game.card_words(list(names), t.match.deck))


def card_sentence(t: TableScene, card: int) -> str:
    """A card of the hand as the focus says it: its name, and whether it is selected
    or cannot be played now."""
    w = t.words
    name = _cards(t, [t.match.deck.names[card]])
    if card in t.selected:
        return w(say("{card} (selected)", card=name))
    if t.playable and card not in t.playable:
        return w(say("{card} (not allowed now)", card=name))
    return w(say("{card}", card=name))


def table_focus(t: TableScene) -> str:
    """What has the focus at the table on the player's turn: a card or a button."""
    buttons = t.panel_menu.buttons
    if t.zone == "panel" and buttons:
        b = buttons[max(0, min(t.panel_menu.focus, len(buttons) - 1))]
        if not b.enabled:
            return t.words(say("{label} (not available yet)", label=b.label))
        return t.words(say("{label} (button)", label=b.label))
    ids = t.hand_ids()
    if t.card_kind and ids:
        return card_sentence(t, ids[max(0, min(t.hand_focus, len(ids) - 1))])
    return ""


def trick_sentence(t: TableScene) -> str:
    """The cards in the middle, who played which: "On the table: West: the 10 of
    hearts, North: the Crow"."""
    w = t.words
    plays = [
        say("{player}: {cards}", player=t.name_of(seat), cards=_cards(t, names))
        for seat, names in t.view.trick
        if names
    ]
    if not plays:
        return ""
    return w(say("On the table: {cards}", cards=join_words(plays)))


def legal_sentence(t: TableScene) -> str:
    """What the player may do now: the cards that can be used, or the choices."""
    w = t.words
    ids = t.hand_ids()
    if t.card_kind and ids:
        usable = [c for c in ids if not t.playable or c in t.playable]
        names = [t.match.deck.names[c] for c in usable]
        if len(usable) == len(ids):
            line = w(
                say(
                    "Any of your {count} card: {cards}",
                    plural="Any of your {count} cards: {cards}",
                    count=len(ids),
                    cards=_cards(t, names),
                )
            )
        else:
            line = w(
                say(
                    "You can use {count} card: {cards}",
                    plural="You can use {count} cards: {cards}",
                    count=len(usable),
                    cards=_cards(t, names),
                )
            )
        others = [b.label for b in t.panel_menu.buttons if b.enabled]
        if others:
            return w(say("{cards}. Buttons: {buttons}", cards=line, buttons=join_words(others)))
        return line
    labels = [b.label for b in t.panel_menu.buttons if b.enabled]
    if labels:
        return w(say("Choices: {choices}", choices=join_words(labels)))
    return ""


def turn_sentences(t: TableScene) -> list[str]:
    """Whose turn it is and what is allowed: the prompt, the trick so far, the cards or
    choices allowed, and what has the focus."""
    out = [t.prompt()]
    if t.my_turn():
        # the same cue first every time, whatever the game's prompt says after it
        w = t.words
        you = say("Your turn") if len(t.session.humans) == 1 else None
        cue = w(you) if you else w(say("Your turn, {player}", player=t.name_of(t.bottom)))
        if not out[0].startswith(cue):
            out.insert(0, cue)
        out += [trick_sentence(t), legal_sentence(t), table_focus(t)]
    return [s for s in out if s]


def hand_sentences(t: TableScene) -> list[str]:
    """The hand in its order, one sentence per run of one suit (a hand the game lays out
    by rank instead, as a climbing game does: one per rank)."""
    w = t.words
    if not t.hand_visible():
        return [w(say("Your cards are hidden now"))]
    deck = t.match.deck
    names = list(t.view.hand)
    if not names:
        return [w(say("You have no cards"))]
    first = [deck.ids(n)[0] for n in names]  # names come from the view: the deck's own
    groups = _runs(names, [deck.suits[i] for i in first])
    if len(groups) > 2 * len({deck.suits[i] for i in first}):
        # laid out by rank, not suit (a climbing game): read rank by rank
        groups = _runs(names, [deck.ranks[i] for i in first])
    out = [
        w(say("{count} card in your hand", plural="{count} cards in your hand", count=len(names)))
    ]
    for g in groups:
        out.append(
            w(
                say(
                    "{count} card: {cards}",
                    plural="{count} cards: {cards}",
                    count=len(g),
                    cards=_cards(t, g),
                )
            )
        )
    return out


def _runs(names: list[str], keys: list[Any]) -> list[list[str]]:
    """`names` cut into runs of equal `keys`, in order."""
    groups: list[list[str]] = []
    for i, n in enumerate(names):
        if not groups or keys[i] != keys[i - 1]:
            groups.append([])
        groups[-1].append(n)
    return groups


def table_sentences(t: TableScene) -> list[str]:
    """The table: the trick so far, the top bar's facts (trump, bid, the contract), the
    centre's caption, how many cards the others hold, the scores and the sides."""
    w = t.words
    out = [trick_sentence(t) or w(say("Nothing is on the table"))]
    view = t.bar_view or t.view
    for f in w.game.facts(view):
        text = getattr(f, "text", None)
        if isinstance(text, Text):
            out.append(w(text))
    centre = t.words.game.centre(view, t.match.deck)
    caption = getattr(centre, "caption", None)
    if isinstance(caption, Text):
        out.append(w(caption))
    held = [
        say(
            "{player}: {count} card", plural="{player}: {count} cards", player=t.name_of(p), count=n
        )
        for p, n in enumerate(t.view.hand_counts)
        if p != t.bottom
    ]
    if held:  # how many cards the others still hold (a climbing game turns on it)
        out.append(w(say("Cards held: {counts}", counts=join_words(held))))
    scores = [
        w(w.game.score_text(side, value))
        for side, value in zip(w.side_labels(), t.match.scores, strict=False)
    ]
    if scores:
        out.append(w(say("Scores: {scores}", scores=join_words(scores))))
    if t.match.teams:  # who plays with whom
        out.append(w(say("Sides: {sides}", sides=join_words(w.side_rows()))))
    return [s for s in out if s]


def intro_sentences(scene: Any) -> list[str]:
    """What a screen says when it opens."""
    if isinstance(scene, EndOfDealScene):
        return scene.spoken()
    if isinstance(scene, GameOverScene):
        w = scene.words
        scores = [
            w(w.game.score_text(side, value))
            for side, value in zip(w.side_labels(), scene.session.match.scores, strict=False)
        ]
        return [
            w(say("Game over")),
            scene.winner_text(),
            w(say("Scores: {scores}", scores=join_words(scores))) if scores else "",
        ]
    if isinstance(scene, PrivacyScene):
        name = scene.table.session.names[scene.seat]
        since = scene.since_line()
        return [
            scene.table.words(say("Pass to {player}", player=name)),
            *([scene.table.words(since)] if since is not None else []),
            scene.button.label,
        ]
    if isinstance(scene, FormScene):
        return [i18n._(scene.title)] if getattr(scene, "title", "") else []
    if isinstance(scene, CoachScene):  # the first-game coach's card
        a = scene.advice
        return [
            i18n._("Coach: {phase}").format(phase=a.title),
            a.about,
            *((i18n._("Now:"), *a.allowed) if a.allowed else ()),
        ]
    return []


def spoken_text(markdown: str) -> str:
    """A rules text as it is read aloud: paragraphs joined, the markup's signs left out
    (headings, emphasis, list marks, table bars), so a voice does not say "hash"."""
    out = []
    for line in reflow(markdown).splitlines():
        line = re.sub(r"^\s*(#+|[-*]|\d+[.)])\s+", "", line)
        line = re.sub(r"[*_`|]+", " ", line)
        line = " ".join(line.split())
        if line and not set(line) <= set("-: "):  # a table's rule line says nothing
            out.append(line if line[-1] in ".!?:;" else line + ".")
    return " ".join(out)


_RULES: dict[tuple[str, int], str] = {}  # (game, language revision) -> its rules aloud


def _rules_aloud(v: Any) -> str:
    """A game's rules as read aloud, made once per game and language (focus_sentence is
    asked every frame)."""
    key = (v.id, i18n.revision())
    if key not in _RULES:
        _RULES[key] = spoken_text(i18n.rules_text(v)) or i18n.variant_text(v, v.name)
    return _RULES[key]


def focus_sentence(scene: Any) -> str:
    """The focused row or button of a screen that is not the table; the Rules screen's
    text (read again when another game's rules are shown)."""
    if isinstance(scene, RulesScene):
        variants = getattr(scene, "variants", None)
        if variants:
            return _rules_aloud(variants[scene.index])
        return ""
    if isinstance(scene, FormScene):
        rows = scene.rows
        i = scene.focus
        if i < len(rows):
            r = rows[i]
            value = r.value() if callable(r.value) else ""
            if value:
                # TRANSLATORS: a settings row read aloud: "Volume: 80%"
                return i18n._("{label}: {value}").format(label=r.label, value=value)
            return r.label
        j = i - len(rows)
        if 0 <= j < len(scene.buttons):
            return scene.buttons[j].label
        return ""
    menu = getattr(scene, "menu", None) or getattr(scene, "nav", None)
    buttons = getattr(menu, "buttons", None)
    if buttons and menu is not None:
        return str(buttons[max(0, min(menu.focus, len(buttons) - 1))].label)
    button = getattr(scene, "button", None)
    return str(getattr(button, "label", "") or "")
