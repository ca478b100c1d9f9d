"""The project's tests, one folder per room; shared helpers in tests.support."""
