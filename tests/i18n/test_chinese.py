"""Chinese (Simplified) as the sixth language: the codes that choose it, the catalogs'
game words, and the shipped font drawing every character the Chinese texts use."""

from __future__ import annotations

import importlib.util
from importlib import resources
from pathlib import Path

import pygame.freetype
import pytest
from crowsnest import i18n
from crowsnest.client.palette import CJK_FONT

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("make_cjk_font", ROOT / "tools" / "make_cjk_font.py")
assert _spec and _spec.loader
make_cjk_font = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_cjk_font)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("code", "want"),
    [
        ("zh_CN.UTF-8", "zh_CN"),
        ("zh", "zh_CN"),
        ("zh-Hans", "zh_CN"),
        ("zh_SG", "zh_CN"),
        ("Chinese (Simplified)_China.936", "zh_CN"),
        ("zh_TW.UTF-8", None),  # Traditional: not ours, English is used
        ("zh_HK", None),
    ],
)
def test_the_codes_that_choose_simplified_chinese(code: str, want: str | None) -> None:
    assert i18n.normalize(code) == want


def test_the_system_locale_and_the_online_code_reach_the_catalog() -> None:
    assert i18n.system_language({"LANG": "zh_CN.UTF-8"}) == "zh_CN"
    # the online protocol says "zh": the same catalog answers
    assert i18n.CROWSNEST.translations("zh").gettext("Settings") == "设置"
    assert i18n.LANGUAGES["zh_CN"] == "简体中文"


def test_the_game_words_chinese_players_use() -> None:
    from crowsnest.i18n import _

    i18n.set_language("zh_CN")
    words = {
        "Tractor": "拖拉机",
        "Dou Dizhu": "斗地主",
        "Throws": "甩牌",
        "Bottom cards": "底牌",
        "landlord": "地主",
        "spring": "春天",
        "rocket": "王炸",
        "Levels up": "升级",
        "Burying the kitty": "扣底",
    }
    for english, chinese in words.items():
        assert _(english) == chinese, english
    assert "连对" in _("pair run {low} to {high}")
    assert "飞机" in _("airplane {low} to {high}")
    assert "炸弹" in i18n.ngettext("{count} bomb", "{count} bombs", 2)
    assert "农民" in _(
        "Bid 1, 2 or 3, or pass. The highest bidder becomes the landlord, takes the three "
        "bottom cards and plays alone against the two farmers; the bid sets the stakes."
    )
    assert "顺子" in _("straight {low} to {high}")
    assert "级牌" in _("Declaring trump").join(
        [_("now each player in turn may declare trump with level cards or jokers, or pass")]
    )


def test_the_shipped_font_draws_every_character_of_the_chinese_texts() -> None:
    chars = sorted(make_cjk_font.needed())
    assert len(chars) > 500 and "斗" in chars and "拖" in chars
    pygame.freetype.init()
    with resources.as_file(resources.files("crowsnest").joinpath("fonts", CJK_FONT)) as p:
        font = pygame.freetype.Font(str(p), 20)
        metrics = font.get_metrics("".join(chars))
    lacking = [c for c, m in zip(chars, metrics, strict=True) if m is None and not c.isspace()]
    assert not lacking, f"run tools/make_cjk_font.py: the font lacks {''.join(lacking[:30])}"
    licence = resources.files("crowsnest").joinpath("fonts", "OFL.txt").read_text("utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence


def test_chinese_lines_break_between_characters_but_not_before_a_closing_mark() -> None:
    import pygame
    from crowsnest.client.palette import get_font
    from crowsnest.client.widgets import NO_LINE_END, NO_LINE_START, TextCache
    from crowsnest.i18n import _

    pygame.font.init()
    i18n.set_language("zh_CN")
    text = TextCache(lambda size, bold: get_font(size, bold))
    para = _(
        "Beat the last combination with a higher one of the same kind (a single, a pair, "
        "a straight...) or pass. A bomb beats any other kind, and the rocket beats "
        "everything. The first to run out of cards wins the deal for their side."
    )
    assert " " not in para.strip() and len(para) > 60
    for width in (120, 200, 333):
        lines = text.wrap(para, 20, width)
        assert len(lines) > 1 and "".join(lines) == para  # nothing lost, nothing added
        font = text.fonts(20)
        for ln in lines:
            assert font.size(ln)[0] <= width, (width, ln)
        for a, b in zip(lines, lines[1:], strict=False):
            assert b[0] not in NO_LINE_START and a[-1] not in NO_LINE_END, (a, b)
    # Latin text still breaks at its spaces only
    i18n.set_language("en")
    lines = text.wrap("one two three four five six", 20, 90)
    assert " ".join(lines) == "one two three four five six"
    assert all(" " not in ln or font.size(ln)[0] <= 90 for ln in lines)


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_an_empty_text_stays_empty_in_every_language(language: str) -> None:
    """gettext("") is the catalog's header: the game-over screen drew it for an empty
    end reason in Chinese."""
    i18n.set_language(language)
    assert i18n._("") == ""
