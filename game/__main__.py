"""`python -m crowsnest` is the `crowsnest` command."""

import sys

from crowsnest.cli import main

sys.exit(main())
