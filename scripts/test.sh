#!/usr/bin/env bash
# Set everything up and run the whole test suite: lint, types, tests.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# The package extra (PyInstaller) and the Debian tools: tests/packaging builds the installers.
peppa_setup test,package
peppa_install_debs "$PACKAGING_DEBS" "building the installers"
cd "$PEPPA_ROOT"
export QT_QPA_PLATFORM=offscreen
echo "== ruff"; "$PEPPA_VENV/bin/ruff" check peppa_qt tests tools scripts benchmarks packaging
echo "== ruff format"; "$PEPPA_VENV/bin/ruff" format --check peppa_qt tests tools scripts benchmarks packaging
echo "== mypy"; "$PEPPA_VENV/bin/mypy"
echo "== pytest"; "$PEPPA_VENV/bin/python" -m pytest -q -p no:cacheprovider "$@"
