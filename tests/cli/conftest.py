from pathlib import Path

import pytest
from cli_helpers import CLI


@pytest.fixture
def cli(tmp_path: Path) -> CLI:
    """Runs `python -m crowsnest` isolated from the user's config and plugin folders."""
    return CLI(tmp_path)
