"""JSON from outside read strictly, and outside values quoted briefly.

Records, bot requests and replies, journals and the program's own files all come through
``load_json``: a key given twice is refused (which one would count?), and each way JSON can
fail gets its own sentence. ``quoted`` is how an error line repeats a value it was given: a
few dozen characters at most, whatever the value's size.
"""

from __future__ import annotations

import json
from typing import Any, Final

#: How much of a hostile value an error line repeats.
QUOTE_LIMIT: Final = 40
#: A list or object of more items than this is told by its size, not written out.
QUOTE_ITEMS: Final = 8


class JsonTextError(ValueError):
    """Text that is not one JSON document we accept; the message says why, in English."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JsonTextError(f"the key {quoted(key)} is given twice")
            seen.add(key)
    return result


def _no_constant(name: str) -> object:
    raise JsonTextError(f"not valid JSON ({name} is not a number JSON allows)")


def load_json(text: str | bytes, *, max_values: int | None = None) -> object:
    """The document in ``text`` (bytes are UTF-8); JsonTextError unless it is valid, strict JSON.

    With ``max_values``, a text that may hold more values than that is refused before any is
    built (every value after the first needs a comma or an opening bracket before it): an
    unknown field of millions of empty lists costs nothing.
    """
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        if max_values is not None and _values_at_most(text) > max_values:
            raise JsonTextError("far more values than a game holds")
        return json.loads(text, object_pairs_hook=_object, parse_constant=_no_constant)
    except JsonTextError:
        raise
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise JsonTextError(f"not valid JSON ({where})") from None
    except RecursionError:
        raise JsonTextError("not valid JSON (nested too deeply)") from None
    except UnicodeDecodeError:
        raise JsonTextError("not valid JSON (not UTF-8 text)") from None
    except ValueError as error:  # Python's limit on the digits of an integer
        if "digits" in str(error):
            raise JsonTextError("not valid JSON (a number too large)") from None
        raise JsonTextError("not valid JSON") from None


def _values_at_most(text: str) -> int:
    """An upper bound on the number of JSON values in ``text`` (as it counts, fast)."""
    return 1 + text.count(",") + text.count("[") + text.count("{")


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters (a long value ends with …)."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "…"
    if isinstance(value, (list, dict, tuple)) and len(value) > QUOTE_ITEMS:
        return f"a {type(value).__name__} of {len(value)} items"
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    return text if len(text) <= limit + 2 else text[:limit] + "…"
