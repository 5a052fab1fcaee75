"""The arena's journal: every finished game appended to a file, so that a long run survives an
interruption and a run started again with the same file skips the games already there.

The first line is a header naming the run (rules, players, seed); each further line is one
game, a row per listed player. A line torn by an interruption, and all after it, is cut off.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from ..jsontext import JsonTextError, load_json, quoted
from ..safe_read import printable_name, read_regular_file

#: The fields of a journal row, with the types of their values.
ROW_FIELDS: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "points": list,
    "wins": int,
    "moons": int,
    "times": list,
}


def journal_header(rules: str, specs: Sequence[str], seed: int) -> dict[str, Any]:
    """The first line of a run's journal: a journal is resumed only by the same run."""
    return {"journal": 1, "rules": rules, "players": list(specs), "seed": seed}


def journal_seed(path: Path) -> int | None:
    """The seed in the header of the journal ``path``; None when there is no header to read
    (no file, an empty or torn one: what else is wrong is said when the run opens it)."""
    try:
        first = read_regular_file(path).split(b"\n", 1)[0]
        header = load_json(first)
    except (OSError, JsonTextError):
        return None
    seed = header.get("seed") if isinstance(header, dict) else None
    return seed if type(seed) is int else None


@contextlib.contextmanager
def naming(path: Path, doing: str) -> Iterator[None]:
    """Turn a failure to read or write the journal into a sentence that names it."""
    try:
        yield
    except OSError as error:
        raise _trouble(path, doing, error) from None


def _trouble(path: Path, doing: str, error: OSError) -> ValueError:
    reason = error.strerror or str(error)
    return ValueError(f"cannot {doing} the journal {printable_name(path)}: {reason}")


def append(out: IO[str], path: Path, value: object) -> None:
    """One line of the journal, on the disk before the next game starts."""
    with naming(path, "write"):
        out.write(json.dumps(value) + "\n")
        out.flush()


def _checked_rows(rows: object, specs: Sequence[str]) -> list[dict[str, Any]]:
    """One journal line read back; ValueError unless it is a row per listed player."""
    if not isinstance(rows, list) or len(rows) != len(specs):
        raise ValueError(f"a game is a list of {len(specs)} players")
    for row, spec in zip(rows, specs, strict=True):
        if not isinstance(row, dict) or set(row) != set(ROW_FIELDS):
            raise ValueError(f"a player's row needs exactly {', '.join(ROW_FIELDS)}")
        for key, kind in ROW_FIELDS.items():
            value = row[key]
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ValueError(f"a player's {key} has the wrong type")
        if row["name"] != spec:
            raise ValueError(f"a row of {quoted(row['name'])}, where {quoted(spec)} plays")
        if not all(type(p) is int for p in row["points"]) or row["wins"] < 0 or row["moons"] < 0:
            raise ValueError("a player's points must be whole numbers")
        if not all(type(t) in (int, float) and t >= 0 for t in row["times"]):
            raise ValueError("a player's times must be numbers of seconds")
    return rows


def _torn_header(data: bytes, header: dict[str, Any]) -> bool:
    """Whether ``data`` is the start of ``header``'s line, cut before its end: nothing was
    played yet. The seed comes last, and may be cut in its digits (a secret seed is not
    known again until it is read, and there is nothing whole to read it from)."""
    if b"\n" in data:
        return False
    line = json.dumps(header).encode()
    stem = line[: line.rindex(b'"seed": ') + len(b'"seed": ')]
    if stem.startswith(data) or line.startswith(data):
        return True
    return data.startswith(stem) and re.fullmatch(rb"-?[0-9]*", data[len(stem) :]) is not None


def read_journal(path: Path, header: dict[str, Any]) -> list[list[dict[str, Any]]] | None:
    """The games (a row per listed player) of an earlier run of the same arena, or None if
    ``path`` has no header yet.

    A line torn by an interruption, and all after it, is cut off the file (truncated at
    that line's first byte, so the lines before it are never rewritten), and the file is
    left ending in a newline for the next game.
    """
    try:
        data = read_regular_file(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _trouble(path, "read", error) from None
    if not data.strip() or _torn_header(data, header):
        _cut(path, 0)  # empty, or the header itself was torn: nothing was played yet
        return None
    lines = data.split(b"\n")
    try:
        first = load_json(lines[0])
    except JsonTextError as error:
        raise ValueError(f"{printable_name(path)} is not an arena journal ({error})") from None
    if first != header:
        raise ValueError(f"{printable_name(path)} is the journal of another arena run")
    results: list[list[dict[str, Any]]] = []
    offset = len(lines[0]) + 1
    for number, line in enumerate(lines[1:], start=2):
        if not line:
            offset += 1
            continue
        try:
            rows = load_json(line)
        except JsonTextError:  # a line torn by an interruption: the games from it are cut
            _cut(path, offset)
            return results
        try:
            results.append(_checked_rows(rows, header["players"]))
        except ValueError as error:
            where = f"line {number}: {error}"
            raise ValueError(f"{printable_name(path)} is not an arena journal ({where})") from None
        offset += len(line) + 1
    if not data.endswith(b"\n"):
        with naming(path, "write"), path.open("ab") as out:
            out.write(b"\n")
    return results


def _cut(path: Path, size: int) -> None:
    with naming(path, "write"), path.open("r+b") as file:
        file.truncate(size)
