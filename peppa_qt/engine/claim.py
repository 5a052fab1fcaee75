"""Claims: whether the rest of a hand is decided, knowing every hand or from one seat's view.

A hand is *settled* when every legal way of playing it out gives each seat the same points
(moon, −10, the 36-card last trick and the J♦/7♣ options included: the points are always
``score_hand``'s). ``settled_points`` decides it with every hand known, by an exhaustive
search; ``view_settled_points`` decides it from what one seat knows, over every deal of the
cards it cannot see, so that offering "Finish the hand" gives away no hidden card.

>>> from peppa_qt.engine import RuleSet, HandState, PassDirection, parse_cards, mask_of
>>> rules = RuleSet.preset("peppa")
>>> deal = [mask_of(parse_cards(" ".join(r + s for r in "23456789TJQKA"))) for s in "CDHS"]
>>> hand = HandState(rules, 3, deal, PassDirection.HOLD)   # South holds every club:
>>> settled_points(hand)                 # it leads them all and takes every card (a moon)
(0, 36, 36, 36)
>>> swap = mask_of(parse_cards("AC AS"))                    # West's A♠ for South's A♣:
>>> deal = [deal[0] ^ swap, deal[1], deal[2], deal[3] ^ swap]
>>> hand = HandState(rules, 3, deal, PassDirection.HOLD)
>>> settled_points(hand) is None         # now who takes what depends on the play
True
"""

from __future__ import annotations

import random
from typing import Final

from .cards import HEARTS_MASK, SUIT_MASKS
from .cardset import COPY_SHIFT, FACES, minus, plus, remove, set_of, size
from .hand import HandState, Phase
from .hidden import count_deals, deals_of, unseen_of
from .legal import legal_cards
from .rules import MoonMode, RuleSet
from .scoring import score_hand, set_points
from .trick import trick_winner
from .view import PlayerView

Points = tuple[int, ...]

#: How many deals of the unseen cards ``view_settled_points`` tries by default.
DEFAULT_DEAL_LIMIT: Final = 2000
#: Play-outs tried before the search: one that differs from another ends it at once.
_PROBES: Final = 6
#: As many for the first deal of a view's check; the deals after it are searched against its
#: points, so that the first play-out to differ ends the check.
_VIEW_PROBES: Final = 2
#: With more seats than four or with copies, deals are counted only once this few unseen
#: cards per other seat are left (the count's own cost grows too fast before); at four
#: seats always (benchmarks/claim.py measures it).
_COUNTED_PER_SEAT: Final = 2
COUNTED_ALWAYS_SEATS: Final = 4


class _Unsettled(Exception):  # noqa: N818  (control flow inside the search, never raised out)
    """Two play-outs gave different points: the search stops."""


class _Search:
    """An exhaustive search of one position's play-outs, memoised at the start of each trick.

    What the memo keeps of the cards taken so far is what the score can still depend on: each
    seat's card points, who can still take every moon card, and (with a no-card bonus) which
    seats have taken nothing; the last trick's winner is known at the end. Cards of the mover
    that are neighbours once the cards gone are set aside, and score alike, are played once.
    """

    def __init__(self, rules: RuleSet, memo: dict[tuple[int, ...], Points]) -> None:
        self.rules = rules
        self.memo = memo
        #: The points every play-out must give (a view's first deal's), once known: the search
        #: stops at the first that differs.
        self.expected: Points | None = None
        self.direction = rules.direction
        self.seats = rules.seats
        self.values = rules.card_points
        self.moon_mask = rules.moon_mask if rules.moon is not MoonMode.OFF else 0
        self.bonus = rules.no_card_bonus
        self.breakers = rules.heart_breakers
        self.hearts_rule = rules.hearts_must_break
        #: Cards that score alike share a class (their points, moon card or not, breaker or not).
        self.kind = tuple(
            (self.values[c], self.moon_mask >> c & 1, self.breakers >> c & 1) for c in range(52)
        )
        self.point_mask = rules.point_mask
        self.point_set = rules.point_mask | rules.point_mask << COPY_SHIFT
        self.twins = rules.copies > 1
        #: The points of the point cards a seat has taken, by their card set: a memo key wants
        #: every seat's, and most seats' takings are the same from one key to the next.
        self.taken_points: dict[int, int] = {}
        #: What ``score_hand`` reads of a seat's takings: its point and moon cards (and whether
        #: it took any card at all); its answers memoised on that and the last trick's winner.
        self.score_set = self.point_set | rules.moon_mask
        self.scores: dict[tuple[int, ...], Points] = {}

    # ------------------------------------------------------------------ the search

    def solve(  # noqa: PLR0917  (positional: the search calls it at every node)
        self,
        hands: list[int],
        trick: list[int],
        leader: int,
        broken: bool,
        taken: list[int],
        first: bool,
    ) -> Points:
        """The points every play-out from here gives (raises _Unsettled when two differ)."""
        key: tuple[int, ...] | None = None
        if not trick:
            if not hands[leader]:
                return self.score(taken, leader)
            if size(hands[leader]) == 1:  # one card each: the last trick plays itself
                return self._last_trick(hands, leader, taken)
            key = self._key(hands, leader, broken, taken)
            known = self.memo.get(key)
            if known is not None:
                return known
            shortcut = self.shortcut(hands, leader, taken)
            if shortcut is not None:
                self.memo[key] = shortcut
                return shortcut
        result = self._branch(hands, trick, leader, broken, taken, first)
        if key is not None:
            self.memo[key] = result
        return result

    def _branch(  # noqa: PLR0917
        self,
        hands: list[int],
        trick: list[int],
        leader: int,
        broken: bool,
        taken: list[int],
        first: bool,
    ) -> Points:
        seats = self.seats
        seat = (leader + len(trick) * self.direction) % seats
        own = hands[seat]
        legal = legal_cards(self.rules, own, trick, first, broken)
        if legal & (legal - 1):  # more than one card: which of them play alike
            foreign = 0  # the cards others hold or have played on this trick
            for other, held in enumerate(hands):
                if other != seat:
                    foreign |= held
            foreign &= FACES
            for card in trick:
                foreign |= 1 << card
            choices = self._choices(legal, foreign)
        else:
            choices = [legal.bit_length() - 1] if legal else []
        result = self.expected
        for card in choices:
            hands[seat] = remove(own, card)
            trick.append(card)
            now_broken = broken or bool(self.breakers >> card & 1)
            if len(trick) == seats:
                winner = trick_winner(leader, trick, self.direction, seats)
                before = taken[winner]
                taken[winner] = plus(before, set_of(trick))
                cards = trick[:]
                trick.clear()
                value = self.solve(hands, trick, winner, now_broken, taken, False)
                trick.extend(cards)
                taken[winner] = before
            else:
                value = self.solve(hands, trick, leader, now_broken, taken, first)
            trick.pop()
            hands[seat] = own
            if result is None:
                result = value
            elif value != result:
                raise _Unsettled
        assert result is not None
        return result

    def score(self, taken: list[int], last_winner: int) -> Points:
        """``score_hand``'s points for these takings."""
        mask = self.score_set
        key = (last_winner, *[cards & mask if cards else -1 for cards in taken])
        known = self.scores.get(key)
        if known is None:
            known = self.scores[key] = score_hand(self.rules, taken, last_winner).points
        return known

    def _last_trick(self, hands: list[int], leader: int, taken: list[int]) -> Points:
        """The points once each seat has played its one card left."""
        seats = self.seats
        cards = [
            (hands[(leader + k * self.direction) % seats] & FACES).bit_length() - 1
            for k in range(seats)
        ]
        winner = trick_winner(leader, cards, self.direction, seats)
        final = taken[:]
        final[winner] = plus(final[winner], set_of(cards))
        return self.score(final, winner)

    def _choices(self, legal: int, foreign: int) -> list[int]:
        """One card of each run of equivalent legal cards, lowest and highest first.

        Two neighbours are equivalent when they score alike and no card of another seat lies
        between them, nor equals either (with copies, an equal card played later wins).
        """
        kind = self.kind
        picked: list[int] = []
        for suit_mask in SUIT_MASKS:
            cards = legal & suit_mask
            previous = -1
            while cards:
                low = cards & -cards
                card = low.bit_length() - 1
                cards ^= low
                if (
                    previous < 0
                    or kind[card] != kind[previous]
                    or foreign & (2 << card) - (1 << previous)
                ):
                    picked.append(card)
                previous = card
        if len(picked) > 2:  # noqa: PLR2004  (the extremes first: a difference shows sooner)
            picked = [picked[0], picked[-1], *picked[1:-1]]
        return picked

    def _key(
        self, hands: list[int], leader: int, broken: bool, taken: list[int]
    ) -> tuple[int, ...]:
        values = self.values
        points = [0] * self.seats
        moon = -1  # -1: nobody has a moon card yet, -2: two seats have: no moon any more
        empty = 0
        known = self.taken_points
        for seat in range(self.seats):
            cards = taken[seat] & self.point_set
            seat_points = known.get(cards)
            if seat_points is None:
                seat_points = known[cards] = set_points(values, cards)
            points[seat] = seat_points
            if taken[seat] & self.moon_mask:
                moon = seat if moon == -1 else -2
            if self.bonus and not taken[seat]:
                empty |= 1 << seat
        broken = broken and self.hearts_rule and bool(live_hearts(hands))
        return (*hands, leader, broken, *points, moon, empty)

    # --------------------------------------------------------------- shortcuts

    def shortcut(self, hands: list[int], leader: int, taken: list[int]) -> Points | None:
        """The points, when a rule of thumb proves every play-out gives them, else None."""
        rest = held_by_all(hands) if self.twins else _union(hands)
        if sweeps(hands[leader], minus(rest, hands[leader])) or self.nothing_at_stake(
            hands, leader, taken, rest
        ):
            final = taken[:]
            final[leader] = plus(final[leader], rest)
            return self.score(final, leader)
        return None

    def nothing_at_stake(self, hands: list[int], leader: int, taken: list[int], rest: int) -> bool:
        """No card left (``rest``) scores, no last trick counts, and no seat that has taken
        nothing can take a trick (when taking nothing scores a bonus)."""
        if rest & self.point_mask or self.rules.last_trick_points:
            return False
        return not self.bonus or all(
            taken[s] or (s != leader and never_wins(hands[s], minus(rest, hands[s])))
            for s in range(self.seats)
        )

    # ----------------------------------------------------------------- probes

    def probe(  # noqa: PLR0917  (as solve)
        self,
        hands: list[int],
        trick: list[int],
        leader: int,
        broken: bool,
        taken: list[int],
        first: bool,
        rng: random.Random | None,
    ) -> Points:
        """One play-out: every seat's lowest legal card (rng None) or a random one."""
        hands, trick, taken = hands[:], trick[:], taken[:]
        seats = self.seats
        while True:
            seat = (leader + len(trick) * self.direction) % seats
            if not trick and not hands[seat]:
                return self.score(taken, leader)
            legal = legal_cards(self.rules, hands[seat], trick, first, broken)
            if rng is None:
                card = (legal & -legal).bit_length() - 1
            else:
                card = rng.choice([c for c in range(COPY_SHIFT) if legal >> c & 1])
            hands[seat] = remove(hands[seat], card)
            trick.append(card)
            broken = broken or bool(self.breakers >> card & 1)
            if len(trick) == seats:
                leader = trick_winner(leader, trick, self.direction, seats)
                taken[leader] = plus(taken[leader], set_of(trick))
                trick = []
                first = False


def held_by_all(hands: list[int]) -> int:
    """Every card still held, copies counted."""
    rest = 0
    for held in hands:
        rest = plus(rest, held)
    return rest


def sweeps(own: int, others: int) -> bool:
    """Whether ``own`` is not empty and each of its cards beats every card of its suit in
    ``others`` (then its holder, on lead, takes every trick left whatever anyone plays). With
    copies, an equal card of theirs beats it (played later)."""
    if not own:
        return False
    others &= FACES
    for suit_mask in SUIT_MASKS:
        mine = own & suit_mask
        if mine and others & suit_mask >= mine & -mine:  # a card of theirs as high or higher
            return False
    return True


def never_wins(own: int, others: int) -> bool:
    """Whether each card of ``own`` is below every card of its suit in ``others``: a seat
    holding ``own`` and not on lead can then never take a trick (nor so come to lead)."""
    others &= FACES
    for suit_mask in SUIT_MASKS:
        theirs = others & suit_mask
        if theirs and (own & suit_mask).bit_length() >= (theirs & -theirs).bit_length():
            return False
    return True


def _union(hands: list[int]) -> int:
    """Every card still held, where no card has a copy."""
    rest = 0
    for held in hands:
        rest |= held
    return rest


def live_hearts(hands: list[int]) -> int:
    """The hearts still held."""
    live = 0
    for held in hands:
        live |= held
    return live & HEARTS_MASK


# -------------------------------------------------------------------- full knowledge


def _root(hand: HandState) -> tuple[list[int], list[int], int, bool, list[int], bool]:
    return (
        hand.hands[:],
        hand.trick[:],
        hand.leader,
        hand.hearts_broken,
        hand.taken[:],
        len(hand.plays) < hand.rules.seats,
    )


def settled_points(hand: HandState) -> Points | None:
    """The points each seat scores for ``hand`` if every legal play-out gives the same, else None.

    Exact: a search of every play-out, knowing every hand (the controller's view, never a
    player's). A scored hand gives its result; a hand still passing gives None.
    """
    if hand.phase is Phase.SCORED:
        assert hand.result is not None
        return hand.result.points
    if hand.phase is not Phase.PLAYING:
        return None
    return _settled(_Search(hand.rules, {}), _root(hand), probes=_PROBES)


def _settled(
    search: _Search,
    root: tuple[list[int], list[int], int, bool, list[int], bool],
    *,
    probes: int,
) -> Points | None:
    hands, trick, leader, broken, taken, first = root
    if not trick and search.shortcut(hands, leader, taken) is not None:
        return search.solve(hands, trick, leader, broken, taken, first)
    seen: set[Points] = set()
    for number in range(probes):
        seen.add(search.probe(*root, rng=random.Random(number) if number else None))
        if len(seen) > 1:
            return None
    try:
        return search.solve(hands, trick, leader, broken, taken, first)
    except _Unsettled:
        return None


# ---------------------------------------------------------------------- one seat's view


def view_settled_points(view: PlayerView, limit: int = DEFAULT_DEAL_LIMIT) -> Points | None:
    """The points if they are the same for every deal of the cards ``view``'s seat cannot see
    (consistent with its view) and every legal play-out, else None; None also when more than
    ``limit`` deals are consistent, unless a proof that needs no deal applies.

    The answer depends on the view alone. Proofs that need no deal (answered at once however
    many cards are hidden): no card left scores and nothing else is at stake; or the seat to
    lead (or to play, every legal card of which takes the trick) is ``view``'s and each of its
    cards beats every card of its suit that it cannot see. Otherwise every consistent deal is
    searched with a memo shared between deals, each against the points of the first: one
    play-out that differs ends the check (benchmarks/claim.py measures it).
    """
    if view.phase is not Phase.PLAYING or view.first_lead is None:
        return None
    unseen = unseen_of(view)
    if _proof_without_deal(view, unseen.cards):
        return _proven_points(view, unseen.cards)
    if _too_costly(view, unseen.cards) or count_deals(unseen) > limit:
        return None
    search = _Search(view.rules, {})
    leader = view.leader if view.leader is not None else view.first_lead
    first = len(view.plays) < view.rules.seats
    for deal in deals_of(unseen):
        root = (deal, list(view.trick), leader, view.hearts_broken, list(view.taken), first)
        points = _settled(search, root, probes=_VIEW_PROBES if search.expected is None else 0)
        if points is None or search.expected not in (None, points):
            return None
        search.expected = points
    return search.expected


def _too_costly(view: PlayerView, unseen: int) -> bool:
    """Whether a table of more than four, or with copies, still hides too many cards for its
    deals to be counted (the four-seat game counts them always)."""
    rules = view.rules
    if rules.seats == COUNTED_ALWAYS_SEATS and rules.copies == 1:
        return False
    return size(unseen) > _COUNTED_PER_SEAT * (rules.seats - 1)


def _proven_points(view: PlayerView, unseen: int) -> Points:
    """The points when ``_proof_without_deal`` holds, from the view alone: the cards left (the
    trick's included) all go to the view's seat, which takes every trick left; or they score
    nothing more, and then whoever takes them (the view's seat here) changes no points."""
    rest = plus(plus(view.hand, unseen), set_of(view.trick))
    taken = list(view.taken)
    seat = view.seat
    taken[seat] = plus(taken[seat], rest)
    return score_hand(view.rules, taken, seat).points


def _proof_without_deal(view: PlayerView, unseen: int) -> bool:
    """Whether the play-outs score alike whoever holds the unseen cards (see the caller)."""
    rules = view.rules
    trick = view.trick
    rest = (unseen | view.hand) & FACES
    for card in trick:
        rest |= 1 << card
    bonus_open = rules.no_card_bonus and not all(view.taken)
    if not rest & rules.point_mask and not rules.last_trick_points and not bonus_open:
        return True
    if view.to_move != view.seat or not sweeps(view.hand, unseen):
        return False
    if not trick:
        return True
    led = SUIT_MASKS[trick[0] // 13]
    best = max((c for c in trick if (1 << c) & led), default=-1)
    mine = view.hand & led
    return bool(mine) and (mine & -mine).bit_length() - 1 >= best  # an equal card, later: wins
