"""The command line: ``peppa-qt`` and its sub-commands."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="peppa-qt", description="Peppa, the Italian Hearts card game."
    )
    parser.add_argument("--version", action="version", version=f"peppa-qt {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    check = commands.add_parser("check", help="check a game record and print its scores as JSON")
    check.add_argument("file", type=Path, help="a peppa-record JSON file")
    bench = commands.add_parser("bench", help="print speed figures")
    bench.add_argument("what", choices=["engine"], help="what to measure")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    return parser


def cmd_check(path: Path) -> int:
    """Replay a record; print the summary JSON (exit 0) or one error line (exit 2)."""
    from .engine import RecordError, read_record, replay, summary

    try:
        data = path.read_bytes()
    except OSError as error:
        print(f"peppa-qt check: cannot read {path}: {error.strerror or error}", file=sys.stderr)
        return 2
    try:
        match = replay(read_record(data))
    except RecordError as error:
        print(f"peppa-qt check: {path}: {error.describe()}", file=sys.stderr)
        return 2
    except Exception as error:  # a bug of ours must still not print a traceback to players
        print(f"peppa-qt check: {path}: could not be checked ({error!r})", file=sys.stderr)
        return 2
    print(json.dumps(summary(match)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``peppa-qt`` command."""
    args = _parser().parse_args(argv)
    if args.command == "check":
        return cmd_check(args.file)
    if args.command == "bench":
        from .bench import bench_engine

        for line in bench_engine(args.seconds):
            print(line, flush=True)
        return 0
    print("peppa-qt: the game window is not built yet; try 'peppa-qt check FILE'.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
