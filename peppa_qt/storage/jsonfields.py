"""Checked access to the fields of a parsed JSON object: a wrong type is a FormatError."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeGuard

from ..jsontext import JsonTextError, load_json
from .problems import FormatError


def parse_json(text: str, max_values: int | None = None) -> object:
    """Strict JSON (``load_json``); every failure (bad syntax, a key twice, huge numbers, deep
    nesting) is a FormatError."""
    try:
        return load_json(text, max_values=max_values)
    except JsonTextError as error:
        raise FormatError(str(error)) from None


def is_int(value: object) -> TypeGuard[int]:
    """A JSON whole number (``true`` is not one, although Python's bool is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def document(value: object, format_name: str, version: int) -> tuple[dict[str, Any], int]:
    """The object and its version; refuses another format and a version newer than ``version``.

    A document without a ``format`` and ``version`` is version 0 (the shape before versions).
    """
    if not isinstance(value, dict):
        raise FormatError("the file does not hold a JSON object")
    found = value.get("format", format_name)
    if found != format_name:
        raise FormatError(f'"format" must be "{format_name}"')
    number = value.get("version", 0)
    if not is_int(number) or number < 0:
        raise FormatError('"version" must be a whole number')
    if number > version:
        raise FormatError(f"version {number} is newer than this program's {version}", newer=True)
    return value, number


def choice(data: Mapping[str, Any], key: str, default: str, allowed: tuple[str, ...]) -> str:
    """A text among ``allowed``; ``default`` when absent."""
    value = data.get(key, default)
    if value not in allowed:
        raise FormatError(f'"{key}" must be one of {", ".join(allowed)}')
    return str(value)


def flag(data: Mapping[str, Any], key: str, default: bool) -> bool:
    """A true/false field; ``default`` when absent."""
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise FormatError(f'"{key}" must be true or false')
    return value


def optional_flag(data: Mapping[str, Any], key: str) -> bool | None:
    """A true/false field, or null (absent: null)."""
    value = data.get(key)
    if value is not None and not isinstance(value, bool):
        raise FormatError(f'"{key}" must be true, false or null')
    return value


def text(data: Mapping[str, Any], key: str, default: str = "") -> str:
    """A text field; ``default`` when absent."""
    value = data.get(key, default)
    if not isinstance(value, str):
        raise FormatError(f'"{key}" must be text')
    return value


def count(data: Mapping[str, Any], key: str) -> int:
    """A whole number ≥ 0; 0 when absent."""
    value = data.get(key, 0)
    if not is_int(value) or value < 0:
        raise FormatError(f'"{key}" must be a whole number, at least 0')
    return value


def optional_int(data: Mapping[str, Any], key: str) -> int | None:
    """A whole number or null."""
    value = data.get(key)
    if value is not None and not is_int(value):
        raise FormatError(f'"{key}" must be a whole number or null')
    return value


def object_list(data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    """A list of objects; empty when absent."""
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise FormatError(f'"{key}" must be a list of objects')
    return value


def dumps(value: Mapping[str, Any]) -> str:
    """The JSON text we write: indented, UTF-8 as is, ending with a newline."""
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"
