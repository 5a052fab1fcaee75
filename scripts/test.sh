#!/usr/bin/env bash
# Set everything up and run the whole test suite: lint, types, tests.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# The package extra (PyInstaller) and the Debian tools: tests/packaging builds the installers.
peppa_setup test,package
peppa_install_debs "$PACKAGING_DEBS" "building the installers"
peppa_install_debs "gcc" "compiling the hot modules"
cd "$PEPPA_ROOT"
export QT_QPA_PLATFORM=offscreen
# The hot modules compiled (mypyc, in place): the suite tests the build the game runs, and
# fails if that build does not load (PEPPA_EXPECT_COMPILED, tests/test_native.py).
echo "== compile"; bash scripts/compile.sh
export PEPPA_EXPECT_COMPILED=1
echo "== ruff"; "$PEPPA_VENV/bin/ruff" check peppa_qt tests tools scripts benchmarks packaging
echo "== ruff format"; "$PEPPA_VENV/bin/ruff" format --check peppa_qt tests tools scripts benchmarks packaging
echo "== mypy"; "$PEPPA_VENV/bin/mypy"
echo "== pytest"; "$PEPPA_VENV/bin/python" -m pytest -q -p no:cacheprovider "$@"
# The same source run as plain Python (where no compiler is): the engine's and the players'
# tests again, and tests/test_native.py compares every level's choices in both builds.
if [ $# -eq 0 ]; then
    echo "== pytest, pure Python (engine, players)"
    PEPPA_PURE=1 "$PEPPA_VENV/bin/python" -m pytest -q -p no:cacheprovider tests/engine tests/ai
fi
