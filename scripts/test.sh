#!/usr/bin/env bash
# Set everything up and run the whole test suite: lint, types, tests. Arguments go to the
# first pytest run (e.g. a folder), and then only that run is made.
#
# About ten minutes on two cores: the phases that leave a core idle run side by side (the
# Debian packages while pip works, the compile while ruff and mypy check), and pytest runs on
# every core (pytest-xdist; tests/conftest.py starts the longest modules first).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# Each phase says when it starts (seconds since this script started).
phase() { echo "== $1 (at ${SECONDS} s)"; }
phase "set-up"
# Every Debian package the suite needs, in one apt-get: the libraries Qt needs, the tools
# that building the installers needs (tests/packaging builds them), the C compiler, and
# iproute2 (tests/net/test_discovery.py multicasts in a network namespace of its own), and
# Chromium with its driver (tests/net/test_page_browser.py plays the join page in it), and
# what a screen reader sees the window through (tests/gui/test_atspi.py).
peppa_setup test,package "$QT_DEBS $PACKAGING_DEBS $BROWSER_DEBS $ACCESSIBILITY_DEBS gcc iproute2" \
    "Qt, building the installers, compiling the hot modules, the multicast, browser and screen-reader tests"
cd "$PEPPA_ROOT"
export QT_QPA_PLATFORM=offscreen
# Everything the suite needs is installed above: a test that would skip for a missing tool
# (the browser's, the screen reader's, a network namespace) fails instead.
export PEPPA_FULL_SUITE=1
PYTHON="$PEPPA_VENV/bin/python"

logs="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$logs"' EXIT

# The hot modules compiled (mypyc, in place) while ruff and mypy read the sources: the suite
# tests the build the game runs, and fails if that build does not load
# (PEPPA_EXPECT_COMPILED, tests/test_native.py).
bash scripts/compile.sh >"$logs/compile" 2>&1 &
compiling=$!
phase ruff; "$PEPPA_VENV/bin/ruff" check peppa_qt tests tools scripts benchmarks packaging
phase "ruff format"; "$PEPPA_VENV/bin/ruff" format --check peppa_qt tests tools scripts benchmarks packaging
phase mypy; "$PEPPA_VENV/bin/mypy"
phase compile
compiled=0
wait "$compiling" || compiled=$?
cat "$logs/compile"
[ "$compiled" -eq 0 ]
export PEPPA_EXPECT_COMPILED=1

# Each test module runs whole on one worker (--dist loadfile): a module's tests share its
# module-scoped fixtures (the installers are built once), and the modules start in the order
# tests/conftest.py gives (--no-loadscope-reorder). pytest's exit code 5 (no test ran) fails
# this script like any other. The 20 slowest tests are listed, so that growth shows here.
XDIST=(-n auto --dist loadfile --no-loadscope-reorder)
phase pytest
"$PYTHON" -m pytest -q -p no:cacheprovider "${XDIST[@]}" --durations=20 "$@"

# The same source run as plain Python (where no compiler is). The two builds differ only in
# the modules mypyc compiles (COMPILED in peppa_qt/native.py: the engine's card sets, hands,
# legal cards, tricks, scores and claim check, and the players' inner loops); everything else
# is the same Python in both runs and was tested above. So the pure run takes the tests that
# check what those modules decide, not the whole suite again:
# - the engine, card by card: tests/engine/ whole (thousands of random games checked against
#   a reference model that reads the rules from card texts, every rule set and Belmont's two
#   decks; undo; records; the claim check against a brute force);
# - the players' decisions: tests/test_native.py, above, ran every level (the searching ones
#   too) at four, six and eight seats in both builds and found the same cards at over a
#   thousand positions; here the pinned four-seat decisions, and the unit tests of the
#   compiled players' parts (knowledge, sampling, policy, heuristics, the exact endgame, legal
#   cards under every rule combination).
# A test that runs in the pure build only (skipped compiled, e.g. test_endgame.py's counts of
# calls) must be in this list, or it runs nowhere.
PURE_TESTS=(
    tests/engine
    tests/ai/test_four_seat_pins.py
    tests/ai/test_knowledge.py
    tests/ai/test_sampling.py
    tests/ai/test_policy.py
    tests/ai/test_heuristics.py
    tests/ai/test_endgame.py
    tests/ai/test_legality.py
    tests/ai/test_rule_options.py
)
if [ $# -eq 0 ]; then
    phase "pytest, pure Python (the compiled modules' decisions)"
    PEPPA_PURE=1 "$PYTHON" -m pytest -q -p no:cacheprovider "${XDIST[@]}" "${PURE_TESTS[@]}"
fi
phase done
