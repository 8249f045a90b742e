"""Long AI-only runs: `simulate`, `tournament` and the worker pool under them."""
