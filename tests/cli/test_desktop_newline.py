"""Issue 29: an install path with a newline (a folder named "x\\nExec=...") cannot add a
line to the desktop entry: the value stays one line, the newline written as its escape."""

from __future__ import annotations

from crowsnest.cli.desktop import entry_text, quote_exec


def test_a_newline_in_the_install_path_stays_inside_the_exec_value():
    evil = "/opt/x\nExec=/usr/bin/evil\n/crowsnest"
    text = entry_text([evil, "-m", "crowsnest"])
    lines = text.splitlines()
    assert sum(line.startswith("Exec=") for line in lines) == 1
    assert not any(line.startswith("Exec=/usr/bin/evil") for line in lines)
    assert sum(line.startswith("TryExec=") for line in lines) == 1
    assert "\\nExec=/usr/bin/evil\\n" in quote_exec([evil])
    assert quote_exec(["/a\tb"]) == '"/a\\tb"'
