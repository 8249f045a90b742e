import os

# Headless pygame everywhere in the test run (must be set before pygame is imported).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Tests read English text: the "system" language (no `language` in the config) must be
# English whatever the machine's locale (crowsnest.i18n reads LANGUAGE first).
os.environ["LANGUAGE"] = "en"

# tests/ on the path for the shared helpers (import toyvariant, ports), whatever the import mode.
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))


import pytest  # noqa: E402

# The player's folders (platformdirs: XDG_* on Linux) that a test run may write: the log
# file, the saves and the records store, the config, the plugin folder. Pip's cache
# (XDG_CACHE_HOME) stays the user's.
USER_FOLDERS = ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")


@pytest.fixture(scope="session", autouse=True)
def _user_folders(tmp_path_factory):
    """Every command and window of the test run writes to folders of this run, never to
    the user's (a test once opened the player's real records store): one of pytest's own
    temporary folders, which pytest prunes (the last three runs are kept). Each xdist
    worker has its own, so workers running side by side share no file."""
    before = {k: os.environ.get(k) for k in USER_FOLDERS}
    home = tmp_path_factory.mktemp("user")
    for k in USER_FOLDERS:
        os.environ[k] = str(home / k.removeprefix("XDG_").removesuffix("_HOME").lower())
    yield
    for k, v in before.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


@pytest.fixture(autouse=True)
def _english():
    """Each test starts in English; a test that switches language cannot leak it."""
    from crowsnest import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
