import os

# Headless pygame everywhere in the test run (must be set before pygame is imported).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Tests read English text: the "system" language (no `language` in the config) must be
# English whatever the machine's locale (crowsnest.i18n reads LANGUAGE first).
os.environ["LANGUAGE"] = "en"

# tests/ on the path for the shared toy variant (import toyvariant), whatever the import mode.
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))


import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _state_home(tmp_path_factory):
    """The log file (crowsnest.logfile: platformdirs' user log folder, under XDG_STATE_HOME
    on Linux) of every command the tests run goes to a folder of this run, not the
    user's: one of pytest's own temporary folders, which pytest prunes (the last three
    runs are kept), so a run leaves nothing else behind in the temp folder."""
    before = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("state"))
    yield
    if before is None:
        os.environ.pop("XDG_STATE_HOME", None)
    else:
        os.environ["XDG_STATE_HOME"] = before


@pytest.fixture(autouse=True)
def _english():
    """Each test starts in English; a test that switches language cannot leak it."""
    from crowsnest import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
