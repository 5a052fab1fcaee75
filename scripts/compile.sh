#!/usr/bin/env bash
# Compile the hot modules with mypyc, in place: each peppa_qt/<module>.py gets its compiled
# file beside it, and peppa_qt/_native.json records the sources compiled (peppa_qt/native.py
# runs them only while every one is unchanged; `--self-test` and `peppa-qt bench` say which
# build runs). Needs mypy (the test extra) and a C compiler; about half a minute.
# Usage: scripts/compile.sh [--clean]    (--clean: remove the compiled build, back to pure)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PEPPA_VENV:-$ROOT/.venv}/bin/python"
cd "$ROOT"
# Every file of an earlier build goes first: one of a module compiled no more would shadow
# its source.
find peppa_qt \( -name '*.so' -o -name '*.pyd' \) -delete
rm -f peppa_qt/_native.json
if [ "${1:-}" = "--clean" ]; then
    rm -rf build/mypyc
    exit 0
fi
PEPPA_COMPILE=1 "$PYTHON" setup.py --quiet build_ext --inplace
"$PYTHON" -c 'import peppa_qt.native as n, sys; print("built:", n.describe()); sys.exit(not n.compiled())'
