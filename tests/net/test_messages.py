"""Every message from outside is read or refused, never a crash: the protocol's reader under
random and hostile input."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from peppa_qt.net.messages import MAX_MESSAGE, Cards, Create, Hello, Refusal, parse

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)
TYPES = st.sampled_from(["hello", "create", "cards", "view", "later", ""])
FIELDS = st.fixed_dictionaries(
    {"type": TYPES},
    optional={
        "protocol": st.integers(-2, 3) | st.booleans() | st.none() | st.text(max_size=3),
        "table": JSON,
        "name": JSON,
        "seat": JSON,
        "token": JSON,
        "cards": st.lists(
            st.sampled_from(["QS", "2C", "10H", "TH", "ZZ", "", "AS", 1]), max_size=10
        )
        | JSON,
        "rules": st.fixed_dictionaries(
            {"preset": st.sampled_from(["peppa", "torino", "hearts", "belmont", "chess"])},
            optional={"options": JSON},
        )
        | JSON,
        "seats": st.lists(
            st.sampled_from(
                [{"kind": "human"}, {"kind": "ai", "level": "easy"}, {"kind": "ai"}, {}, 3]
            ),
            max_size=9,
        )
        | JSON,
    },
)


@settings(max_examples=400)
@given(FIELDS)
def test_any_message_is_read_refused_or_ignored_never_a_crash(document: dict[str, object]) -> None:
    try:
        message = parse(json.dumps(document))
    except Refusal as refusal:
        assert refusal.code and refusal.reason
        assert refusal.message() == {
            "type": "refused",
            "code": refusal.code,
            "reason": refusal.reason,
        }
        return
    if message is None:
        assert document["type"] not in ("hello", "create", "cards")
    elif isinstance(message, Hello):
        assert 1 <= len(message.name) <= 24 and len(message.table) <= 12
    elif isinstance(message, Create):
        assert len(message.seats) == message.rules.seats in (4, 6, 8)
        assert any(seat.kind == "human" for seat in message.seats)
    else:
        assert isinstance(message, Cards) and 1 <= len(message.cards) <= 8


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_or_bytes_is_refused_or_read_never_a_crash(data: str | bytes) -> None:
    try:
        parse(data)
    except Refusal as refusal:
        assert refusal.code


def test_a_message_over_the_limit_is_refused_unread_and_deep_nesting_too() -> None:
    for data, code in [
        ('{"type": "cards", "cards": ["' + "x" * MAX_MESSAGE + '"]}', "too-large"),
        ("[" * 50_000 + "]" * 50_000, "too-large"),
        ("[" * 20_000 + "]" * 20_000, "malformed"),
    ]:
        try:
            parse(data)
        except Refusal as refusal:
            assert refusal.code == code
        else:
            raise AssertionError("taken")
