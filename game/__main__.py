"""`python -m game` is the `crowsnest` command."""

import sys

from game.cli import main

sys.exit(main())
