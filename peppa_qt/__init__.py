"""Peppa: the Italian Hearts card game for the desktop."""

from . import native

__version__ = "0.1.0"

# Before any of the compiled modules is imported: the compiled build, or the pure one.
native.choose()
