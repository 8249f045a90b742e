"""The registry every online test serves: the built-in games only.

It lives in its own module, not in conftest.py, because tests/cli has a conftest.py too:
in one pytest run both are imported, and `from conftest import ...` would find whichever
came first.
"""

from __future__ import annotations

from crowsnest.plugin_host import load_registry

REGISTRY = load_registry(folders=[], user_folder=False)
