"""Every shipped catalog: at least 95% of the strings in the code translated (a string
the .po lacks counts as untranslated), the same placeholders as the English, the
language's plural forms, and a compiled .mo that says what its .po says."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
tool = importlib.util.module_from_spec(_spec)
sys.modules["i18n_tool"] = tool
_spec.loader.exec_module(tool)

OHHELL = tool.Domain(
    "crowsnest_ohhell",
    (ROOT / "examples" / "ohhell" / "crowsnest_ohhell",),
    ROOT / "examples" / "ohhell" / "crowsnest_ohhell" / "locale",
)
DOMAINS = [tool.PROJECT, OHHELL]


@pytest.fixture(scope="module", params=DOMAINS, ids=lambda d: d.name)
def domain_and_code(request):
    domain = request.param
    return domain, {m.id for m in tool.extract(domain) if m.id}


def _langs(domain):
    return [lang for lang in tool.LANGS if domain.po(lang).exists()]


def test_the_project_ships_all_four_languages():
    assert _langs(tool.PROJECT) == ["fi", "sv", "da", "fr", "zh_CN"]
    assert _langs(OHHELL), "the Oh Hell example ships no translation"


@pytest.mark.slow
def test_catalogs_cover_the_code(domain_and_code):
    domain, code_ids = domain_and_code
    assert code_ids, f"no translatable string found for {domain.name}"
    for lang in _langs(domain):
        po = tool._read_po(domain.po(lang), lang)
        done = {
            m.id
            for m in po
            if m.id
            and not m.fuzzy
            and all(m.string if isinstance(m.string, tuple | list) else (m.string,))
        }
        missing = sorted(map(str, code_ids - done))
        coverage = 1 - len(missing) / len(code_ids)
        assert coverage >= tool.MIN_COVERAGE, (
            f"{domain.po(lang)}: {100 * coverage:.1f}% of {len(code_ids)} strings translated; "
            f"run tools/i18n.py update and translate, e.g. {missing[:5]}"
        )


@pytest.mark.slow
def test_placeholders_plural_forms_and_compiled_files(domain_and_code):
    domain, _ = domain_and_code
    for lang in _langs(domain):
        report = tool.check_po(domain.po(lang), lang)
        assert report.problems == [], report.problems
        assert tool.stale_mo(domain, lang) is None


def test_the_checker_catches_a_placeholder_mismatch_and_a_bad_plural(tmp_path):
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fi\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "Hello {name}"\nmsgstr "Hei {nimi}"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} kortti"\nmsgstr[1] ""\n',
        encoding="utf-8",
    )
    report = tool.check_po(po, "fi")
    assert any("{nimi}" in p for p in report.problems)
    assert report.translated == 1 and report.total == 2
    po.write_text(
        po.read_text(encoding="utf-8").replace("plural=(n != 1)", "plural=(n > 1)"),
        encoding="utf-8",
    )
    assert any("Plural-Forms" in p for p in tool.check_po(po, "fi").problems)


def test_say_sentences_are_extracted_with_their_you_and_plural_forms(tmp_path):
    src = tmp_path / "words.py"
    src.write_text(
        "from crowsnest.engine.presentation import say\n"
        "def f(n, who):\n"
        "    a = say('{player} takes the trick', you='You take the trick', player=who)\n"
        "    b = say('{count} trick', plural='{count} tricks', count=n)\n"
        "    c = self.say('a method of someone else')\n"
        "    return say(variable_not_a_literal)\n",
        encoding="utf-8",
    )
    found = [m for _line, m, _context in tool.extract_say(src)]
    assert found == [
        "{player} takes the trick",
        "You take the trick",
        ("{count} trick", "{count} tricks"),
    ]
