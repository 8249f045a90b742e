"""Issue 29: a translation with a wrong placeholder falls back to the English instead of
crashing the caller's .format() (KeyError), and a catalog is checked when it loads (a
plugin's by the plugin host): the bad entries are said in `errors`."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.mofile import write_mo
from crowsnest.i18n import Catalog, placeholders


def _mo(folder: Path, domain: str) -> Catalog:
    cat = BabelCatalog(locale="fi", domain=domain)
    cat.add("{player} won the game", "{pelaaja} voitti pelin")  # wrong name
    cat.add("{count} points", "{count} pistettä")  # right
    cat.add("hello {name}", "hei {")  # not a format text: .format would raise
    cat.add("a lone { here", "yksin { täällä")  # never formatted in English either
    cat.add(("{count} card", "{count} cards"), ("{kortti} kortti", "{count} korttia"))
    cat.add("Deal", "Jako", context="menu")
    cat.add("{a} and {b}", "{b} ja {a}")  # reordered: fine
    out = folder / "fi" / "LC_MESSAGES"
    out.mkdir(parents=True)
    with open(out / f"{domain}.mo", "wb") as f:
        write_mo(f, cat)
    return Catalog(domain, folder)


def test_a_wrong_placeholder_reads_as_english(tmp_path: Path) -> None:
    t = _mo(tmp_path, "plug").translations("fi")
    assert t.gettext("{player} won the game").format(player="Ann") == "Ann won the game"
    assert t.gettext("{count} points").format(count=3) == "3 pistettä"
    assert t.gettext("{a} and {b}").format(a=1, b=2) == "2 ja 1"
    assert t.gettext("hello {name}").format(name="Bo") == "hello Bo"
    assert t.gettext("a lone { here") == "yksin { täällä"
    assert t.ngettext("{count} card", "{count} cards", 1).format(count=1) == "1 card"
    assert t.ngettext("{count} card", "{count} cards", 5).format(count=5) == "5 korttia"
    assert t.pgettext("menu", "Deal") == "Jako"


def test_the_catalog_is_checked_at_load(tmp_path: Path) -> None:
    errors = _mo(tmp_path, "plug2").check()
    assert set(errors) == {"fi"}
    assert (
        "2 translation(s) name a placeholder" in errors["fi"] and "read as English" in errors["fi"]
    )


def test_the_project_catalog_is_clean() -> None:
    from crowsnest.i18n import CROWSNEST

    assert CROWSNEST.check() == {}


@pytest.mark.parametrize(
    ("text", "names"),
    [("{a} {b.c} {d[0]}", {"a", "b", "d"}), ("plain", set()), ("{", None), ("{{x}}", set())],
)
def test_placeholders(text, names) -> None:
    got = placeholders(text)
    assert (None if got is None else set(got)) == names
