"""``peppa-qt hint``: the coach's hint for the position at the end of a record, as text or JSON.

The record may be whole (every deal known: it is replayed and checked) or seen from one seat,
as the bot protocol sends it (other deals hidden). Either way the hint is worked out from the
seat's view alone (``ai/teacher.py``), so it is the window's hint for that position.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine.view import PlayerView


class HintProblemError(ValueError):
    """The record has no decision of the seat at its end (the words say why)."""


def read_view(data: bytes, seat: int) -> PlayerView:
    """The view of ``seat`` at the end of a record's JSON (whole, or seen from a seat)."""
    from .engine import read_record, replay, view_of
    from .engine.seat_record import view_from_seat_record

    record = read_record(data, hidden=True)
    if seat >= record.seats:
        raise HintProblemError(f"there is no seat {seat}: the seats are 0 to {record.seats - 1}")
    if any(deal is None for hand in record.hands for deal in hand.deal):
        return view_from_seat_record(record, seat)  # the others' cards are hidden
    return view_of(replay(record, track_undo=False), seat)  # whole: replayed and checked


def hint_problem(view: PlayerView) -> str:
    """Why there is no hint for the view's seat ("" when there is one)."""
    from .engine import Phase

    if view.phase is Phase.PASSING:
        return "" if view.passed is None else f"seat {view.seat} has passed already"
    if view.phase is Phase.SCORED:
        return "the record's last hand is over"
    if view.to_move is None:
        return "nobody is to play"
    if view.to_move != view.seat:
        return f"it is not seat {view.seat}'s turn but seat {view.to_move}'s"
    return ""


def hint_dict(view: PlayerView) -> dict[str, Any]:
    """The hint as the JSON object ``--json`` prints."""
    from .ai.hints import sentence
    from .ai.teacher import coach_hint
    from .engine import Phase

    cards, reason = coach_hint(view)
    passing = view.phase is Phase.PASSING
    return {
        "seat": view.seat,
        "hand": view.hand_index + 1,
        "kind": "pass" if passing else "play",
        "trick": 0 if passing else len(view.plays) // view.rules.seats + 1,
        "cards": [str(card) for card in cards],
        "reason": str(reason),
        "sentence": sentence(reason),
    }


def hint_lines(hint: dict[str, Any]) -> list[str]:
    """The hint in two lines of English: the cards, then the reason's code and sentence."""
    where = "pass" if hint["kind"] == "pass" else f"trick {hint['trick']}"
    head = f"Hand {hint['hand']}, seat {hint['seat']}, {where}: {' '.join(hint['cards'])}"
    return [head, f"  {hint['reason']}: {hint['sentence']}"]


def cmd_hint(path: Path, seat: int, as_json: bool) -> int:
    """Print the hint for ``seat`` at the end of the record in ``path`` (exit 2 if none)."""
    from .engine import RecordError
    from .safe_read import printable_name, read_regular_file

    name = printable_name(path)
    try:
        view = read_view(read_regular_file(path), seat)
        problem = hint_problem(view)
    except OSError as error:
        print(f"peppa-qt hint: cannot read {name}: {error.strerror or error}", file=sys.stderr)
        return 2
    except RecordError as error:
        problem = error.describe()
    except HintProblemError as error:
        problem = str(error)
    if problem:
        print(f"peppa-qt hint: {name}: {problem}", file=sys.stderr)
        return 2
    hint = hint_dict(view)
    if as_json:
        print(json.dumps(hint, ensure_ascii=False))
    else:
        for line in hint_lines(hint):
            print(line)
    return 0
