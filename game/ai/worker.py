"""The AI worker process: ``python -m crowsnest.ai.worker`` (crowsnest.ai.isolated). A
module of its own so that running it does not import it twice (the package imports
crowsnest.ai.isolated)."""

from __future__ import annotations

import sys

from crowsnest.ai.isolated import main

if __name__ == "__main__":
    sys.exit(main())
