"""Shapes shared by the handlers and the widgets' JavaScript."""

from __future__ import annotations

__all__ = ["MARKS", "MODEL_VERSION"]

#: version of every widget model; the front end refuses a model of another version with a readable message
MODEL_VERSION = 1
#: annotation marks a deal record may put on an action
MARKS = ("!", "?", "??", "!?", "?!", "!!")
