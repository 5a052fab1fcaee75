"""``python -m peppa_qt`` runs the ``peppa-qt`` command."""

import sys

from .cli import main

sys.exit(main())
