"""Widget tests on the Python side: widget classes, handlers, models."""
