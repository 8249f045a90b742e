"""This plugin's own translations: its gettext domain, shipped in locale/ beside it.

crowsnest.i18n.Catalog looks each string up in the language the player chose, at call
time, and falls back to English for a language this plugin has no catalog for. The
catalogs are made with the project's tool (docs/plugins.md, "Translations"):

    python tools/i18n.py all --domain crowsnest_ohhell \\
        --src examples/ohhell/crowsnest_ohhell --locale examples/ohhell/crowsnest_ohhell/locale
"""

from __future__ import annotations

from pathlib import Path

from crowsnest.i18n import N_, Catalog

CATALOG = Catalog("crowsnest_ohhell", Path(__file__).with_name("locale"))
_ = CATALOG.gettext
ngettext = CATALOG.ngettext

__all__ = ["CATALOG", "N_", "_", "ngettext"]
