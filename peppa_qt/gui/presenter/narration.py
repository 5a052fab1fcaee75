"""What the table says and sounds: the status line, the sound effects, hints and refusals.

Every sentence is kept as a function that words it, so a change of language says the same
thing again in the new one. The sounds follow the game's moments: hearts broken once a
hand, the queen of spades taken, a moon (not again for a hand scored before a resume), a
card refused, and the player's turn while a screen reader runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible

from ...engine import HandResult, TableState
from ...engine.cards import Card
from ...models.card_text import cards_label
from .. import texts
from ..card_names import cards_named
from ..table.card_pixmaps import card_of
from .modes import Mode

if TYPE_CHECKING:
    from ...ai.hints import Reason
    from ...controller import Refusal

#: A sentence, worded when said (and again in a new language).
Words = Callable[[], str]
#: Who did something: their name as shown, and whether they are the player spoken to ("You").
Speaker = tuple[str, bool]
QUEEN_OF_SPADES = Card.parse("QS")


class Narration(QObject):
    """The status line's sentence and the sounds wanted, told through two callables."""

    def __init__(
        self,
        say: Callable[[str], None],
        sound: Callable[[str], None],
        parent: QObject | None = None,
        *,
        announce: Callable[[str, bool], None] | None = None,
        listened: Callable[[], bool] = QAccessible.isActive,
    ) -> None:
        """``announce(text, assertive)`` has a screen reader say ``text`` (what the status
        line says is announced too); ``listened``: whether a screen reader is running (the
        turn's sound is for a player who plays by ear)."""
        super().__init__(parent)
        self._emit_text = say
        self._emit_sound = sound
        self._listened = listened
        self._announce = announce or (lambda text, assertive: None)
        #: What the status line says, as a sentence to word again in a new language.
        self._status: Words | None = None
        #: "You received … from …", said once more with the viewer's first "Your turn" after it.
        self._received: Words | None = None
        self._hearts_heard = False  # the sound of hearts broken was played in this hand
        self._silent_score: int | None = None  # a resumed hand, scored before: no sound
        #: How much is announced ("brief", "normal", "detailed") and the kinds turned off.
        self._verbosity = "normal"
        self._quiet: frozenset[str] = frozenset()

    def follow(self, verbosity: str, quiet: Sequence[str]) -> None:
        """Announce as the player chose: ``verbosity`` and the kinds ``quiet`` (settings)."""
        self._verbosity, self._quiet = verbosity, frozenset(quiet)

    def _wants(self, kind: str | None) -> bool:
        return kind is None or kind not in self._quiet

    def _tell(self, kind: str, words: str, assertive: bool = False) -> None:
        if self._wants(kind):
            self._announce(words, assertive)

    # -------------------------------------------------------------- the status line

    def say(self, text: Words | None, kind: str | None = None, heard: Words | None = None) -> None:
        """Put a sentence on the status line (None: clear it); said again on a new language.
        It is announced too (``heard``, if given, in its place) unless its ``kind`` of
        announcement is turned off."""
        self._status = text
        self._emit_text("" if text is None else text())
        if text is not None and self._wants(kind):
            self._announce((heard or text)(), False)

    def _says(self, text: Words) -> bool:
        """Whether the status line shows ``text`` already."""
        return self._status is not None and self._status() == text()

    @property
    def brief(self) -> bool:
        """Whether the player chose brief announcements."""
        return self._verbosity == "brief"

    def say_again(self) -> None:
        """The language changed: the same sentence in the new one (not announced again)."""
        text = self._status
        self._emit_text("" if text is None else text())

    def announce(self, text: str, assertive: bool = False) -> None:
        """Have a screen reader say ``text``, the status line left as it is."""
        self._announce(text, assertive)

    def no_suit(self, suit: int) -> None:
        """A suit's key, and the hand holds none of it."""
        self._announce(self.tr("No {suit} in your hand.").format(suit=texts.suit_name(suit)), False)

    def prompt(self, mode: Mode, full: bool) -> None:
        """What the player is asked now."""
        if mode is Mode.PLAYING:
            self.say(self._your_turn, "turn", self._turn_heard)
        elif mode is Mode.PASSING and full:
            self.say(
                lambda: self.tr(
                    "Three cards chosen: press “Pass cards” (Enter), or Space on one (or a click)"
                    " to put it back."
                )
            )
        elif mode is Mode.PASSING and not self._says(self._choose):
            self.say(self._choose)  # asked again at each card chosen: said once

    def _choose(self) -> str:
        return self.tr("Choose three cards to pass.")

    def your_turn(self) -> None:
        """'Your turn: play a card', after what was received if it was just said."""
        received, self._received = self._received, None
        if self._listened():
            self._emit_sound("your_turn")
        if received is None:
            self.say(self._your_turn, "turn", self._turn_heard)
            return
        # The hand-over or the lead came at once: the status line shows the cards received
        # still; a screen reader was told them when they came, and is told the turn only.
        self.say(lambda: f"{received()} {self._your_turn()}", "turn", self._turn_heard)

    def _your_turn(self) -> str:
        return self.tr("Your turn: play a card.")

    def _turn_heard(self) -> str:
        return self.tr("Your turn.") if self.brief else self._your_turn()

    def computer_turn(self, name: str) -> None:
        """A computer is to play: announced in the detailed verbosity only."""
        if self._verbosity == "detailed":
            self._tell("turn", self.tr("{name}'s turn.").format(name=name))

    def received(self, cards: Sequence[int], giver: str, order: Callable[[int], object]) -> None:
        """Tell the viewer what they got, shown again with their turn should it come now (a
        screen reader is told the cards by name)."""
        shown = [card_of(c) for c in sorted(cards, key=order)]  # type: ignore[arg-type]

        def words() -> str:
            return self.tr("You received {cards} from {name}.").format(
                cards=cards_label(shown), name=giver
            )

        def heard() -> str:  # the cards' names, not their symbols: a reader says those badly
            named = cards_named(shown)
            if self.brief:
                return self.tr("From {name}: {cards}.").format(cards=named, name=giver)
            return self.tr("You received {cards} from {name}.").format(cards=named, name=giver)

        self._received = words
        self.say(words, "received", heard)

    def forget_received(self) -> None:
        """The cards received are not to be said again (their human's cards are covered)."""
        self._received = None

    def dealing(self) -> None:
        """A hand's cards are flying in: what was asked before goes (a game played again
        while its pass was asked kept "Choose three cards to pass" over the new deal); the
        pass is asked once the cards have landed. The window's welcome, said by nobody here,
        stays."""
        if self._status is not None:
            self.say(None)

    def no_passing(self) -> None:
        """A hand without passing is dealt."""
        self.say(lambda: self.tr("No passing in this hand."))

    def waiting_for_passes(self) -> None:
        """The viewer has passed; the others have not all done so."""
        self.say(lambda: self.tr("Waiting for the other players to pass…"))

    def cards_passed(self) -> None:
        """The exchange, seen by nobody in particular (the demo, covered cards)."""
        self.say(lambda: self.tr("Cards passed."))

    def whose_turn(self, name: Callable[[], str]) -> None:
        """The hand-over: '{name}'s turn.'"""
        self.say(lambda: self.tr("{name}'s turn.").format(name=name()), "turn")

    def refusal(self, refusal: Refusal) -> str:
        """Why a move was refused, on the status line; the sentence (for the note too)."""
        self.say(lambda: texts.refusal_text(refusal), "refusals")
        self._emit_sound("refused")
        return texts.refusal_text(refusal)

    def hint(self, cards: Sequence[int], reason: Reason) -> None:
        """'Hint: Queen of spades. …': the cards suggested and why."""

        def said() -> str:
            words = cards_named(cards)
            why = texts.hint_text(reason)
            return self.tr("Hint: {cards}. {reason}").format(cards=words, reason=why).strip()

        self.say(said)

    # ------------------------------------------------------------------ the sounds

    def new_hand(self, hearts_broken: bool = False) -> None:
        """A hand dealt (or drawn as it stands): hearts broken already heard, if they are."""
        self._hearts_heard = hearts_broken

    def silence_score(self, index: int | None) -> None:
        """Hand ``index`` was scored before (a resume, a redraw): no sound for its score."""
        self._silent_score = index

    def card_played(self, table: TableState, card: int, who: Speaker) -> None:
        """A card on the table, announced with who played it; the first heart of a hand
        breaks them, with its own sound and words."""
        words = [self._played(card, who)] if self._wants("cards") else []
        if table.hearts_broken and not self._hearts_heard:
            self._hearts_heard = True
            self._emit_sound("hearts_broken")
            if self._wants("hearts"):
                words.append(
                    self.tr("Hearts broken.") if self.brief else self.tr("Hearts are broken.")
                )
        else:
            self._emit_sound("card")
        if words:
            self._announce(" ".join(words), False)

    def _played(self, card: int, who: Speaker) -> str:
        """'Bruno plays Queen of spades.', or 'Bruno: Queen of spades.' when brief."""
        (name, you), said = who, texts.card_name(card)
        if self.brief:
            return self.tr("{name}: {card}.").format(
                name=self.tr("You") if you else name, card=said
            )
        if you:
            return self.tr("You play {card}.").format(card=said)
        return self.tr("{name} plays {card}.").format(name=name, card=said)

    def trick_taken(self, cards: Sequence[int], who: Speaker, points: int) -> None:
        """A trick taken, announced with its points: the queen of spades in it has a sound
        and words of its own."""
        words = [self._taken(who, points)] if self._wants("tricks") else []
        peppa = QUEEN_OF_SPADES in cards
        if peppa and self._wants("hearts"):
            words.append(self.tr("Peppa taken!") if self.brief else self.tr("The Peppa is taken!"))
        self._emit_sound("queen_of_spades" if peppa else "trick")
        if words:
            self._announce(" ".join(words), peppa)

    def _taken(self, who: Speaker, points: int) -> str:
        """'Bruno takes the trick: 3 points.', or 'Bruno takes, 3 points.' when brief."""
        name, you = who
        if self.brief and you:
            return self.tr("You take, %n point(s).", "", points)
        if self.brief:
            return self.tr("{name} takes, %n point(s).", "", points).format(name=name)
        if you:
            return self.tr("You take the trick: %n point(s).", "", points)
        return self.tr("{name} takes the trick: %n point(s).", "", points).format(name=name)

    def hand_points(self, names: Sequence[str], result: HandResult) -> None:
        """The hand's points, seat by seat, announced at its end."""
        points = ", ".join(
            f"{name} {texts.points_text(p)}" for name, p in zip(names, result.points, strict=False)
        )
        if self.brief:
            self._tell("points", self.tr("Points: {points}.").format(points=points))
        else:
            self._tell("points", self.tr("Hand over. Points: {points}.").format(points=points))

    def twin_won(self, card: int) -> None:
        """A trick taken by the second of two equal cards: said on the status line (to a
        screen reader with the card's name, not its symbol)."""
        self.say(lambda: self.twin_words(card), None, lambda: self._twin(texts.card_name(card)))

    def twin_words(self, card: int) -> str:
        """'Second Q♠ wins: of two equal cards, the later one takes the trick.'"""
        return self._twin(cards_label([card]))

    def _twin(self, card: str) -> str:
        return self.tr(
            "Second {card} wins: of two equal cards, the later one takes the trick."
        ).format(card=card)

    @property
    def silent_score(self) -> int | None:
        """The hand scored before a resume or a redraw (nothing said for it), if any."""
        return self._silent_score

    def hand_scored(self, index: int, result: HandResult) -> None:
        """A moon has its sound (not again for a hand scored before a resume)."""
        if result.moon is not None and index != self._silent_score:
            self._emit_sound("moon")
        self._silent_score = None

    # ------------------------------------------------------------- the last trick

    def last_trick(
        self, names: tuple[str, str], same: bool, you: tuple[bool, bool], points: int
    ) -> tuple[str, str]:
        """Who led the last trick and who took it (``names``; ``same``: one seat did both),
        and its points, on a line of their own.

        ``you``: whether the leader and the winner are the player called "You" (spoken to).
        """
        (leader, winner), (you_led, you_took) = names, you
        if same and you_led:
            line = self.tr("You led and took it.")
        elif same:
            line = self.tr("{leader} led and took it.").format(leader=leader)
        elif you_led:
            line = self.tr("You led, {winner} took it.").format(winner=winner)
        elif you_took:
            line = self.tr("{leader} led, you took it.").format(leader=leader)
        else:
            line = self.tr("{leader} led, {winner} took it.").format(leader=leader, winner=winner)
        # The points on a line of their own, never broken ("Punti:" / "0" in Italian).
        said = self.tr("Points: {points}").format(points=texts.points_text(points))
        return line, said.replace(" ", "\u00a0")

    def trick_title(self, number: int) -> str:
        """'Trick 3'."""
        return self.tr("Trick {number}").format(number=number)
