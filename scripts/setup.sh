#!/usr/bin/env bash
# Shared set-up for scripts/play.sh, scripts/test.sh and scripts/compile.sh: Debian libraries Qt
# needs (when root and missing), a virtual environment in .venv, the package installed in it,
# and what the compiled build needs.
# Usage: source scripts/setup.sh, then peppa_setup [EXTRAS [DEBS [PURPOSE]]]
#   (EXTRAS e.g. "test,package"; DEBS the Debian packages to have, by default the libraries Qt needs)
set -euo pipefail

PEPPA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEPPA_VENV="${PEPPA_VENV:-$PEPPA_ROOT/.venv}"

# Libraries the Qt wheels load (offscreen and X11/xcb), plus one font.
QT_DEBS="libgl1 libegl1 libfontconfig1 libfreetype6 libxkbcommon0 libglib2.0-0 libdbus-1-3
 libx11-6 libxcb1 fonts-dejavu-core libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4
 libxcb-keysyms1 libxcb-image0 libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xkb1
 libxcb-xfixes0 libxcb-sync1 libxcb-shm0 libxcb-util1 libx11-xcb1"

# Tools that building the installers needs (scripts/test.sh, whose packaging test builds and
# installs the .deb): dpkg-deb's companions, the menu entry's and AppStream validators,
# lintian, strip/objdump (binutils) and patchelf; and the Wayland client libraries that Qt's
# Wayland plugins load (PySide6 6.11 ships plugins needing libwayland-cursor and -egl): the
# .deb's Depends are found from the libraries on this machine, so they must be here.
PACKAGING_DEBS="dpkg-dev desktop-file-utils appstream lintian binutils patchelf
 libwayland-client0 libwayland-cursor0 libwayland-egl1"

# The browser the join page's tests drive (tests/net/test_page_browser.py): Debian's Chromium
# and its chromedriver, headless; nothing downloaded at run time.
BROWSER_DEBS="chromium chromium-driver"

# What a screen reader sees the window through (tests/gui/test_atspi.py): the accessibility
# bus (at-spi2-core) on a D-Bus session, an X server and keys, and Debian's Python with the
# D-Bus and GLib bindings for the test's client, as a screen reader would be.
ACCESSIBILITY_DEBS="dbus at-spi2-core xvfb xdotool python3-dbus python3-gi"

# Usage: peppa_install_debs [PACKAGES [PURPOSE]]   (default: the libraries Qt needs)
peppa_install_debs() {
    local wanted="${1:-$QT_DEBS}" purpose="${2:-Qt}"
    command -v dpkg-query >/dev/null 2>&1 || return 0
    local missing=()
    for pkg in $wanted; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "$purpose needs these Debian packages; install them with:" >&2
        echo "  sudo apt-get install ${missing[*]}" >&2
        return 0
    fi
    echo "Installing Debian packages for $purpose: ${missing[*]}"
    [ -n "${PEPPA_APT_UPDATED:-}" ] || apt-get update -qq
    PEPPA_APT_UPDATED=1
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

peppa_setup() {
    local extras="${1:-}" debs="${2:-$QT_DEBS}" purpose="${3:-Qt}"
    # The Debian packages go in while pip fills the environment: neither needs the other.
    peppa_install_debs "$debs" "$purpose" &
    local debs_job=$!
    if ! peppa_venv "$extras"; then
        wait "$debs_job" || true
        return 1
    fi
    wait "$debs_job"
}

# Usage: peppa_venv [EXTRAS]   (the virtual environment, the package installed in it)
peppa_venv() {
    local extras="${1:-}"
    if [ ! -x "$PEPPA_VENV/bin/python" ]; then
        python3 -m venv "$PEPPA_VENV" || return 1
        "$PEPPA_VENV/bin/python" -m pip install -q --upgrade pip || return 1
    fi
    local target="$PEPPA_ROOT"
    [ -n "$extras" ] && target="$PEPPA_ROOT[$extras]"
    # Install again only when pyproject.toml or the extras changed (editable: code is live).
    local stamp="$PEPPA_VENV/.peppa-installed"
    local want
    want="$(sha256sum "$PEPPA_ROOT/pyproject.toml" | cut -d' ' -f1) ${extras:-none}"
    if [ ! -f "$stamp" ] || ! grep -qxF "$want" "$stamp"; then
        "$PEPPA_VENV/bin/python" -m pip install -q -e "$target" || return 1
        echo "$want" >> "$stamp"
    fi
}

# Whether this copy's compiled build is complete and built from its sources (peppa_qt/native.py
# loaded alone, as setup.py loads it: quick, and whatever PEPPA_PURE says).
peppa_compiled_current() {
    "$PEPPA_VENV/bin/python" -c 'import importlib.util as u, sys
spec = u.spec_from_file_location("_peppa_native", sys.argv[1])
native = u.module_from_spec(spec)
spec.loader.exec_module(native)
sys.exit(bool(native.why_pure(environ={})))' "$PEPPA_ROOT/peppa_qt/native.py"
}

# Usage: peppa_install_extra EXTRA   (an optional dependency group of pyproject.toml)
# Its requirements alone: the package itself is not installed again (a game may be starting).
peppa_install_extra() {
    local wanted=()
    mapfile -t wanted < <("$PEPPA_VENV/bin/python" -c 'import sys, tomllib
with open(sys.argv[1], "rb") as file:
    print(*tomllib.load(file)["project"]["optional-dependencies"][sys.argv[2]], sep="\n")' \
        "$PEPPA_ROOT/pyproject.toml" "$1")
    "$PEPPA_VENV/bin/python" -m pip install -q "${wanted[@]}"
}

# Whether Python's headers are here (mypyc's C includes them).
peppa_python_headers() {
    "$PEPPA_VENV/bin/python" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'
}

# Whether a C compiler and Python's headers are here, as the compiled build needs.
peppa_compiler_ready() {
    command -v cc >/dev/null 2>&1 && peppa_python_headers
}

# Usage: peppa_compiler_debs PURPOSE   (the C compiler and Python's headers, as Debian packages)
peppa_compiler_debs() {
    peppa_install_debs "gcc" "$1"
    peppa_python_headers || peppa_install_debs "python3-dev" "$1"
}
