#!/usr/bin/env python3
"""Translation catalogs at development time (Babel; players never need it).

    python tools/i18n.py extract   # the English strings, written to <locale>/<domain>.pot
    python tools/i18n.py update    # merge them into each <lang>.po (new ones untranslated)
    python tools/i18n.py compile   # .po -> .mo (the wheel ships the .mo files)
    python tools/i18n.py check     # coverage, placeholders, plural forms; exit 1 if bad
    python tools/i18n.py all       # update, compile, check

The project's catalog (domain "crowsnest") is extracted from game/ and plugins/. A plugin
uses the same tool on its own package:

    python tools/i18n.py all --domain crowsnest_ohhell \\
        --src examples/ohhell/crowsnest_ohhell --locale examples/ohhell/crowsnest_ohhell/locale

Strings are found in calls of _, N_, gettext, ngettext, pgettext and npgettext (methods
of a Catalog too: catalog.ngettext(...)) and in the presentation contract's say(...) and
Text(...) sentences (with their you= and plural= forms). A comment starting "TRANSLATORS:" just above a
call reaches the translator. Locations are written without line numbers, so editing code
does not churn the catalogs.
"""

from __future__ import annotations

import argparse
import gettext
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("fi", "sv", "da", "fr", "zh_CN")
MIN_COVERAGE = 0.95
KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("TRANSLATORS:",)
# gettext's own plural rules where CLDR's differ: French keeps GNU's two forms (CLDR adds a
# third for a million and more, which no string here needs).
PLURAL_FORMS = {"fr": (2, "(n > 1)")}
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([A-Za-z_]\w*\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%[sdifr]")


@dataclass(frozen=True)
class Domain:
    name: str
    sources: tuple[Path, ...]
    locale: Path

    def po(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        return self.po(lang).with_suffix(".mo")

    @property
    def pot(self) -> Path:
        return self.locale / f"{self.name}.pot"


PROJECT = Domain("crowsnest", (ROOT / "game", ROOT / "plugins"), ROOT / "game" / "locale")


def _babel():
    try:
        from babel.messages import catalog, extract, mofile, pofile
    except ImportError:  # a player's install has no Babel; a developer's does
        sys.exit("tools/i18n.py needs Babel: pip install -e '.[test]'")
    return catalog, extract, mofile, pofile


# ---------------------------------------------------------------- extract / update / compile


def _python_files(sources: Iterable[Path]) -> Iterator[Path]:
    for src in sources:
        files = [src] if src.is_file() else sorted(src.rglob("*.py"))
        for f in files:
            if "locale" not in f.parts and "build" not in f.parts:
                yield f


def extract(domain: Domain):
    """Every translatable string of the domain's sources, as a Babel template catalog."""
    catalog_mod, extract_mod, _, _ = _babel()
    template = catalog_mod.Catalog(project="CrowsNest Arcade", domain=domain.name, fuzzy=False)
    for path in _python_files(domain.sources):
        rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        with path.open("rb") as f:
            for lineno, message, comments, context in extract_mod.extract(
                "python", f, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
            ):
                if not message or (isinstance(message, tuple) and not message[0]):
                    continue
                template.add(
                    message,
                    None,
                    [(rel.as_posix(), lineno)],
                    auto_comments=comments,
                    context=context,
                )
        for lineno, message, context in extract_say(path):
            key = message[0] if isinstance(message, tuple) else message
            known = template.get(key, context=context)
            if known is None:
                template.add(message, None, [(rel.as_posix(), lineno)], context=context)
            else:
                known.locations.append((rel.as_posix(), lineno))
    return template


# The presentation contract's sentences: say(msg, you=..., plural=...) (and Text(msg)).
# Babel's extractor reads positional arguments only, so these are found in the syntax tree.
SAY_CALLS = ("say", "Text")


def extract_say(path: Path) -> Iterator[tuple[int, str | tuple[str, str], str | None]]:
    """(line, message, context) for each say()/Text() sentence: the first argument, with
    its `plural=` as a plural pair and its `context=` (msgctxt), and the `you=` sentence
    (with `you_plural=`) on its own."""
    import ast

    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    except (SyntaxError, UnicodeDecodeError):
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        # the function by its plain name only: a method called say() is someone else's
        name = node.func.id if isinstance(node.func, ast.Name) else ""
        if name not in SAY_CALLS or not node.args:
            continue
        kw = {
            k.arg: k.value.value
            for k in node.keywords
            if k.arg and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
        }
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
            plural = kw.get("plural")
            yield node.lineno, (first.value, plural) if plural else first.value, kw.get("context")
        if kw.get("you"):
            you_plural = kw.get("you_plural")
            yield node.lineno, (kw["you"], you_plural) if you_plural else kw["you"], None


def _write_po(path: Path, catalog) -> None:
    _, _, _, pofile = _babel()
    buf = io.BytesIO()
    pofile.write_po(buf, catalog, width=100, include_lineno=False, sort_output=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def _read_po(path: Path, lang: str):
    _, _, _, pofile = _babel()
    with path.open("rb") as f:
        return pofile.read_po(f, locale=lang)


def write_template(domain: Domain) -> Path:
    _write_po(domain.pot, extract(domain))
    return domain.pot


def update(domain: Domain, langs: Iterable[str] = LANGS) -> list[str]:
    """Merge the current strings into each language's catalog (created if missing).
    A changed English string keeps its old translation marked fuzzy (not shipped)."""
    catalog_mod, _, _, _ = _babel()
    template = extract(domain)
    report = []
    for lang in langs:
        path = domain.po(lang)
        if path.exists():
            po = _read_po(path, lang)
            # Same strings as before: keep the header's date so the file does not churn.
            changed = {m.id for m in po if m.id} != {m.id for m in template if m.id}
            po.update(template, update_creation_date=changed)
            po.obsolete.clear()  # removed strings leave the catalog (git keeps history)
        else:
            po = catalog_mod.Catalog(
                locale=lang,
                domain=domain.name,
                project="CrowsNest Arcade",
                version=None,
                copyright_holder="the CrowsNest Arcade authors",
                last_translator="CrowsNest Arcade translators",
                language_team=f"{lang} <none>",
                fuzzy=False,
            )
            if lang in PLURAL_FORMS:
                po._num_plurals, po._plural_expr = PLURAL_FORMS[lang]
            po.update(template)
        _write_po(path, po)
        report.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return report


# French puts a no-break space before : ; ! ? and inside « » (an ordinary one lets a wrapped
# line start with the mark). Left alone: placeholders, quoted notation, code, addresses,
# times ("20:30", "ws://", '{player}' are not French punctuation).
FRENCH_NOT_PROSE = re.compile(
    r"\{[^{}]*\}|%\([a-z_]+\)[-#0 +]*\d*[sdrf]|%[sdr]|(?<!\w)'[^'\s][^']*'|`[^`]*`"
    r"|\b[a-z]+://\S*|\d+:\d+|::1|--[a-z-]+"
)
NO_BREAK = "\u00a0"


def french_spacing(text: str) -> str:
    """`text` with the ordinary space before : ; ! ? (and inside « ») made a no-break one,
    outside notation and placeholders. Translations written with ordinary spaces (or
    carried over from a helper's file) come out right when the catalog is compiled."""
    code = [(m.start(), m.end()) for m in FRENCH_NOT_PROSE.finditer(text)]
    chars = list(text)
    for i, ch in enumerate(chars):
        if any(a <= i < b for a, b in code) or i == 0:
            continue
        if ch in ":;!?»" and chars[i - 1] == " ":
            chars[i - 1] = NO_BREAK
        elif ch == " " and chars[i - 1] == "«":
            chars[i] = NO_BREAK
    return "".join(chars)


def compile_mo(domain: Domain, langs: Iterable[str] = LANGS) -> list[Path]:
    """Write each language's .mo; French catalogs get their no-break spaces first (the
    .po is rewritten when one was missing)."""
    _, _, mofile, _ = _babel()
    out = []
    for lang in langs:
        po_path = domain.po(lang)
        if not po_path.exists():
            continue
        po = _read_po(po_path, lang)
        if lang == "fr" and _french_spacing_in(po):
            _write_po(po_path, po)
        buf = io.BytesIO()
        mofile.write_mo(buf, po, use_fuzzy=False)
        domain.mo(lang).write_bytes(buf.getvalue())
        out.append(domain.mo(lang))
    return out


def _french_spacing_in(po: Any) -> bool:
    """Apply french_spacing to every translation of `po`; whether any changed."""
    changed = False
    for m in po:
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        fixed = tuple(french_spacing(f) for f in forms)
        if fixed != forms:
            m.string = fixed if isinstance(m.string, tuple) else fixed[0]
            changed = True
    return changed


# ---------------------------------------------------------------- checks


@dataclass
class Report:
    lang: str
    total: int = 0
    translated: int = 0
    fuzzy: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def coverage(self) -> float:
        return self.translated / self.total if self.total else 1.0

    def line(self) -> str:
        return (
            f"{self.lang}: {self.translated}/{self.total} translated "
            f"({100 * self.coverage:.1f}%), {self.fuzzy} fuzzy, {len(self.problems)} problems"
        )


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def expected_plural_forms(lang: str) -> str:
    if lang in PLURAL_FORMS:
        n, expr = PLURAL_FORMS[lang]
        return f"nplurals={n}; plural={expr};"
    catalog_mod, _, _, _ = _babel()
    return catalog_mod.Catalog(locale=lang).plural_forms


def check_po(path: Path, lang: str) -> Report:
    """Coverage (translated and not fuzzy), placeholders equal to the English ones in
    every form, and plural forms that are the language's and complete."""
    po = _read_po(path, lang)
    rep = Report(lang)
    header_forms = po.plural_forms
    want = expected_plural_forms(lang)
    if header_forms.replace(" ", "") != want.replace(" ", ""):
        rep.problems.append(f"Plural-Forms is {header_forms!r}, {lang} needs {want!r}")
    try:
        plural_of = gettext.c2py(po.plural_expr)
        if {plural_of(n) for n in (*range(200), 10**6)} != set(range(po.num_plurals)):
            rep.problems.append(f"the plural rule {po.plural_expr!r} misses forms")
    except ValueError as e:
        rep.problems.append(f"the plural rule does not parse: {e}")
    for m in po:
        if not m.id:
            continue
        rep.total += 1
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
        where = f"{path.name}: {ids[0]!r}"
        if m.fuzzy:
            rep.fuzzy += 1
            continue
        if not all(strings):
            continue
        if isinstance(m.id, tuple | list) and len(strings) != po.num_plurals:
            rep.problems.append(f"{where} has {len(strings)} plural forms, not {po.num_plurals}")
            continue
        rep.translated += 1
        want_ph = set(placeholders(ids[-1]))
        for s in strings:
            if set(placeholders(s)) != want_ph:  # a placeholder may repeat, none may differ
                rep.problems.append(
                    f"{where}: placeholders {placeholders(s)} in {s!r}, English has {sorted(want_ph)}"
                )
    return rep


def stale_mo(domain: Domain, lang: str) -> str | None:
    """Whether the committed .mo says what the .po says (compile forgotten?)."""
    po_path, mo_path = domain.po(lang), domain.mo(lang)
    if not po_path.exists():
        return None
    if not mo_path.exists():
        return f"{mo_path} is missing: run tools/i18n.py compile"
    po = _read_po(po_path, lang)
    with mo_path.open("rb") as f:
        shipped = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    for m in po:
        if not m.id or m.fuzzy:
            continue
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if not all(strings):
            continue
        ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
        key0 = ids[0] if not m.context else f"{m.context}\x04{ids[0]}"
        got = (
            [shipped.get((key0, i)) for i in range(len(strings))]
            if len(ids) > 1
            else [shipped.get(key0)]
        )
        if got != list(strings):
            return f"{mo_path} is older than its .po ({ids[0]!r}): run tools/i18n.py compile"
    return None


def check(domain: Domain, langs: Iterable[str] = LANGS) -> tuple[list[Report], list[str]]:
    reports, errors = [], []
    for lang in langs:
        path = domain.po(lang)
        if not path.exists():
            errors.append(f"{path} is missing")
            continue
        rep = check_po(path, lang)
        reports.append(rep)
        if rep.coverage < MIN_COVERAGE:
            errors.append(f"{path}: only {100 * rep.coverage:.1f}% translated")
        errors.extend(rep.problems)
        stale = stale_mo(domain, lang)
        if stale:
            errors.append(stale)
    return reports, errors


# ---------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("command", choices=("extract", "update", "compile", "check", "all"))
    ap.add_argument("--domain", default=PROJECT.name)
    ap.add_argument("--src", action="append", type=Path, help="source folder (repeatable)")
    ap.add_argument("--locale", type=Path, help="the folder holding <lang>/LC_MESSAGES")
    ap.add_argument("--lang", action="append", help="only this language (repeatable)")
    a = ap.parse_args(argv)
    if a.domain == PROJECT.name and not a.src and not a.locale:
        domain = PROJECT
    else:
        if not a.src or not a.locale:
            ap.error("a plugin's domain needs --src and --locale")
        domain = Domain(a.domain, tuple(p.resolve() for p in a.src), a.locale.resolve())
    langs = tuple(a.lang or LANGS)
    if a.command == "extract":
        print(write_template(domain))
        return 0
    if a.command in ("update", "all"):
        for line in update(domain, langs):
            print("updated", line)
    if a.command in ("compile", "all"):
        for path in compile_mo(domain, langs):
            print("compiled", path)
    if a.command in ("check", "all"):
        reports, errors = check(domain, langs)
        for rep in reports:
            print(rep.line())
        for e in errors:
            print("error:", e, file=sys.stderr)
        return 1 if errors else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
