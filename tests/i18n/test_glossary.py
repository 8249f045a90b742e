"""The catalogs use docs/glossary.md's word for each game term: every message whose
English says the term has a translation with the language's word, in all five
languages, and no translation uses a word the glossary rules out (Danish "uddeling").
The glossary's tables are the test's data: a row added there is checked here."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import i18n as tool  # noqa: E402

GLOSSARY = ROOT / "docs" / "glossary.md"
LANGS = ("fi", "sv", "da", "fr", "zh_CN")
# quoted notation ('bid 75', 'discard C C ...'), the list of action words and the
# placeholders ({matches}) are not the term
NOTATION = re.compile(r"'[^']*'|\(expected [^)]*\)|\{[^{}]*\}|%\([a-z_]+\)[sd]")


def cells(line: str) -> list[str]:
    parts = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [p.strip().replace("\\|", "|") for p in parts]


def pattern(cell: str) -> str | None:
    found = re.search(r"`([^`]+)`", cell)
    return found.group(1) if found else None


def glossary() -> tuple[list[tuple[str, str, dict[str, str]]], list[tuple[str, str]]]:
    """(term, English pattern, {language: pattern}) rows, and (language, never) pairs."""
    terms, never = [], []
    header: list[str] = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or set(line) <= set("|- "):
            header = [] if not line.startswith("|") else header
            continue
        row = cells(line)
        if not header:
            header = row
            continue
        if header[:3] == ["English", "en", "fi"]:
            en = pattern(row[1])
            langs = {h: pattern(c) for h, c in zip(header[2:], row[2:], strict=False)}
            if en and all(langs.get(lang) for lang in LANGS):
                terms.append((row[0], en, {k: v for k, v in langs.items() if v}))
        elif header[:2] == ["language", "never"]:
            never.append((row[0], pattern(row[1]) or row[1]))
    return terms, never


TERMS, NEVER = glossary()


def messages(lang: str):
    """(English, translation) for every form of every message of the project's catalog."""
    for m in tool._read_po(tool.PROJECT.po(lang), lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        for i, text in enumerate(forms):
            yield ids[min(i, len(ids) - 1)], text


def test_the_glossary_has_its_rows():
    names = {t for t, _, _ in TERMS}
    assert {"trick", "trump", "nest", "kitty", "landlord", "farmers", "bomb"} <= names
    assert ("da", "uddeling") in NEVER


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("term,english,words", TERMS, ids=[t for t, _, _ in TERMS])
def test_each_term_is_one_word_throughout(term, english, words, lang):
    en, word = re.compile(english, re.I), re.compile(words[lang], re.I)
    checked, off = 0, []
    for msgid, text in messages(lang):
        if en.search(NOTATION.sub("", msgid)):
            checked += 1
            if not word.search(text):
                off.append((msgid, text))
    assert checked, f"no message says {term!r}: the row's pattern is stale"
    assert not off, f"{len(off)} of {checked} say {term!r} otherwise, first: {off[:3]}"


def catalogs(lang: str) -> list[Path]:
    return [tool.PROJECT.po(lang), *sorted((ROOT / "examples").rglob(f"{lang}/LC_MESSAGES/*.po"))]


@pytest.mark.parametrize("lang,never", NEVER)
def test_no_translation_uses_a_ruled_out_word(lang, never):
    bad = [
        text
        for path in catalogs(lang)
        for m in tool._read_po(path, lang)
        if m.id
        for text in (m.string if isinstance(m.string, tuple) else (m.string,))
        if re.search(never, text, re.I)
    ]
    assert not bad, bad[:3]


def rules_texts(lang: str) -> list[Path]:
    """Every rules text in `lang`: rules.<lang>.md beside a game, the Rook family's parts."""
    found = set((ROOT / "plugins").rglob(f"*.{lang}.md")) | set(
        (ROOT / "examples").rglob(f"*.{lang}.md")
    )
    return sorted(found)


@pytest.mark.parametrize("lang,never", NEVER)
def test_no_rules_text_uses_a_ruled_out_word(lang, never):
    texts = rules_texts(lang)
    assert texts, f"no rules texts in {lang}"
    bad = [p.name for p in texts if re.search(never, p.read_text(encoding="utf-8"), re.I)]
    assert not bad, bad
