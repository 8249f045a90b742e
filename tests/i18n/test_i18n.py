"""crowsnest.i18n: switching language at run time, English fallback, the system locale,
the pseudo-locale, plugin catalogs and translated files."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest
from crowsnest import i18n
from crowsnest.i18n import Catalog, _, ngettext, pgettext


def test_switching_takes_effect_at_the_next_lookup_without_reimporting():
    from crowsnest.client.scenes.title import cannot_continue  # bound before the switch

    assert _("New game") == "New game"
    i18n.set_language("fi")
    assert _("New game") == "Uusi peli"
    assert cannot_continue("x").startswith("Tallennettua peliä ei voi jatkaa")
    i18n.set_language("fr")
    assert _("New game") == "Nouvelle partie"
    i18n.set_language("en")
    assert _("New game") == "New game"


def test_every_language_translates_and_unknown_strings_stay_english():
    seen = set()
    for lang in i18n.TRANSLATED:
        i18n.set_language(lang)
        seen.add(_("Settings"))
        assert _("a string nobody translated") == "a string nobody translated"
    assert len(seen) == len(i18n.TRANSLATED) == 5 and "Settings" not in seen


def test_plural_forms_follow_each_language():
    one = ("registers the game {games}", "registers the games {games}")
    i18n.set_language("fr")
    # French: 0 and 1 take the singular, English only 1
    assert ngettext(*one, 0).startswith("ajoute le jeu")
    assert ngettext(*one, 2).startswith("ajoute les jeux")
    i18n.set_language("sv")
    assert ngettext(*one, 0).startswith("lägger till spelen")
    assert ngettext(*one, 1).startswith("lägger till spelet")
    i18n.set_language("en")
    assert ngettext(*one, 0) == "registers the games {games}"


def test_context_separates_the_same_english_word():
    i18n.set_language("fr")
    assert pgettext("animation speed", "normal") == "normale"
    assert pgettext("no such context", "normal") == "normal"


def test_listeners_and_revision_follow_switches():
    calls: list[str] = []
    stop = i18n.on_change(calls.append)
    rev = i18n.revision()
    i18n.set_language("da")
    i18n.set_language("da")  # no change: no call
    i18n.set_language("en")
    stop()
    i18n.set_language("sv")
    assert calls == ["da", "en"] and i18n.revision() == rev + 3


@pytest.mark.parametrize(
    ("env", "want"),
    [
        ({"LANG": "fi_FI.UTF-8"}, "fi"),
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LC_ALL": "da_DK.UTF-8", "LANG": "fi_FI"}, "da"),
        ({"LC_MESSAGES": "fr_CA.UTF-8"}, "fr"),
        ({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_language_comes_from_the_locale_variables(env, want):
    assert i18n.system_language(env) == want


def test_codes_are_normalized_and_unknown_ones_refused_with_a_sentence():
    assert i18n.normalize("fi_FI.UTF-8") == "fi"
    assert i18n.normalize("sv-SE") == "sv"
    assert i18n.normalize("French_France.1252") == "fr"
    assert i18n.normalize("de") is None
    with pytest.raises(i18n.LanguageError, match="unknown language 'klingon'"):
        i18n.set_language("klingon")
    assert i18n.current_language() == "en"  # unchanged


def test_pseudo_locale_is_accented_longer_and_keeps_placeholders():
    i18n.set_language(i18n.PSEUDO)
    out = _("Saved game: {what}")
    assert out.startswith("[") and out.endswith("]")
    assert "{what}" in out and "á" in out
    english = "Card games around one table"
    assert len(_(english)) >= 1.4 * len(english)  # the words, not the placeholders, grow
    assert i18n.pseudo("%(name)s has %d cards").count("%(name)s") == 1
    # markdown markers stay in front, so headings and lists still read as such
    assert i18n.pseudo("# The deal").startswith("# [")
    assert i18n.pseudo("- one").startswith("- [")


def test_a_missing_or_broken_catalog_reads_as_english(tmp_path):
    cat = Catalog("nothing", tmp_path)
    i18n.set_language("fi")
    assert cat.gettext("Hello") == "Hello" and not cat.has("fi")
    bad = tmp_path / "fi" / "LC_MESSAGES" / "broken.mo"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"not a catalog at all")
    broken = Catalog("broken", tmp_path)
    assert broken.gettext("Hello") == "Hello"
    assert "broken.mo" in broken.errors["fi"]


def _compile(tmp_path: Path, domain: str, lang: str, pairs: dict[str, str]) -> None:
    babel = pytest.importorskip("babel.messages")
    from babel.messages.catalog import Catalog as BabelCatalog
    from babel.messages.mofile import write_mo

    cat = BabelCatalog(locale=lang, domain=domain)
    for k, v in pairs.items():
        cat.add(k, v)
    out = tmp_path / lang / "LC_MESSAGES" / f"{domain}.mo"
    out.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_mo(buf, cat)
    out.write_bytes(buf.getvalue())
    assert babel


def test_a_plugin_catalog_is_its_own_domain_and_falls_back_to_english(tmp_path):
    _compile(tmp_path, "myplugin", "sv", {"Feed the flamingo": "Mata flamingon"})
    cat = Catalog("myplugin", tmp_path)
    i18n.set_language("sv")
    assert cat.gettext("Feed the flamingo") == "Mata flamingon"
    # the project's catalog does not know the plugin's words
    assert _("Feed the flamingo") == "Feed the flamingo"
    i18n.set_language("da")  # the plugin has no Danish: English
    assert cat.gettext("Feed the flamingo") == "Feed the flamingo"
    i18n.set_language(i18n.PSEUDO)
    assert cat.gettext("Feed the flamingo").startswith("[Féé")


def test_read_localized_and_pick_choose_the_twin_file(tmp_path):
    (tmp_path / "rules.md").write_text("English rules", encoding="utf-8")
    (tmp_path / "rules.fi.md").write_text("Suomeksi", encoding="utf-8")
    english, found = i18n.read_localized(tmp_path / "rules.md")
    assert english == "English rules" and found == {"fi": "Suomeksi"}
    i18n.set_language("fi")
    assert i18n.pick(english, found) == "Suomeksi"
    i18n.set_language("sv")
    assert i18n.pick(english, found) == "English rules"


def test_shipped_catalogs_are_valid_gettext_files():
    for lang in i18n.TRANSLATED:
        mo = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "crowsnest.mo"
        with mo.open("rb") as f:
            t = gettext.GNUTranslations(f)
        assert t.info()["language"] == lang


def test_presentation_sentences_translate_with_plural_forms():
    from crowsnest.engine.presentation import Seat, render, say

    def show(text):
        return render(text, lambda s: ["Ada", "Ben"][s], str, None, lambda s: s == 0, _, ngettext)

    assert render(say("{count} card", plural="{count} cards", count=1), str, str) == "1 card"
    assert render(say("{count} card", plural="{count} cards", count=3), str, str) == "3 cards"
    i18n.set_language("fi")
    assert show(say("{count} card", plural="{count} cards", count=1)) == "1 kortti"
    assert show(say("{count} card", plural="{count} cards", count=7)) == "7 korttia"
    assert show(say("tricks {count}", count=3)) == "tikit 3"
    took = say("{player} takes the trick", you="You take the trick", player=Seat(1))
    assert show(took) == "Ben ottaa tikin"
    took_me = say("{player} takes the trick", you="You take the trick", player=Seat(0))
    assert show(took_me) == "Otat tikin"
    i18n.set_language("fr")
    assert show(say("{count} card", plural="{count} cards", count=0)) == "0 carte"
