"""Translations: English is the source; Finnish, Swedish, Danish, French and Chinese
(Simplified, zh_CN) beside it.

Built on the standard library's gettext with compiled catalogs shipped in the package
(``crowsnest/locale/<lang>/LC_MESSAGES/crowsnest.mo``; tools/i18n.py extracts, updates
and compiles them). Every lookup happens at call time against the current language, so
``set_language("fi")`` takes effect on the next string drawn, without a restart:

    from crowsnest.i18n import _, N_, ngettext, pgettext

    _("New game")                                    # translated now
    ngettext("{n} card", "{n} cards", n).format(n=n)   # plural forms, never "card(s)"
    pgettext("bid", "Pass")                          # the same English, another meaning
    LABEL = N_("Hand sizes")                         # marked for extraction only;
    ...                                              # whoever shows it calls _(LABEL)

Plugins translate themselves with a Catalog of their own domain (docs/plugins.md,
"Translations"); a language a catalog lacks falls back to English. Files with a
translated twin beside them (``rules.md``, ``rules.fi.md``) are read with
read_localized(). This module imports nothing of the project, so the engine, the plugins,
the CLI and the client may all use it.

The pseudo-locale ``pseudo`` (accented and about 40% longer, inside brackets) is made from
the English at run time: the layout tests draw every screen in it to find text that is cut
off or overlaps.
"""

from __future__ import annotations

import contextvars
import gettext
import locale
import math
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DOMAIN = "crowsnest"
LOCALE_DIR = Path(__file__).with_name("locale")

SOURCE = "en"
PSEUDO = "pseudo"
# Each language by its own name, as the Settings row shows it.
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "fi": "Suomi",
    "sv": "Svenska",
    "da": "Dansk",
    "fr": "Français",
    "zh_CN": "简体中文",
}
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
SYSTEM = "system"  # the config value (or an absent key) that follows the system locale

# Names Windows gives locales ("Finnish_Finland"), mapped to codes.
_WINDOWS_NAMES = {
    "finnish": "fi",
    "swedish": "sv",
    "danish": "da",
    "french": "fr",
    "chinese": "zh_CN",
}
# Chinese written in Simplified characters: the mainland's and Singapore's, and "zh"
# alone (the online protocol's code). Traditional (zh_TW, zh_HK, zh_Hant) is not ours.
_SIMPLIFIED = ("zh", "zh_cn", "zh_sg", "zh_hans", "zh_hans_cn")


class LanguageError(ValueError):
    """An unknown language code. str(err) is one sentence for the player."""


# ---------------------------------------------------------------- the current language

_current = SOURCE
_revision = 0
# A language for this thread (or asyncio task) only, set by speaking(): the online server
# answers each reader in its own language while the window, maybe on another thread of
# the same process, keeps its own.
_speaking: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "crowsnest_speaking", default=None
)
_listeners: list[Callable[[str], None]] = []


def normalize(code: str) -> str | None:
    """'fi', 'fi_FI.UTF-8', 'sv-SE', 'French_France.1252' -> a supported code, or None."""
    c = code.strip().lower()
    if c == PSEUDO:
        return PSEUDO
    c = c.replace("-", "_")
    if c.startswith("zh"):
        region = re.split(r"[.@]", c, maxsplit=1)[0]
        return "zh_CN" if region in _SIMPLIFIED else None
    if c.startswith("chinese"):  # Windows: "Chinese (Simplified)_China", "Chinese_China"
        return None if "traditional" in c or "taiwan" in c or "hong" in c else "zh_CN"
    c = re.split(r"[._@]", c, maxsplit=1)[0]
    if c in LANGUAGES:
        return c
    return _WINDOWS_NAMES.get(c)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language if it is one of ours, else English.

    POSIX order: LANGUAGE (a colon list of preferences), LC_ALL, LC_MESSAGES, LANG; then
    the locale module (Windows and macOS application bundles set no variables)."""
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            candidates.extend(value.split(":") if var == "LANGUAGE" else [value])
            if var != "LANGUAGE":
                break  # the first variable set decides (LANGUAGE only adds preferences)
    if environ is None and not candidates:
        try:
            found = locale.getlocale()[0]
        except ValueError:
            found = None
        if found:
            candidates.append(found)
    for c in candidates:
        if c.upper() in ("C", "POSIX") or c.upper().startswith("C."):
            return SOURCE
        code = normalize(c)
        if code and code != PSEUDO:
            return code
    return SOURCE


def resolve(setting: str | None) -> str:
    """A config value ("fi", "system", "" or None) -> the language to use."""
    if not setting or setting == SYSTEM:
        return system_language()
    code = normalize(setting)
    if code is None:
        raise LanguageError(f"unknown language {setting!r} (known: {', '.join(known_codes())})")
    return code


def known_codes() -> tuple[str, ...]:
    """What the config's `language` accepts, besides "system"."""
    return (*LANGUAGES, PSEUDO)


def set_language(code: str | None) -> str:
    """Switch every catalog to `code` (or the system's language for None/"system").
    Takes effect at the next lookup; listeners (the window re-laying out its text) are
    told. Returns the language now in use."""
    global _current, _revision
    lang = resolve(code)
    if lang != _current:
        _current = lang
        _revision += 1
        for listener in list(_listeners):
            listener(lang)
    return lang


def current_language() -> str:
    return _speaking.get() or _current


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Every lookup inside is in `code`, on this thread (or task) alone: nothing else in
    the process changes language and no listener is told (what set_language does for
    the whole program). A code without a catalog reads as English. Yields the language
    used."""
    lang = normalize(code) or SOURCE
    token = _speaking.set(lang)
    try:
        yield lang
    finally:
        _speaking.reset(token)


def revision() -> int:
    """Grows by one at every switch: a cache of translated text keys on it."""
    return _revision


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call `listener(code)` after each switch; returns a function that unsubscribes."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


# ---------------------------------------------------------------- the pseudo-locale

_ACCENTS = str.maketrans(
    "aeiouycnAEIOUYCN",
    "áéíöüýçñÅÉÎØÛÝÇÑ",
)
# Placeholders stay as they are: {name}, {n:d}, %(name)s, %d, %s, and markdown markers.
_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\([A-Za-z_]\w*\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%[sdifr%])")
_FILLER = " ~~~~"
# A markdown line's leading marker ("# ", "- ", "1. ") stays outside the brackets.
_MARKER = re.compile(r"^(\s*(?:#+|[-*|]|\d+\.)\s+)")


def pseudo(text: str) -> str:
    """English made 'foreign': letters accented, about 40% longer, bracketed, so a cut
    or overlapping string is seen at once. Placeholders survive untouched; each line of
    a multi-line text is treated on its own; a context's key ("context\x04message") is
    its message."""
    text = text.rsplit("\x04", 1)[-1]
    if "\n" in text:
        return "\n".join(pseudo(line) if line.strip() else line for line in text.split("\n"))
    if not text.strip():
        return text
    marker = _MARKER.match(text)
    if marker:
        return marker.group(1) + pseudo(text[marker.end() :])
    parts = _PLACEHOLDER.split(text)
    out = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    visible = sum(len(p) for i, p in enumerate(parts) if not i % 2)
    extra = max(0, math.ceil(visible * 0.4) - 2)  # the brackets count towards the 40%
    pad = (_FILLER * (extra // len(_FILLER) + 1))[:extra]
    if pad.endswith(" "):
        pad = pad[:-1] + "~"
    return f"[{out}{pad}]"


class _PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


# ---------------------------------------------------------------- catalogs


def placeholders(text: str) -> frozenset[str] | None:
    """The names of a str.format text's placeholders ("{count} of {n}" -> count, n),
    or None when the text is not a valid format string (a lone brace)."""
    import string

    try:
        names = set()
        for _lit, field, _spec, _conv in string.Formatter().parse(text):
            if field is not None:
                names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
        return frozenset(names)
    except ValueError:
        return None


def _fits(translated: str, *english: str) -> bool:
    """Whether a translation may stand for the English: it names no placeholder the
    English lacks and is a valid format text (it may leave one out: format ignores it)."""
    got = placeholders(translated)
    if got is None:
        return placeholders(english[0]) is None  # a text that is not a format at all
    allowed: set[str] = set()
    for e in english:
        allowed |= placeholders(e) or set()
    return got <= allowed


class _CheckedTranslations(gettext.GNUTranslations):
    """A catalog whose translation with a wrong placeholder reads as the English (the
    sentence then formats as it would untranslated), never a KeyError in the caller's
    .format(). Checked once per message."""

    _ok: dict[tuple[str, ...], bool]

    def _checked(self, translated: str, english: str, *also: str) -> str:
        if translated == english:
            return translated
        ok = getattr(self, "_ok", None)
        if ok is None:
            ok = self._ok = {}
        key = (translated, english, *also)
        fine = ok.get(key)
        if fine is None:
            fine = ok[key] = _fits(translated, english, *also)
        return translated if fine else english

    def gettext(self, message: str) -> str:
        if not message:  # gettext's "" is the catalog's header, never a player's text
            return message
        return self._checked(super().gettext(message), message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        english = msgid1 if n == 1 else msgid2
        return self._checked(super().ngettext(msgid1, msgid2, n), english, msgid1, msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._checked(super().pgettext(context, message), message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        english = msgid1 if n == 1 else msgid2
        got = super().npgettext(context, msgid1, msgid2, n)
        return self._checked(got, english, msgid1, msgid2)

    def bad_entries(self) -> list[str]:
        """The single (not plural) messages whose translation names a placeholder the
        English lacks or is not a valid format text: they read as English."""
        out = []
        for key, value in getattr(self, "_catalog", {}).items():
            if isinstance(key, str) and key and isinstance(value, str):
                message = key.split("\x04", 1)[-1]  # a context's message
                if value != message and not _fits(value, message):
                    out.append(message)
        return out


class Catalog:
    """One gettext domain: the project's ("crowsnest") or a plugin's own.

    `localedir` holds ``<lang>/LC_MESSAGES/<domain>.mo``. Lookups follow the current
    language at call time. A language without a catalog, or a catalog that cannot be
    read (its fault is kept in `errors`, never raised), reads as English."""

    def __init__(self, domain: str, localedir: str | os.PathLike[str]) -> None:
        self.domain = domain
        self.localedir = Path(localedir)
        self.errors: dict[str, str] = {}
        self._cache: dict[str, gettext.NullTranslations] = {}

    def __repr__(self) -> str:
        return f"Catalog({self.domain!r}, {str(self.localedir)!r})"

    def mo_path(self, lang: str) -> Path:
        return self.localedir / lang / "LC_MESSAGES" / f"{self.domain}.mo"

    def translations(self, lang: str | None = None) -> gettext.NullTranslations:
        lang = lang or _speaking.get() or _current
        t = self._cache.get(lang)
        if t is None:
            # a code as others spell it ("zh", "fi_FI") reads the catalog it names
            code = lang if lang in LANGUAGES or lang == PSEUDO else normalize(lang) or lang
            t = self._cache[lang] = self._load(code)
        return t

    def _load(self, lang: str) -> gettext.NullTranslations:
        if lang == PSEUDO:
            return _PseudoTranslations()
        path = self.mo_path(lang)
        if lang == SOURCE or not path.is_file():
            return gettext.NullTranslations()
        try:
            with path.open("rb") as f:
                t = _CheckedTranslations(f)
        except Exception as e:  # a broken catalog reads as English, it never stops the game
            self.errors[lang] = f"{path}: {e}"
            return gettext.NullTranslations()
        bad = t.bad_entries()
        if bad:
            self.errors[lang] = (
                f"{path}: {len(bad)} translation(s) name a placeholder the English does not "
                f"have (for example {bad[0]!r}); they read as English"
            )
        return t

    def check(self) -> dict[str, str]:
        """Load every language this domain ships and say what is wrong with each
        (`errors`): the plugin host checks a plugin's catalog when it loads."""
        for lang in TRANSLATED:
            if self.has(lang):
                self.translations(lang)
        return dict(self.errors)

    def has(self, lang: str) -> bool:
        """Whether this domain ships a catalog for `lang` (English and pseudo: always)."""
        return lang in (SOURCE, PSEUDO) or self.mo_path(lang).is_file()

    def reload(self) -> None:
        """Forget the loaded catalogs (after tools/i18n.py compiled new ones)."""
        self._cache.clear()
        self.errors.clear()

    # The lookups; each reads the current language now.
    def gettext(self, message: str) -> str:
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.translations().npgettext(context, singular, plural, n)

    # `_` for modules that hold a plugin's catalog: `_ = catalog._`
    _ = gettext

    def text(self, message: str) -> str:
        """Translate a string held as data (marked with N_ where it was written); ""
        stays "" (gettext would answer the catalog's header)."""
        return self.gettext(message) if message else message


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark a string for extraction without translating it now (module-level data:
    option labels, names). Whoever shows it translates it then, through its catalog."""
    return message


CROWSNEST = Catalog(DOMAIN, LOCALE_DIR)

_ = CROWSNEST.gettext
ngettext = CROWSNEST.ngettext
pgettext = CROWSNEST.pgettext
npgettext = CROWSNEST.npgettext


# ---------------------------------------------------------------- translated files


def localized_path(path: Path, lang: str) -> Path:
    """rules.md -> rules.fi.md (the twin of `path` in `lang`)."""
    return path.with_name(f"{path.stem}.{lang}{path.suffix}")


def read_localized(path: str | os.PathLike[str]) -> tuple[str, dict[str, str]]:
    """The English file and its translated twins beside it: (text, {lang: text})."""
    p = Path(path)
    english = p.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for lang in TRANSLATED:
        twin = localized_path(p, lang)
        if twin.is_file():
            found[lang] = twin.read_text(encoding="utf-8")
    return english, found


def pick(english: str, translations: Mapping[str, str], lang: str | None = None) -> str:
    """`english` in the current language (or `lang`): its translation, the pseudo form,
    or the English itself where none exists."""
    lang = lang or _speaking.get() or _current
    if lang == PSEUDO:
        return pseudo(english)
    return translations.get(lang) or english


def rules_text(variant: Any) -> str:
    """A variant's rules text in the current language, English where it has none."""
    return pick(
        getattr(variant, "rules_text", "") or "", getattr(variant, "rules_translations", {})
    )


def variant_text(variant: Any, message: str) -> str:
    """A string a variant holds as data (name, description, option label, help, choice),
    translated through the variant's own catalog (its `catalog`), else the project's."""
    if not message:
        return message
    catalog = getattr(variant, "catalog", None) or CROWSNEST
    return catalog.gettext(message)


def language_choices() -> Iterable[tuple[str, str]]:
    """(config value, label) for a language picker: the system's first, then each one."""
    yield SYSTEM, LANGUAGES[system_language()]
    yield from LANGUAGES.items()


__all__ = [
    "CROWSNEST",
    "Catalog",
    "DOMAIN",
    "LANGUAGES",
    "LanguageError",
    "N_",
    "PSEUDO",
    "SOURCE",
    "SYSTEM",
    "TRANSLATED",
    "_",
    "current_language",
    "language_choices",
    "localized_path",
    "ngettext",
    "normalize",
    "npgettext",
    "on_change",
    "pgettext",
    "pick",
    "pseudo",
    "read_localized",
    "resolve",
    "revision",
    "rules_text",
    "set_language",
    "system_language",
    "variant_text",
]
