#!/usr/bin/env bash
# Compile the hot modules with mypyc, in place: each peppa_qt/<module>.py gets its compiled
# file beside it, and peppa_qt/_native.json records the sources compiled (peppa_qt/native.py
# runs them only while every one is unchanged; `--self-test` and `peppa-qt bench` say which
# build runs). Needs mypy (the test extra) and a C compiler; about half a minute.
# Usage: scripts/compile.sh [--clean | --for-next-start]
#   --clean: remove the compiled build, back to pure;
#   --for-next-start: what scripts/play.sh runs in the background while the game starts pure:
#     nothing if this copy's build is current or another compile is under way; else mypyc (the
#     compile extra) and, as root, the C compiler installed, then the compile; its output in
#     build/compile.log, and build/compile.failed left if it failed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PEPPA_VENV:-$ROOT/.venv}/bin/python"
MODE="${1:-}"
cd "$ROOT"
# One compile at a time in a copy: they share build/mypyc and the files in peppa_qt/. The lock
# goes with the process (and its compiler) however it ends; without flock (not Linux) none.
mkdir -p build
exec 9>build/compile.lock
if command -v flock >/dev/null 2>&1 && ! flock -n 9; then
    [ "$MODE" = "--for-next-start" ] && exit 0 # the one under way compiles the same sources
    echo "waiting for the compile under way (scripts/play.sh started it)..."
    flock 9
fi
if [ "$MODE" = "--for-next-start" ]; then
    exec >build/compile.log 2>&1 </dev/null
    echo "$(date '+%F %T') compiling for the next start (pid $$)"
    source "$ROOT/scripts/setup.sh"
    peppa_compiled_current && { echo "already compiled"; exit 0; }
    touch build/compile.failed # until it succeeds
    peppa_install_extra compile
    peppa_compiler_debs "compiling the hot modules"
fi
# Every file of an earlier build goes, its record first: were this cut short, no record would
# be left to vouch for what remains. One of a module compiled no more would shadow its source.
rm -f peppa_qt/_native.json
find peppa_qt \( -name '*.so' -o -name '*.pyd' \) -delete
if [ "$MODE" = "--clean" ]; then
    rm -rf build/mypyc
    exit 0
fi
PEPPA_COMPILE=1 "$PYTHON" setup.py --quiet build_ext --inplace
"$PYTHON" -c 'import peppa_qt.native as n, sys; print("built:", n.describe()); sys.exit(not n.compiled())'
rm -f build/compile.failed
