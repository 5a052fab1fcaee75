"""The Linux bundle's ELF files: which libraries each needs, and where it looks for them.

A Python built on the build machine (pyenv, the CI's setup-python) bakes its own ``lib``
folder into its extension modules' run path; in the bundle that folder means nothing, and a
run path outside the bundle is a place a library could be slipped in from. ``fix_run_paths``
keeps only the entries relative to the file itself (``$ORIGIN``), as Qt's own libraries have.
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def elf_files(folder: Path) -> list[Path]:
    """Every ELF file (programs and shared libraries) under ``folder``, links not followed."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as file:
                if file.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def dynamic_section(path: Path) -> dict[str, list[str]]:
    """``NEEDED``, ``RPATH`` and ``RUNPATH`` of an ELF file (objdump), each a list."""
    dump = subprocess.run(
        ["objdump", "-p", str(path)], capture_output=True, text=True, check=True
    ).stdout
    found: dict[str, list[str]] = {"NEEDED": [], "RPATH": [], "RUNPATH": []}
    for line in dump.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in found:
            values = parts[1].split(":") if parts[0] != "NEEDED" else [parts[1]]
            found[parts[0]].extend(v for v in values if v)
    return found


def fix_run_paths(folder: Path) -> int:
    """Drop every run path entry that is not relative to its file; how many files changed."""
    changed = 0
    for path in elf_files(folder):
        section = dynamic_section(path)
        kind = "RPATH" if section["RPATH"] else "RUNPATH"
        entries = section[kind]
        kept = [entry for entry in entries if entry.startswith("$ORIGIN")]
        if kept == entries:
            continue
        if kept:
            force = ["--force-rpath"] if kind == "RPATH" else []
            command = ["patchelf", *force, "--set-rpath", ":".join(kept), str(path)]
        else:
            command = ["patchelf", "--remove-rpath", str(path)]
        subprocess.run(command, check=True)
        changed += 1
    return changed
