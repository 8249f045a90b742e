"""The player-facing rules (shown by the client's rules screen): rules.md, and its
translations beside it (rules.fi.md, ...), chosen by the player's language."""

from pathlib import Path

from crowsnest.i18n import read_localized

RULES_TEXT, RULES_TRANSLATIONS = read_localized(Path(__file__).with_name("rules.md"))
