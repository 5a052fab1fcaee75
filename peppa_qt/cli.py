"""The command line: ``peppa-qt`` and its sub-commands."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .jsontext import load_json, quoted

if TYPE_CHECKING:
    from .engine import RuleSet
    from .net.hosted import TableTimes


def _whole_number(text: str, least: int = 1) -> int:
    """A count given on the command line: a whole number, at least ``least``."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {quoted(text)}") from None
    if count < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, not {count}")
    return count


def _hand_count(text: str) -> int:
    """A number of hands (``--quit-after-hands``, ``--hands``, ``--games``...): at least 1."""
    return _whole_number(text)


def _seat_number(text: str) -> int:
    """``--seat``: a seat number, from 0."""
    return _whole_number(text, least=0)


def _every(text: str) -> int:
    """``--report-every``: 0 (never) or more."""
    return _whole_number(text, least=0)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="peppa-qt", description="Peppa, the Italian Hearts card game."
    )
    parser.add_argument("--version", action="version", version=f"peppa-qt {__version__}")
    parser.add_argument(
        "--demo", action="store_true", help="watch four computer players play in the window"
    )
    parser.add_argument(
        "--quit-after-hands",
        type=_hand_count,
        metavar="N",
        help="close the window after N hands (for automated runs)",
    )
    parser.add_argument(
        "--profile-dir",
        type=Path,
        metavar="DIR",
        help="keep settings, saved games and statistics in DIR instead of the usual folders",
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check that this copy of the game works (no window opens), then exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    check = commands.add_parser("check", help="check a game record and print its scores as JSON")
    check.add_argument("file", type=Path, help="a peppa-record JSON file")
    bench = commands.add_parser("bench", help="print speed figures")
    bench.add_argument(
        "what",
        choices=["engine", "openspiel"],
        help="what to measure (openspiel: our hearts against OpenSpiel's, where it is installed)",
    )
    bench.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    bench.add_argument(
        "--compare",
        action="store_true",
        help="measure the compiled build and the pure one, side by side",
    )
    _add_arena(commands)
    _add_review(commands)
    _add_hint(commands)
    serve = commands.add_parser(
        "serve", help="host tables for players on other devices (no window; DESIGN.md)"
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: all)")
    serve.add_argument("--port", type=int, default=8765, help="port to listen on")
    serve.add_argument("--certfile", help="TLS certificate (PEM): clients then use wss://")
    serve.add_argument("--keyfile", help="TLS private key (PEM), if not in the certificate file")
    serve.add_argument(
        "--state", help="folder to keep the tables in: after a stop or a kill they go on"
    )
    serve.add_argument(
        "--ai-pause",
        type=float,
        metavar="SECONDS",
        help="the pause before a computer's card (default 0.45)",
    )
    serve.add_argument(
        "--grace",
        type=float,
        metavar="SECONDS",
        help="how long a player who dropped keeps the seat before a computer plays it (default 20)",
    )
    serve.add_argument(
        "--announce",
        action="store_true",
        help="announce tables with free seats on the local network (mDNS/DNS-SD)",
    )
    serve.add_argument(
        "--qr",
        action="store_true",
        help="print each new table's join page as a QR code too (its URL is always printed)",
    )
    join = commands.add_parser(
        "join", help="play a seat of a hosted table with a computer level (a bot over the network)"
    )
    join.add_argument("url", help="the host's address, like ws://192.168.1.20:8765/table")
    join.add_argument("table", help="the table's code")
    join.add_argument("--name", default="Bot", help="the name the others see")
    join.add_argument("--level", default="normal", help="computer level")
    join.add_argument("--seat", type=int, help="the seat to take (default: any free one)")
    bot = commands.add_parser("bot", help="answer the bot protocol on stdin/stdout")
    bot.add_argument("--level", default="normal", help="computer level")
    bot.add_argument("--seed", type=int, default=0, help="the player's seed")
    return parser


def _add_arena(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    arena = commands.add_parser("arena", help="computer players against each other")
    arena.add_argument("--rules", default="peppa", choices=["peppa", "torino", "hearts", "belmont"])
    arena.add_argument("--options", default="{}", help="rule options as JSON (DESIGN.md)")
    arena.add_argument(
        "--players",
        help="a level or ext:COMMAND per seat, commas: four, or six or eight for belmont "
        "(the seats are as many as the players; default: normal and the rest easy)",
    )
    count = arena.add_mutually_exclusive_group()
    count.add_argument(
        "--games", type=_hand_count, help="whole games, each once per rotation of the seats"
    )
    count.add_argument(
        "--hands", type=_hand_count, help="single deals, each once per rotation of the seats"
    )
    arena.add_argument(
        "--seed",
        type=int,
        help="the seed the deals follow from (default 0; with ext: seats a secret one; "
        "a journal's when resuming); printed after the run",
    )
    arena.add_argument(
        "--jobs", type=_hand_count, default=1, help="worker processes (at most one per core)"
    )
    arena.add_argument("--json", action="store_true", help="print JSON instead of a table")
    arena.add_argument(
        "--report-every",
        type=_every,
        default=0,
        metavar="N",
        help="print the figures so far to stderr every N deals or games (long runs)",
    )
    arena.add_argument(
        "--journal",
        type=Path,
        metavar="FILE",
        help="append every finished game to FILE; run again with it to resume",
    )


def _add_review(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    review = commands.add_parser(
        "review", help="the coach: grade one seat's choices in a record's finished hands"
    )
    review.add_argument("file", type=Path, help="a peppa-record JSON file")
    review.add_argument("--seat", type=_seat_number, required=True, help="the seat, from 0")
    review.add_argument("--hand", type=_hand_count, metavar="H", help="only hand H (from 1)")
    review.add_argument("--json", action="store_true", help="print JSON instead of text")


def _add_hint(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    hint = commands.add_parser(
        "hint", help="the coach's hint for a seat at the end of a record (whole or seen from it)"
    )
    hint.add_argument("file", type=Path, help="a peppa-record JSON file")
    hint.add_argument("--seat", type=_seat_number, required=True, help="the seat, from 0")
    hint.add_argument("--json", action="store_true", help="print JSON instead of text")


def cmd_check(path: Path) -> int:
    """Replay a record; print the summary JSON (exit 0) or one error line (exit 2)."""
    from .engine import RecordError, read_record, replay, summary
    from .safe_read import printable_name, read_regular_file

    name = printable_name(path)  # a newline or an escape sequence in it must not reach the terminal
    try:
        data = read_regular_file(path)
    except OSError as error:
        print(f"peppa-qt check: cannot read {name}: {error.strerror or error}", file=sys.stderr)
        return 2
    try:
        match = replay(read_record(data))
    except RecordError as error:
        print(f"peppa-qt check: {name}: {error.describe()}", file=sys.stderr)
        return 2
    except Exception as error:  # a bug of ours must still not print a traceback to players
        print(f"peppa-qt check: {name}: could not be checked ({error!r})", file=sys.stderr)
        return 2
    print(json.dumps(summary(match)))
    return 0


def cmd_review(path: Path, seat: int, hand: int | None, as_json: bool) -> int:
    """Print the coach's review of ``seat`` in the record's finished hands (or hand ``hand``)."""
    from .ai.review import review_hand
    from .ai.review_json import review_to_dict
    from .engine import Phase, RecordError, read_record, replay
    from .review_text import review_lines
    from .safe_read import printable_name, read_regular_file

    name = printable_name(path)
    try:
        match = replay(read_record(read_regular_file(path)), track_undo=False)
    except OSError as error:
        print(f"peppa-qt review: cannot read {name}: {error.strerror or error}", file=sys.stderr)
        return 2
    except RecordError as error:
        print(f"peppa-qt review: {name}: {error.describe()}", file=sys.stderr)
        return 2
    finished = [i for i, h in enumerate(match.hands) if h.phase is Phase.SCORED]
    problem = _review_problem(match.rules.seats, seat, hand, finished)
    if problem:
        print(f"peppa-qt review: {name}: {problem}", file=sys.stderr)
        return 2
    indexes = finished if hand is None else [hand - 1]
    reviews = []
    for index in indexes:
        reviews.append(review_hand(match, index, seat))
        if not as_json:
            for line in review_lines(reviews[-1]):
                print(line, flush=True)
    if as_json:
        print(json.dumps(review_to_dict(seat, reviews)))
    return 0


def _review_problem(seats: int, seat: int, hand: int | None, finished: list[int]) -> str:
    """Why the review cannot be made ("" when it can)."""
    if seat >= seats:
        return f"there is no seat {seat}: the seats are 0 to {seats - 1}"
    if hand is not None and hand - 1 not in finished:
        return f"hand {hand} is not a finished hand of the record"
    if not finished:
        return "the record has no finished hand"
    return ""


def cmd_arena(args: argparse.Namespace) -> int:
    """Run the arena and print its figures."""
    from .ai.arena import PlayerStats, arena_seed, close_bots, format_table, run_arena
    from .engine import RecordError

    try:
        specs = _arena_players(args.rules, args.players)
        rules = _arena_rules(args.rules, args.options, len(specs), single_deals=args.hands)
        count = args.hands if args.hands is not None else (args.games or 1)
        seed = arena_seed(specs, args.seed, args.journal)
        every = args.report_every

        def interim(totals: list[PlayerStats], done: int) -> None:
            if every > 0 and done % every == 0 and done < count:
                games = rules.seats * done
                print(format_table(totals, games, len(totals[0].points)), file=sys.stderr)
                sys.stderr.flush()

        _warn_of_a_known_seed(specs, args.seed)
        stats = run_arena(
            rules, specs, count, seed, args.jobs, progress=interim, journal=args.journal
        )
    except (RecordError, ValueError, OSError) as error:
        print(f"peppa-qt arena: {error}", file=sys.stderr)
        return 2
    finally:
        close_bots()  # before the seed is printed: no program of the run can read it
    hands = len(stats[0].points)
    games = rules.seats * count  # every deal or game is played once per rotation
    if args.json:
        players = [s.summary() for s in stats]
        print(json.dumps({"games": games, "hands": hands, "seed": seed, "players": players}))
    else:
        print(format_table(stats, games, hands))
        print(f"seed {seed} (give it to --seed to play these deals again)")
    return 0


def _arena_rules(
    preset: str, options_text: str, seats: int, *, single_deals: int | None
) -> RuleSet:
    """The rules ``--rules`` and ``--options`` give, refused (ValueError) as given, an invalid
    end too; with ``--hands`` (``single_deals`` not None) each game is a single deal."""
    from .engine import RuleSet

    options = load_json(options_text)
    if not isinstance(options, dict):
        raise ValueError("--options must be a JSON object")
    rules = RuleSet.preset(preset, options, seats=seats)
    if single_deals is None:
        return rules
    return RuleSet.preset(preset, {**options, "end": {"mode": "hands", "count": 1}}, seats=seats)


def _warn_of_a_known_seed(specs: Sequence[str], given: int | None) -> None:
    """A seed given on purpose to a table with external programs: say what it costs."""
    from .ai.arena import has_programs

    if given is not None and has_programs(specs):
        print(
            "peppa-qt arena: warning: a seed given with --seed can be guessed or read by a "
            "program at an ext: seat, which then works out every seat's cards; without "
            "--seed they are dealt from a secret seed",
            file=sys.stderr,
        )


def _arena_players(preset: str, players: str | None) -> list[str]:
    """The listed players: as given, or the normal level and easy ones at every other seat of
    the preset's first table (four; six for belmont)."""
    if players is not None:
        return players.split(",")
    from .engine.rules import PRESET_SEATS

    return ["normal"] + ["easy"] * (PRESET_SEATS.get(preset, (4,))[0] - 1)


def cmd_bot(level: str, seed: int) -> int:
    """Serve the bot protocol until stdin closes."""
    from .ai import make_player
    from .ai.protocol import serve

    try:
        player = make_player(level, seed)
    except ValueError as error:
        print(f"peppa-qt bot: {error}", file=sys.stderr)
        return 2
    serve(player, sys.stdin.buffer, sys.stdout)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``peppa-qt`` command."""
    # First of all: in a frozen app, a worker process of the expert or the arena starts this
    # same program, and must run its task instead of the game. Elsewhere freeze_support does
    # nothing, and multiprocessing would only delay the window's first frame (~8 ms).
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()
    try:
        code = _run(_parser().parse_args(argv))
        if sys.stdout is not None:  # None in a windowed app
            sys.stdout.flush()  # here, not at exit: a reader gone is noticed inside the try
    except BrokenPipeError:
        return _reader_gone()
    return code


def _run(args: argparse.Namespace) -> int:
    """Run the command the line asks for."""
    if args.self_test:
        from .self_test import run_self_test

        return run_self_test()
    if args.command == "check":
        return cmd_check(args.file)
    if args.command == "arena":
        return cmd_arena(args)
    if args.command == "serve":
        from .net.serve import run_server

        return run_server(
            args.host,
            args.port,
            certfile=args.certfile,
            keyfile=args.keyfile,
            state=args.state,
            announce=args.announce,
            times=_table_times(args.grace, args.ai_pause),
            qr=args.qr,
        )
    if args.command == "join":
        from .net.client import run_bot

        return run_bot(args.url, args.table, args.name, args.level, args.seat)
    if args.command == "bot":
        return cmd_bot(args.level, args.seed)
    if args.command == "review":
        return cmd_review(args.file, args.seat, args.hand, args.json)
    if args.command == "hint":
        from .hint_text import cmd_hint

        return cmd_hint(args.file, args.seat, args.json)
    if args.command == "bench":
        from .bench import bench_engine, compare_engine
        from .bench_openspiel import bench_openspiel, compare_openspiel

        if args.what == "openspiel":
            measure = compare_openspiel if args.compare else bench_openspiel
        else:
            measure = compare_engine if args.compare else bench_engine
        for line in measure(args.seconds):
            print(line, flush=True)
        return 0
    from .app import run_gui

    return run_gui(args.demo, args.quit_after_hands, profile_dir=args.profile_dir)


def _table_times(grace: float | None, ai_pause: float | None) -> TableTimes:
    """A served table's times: the defaults, but for those given (never below zero)."""
    from .net.hosted import TableTimes

    times = TableTimes()
    if grace is not None:
        times = replace(times, grace=max(0.0, grace))
    if ai_pause is not None:
        times = replace(times, ai_pause=max(0.0, ai_pause))
    return times


def _reader_gone() -> int:
    """The output's reader stopped reading (``| head -c1``): end quietly, as a Unix tool does.

    What is still buffered would fail again, with a traceback, when Python flushes it at
    exit: the output streams are pointed at the null device first. The exit status is that
    of a tool ended by SIGPIPE, as a shell reports it (141).
    """
    import signal

    null = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, OSError, ValueError):  # none, or no file
            os.dup2(null, stream.fileno())
    os.close(null)
    return 128 + signal.SIGPIPE if hasattr(signal, "SIGPIPE") else 1


if __name__ == "__main__":
    sys.exit(main())
