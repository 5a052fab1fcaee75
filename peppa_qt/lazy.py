"""Names of a package imported from their modules when first used (PEP 562).

The window's first frame imports a package for one light name; the package's other modules
(the engine, the computer players) load only when one of their names is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, homes: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: each name of ``homes`` from its module."""

    def getattr_(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value  # once imported, an ordinary attribute
        return value

    def dir_() -> list[str]:
        return sorted(set(namespace) | set(homes))

    return getattr_, dir_
