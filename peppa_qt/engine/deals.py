"""Deal numbers: the hands of a deal follow from one number, and a fingerprint commits to
it while the cards are hidden.

A number from 1 to 10**12 − 1 is shown as ``1234-5678-9012-XX``: its twelve digits and two
check digits (ISO 7064 MOD 97-10, as an IBAN's: the fourteen digits read as one number leave 1
modulo 97), so a digit mistyped, two neighbours swapped or a digit left out is refused rather
than dealing another deal. Twelve digits alone, as numbers were shown before check digits, are
still read (unchecked). Every step is written out so that another program can check a deal
(version 2 of the scheme, also in docs/decisions.md; version 1 was the same steps for four
seats and one deck, and deals the same hands):

- **Cards of a number.** The deck's cards in index order (clubs 2..A, diamonds, hearts,
  spades; 6..A with 36 cards; with two decks each card twice, the copy right after its twin:
  2♣ 2♣ 3♣ 3♣ …, and with six seats the clubs and spades once) are shuffled by Fisher–Yates
  from the last place down: place ``i`` swaps with ``j = w mod (i + 1)``, where ``w`` is the
  next 32-bit big-endian word of the stream SHA-256(``peppa-deal:N:B``) for blocks B = 0, 1, …
  (N the number in decimal), words at or above ``2**32 − 2**32 mod (i + 1)`` skipped. Seat s
  of the N seats gets places s·k .. s·k + k − 1 (k = 13, or 9 with 36 cards).
- **Numbers of a game.** Hand i (0-based) of a game with seed S has the number
  ``1 + int(HMAC-SHA256(peppa-seed:S, deal-number:i)[:8]) mod (10**12 − 1)``: one-way, so one
  hand's number tells nothing of another's.
- **Fingerprint.** Hand i's *key*, shown only after the hand, is the first 80 bits of
  HMAC-SHA256(peppa-seed:S, deal-key:i) in base 32 (digits and capitals without I, L, O, U),
  as ``ABCD-EFGH-JKMN-PQRS``. The fingerprint, shown during the hand, is the first 50 bits of
  HMAC-SHA256(key, ``peppa-fingerprint:NNNNNNNNNNNN``) (the key's 16 characters without
  dashes; the number in 12 digits), as ``ABCDE-FGHJK``. Without the key it cannot be matched
  against the 10**12 numbers; after the hand, the number and the key prove it.

>>> format_deal_number(deal_number(7, 0))
'9717-1623-1514-81'
>>> parse_deal_number(" 9717 1623-1514-81 ") == parse_deal_number("9717-1623-1514")
True
>>> parse_deal_number("9717-1623-1541-81")
Traceback (most recent call last):
...
peppa_qt.engine.deals.DealNumberError: the check digits do not match: a digit is mistyped
>>> fingerprint_matches(971716231514, deal_key(7, 0), deal_fingerprint(7, 0))
True
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from .cardset import listed, set_of
from .rules import RuleSet

#: Deal numbers run from 1 to LAST_DEAL_NUMBER.
LAST_DEAL_NUMBER: Final = 10**12 - 1
#: A hand of a networked table is drawn from a secret key of 128 bits (``deal_from_secret``,
#: 32 hexadecimal digits), told once the hand is over: its *long* deal number is the key
#: past the short ones, 10**12 + key, so that one int says which deal either way.
LONG_DEALS_FROM: Final = 10**12
LAST_LONG_DEAL: Final = LONG_DEALS_FROM + 2**128 - 1
#: A long deal number's hexadecimal digits, shown in eight groups of four.
LONG_DIGITS: Final = 32
#: Crockford's base 32: no I, L, O or U to misread.
_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_KEY_CHARS: Final = 16
#: A deal number's digits, shown in three groups of four, then its two check digits.
DIGITS: Final = 12
CHECK_DIGITS: Final = 2
_FINGERPRINT_CHARS: Final = 10


class DealNumberError(ValueError):
    """A text that is not a deal number; ``problem`` names what is wrong, for translation:
    ``empty``, ``characters`` (other than digits, spaces and dashes), ``length`` (not 14
    digits, nor the 12 of a number written before check digits), ``check`` (14 digits whose
    check digits do not match: a typo) or ``zero``."""

    def __init__(self, problem: str, message: str) -> None:
        super().__init__(message)
        self.problem = problem


@dataclass(frozen=True)
class NumberedDeal:
    """The deal of ``number``, with the seats turned ``turn`` places: the cards of seat s of
    the number's deal go to seat s + turn (turn 0: as the number gives them)."""

    number: int
    turn: int = 0

    def __post_init__(self) -> None:
        check_deal_number(self.number)
        if isinstance(self.turn, bool) or not isinstance(self.turn, int):
            raise ValueError(f"a deal's turn is a whole number of seats, not {self.turn!r}")

    def turned(self, seats: int) -> NumberedDeal:
        """The same deal with its turn taken modulo ``seats`` (one turn, one way to write it)."""
        return NumberedDeal(self.number, self.turn % seats)

    def masks(self, rules: RuleSet) -> list[int]:
        """Every seat's hand (card sets), in seat order."""
        return rotate_deal(deal_from_number(rules, self.number), self.turn)


# ----------------------------------------------------------------- cards of a number


def check_deal_number(number: int) -> int:
    """``number`` if it is a deal number, else ValueError."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError("a deal number is an int")
    if not 1 <= number <= LAST_LONG_DEAL:
        raise ValueError(f"deal numbers run from 1 to {LAST_DEAL_NUMBER}, not {number}")
    return number


def is_long(number: int) -> bool:
    """Whether ``number`` is a long deal number (a networked table's secret key)."""
    return number >= LONG_DEALS_FROM


def long_deal_number(key: str) -> int:
    """The long deal number of a networked table's hand key (32 hexadecimal digits).
    Raises ValueError if ``key`` is not one."""
    if len(key) != LONG_DIGITS or not all(c in "0123456789abcdefABCDEF" for c in key):
        raise ValueError(f"a hand's key is {LONG_DIGITS} hexadecimal digits")
    return LONG_DEALS_FROM + int(key, 16)


def _key_of(number: int) -> str:
    return f"{number - LONG_DEALS_FROM:0{LONG_DIGITS}x}"


def _words(label: str) -> Iterator[int]:
    """The 32-bit words of the stream SHA-256(``label:B``), block B after block."""
    block = 0
    while True:
        digest = hashlib.sha256(f"{label}:{block}".encode()).digest()
        for start in range(0, 32, 4):
            yield int.from_bytes(digest[start : start + 4], "big")
        block += 1


def _shuffled(rules: RuleSet, words: Iterator[int]) -> list[int]:
    """The hands (card sets, in seat order) of ``rules``' deck shuffled by ``words``."""
    deck = listed(rules.deck_mask)
    for i in range(len(deck) - 1, 0, -1):
        span = i + 1
        ceiling = 2**32 - 2**32 % span
        word = next(words)
        while word >= ceiling:
            word = next(words)
        j = word % span
        deck[i], deck[j] = deck[j], deck[i]
    size = rules.hand_size
    return [set_of(deck[s * size : (s + 1) * size]) for s in range(rules.seats)]


def deal_from_number(rules: RuleSet, number: int) -> list[int]:
    """The hands (card sets, in seat order) that deal ``number`` gives in ``rules``' deck."""
    check_deal_number(number)
    if is_long(number):
        return deal_from_secret(rules, _key_of(number))
    return _shuffled(rules, _words(f"peppa-deal:{number}"))


def deal_from_secret(rules: RuleSet, secret: str) -> list[int]:
    """The hands a deal drawn from ``secret`` gives: the number's shuffle, on the stream
    SHA-256(``peppa-secret-deal:SECRET:B``). As hard to work out from one seat's cards as
    the secret itself (a deal number is one of 10**12: a program given its cards could try
    them all)."""
    return _shuffled(rules, _words(f"peppa-secret-deal:{secret}"))


def rotate_deal(masks: Sequence[int], turn: int) -> list[int]:
    """The same hands with the seats turned: seat s's cards go to seat s + ``turn``.

    To replay a deal from another seat as it was, turn the first dealer by the same amount
    (``Match(..., dealer=(dealer + turn) % seats)``): who leads and who passes to whom follow.
    """
    seats = len(masks)
    return [masks[(s - turn) % seats] for s in range(seats)]


# ---------------------------------------------------------------------- text


def check_digits(number: int) -> str:
    """The two check digits of ``number`` (ISO 7064 MOD 97-10): with them after its twelve
    digits, the fourteen-digit number leaves 1 modulo 97."""
    return f"{98 - check_deal_number(number) * 100 % 97:02d}"


def format_deal_number(number: int) -> str:
    """``1234-5678-9012-XX``: twelve digits in three groups, then the two check digits; a
    long one as its key, 32 hexadecimal digits in eight groups of four."""
    if is_long(check_deal_number(number)):
        key = _key_of(number)
        return "-".join(key[i : i + 4] for i in range(0, LONG_DIGITS, 4))
    digits = f"{number:012d}"
    return f"{digits[:4]}-{digits[4:8]}-{digits[8:]}-{check_digits(number)}"


def _digits(text: str) -> str:
    """The characters of a deal number as typed, spaces and dashes left out."""
    return "".join(text.split()).replace("-", "")


def written_without_check(text: str) -> bool:
    """Whether ``text`` is a deal number of twelve digits, as shown before check digits: read
    as it is, a typo in it cannot be caught."""
    return len(_digits(text)) == DIGITS


def parse_deal_number(text: str) -> int:
    """Read a deal number as shown (spaces and dashes anywhere are ignored): fourteen digits
    whose check digits match, or twelve without them."""
    digits = _digits(text)
    if not digits:
        raise DealNumberError("empty", "no deal number was given")
    if len(digits) == LONG_DIGITS and all(c in "0123456789abcdefABCDEF" for c in digits):
        return long_deal_number(digits)  # a networked table's hand, told when it was over
    if not (digits.isascii() and digits.isdigit()):
        raise DealNumberError(
            "characters", "a deal number holds only digits, like 1234-5678-9012-44"
        )
    if len(digits) not in {DIGITS, DIGITS + CHECK_DIGITS}:
        raise DealNumberError(
            "length", f"a deal number has 14 digits, like 1234-5678-9012-44, not {len(digits)}"
        )
    if len(digits) > DIGITS and int(digits) % 97 != 1:
        raise DealNumberError("check", "the check digits do not match: a digit is mistyped")
    number = int(digits[:DIGITS])
    if not number:
        raise DealNumberError("zero", "0000-0000-0000 is not a deal number")
    return number


def _base32(data: bytes, chars: int) -> str:
    value = int.from_bytes(data, "big")
    bits = len(data) * 8
    return "".join(_ALPHABET[value >> (bits - 5 * (k + 1)) & 31] for k in range(chars))


def _grouped(text: str, size: int) -> str:
    return "-".join(text[k : k + size] for k in range(0, len(text), size))


def _plain(text: str) -> str:
    return "".join(text.split()).replace("-", "").upper()


# ------------------------------------------------------------------- a game's deals


def _keyed(seed: int, message: str) -> bytes:
    return hmac.new(f"peppa-seed:{seed}".encode(), message.encode(), hashlib.sha256).digest()


def deal_number(seed: int, index: int) -> int:
    """The number of hand ``index`` (0-based) of the game of ``seed``."""
    digest = _keyed(seed, f"deal-number:{index}")
    return 1 + int.from_bytes(digest[:8], "big") % LAST_DEAL_NUMBER


def deal_key(seed: int, index: int) -> str:
    """The key of hand ``index``'s fingerprint: shown with the number once the hand is over,
    never before (with it, the fingerprint can be matched against every number)."""
    return _grouped(_base32(_keyed(seed, f"deal-key:{index}")[:10], _KEY_CHARS), 4)


def fingerprint_of(number: int, key: str) -> str:
    """The fingerprint of deal ``number`` under ``key``: ``ABCDE-FGHJK``."""
    message = f"peppa-fingerprint:{check_deal_number(number):012d}".encode()
    digest = hmac.new(_plain(key).encode(), message, hashlib.sha256).digest()
    return _grouped(_base32(digest[:7], _FINGERPRINT_CHARS), 5)


def deal_fingerprint(seed: int, index: int) -> str:
    """The fingerprint of hand ``index`` of the game of ``seed``, safe to show during it."""
    return fingerprint_of(deal_number(seed, index), deal_key(seed, index))


def fingerprint_matches(number: int, key: str, fingerprint: str) -> bool:
    """Whether ``fingerprint`` (as shown, any case, dashes or not) commits to ``number``
    under ``key``: the check anyone can make once the hand is over."""
    return hmac.compare_digest(_plain(fingerprint_of(number, key)), _plain(fingerprint))
