#!/usr/bin/env bash
# Set everything up (first time only does real work) and start the game.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# With the sound effects (the optional miniaudio); should it not install, the game plays silent.
peppa_setup sound || peppa_setup
exec "$PEPPA_VENV/bin/peppa-qt" "$@"
