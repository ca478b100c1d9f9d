"""Quality gates: linters, type checks, the front end's own tests."""
