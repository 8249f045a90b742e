"""The words room: every sentence the table shows, in one place.

The game's words come from its Presentation (crowsnest.engine.presentation) as `Text`
values (whole sentences with placeholders); this room fills the placeholders with the
table's names (seats, sides, "You") and the game's card words. The table's own sentences
("Dealing...", "Your turn") are here too, built the same way, so translation (issue 16)
has one place to wrap.

The game's Presentation is asked through `Words.game`, a guarded proxy typed as the
Presentation itself (so the type checker sees every call: a misspelled method or a
wrong argument is an error before anything runs): a plugin's presentation method that
raises is caught there, the generic presentation answers instead and the fault is
logged once, so a plugin's words never take the table down.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from crowsnest import i18n
from crowsnest.engine.presentation import GENERIC, Presentation, Text, presentation_of, render, say

if TYPE_CHECKING:
    from crowsnest.client.game import TableGame

log = logging.getLogger("crowsnest.client")


class Guarded:
    """A game's Presentation with every method guarded: what the game's method returns,
    or, when it raises, what the generic presentation's returns (the fault logged once
    per method). Typed as a Presentation where it is handed out (Words.game)."""

    def __init__(self, game: Presentation) -> None:
        self._game = game
        self._failed: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        mine = getattr(self._game, name)
        if not callable(mine):
            return mine

        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return mine(*args, **kwargs)
            except Exception:  # noqa: BLE001 - a plugin's words must not break the table
                if name not in self._failed:
                    self._failed.add(name)
                    log.exception("the game's presentation failed in %s; generic words used", name)
                return getattr(GENERIC, name)(*args, **kwargs)

        return guarded


class Words:
    def __init__(self, session: TableGame, viewer: Callable[[], int]) -> None:
        self.session = session
        self.viewer = viewer  # the bottom seat, whose team is "We"
        self.presentation: Presentation = presentation_of(session.variant)
        # every question to the game goes through this: typed, and guarded
        self.game: Presentation = cast(Presentation, Guarded(self.presentation))

    # ---- an action's words in a phase of the deal

    def action_label(self, action: Any, deck: Any, phase: str) -> Text:
        """The game's label for an action (buttons, hints) in this phase of the deal."""
        return self.game.phase_label(action, phase) or self.game.action_label(action, deck)

    def call_label(self, action: Any, deck: Any, phase: str) -> Text:
        """What a seat called (its plate, the calls so far) in this phase of the deal."""
        return self.game.phase_label(action, phase) or self.game.call_label(action, deck)

    # ---- rendering

    def translate(self, msg: str) -> str:
        """A sentence in the player's language: the game's own catalog first (its
        words), then the project's (the table's words); English where neither has it."""
        catalog = getattr(self.session.variant, "catalog", None)
        if catalog is not None:
            got = str(catalog.gettext(msg))
            if got != msg:
                return got
        return i18n._(msg)

    def translate_plural(self, singular: str, plural: str, n: int) -> str:
        """The form of a plural sentence for `n`, the game's catalog first."""
        catalog = getattr(self.session.variant, "catalog", None)
        if catalog is not None:
            got = str(catalog.ngettext(singular, plural, n))
            if got not in (singular, plural):
                return got
        return i18n.ngettext(singular, plural, n)

    def __call__(self, text: Text | str | None) -> str:
        if text is None:
            return ""
        try:
            return render(
                text,
                self.name_of,
                self.side_name,
                self._card_words,
                self.is_you,
                self.translate,
                self.translate_plural,
                self.is_us,
            )
        except Exception:  # noqa: BLE001 - a malformed Text shows as written
            return text.msg if isinstance(text, Text) else str(text)

    def _card_words(self, names: Sequence[str]) -> Text:
        return self.game.card_words(list(names), self.session.match.deck)

    def is_you(self, seat: int) -> bool:
        """The local player's seat (named "You" by the game, in any language)."""
        is_you = getattr(self.session, "is_you", None)
        return bool(is_you(seat)) if is_you is not None else False

    def is_us(self, side: int) -> bool:
        """The side (team, or seat without teams) of the local player ("We")."""
        me = self.viewer()
        if not self.is_you(me):
            return False  # hot-seat: sentences name the players instead
        teams = self.session.match.teams
        if teams:
            return 0 <= side < len(teams) and me in teams[side]
        return side == me

    def name_of(self, pos: Any, dummy_controller: int | None = None) -> str:
        """A place at the table by name; past the seats, the dummy."""
        names = self.session.names
        if not isinstance(pos, int) or pos < 0:
            return ""
        if pos < len(names):
            return names[pos]
        if dummy_controller is not None and 0 <= dummy_controller < len(names):
            return self(say("Dummy (played by {player})", player=names[dummy_controller]))
        return self(say("Dummy"))

    def side_labels(self) -> list[str]:
        """Short labels of the scoring sides: "We"/"They" for two teams."""
        teams = self.session.match.teams
        if teams and len(teams) == 2:
            return [self(say("We")) if self.viewer() in t else self(say("They")) for t in teams]
        if teams:
            return [self(say("Team {number}", number=i + 1)) for i in range(len(teams))]
        return list(self.session.names)

    def side_rows(self) -> list[str]:
        """Row labels of the sheets: "We (You & North)"."""
        s = self.session
        teams = s.match.teams
        if teams and len(teams) == 2:
            short = self.side_labels()
            return [
                self(
                    say(
                        "{side} ({players})",
                        side=short[i],
                        players=" & ".join(s.names[x] for x in t),
                    )
                )
                for i, t in enumerate(teams)
            ]
        return s.side_names()

    def side_name(self, i: int) -> str:
        sides = self.session.side_names()
        return sides[i] if 0 <= i < len(sides) else ""

    def possessive(self, pos: Any, start: bool = False) -> str:
        """ "North's", or "your" for the seat named You (never "You's")."""
        if self.is_you(pos) if isinstance(pos, int) else False:
            return self(say("Your")) if start else self(say("your"))
        return self(say("{player}'s", player=self.name_of(pos)))


def log_phase(log: Sequence[Any], start: int, i: int) -> str:
    """The phase handed to `Presentation.phase_label` for the deal's logged action `i`
    (the deal began at `start`): "play" once a card was played in the deal, else ""."""
    return "play" if any(a and a[0] == "play" for a in log[start:i]) else ""
