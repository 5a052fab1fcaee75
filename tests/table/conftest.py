"""The table's tests share the test players in tests/player_doubles.py."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
