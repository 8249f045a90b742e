"""`python -m crowsnest` is the `crowsnest` command."""

import sys

from crowsnest.cli import main

# The guard matters: worker processes (crowsnest.batch.parallel, "spawn") import the main
# module again under another name, and must not run the command a second time.
if __name__ == "__main__":
    sys.exit(main())
