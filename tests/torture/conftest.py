"""The torture tests reuse the window tests' fixtures (tests/gui/conftest.py) as they are.

``make_window`` builds shown windows with instant computer players; the autouse fixtures keep
every file of a test under a temporary profile (``_isolated_profile``), speak English
(``_english``) and answer "give up the game in progress?" with yes (``confirmations``).

The window tests' conftest is loaded from its path under a name of its own: tests/ holds no
packages (its folders are put on ``sys.path``, and every conftest is a module "conftest"), so
it cannot be imported by name, whether pytest runs as ``python -m pytest`` or as ``pytest``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def _window_fixtures() -> ModuleType:
    name = "peppa_tests_gui_conftest"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parent.parent / "gui" / "conftest.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_gui = _window_fixtures()
make_window = _gui.make_window
_isolated_profile = _gui._isolated_profile
_english = _gui._english
confirmations = _gui.confirmations
