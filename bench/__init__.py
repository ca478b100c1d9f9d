"""Speed scripts that print figures (not timed tests).

Run them from the repository's root as modules, so they import the package and the tests' helpers
(``tests.support``) from the checkout: ``.venv/bin/python -m bench.bench_engine --hands 2000``.
"""
