"""`crowsnest desktop-entry`: the game in the desktop's applications menu.

Writes a freedesktop.org desktop entry and the application icon into the XDG data
folder ($XDG_DATA_HOME, else ~/.local/share), which GNOME, KDE, Xfce and the other
freedesktop desktops read for the current user (no root needed, nothing system-wide):

    applications/crowsnest-arcade.desktop
    icons/hicolor/<N>x<N>/apps/crowsnest-arcade.png      N = 48, 128, 256

The menu's name and description are in the player's language where the game's catalogs
translate them. The entry runs this installation's own `crowsnest` script (its absolute path, so it
works from a pipx or virtual-environment install that is not on the menu's PATH).
`--remove` deletes exactly these files. The icon comes from crowsnest.sprites/app/
(drawn by crowsnest.client.assets.draw_app_icon; tools/make_sprites.py writes it).
"""

from __future__ import annotations

import os
import shutil
import sys
from importlib import resources
from pathlib import Path

from crowsnest import APP_ID, i18n
from crowsnest.i18n import N_
from crowsnest.tomlfile import write_atomic

ICON_SIZES = (48, 128, 256)
# Characters that make the Desktop Entry spec quote an Exec argument.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
GENERIC_NAME = N_("Card Games")
COMMENT = N_("Rook, CrowsNest, Tractor and Dou Dizhu against the computer or friends")


def data_home() -> Path:
    """$XDG_DATA_HOME if set to an absolute path (the spec ignores a relative one), else
    ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def entry_path(home: Path | None = None) -> Path:
    return (home or data_home()) / "applications" / f"{APP_ID}.desktop"


def icon_paths(home: Path | None = None) -> list[Path]:
    base = (home or data_home()) / "icons" / "hicolor"
    return [base / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in ICON_SIZES]


def command() -> list[str]:
    """How the menu starts this installation: its `crowsnest` script beside the running
    interpreter (a venv or pipx install), else the one on PATH, else `python -m`."""
    script = Path(sys.executable).parent / ("crowsnest.exe" if os.name == "nt" else "crowsnest")
    if script.is_file():
        return [str(script)]
    found = shutil.which("crowsnest")
    if found:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "crowsnest"]


def quote_exec(args: list[str]) -> str:
    """An Exec value: arguments quoted as the Desktop Entry spec says, then escaped as
    a desktop-file string (backslashes doubled) with % written as %%."""
    out = []
    for a in args:
        if any(c in _RESERVED for c in a):
            a = '"' + "".join("\\" + c if c in '"`$\\' else c for c in a) + '"'
        out.append(a)
    text = " ".join(out).replace("\\", "\\\\").replace("%", "%%")
    # A desktop file's value is one line: a newline (or tab, or carriage return) in the
    # install path is written as its escape, so it can never start a line of its own
    # (a folder named "x\nExec=evil" would add a second Exec key).
    return text.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def entry_text(args: list[str] | None = None) -> str:
    args = args or command()
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # the newest version desktop-file-validate 0.26 knows
        "Name=CrowsNest Arcade",
        f"GenericName={GENERIC_NAME}",
        *_localized("GenericName", GENERIC_NAME),
        f"Comment={COMMENT}",
        *_localized("Comment", COMMENT),
        f"Exec={quote_exec(args)}",
        f"TryExec={quote_exec(args[:1])}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=cards;card game;Rook;Tractor;Shengji;Dou Dizhu;trick-taking;",
        "StartupNotify=true",
        f"StartupWMClass={APP_ID}",  # the window's WM_CLASS (crowsnest.client.app)
    ]
    return "\n".join(lines) + "\n"


def _localized(key: str, message: str) -> list[str]:
    """`key[lang]=...` for each language whose catalog translates `message` (the menu
    shows the player's language; one without a translation shows the English)."""
    out = []
    for lang in i18n.TRANSLATED:
        text = i18n.CROWSNEST.translations(lang).gettext(message)
        if text and text != message:
            out.append(f"{key}[{lang}]={' '.join(text.split())}")
    return out


def _icon_bytes(size: int) -> bytes:
    return (resources.files("crowsnest.sprites") / "app" / f"{APP_ID}-{size}.png").read_bytes()


def install(home: Path | None = None) -> list[Path]:
    """Write the entry and the icons; the files written, entry first."""
    entry = entry_path(home)
    write_atomic(entry, entry_text(), prefix=".desktop-")
    written = [entry]
    for size, path in zip(ICON_SIZES, icon_paths(home), strict=True):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_icon_bytes(size))
        written.append(path)
    return written


def remove(home: Path | None = None) -> list[Path]:
    """Delete the entry and the icons; the files that were there."""
    gone = []
    for path in [entry_path(home), *icon_paths(home)]:
        if path.exists():
            path.unlink()
            gone.append(path)
    return gone


__all__ = ["APP_ID", "command", "data_home", "entry_text", "install", "quote_exec", "remove"]
