#!/usr/bin/env bash
# Set everything up (first time only does real work) and start the game.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# With the sound effects (the optional miniaudio); should they not install, the game plays silent.
peppa_setup sound || peppa_setup
# The compiled build (the hot modules through mypyc and a C compiler) is made in the background
# when this copy has no build of its current sources, for the next start; this one starts at
# once as plain Python, and stays so (peppa_qt/native.py chooses once, as the game starts).
if ! peppa_compiled_current; then
    if peppa_compiler_ready || [ "$(id -u)" -eq 0 ]; then # root installs the compiler there
        how="the faster build is being compiled in the background for next time"
        if [ -e "$PEPPA_ROOT/build/compile.failed" ]; then
            how="the faster build did not finish last time (build/compile.log):"
            how+=" compiling it again in the background"
        fi
        echo "Starting now in plain Python; $how."
        launch=(nohup)
        command -v setsid >/dev/null 2>&1 && launch=(setsid)
        # Its own session, parted from this one (the game, and its terminal) at once.
        ("${launch[@]}" nice -n 10 bash "$PEPPA_ROOT/scripts/compile.sh" --for-next-start \
            >/dev/null 2>&1 </dev/null &)
    else
        peppa_compiler_debs "the faster compiled build"
        echo "Starting in plain Python (no C compiler to make the faster build)."
    fi
fi
exec "$PEPPA_VENV/bin/peppa-qt" "$@"
