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

# No conftest line for the crowsnest_registry fixture: the package's pytest11 entry
# point loads crowsnest.testing, as it does for plugin authors.
