"""The frozen app's entry point: the ``peppa-qt`` command's own ``main``.

``main`` calls ``multiprocessing.freeze_support()`` before anything else, so the expert's and
the arena's worker processes (this same executable, started again) run their task instead
of the game.
"""

import sys

from peppa_qt.cli import main

if __name__ == "__main__":
    sys.exit(main())
