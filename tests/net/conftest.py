from __future__ import annotations

import sys
from pathlib import Path

import pytest
from crowsnest.net.server import start_in_thread

sys.path.insert(0, str(Path(__file__).parent))

from net_registry import REGISTRY  # noqa: E402  (after the path insert)


@pytest.fixture
def registry():
    return REGISTRY


@pytest.fixture
def server(tmp_path):
    """A server on a free loopback port, its database in the test's folder."""
    db = tmp_path / "online.sqlite3"
    h = start_in_thread("127.0.0.1", 0, db, registry=REGISTRY, ai_budget_s=2.0)
    h.db = str(db)
    yield h
    h.stop()
    assert h.server.internal_errors == 0, "the server had internal errors"
