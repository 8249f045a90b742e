import os
import shutil
import tempfile

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


def pytest_configure(config: pytest.Config) -> None:
    """Every command and window of the test run writes to folders of this run, never to
    the user's (a test once opened the player's real records store), and reads none of
    the user's either: set here, before collection, since some tests are parametrized
    over the registry, which reads the user's plugin folder (drop-ins there made tests of
    games the workers could not find). Each xdist worker configures itself, so workers
    running side by side share no file. Removed when the run ends."""
    before = {k: os.environ.get(k) for k in USER_FOLDERS}
    home = Path(tempfile.mkdtemp(prefix="crowsnest-tests-"))
    for k in USER_FOLDERS:
        os.environ[k] = str(home / k.removeprefix("XDG_").removesuffix("_HOME").lower())

    def restore() -> None:
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        shutil.rmtree(home, ignore_errors=True)

    config.add_cleanup(restore)


@pytest.fixture(autouse=True)
def _english():
    """Each test starts in English; a test that switches language cannot leak it."""
    from crowsnest import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
