"""Rule sets as frozen data: the four presets of RULES.md and every house-rule option.

The table's sizes have names here, taken from the rule set: ``seats`` (4, or 6 and 8 in
Belmont), ``hand_size``, ``pass_size``, the deck (``deck_mask``, a card set: ``cardset.py``,
with two copies of some cards in Belmont) and each card's points. So does the seat
arithmetic: who plays after whom (``next_seat``), who passes to whom (``receiver``,
``giver``: across is the seat N/2 places on), the partner in teams.

>>> rules = RuleSet.preset("torino")
>>> rules.card_points[Card.parse("QS")], rules.hand_total, rules.two_winners
(14, 42, True)
>>> RuleSet.preset("hearts", {"deck": 36}).lowest_club
Card.parse('6C')
>>> eight = RuleSet.preset("belmont", seats=8)
>>> eight.deck_size, eight.hand_total, eight.receiver(0, PassDirection.ACROSS)
(104, 86, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from ..jsontext import quoted
from .cards import (
    CARD_COUNT,
    CLUBS_MASK,
    DIAMONDS_MASK,
    FULL_DECK,
    HEARTS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SEVEN_OF_CLUBS,
    SHORT_DECK,
    SHORT_DECK_SIZE,
    SPADES,
    Card,
    lowest,
)
from .cardset import COPY_SHIFT, FACES
from .errors import Reason, RecordError

PRESETS: Final = ("peppa", "torino", "hearts", "belmont")
#: The table sizes each preset is played at (RULES.md: Belmont is for six or eight).
PRESET_SEATS: Final[dict[str, tuple[int, ...]]] = {
    "peppa": (4,),
    "torino": (4,),
    "hearts": (4,),
    "belmont": (6, 8),
}
#: Cards each seat passes (every rule set).
PASS_SIZE: Final = 3
#: The second deck's cards at Belmont's tables: six add its hearts and diamonds, eight all.
_SECOND_DECK: Final = {6: HEARTS_MASK | DIAMONDS_MASK, 8: FULL_DECK}
#: The largest points limit, the most hands and the longest pass cycle an option may ask.
MOST_POINTS: Final = 100_000
MOST_HANDS: Final = 10_000
LONGEST_CYCLE: Final = 8
#: The options Belmont does not take (RULES.md, rule set D), with the value they must keep.
_NOT_IN_BELMONT: Final = {"jack_of_diamonds": 0, "seven_of_clubs": 0, "deck": 52, "teams": False}


class PassDirection(Enum):
    """Where the three cards go: to the seat on the right (s+1), on the left (s−1), across
    (s + N/2), or nowhere (a hold hand). ``RuleSet.receiver`` works the seat out."""

    HOLD = "hold"
    RIGHT = "right"
    ACROSS = "across"
    LEFT = "left"


class MoonMode(Enum):
    """What taking all hearts and the Q♠ (cappotto, the moon) does."""

    GIVE = "give"
    SUBTRACT = "subtract"
    OFF = "off"


class EndMode(Enum):
    """How the game ends: after a number of hands, or at a points limit."""

    POINTS = "points"
    HANDS = "hands"


_BASE_POINTS: Final = {
    # preset: (Q♠, A♥, K♥, Q♥, J♥, 10♥, other hearts)
    "peppa": (13, 5, 4, 3, 2, 1, 1),
    "torino": (14, 6, 5, 4, 3, 2, 1),
    "hearts": (13, 1, 1, 1, 1, 1, 1),
    "belmont": (13, 1, 1, 1, 1, 1, 1),
}
#: The 7♣ house rule's points.
SEVEN_OF_CLUBS_POINTS: Final = 7
#: Belmont's spades above the Peppa: K♠ 10, A♠ 7 (RULES.md, rule set D).
_BELMONT_SPADES: Final = {13: 10, 14: 7}

_PEPPA_OPTIONS: Final[dict[str, Any]] = {
    "end": {"mode": "points", "limit": 100},
    "end_when": "reach",
    "moon": "give",
    "pass_cycle": ["right"],
    "queen_breaks_hearts": False,
    "jack_of_diamonds": 0,
    "seven_of_clubs": 0,
    "deck": 52,
    "teams": False,
}
#: Each preset's defaults: Peppa's, with what Torino and Hearts change.
_PRESET_OPTIONS: Final[dict[str, dict[str, Any]]] = {
    "peppa": _PEPPA_OPTIONS,
    "torino": {**_PEPPA_OPTIONS, "end_when": "exceed", "moon": "off"},
    "hearts": {**_PEPPA_OPTIONS, "pass_cycle": ["left", "right", "across", "hold"]},
    "belmont": {**_PEPPA_OPTIONS, "pass_cycle": ["left", "right", "across", "hold"]},
}

OPTION_NAMES: Final = tuple(_PRESET_OPTIONS["peppa"])


@dataclass(frozen=True)
class RuleSet:
    """Everything that decides a game, fixed when the game is created."""

    name: str
    options: Mapping[str, Any] = field(compare=False, repr=False)
    #: How many sit at the table: 4, or 6 or 8 in Belmont.
    seats: int
    #: The most copies of one card in the deck: 1, or 2 in Belmont.
    copies: int
    #: +1 counterclockwise (turn passes to the right, s -> s+1), -1 clockwise.
    direction: int
    pass_cycle: tuple[PassDirection, ...]
    lead_lowest_club: bool
    first_trick_clean: bool
    hearts_must_break: bool
    queen_breaks_hearts: bool
    moon: MoonMode
    no_card_bonus: int
    end_mode: EndMode
    end_value: int
    end_exceed: bool
    two_winners: bool
    jack_of_diamonds: int
    seven_of_clubs: int
    #: How many cards the deck holds (36, 52, 78 or 104), copies counted.
    deck_size: int
    teams: bool
    #: Each card's points (per copy), indexed by card.
    card_points: tuple[int, ...]
    last_trick_points: int
    #: The deck as a card set (copies in Belmont).
    deck_mask: int
    hand_size: int
    pass_size: int
    #: The card set of every point card of the deck (hearts and the Q♠; in Belmont the K♠
    #: and A♠ too, copies counted): who takes them all makes cappotto / shoots the moon.
    moon_mask: int
    moon_value: int
    #: The cards (faces, 52 bits) that carry points.
    point_mask: int
    hand_total: int
    lowest_club: Card
    #: The cards whose play breaks hearts: every heart, and the Q♠ where it counts as one.
    heart_breakers: int
    #: The cards (faces) that may not be played on the first trick where it is clean: the
    #: hearts and the Q♠ (RULES.md: the K♠ and A♠ of Belmont may).
    first_trick_banned: int

    @classmethod
    def preset(
        cls, name: str, options: Mapping[str, Any] | None = None, *, seats: int | None = None
    ) -> RuleSet:
        """The rule set ``name`` (peppa, torino, hearts, belmont) with ``options`` overriding
        it, for ``seats`` players (the preset's first size when not given: 4, Belmont 6)."""
        if name not in PRESETS:
            raise RecordError(Reason.BAD_RULES, f"unknown rule set {quoted(name)}")
        sizes = PRESET_SEATS[name]
        if seats is None:
            seats = sizes[0]
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in sizes:
            counts = " or ".join(map(str, sizes))
            raise RecordError(Reason.BAD_RULES, f"{name} is played by {counts} players")
        merged = dict(_PRESET_OPTIONS[name])
        for key, value in (options or {}).items():
            if key not in merged:
                raise RecordError(Reason.BAD_RULES, f"unknown rule option {quoted(key)}")
            merged[key] = value
        return _build(name, seats, merged, dict(options or {}))

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with more options set."""
        return RuleSet.preset(self.name, {**self.options, **options}, seats=self.seats)

    def pass_direction(self, hand_index: int) -> PassDirection:
        """The pass of hand ``hand_index`` (0-based) in the cycle."""
        return self.pass_cycle[hand_index % len(self.pass_cycle)]

    def pass_offset(self, direction: PassDirection) -> int:
        """How many seats on (mod N) the receiver sits: right 1, left N − 1, across N/2."""
        if direction is PassDirection.RIGHT:
            return 1
        if direction is PassDirection.LEFT:
            return self.seats - 1
        if direction is PassDirection.ACROSS:
            return self.seats // 2
        return 0

    def receiver(self, seat: int, direction: PassDirection) -> int:
        """The seat ``seat`` passes to (itself on a hold hand)."""
        return (seat + self.pass_offset(direction)) % self.seats

    def giver(self, seat: int, direction: PassDirection) -> int:
        """The seat that passes to ``seat`` (itself on a hold hand)."""
        return (seat - self.pass_offset(direction)) % self.seats

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat that plays ``steps`` turns after ``seat``."""
        return (seat + steps * self.direction) % self.seats

    def next_dealer(self, dealer: int) -> int:
        """The deal moves one seat in the turn direction."""
        return self.next_seat(dealer)

    def breaks_hearts(self, card: int) -> bool:
        """Whether playing ``card`` breaks hearts (the one place this rule is decided)."""
        return bool(self.heart_breakers >> card & 1)

    def team_totals(self, values: Sequence[int]) -> list[int]:
        """Per seat, what counts for it: its own value, or its team's when playing in teams."""
        if self.teams:
            half = self.seats // 2
            return [values[s] + values[(s + half) % self.seats] for s in range(self.seats)]
        return list(values)

    def totals_of(self, rows: Iterable[Sequence[int]]) -> tuple[int, ...]:
        """The game totals after hands that scored ``rows`` (team totals in teams): the one
        place running totals are summed from points."""
        sums = [0] * self.seats
        for row in rows:
            for seat, points in enumerate(row):
                sums[seat] += points
        return tuple(self.team_totals(sums))

    def partner(self, seat: int) -> int | None:
        """The partner across the table when playing in teams."""
        return (seat + self.seats // 2) % self.seats if self.teams else None

    def is_over(self, totals: list[int], hands_played: int) -> bool:
        """Whether the game ends after ``hands_played`` hands with these totals."""
        if self.end_mode is EndMode.HANDS:
            return hands_played >= self.end_value
        if self.end_exceed:
            return max(totals) > self.end_value
        return max(totals) >= self.end_value

    def describe_options(self) -> dict[str, Any]:
        """The options that differ from the preset, as the game record writes them."""
        base = _PRESET_OPTIONS[self.name]
        full = _options_of(self)
        return {k: v for k, v in full.items() if v != base[k]}


def _bad(message: str) -> RecordError:
    return RecordError(Reason.BAD_RULES, message)


def _check_int(name: str, value: object, allowed: tuple[int, ...] | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad(f"rule option {name} must be a whole number")
    if allowed is not None and value not in allowed:
        raise _bad(f"rule option {name} must be one of {', '.join(map(str, allowed))}")
    return value


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise _bad(f"rule option {name} must be true or false")
    return value


def _parse_end(value: object) -> tuple[EndMode, int]:
    if not isinstance(value, Mapping) or "mode" not in value:
        raise _bad('rule option end must look like {"mode": "points", "limit": 100}')
    mode = value["mode"]
    if mode == "points" and set(value) == {"mode", "limit"}:
        limit = _check_int("end.limit", value["limit"])
        if not 1 <= limit <= MOST_POINTS:
            raise _bad("rule option end.limit must be between 1 and 100000")
        return EndMode.POINTS, limit
    if mode == "hands" and set(value) == {"mode", "count"}:
        count = _check_int("end.count", value["count"])
        if not 1 <= count <= MOST_HANDS:
            raise _bad("rule option end.count must be between 1 and 10000")
        return EndMode.HANDS, count
    raise _bad(
        'rule option end must be {"mode": "points", "limit": N} or {"mode": "hands", "count": N}'
    )


def _parse_cycle(value: object) -> tuple[PassDirection, ...]:
    names = [d.value for d in PassDirection]
    if not isinstance(value, list) or not value or len(value) > LONGEST_CYCLE:
        raise _bad("rule option pass_cycle must be a list of 1 to 8 directions")
    if any(not isinstance(v, str) or v not in names for v in value):
        raise _bad(f"rule option pass_cycle may only hold {', '.join(names)}")
    return tuple(PassDirection(v) for v in value)


def _choice(name: str, value: object, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise _bad(f"rule option {name} must be one of {', '.join(allowed)}")
    return value


def _card_points(preset: str, deck: int, jack: int, seven: int) -> tuple[int, ...]:
    points = [0] * 52
    queen, ace, king, lady, knave, ten, other = _BASE_POINTS[preset]
    if deck == SHORT_DECK_SIZE:
        queen, ace, king, lady, knave, ten, other = 5, 1, 1, 1, 1, 1, 1
    points[QUEEN_OF_SPADES] = queen
    for rank in range(2, 15):
        card = Card.of(rank, HEARTS)
        points[card] = {14: ace, 13: king, 12: lady, 11: knave, 10: ten}.get(rank, other)
    if preset == "belmont":
        for rank, value in _BELMONT_SPADES.items():
            points[Card.of(rank, SPADES)] = value
    points[JACK_OF_DIAMONDS] += jack
    points[SEVEN_OF_CLUBS] += seven
    deck_mask = FULL_DECK if deck == CARD_COUNT else SHORT_DECK
    return tuple(p if deck_mask >> i & 1 else 0 for i, p in enumerate(points))


def _deck(seats: int, deck: int) -> int:
    """The deck as a card set: one deck of 52 or 36; Belmont's six add a second deck's hearts
    and diamonds, its eight a whole second deck."""
    faces = FULL_DECK if deck == CARD_COUNT else SHORT_DECK
    return faces | (_SECOND_DECK.get(seats, 0) & faces) << COPY_SHIFT


def _belmont_checked(preset: str, opts: dict[str, Any]) -> None:
    """Refuse the house rules Belmont does not take (RULES.md, rule set D)."""
    if preset != "belmont":
        return
    for name, value in _NOT_IN_BELMONT.items():
        if opts[name] != value or isinstance(opts[name], bool) != isinstance(value, bool):
            raise _bad(f"belmont does not take the rule option {name}")


def _build(preset: str, seats: int, opts: dict[str, Any], given: dict[str, Any]) -> RuleSet:
    end_mode, end_value = _parse_end(opts["end"])
    _belmont_checked(preset, opts)
    deck = _check_int("deck", opts["deck"], (CARD_COUNT, SHORT_DECK_SIZE))
    jack = _check_int("jack_of_diamonds", opts["jack_of_diamonds"], (0, 10, -10))
    seven = _check_int("seven_of_clubs", opts["seven_of_clubs"], (0, SEVEN_OF_CLUBS_POINTS))
    points = _card_points(preset, deck, jack, seven)
    deck_mask = _deck(seats, deck)
    faces = deck_mask & FACES
    point_faces = sum(1 << c for c in range(52) if points[c])
    moon_faces = (HEARTS_MASK | 1 << QUEEN_OF_SPADES) & faces
    if preset == "belmont":
        moon_faces = point_faces
    moon_mask = deck_mask & (moon_faces | moon_faces << COPY_SHIFT)
    moon_value = _points_of(points, moon_mask)
    last_trick = 1 if deck == SHORT_DECK_SIZE else 0
    queen_breaks = _check_bool("queen_breaks_hearts", opts["queen_breaks_hearts"])
    is_hearts = preset in ("hearts", "belmont")
    size = deck_mask.bit_count()
    return RuleSet(
        name=preset,
        options=given,
        seats=seats,
        copies=2 if deck_mask >> COPY_SHIFT else 1,
        direction=-1 if is_hearts else 1,
        pass_cycle=_parse_cycle(opts["pass_cycle"]),
        lead_lowest_club=is_hearts,
        first_trick_clean=is_hearts,
        hearts_must_break=is_hearts,
        queen_breaks_hearts=queen_breaks,
        moon=MoonMode(_choice("moon", opts["moon"], ("give", "subtract", "off"))),
        no_card_bonus=-10 if preset == "torino" else 0,
        end_mode=end_mode,
        end_value=end_value,
        end_exceed=_choice("end_when", opts["end_when"], ("reach", "exceed")) == "exceed",
        two_winners=preset == "torino",
        jack_of_diamonds=jack,
        seven_of_clubs=seven,
        deck_size=size,
        teams=_check_bool("teams", opts["teams"]),
        card_points=points,
        last_trick_points=last_trick,
        deck_mask=deck_mask,
        hand_size=size // seats,
        pass_size=PASS_SIZE,
        moon_mask=moon_mask,
        moon_value=moon_value,
        point_mask=point_faces,
        hand_total=_points_of(points, deck_mask) + last_trick,
        lowest_club=lowest(CLUBS_MASK & faces),
        heart_breakers=(HEARTS_MASK | (1 << QUEEN_OF_SPADES if queen_breaks else 0)) & faces,
        first_trick_banned=(HEARTS_MASK | 1 << QUEEN_OF_SPADES) & faces,
    )


def _points_of(points: tuple[int, ...], cards: int) -> int:
    """The points of a card set, each copy counted."""
    return sum(points[c] * ((cards >> c & 1) + (cards >> (COPY_SHIFT + c) & 1)) for c in range(52))


def _options_of(rules: RuleSet) -> dict[str, Any]:
    end: dict[str, Any] = (
        {"mode": "points", "limit": rules.end_value}
        if rules.end_mode is EndMode.POINTS
        else {"mode": "hands", "count": rules.end_value}
    )
    return {
        "end": end,
        "end_when": "exceed" if rules.end_exceed else "reach",
        "moon": rules.moon.value,
        "pass_cycle": [d.value for d in rules.pass_cycle],
        "queen_breaks_hearts": rules.queen_breaks_hearts,
        "jack_of_diamonds": rules.jack_of_diamonds,
        "seven_of_clubs": rules.seven_of_clubs,
        "deck": SHORT_DECK_SIZE if rules.deck_size == SHORT_DECK_SIZE else CARD_COUNT,
        "teams": rules.teams,
    }
