"""Helpers shared by the tests (import as ``from tests.support.browser import ...``)."""
