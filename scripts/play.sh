#!/usr/bin/env bash
# Set everything up (first time only does real work) and start the game.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# With the sound effects (the optional miniaudio); should it not install, the game plays silent.
peppa_setup sound || peppa_setup
# The compiled build where mypyc (mypy, the test extra) and a C compiler are at hand and the
# sources changed since the last build; the pure one otherwise (peppa_qt/native.py).
if [ -x "$PEPPA_VENV/bin/mypyc" ] && command -v cc >/dev/null 2>&1 \
    && ! "$PEPPA_VENV/bin/python" -c 'import peppa_qt.native as n, sys; sys.exit(bool(n.why_pure(environ={})))' 2>/dev/null; then
    echo "Compiling the hot modules (about half a minute)..."
    bash "$PEPPA_ROOT/scripts/compile.sh" >/dev/null 2>&1 \
        || echo "could not compile them: the game runs as plain Python" >&2
fi
exec "$PEPPA_VENV/bin/peppa-qt" "$@"
