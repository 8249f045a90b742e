"""Each language's punctuation as its readers expect it. French puts a no-break space
before : ; ! ? and inside « »: an ordinary space there lets a wrapped line start with
the mark (the layout breaks at spaces); Chinese uses full-width marks between Chinese
characters. Notation, placeholders, code and addresses are left out: ':' in "20:30",
"ws://" or '{player}' is not French punctuation."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import i18n as tool  # noqa: E402

NO_BREAK = "\u00a0\u202f"
# where : ; ! ? are not sentence punctuation
CODE = re.compile(
    r"\{[^{}]*\}|%\([a-z_]+\)[-#0 +]*\d*[sdrf]|%[sdr]|(?<!\w)'[^'\s][^']*'|`[^`]*`"
    r"|\b[a-z]+://\S*|\d+:\d+|::1|--[a-z-]+"
)


def catalogs(lang: str) -> list[Path]:
    return [tool.PROJECT.po(lang), *sorted((ROOT / "examples").rglob(f"{lang}/LC_MESSAGES/*.po"))]


def translations(lang: str):
    for path in catalogs(lang):
        for m in tool._read_po(path, lang):
            if m.id:
                yield from (m.string if isinstance(m.string, tuple) else (m.string,))


def french_faults(text: str) -> list[str]:
    """Where `text` breaks the French rule, each as the few characters around it."""
    code = [(m.start(), m.end()) for m in CODE.finditer(text)]
    out = []
    for i, ch in enumerate(text):
        if any(a <= i < b for a, b in code):
            continue
        before = text[i - 1] if i else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        if ch in ":;!?" and before and before not in NO_BREAK + "\n(«" and after in ' \n)»"':
            out.append(text[max(0, i - 12) : i + 1])
        elif ch == "«" and after not in NO_BREAK:
            out.append(text[i : i + 12])
        elif ch == "»" and before not in NO_BREAK:
            out.append(text[max(0, i - 12) : i + 1])
    return out


def test_the_rule_itself():
    assert french_faults("Donne 3 : vous") == ["Donne 3 :"]
    assert french_faults("Prêt ?") and french_faults("« Rook »")
    assert french_faults("Donne\u00a03\u00a0: vous, le «\u00a0Rook\u00a0»\u00a0; prêt\u00a0?") == []
    assert french_faults("'play R14' à 20:30 sur ws://127.0.0.1:8765") == []
    assert french_faults("{player}: x")  # after a placeholder too


def test_french_has_a_no_break_space_before_high_punctuation():
    faults = [(t, f) for t in translations("fr") for f in french_faults(t)]
    assert not faults, f"{len(faults)} places, first: {faults[:5]}"


@pytest.mark.parametrize("lang", ["fi", "sv", "da"])
def test_the_nordic_languages_put_no_space_before_a_colon(lang):
    faults = [
        t for t in translations(lang) if re.search(r"\w[ \u00a0][:;!?](\s|$)", CODE.sub("x", t))
    ]
    assert not faults, faults[:5]


def test_chinese_uses_full_width_marks_between_chinese_characters():
    han = r"[\u4e00-\u9fff]"
    faults = [
        t
        for t in translations("zh_CN")
        if re.search(rf"{han}\s*[:;!?,]|[:;!?,]\s*{han}", CODE.sub("x", t))
    ]
    assert not faults, faults[:5]


def test_compiling_puts_the_no_break_spaces_in(tmp_path):
    """`tools/i18n.py compile` writes French translations typed (or carried over) with
    ordinary spaces with the no-break ones: every French line of the catalog, its
    no-break spaces made ordinary, comes back as it is."""
    assert tool.french_spacing("Donne 3 : vous « Rook » ; prêt ?") == (
        "Donne 3\u00a0: vous «\u00a0Rook\u00a0»\u00a0; prêt\u00a0?"
    )
    assert tool.french_spacing("'play R14' à 20:30 sur ws://127.0.0.1:8765") == (
        "'play R14' à 20:30 sur ws://127.0.0.1:8765"
    )
    lines = [t for t in translations("fr") if "\u00a0" in t]
    assert len(lines) > 150
    for text in lines:
        assert tool.french_spacing(text.replace("\u00a0", " ")) == text, text

    # and the compile step itself: a .po written with an ordinary space
    domain = tool.Domain("words_test", (tmp_path,), tmp_path / "locale")
    po = domain.po("fr")
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Deal {n}: go"\nmsgstr "Donne {n} : allez"\n',
        encoding="utf-8",
    )
    tool.compile_mo(domain, ["fr"])
    assert 'msgstr "Donne {n}\u00a0: allez"' in po.read_text(encoding="utf-8")
    assert domain.mo("fr").is_file()
