#!/usr/bin/env bash
# Set everything up (first time only does real work) and start the game.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# With the sound effects (the optional miniaudio) and mypyc for the compiled build; should the
# sound not install, the game plays silent.
peppa_setup sound,compile || peppa_setup compile || peppa_setup
# The compiled build (the hot modules through mypyc and a C compiler), built when the sources
# changed since the last build; run as root this installs the compiler if it is missing. Where
# it cannot be built the same source runs as plain Python (peppa_qt/native.py says which).
peppa_install_debs "gcc" "compiling the hot modules"
if ! "$PEPPA_VENV/bin/python" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
    peppa_install_debs "python3-dev" "compiling the hot modules"
fi
if [ -x "$PEPPA_VENV/bin/mypyc" ] && command -v cc >/dev/null 2>&1 \
    && ! "$PEPPA_VENV/bin/python" -c 'import peppa_qt.native as n, sys; sys.exit(bool(n.why_pure(environ={})))' 2>/dev/null; then
    echo "Compiling the hot modules (about half a minute, once)..."
    bash "$PEPPA_ROOT/scripts/compile.sh" >/dev/null 2>&1 \
        || echo "could not compile them: the game runs as plain Python" >&2
fi
exec "$PEPPA_VENV/bin/peppa-qt" "$@"
