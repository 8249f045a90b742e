"""Plugin-kit tests import the example plugins straight from examples/ (they are not
installed in the development venv, so other tests never see them as installed plugins;
the venv test installs example 2 for real)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
OHHELL_SRC = EXAMPLES / "ohhell"
if str(OHHELL_SRC) not in sys.path:
    sys.path.insert(0, str(OHHELL_SRC))

# The fixture plugin authors use. (A top-level conftest would say
# pytest_plugins = ["game.testing"]; pytest allows that only in the rootdir's conftest.)
from game.testing import crowsnest_registry  # noqa: E402, F401
