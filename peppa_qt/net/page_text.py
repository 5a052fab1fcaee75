"""The join page's words, in the window's one catalogue (``peppa_qt/i18n/peppa_it.ts``).

The page (``web/page.js``) is written in English and looks its words up in ``web/it.json``
for an Italian browser. That file is made from the catalogue by ``tools/translations.py
release`` (as the window's .qm is): the words below are collected into the catalogue by
``tools/translations.py update`` (pyside6-lupdate reads the ``QT_TRANSLATE_NOOP`` markers),
the page's own in the context "WebPage", and those it says as the window says them (why a
card is refused, the suits, the rule sets, the moon) in the window's context "Texts", so that
both say them alike. No Qt here: the marker is a plain function of the same name.
"""

from __future__ import annotations

from typing import Final

#: The contexts of the catalogue the page's words come from.
PAGE_CONTEXT: Final = "WebPage"
WINDOW_CONTEXT: Final = "Texts"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802  (the name lupdate knows)
    """Mark ``text`` for translation in ``context`` (the page translates it)."""
    return text


#: The page's own words.
PAGE_TEXTS: Final = (
    QT_TRANSLATE_NOOP("WebPage", "Your name"),
    QT_TRANSLATE_NOOP("WebPage", "Choose your seat"),
    QT_TRANSLATE_NOOP("WebPage", "Seat {n}"),
    QT_TRANSLATE_NOOP("WebPage", "A name is 1 to 24 letters."),
    QT_TRANSLATE_NOOP("WebPage", "No table has this code."),
    QT_TRANSLATE_NOOP("WebPage", "Every seat of this table is taken."),
    QT_TRANSLATE_NOOP("WebPage", "That seat has just been taken: choose another."),
    QT_TRANSLATE_NOOP("WebPage", "This table is closed."),
    QT_TRANSLATE_NOOP("WebPage", "Connection lost: trying again…"),
    QT_TRANSLATE_NOOP("WebPage", "The table cannot be reached."),
    QT_TRANSLATE_NOOP("WebPage", "This seat is now played in another window."),
    QT_TRANSLATE_NOOP("WebPage", "Play here"),
    QT_TRANSLATE_NOOP("WebPage", "Try again"),
    QT_TRANSLATE_NOOP("WebPage", "Waiting for the other players…"),
    QT_TRANSLATE_NOOP("WebPage", "Waiting for the others to pass…"),
    QT_TRANSLATE_NOOP("WebPage", "Choose {count} cards to pass to {name}."),
    QT_TRANSLATE_NOOP("WebPage", "Choose {count} more"),
    QT_TRANSLATE_NOOP("WebPage", "Pass to {name}"),
    QT_TRANSLATE_NOOP("WebPage", "You have chosen {count} cards: tap one to put it back."),
    QT_TRANSLATE_NOOP("WebPage", "No passing this hand."),
    QT_TRANSLATE_NOOP("WebPage", "Your turn: tap a card to play it."),
    QT_TRANSLATE_NOOP("WebPage", "{name} is playing…"),
    QT_TRANSLATE_NOOP("WebPage", "You lead."),
    QT_TRANSLATE_NOOP("WebPage", "{name} leads."),
    QT_TRANSLATE_NOOP("WebPage", "You took the trick."),
    QT_TRANSLATE_NOOP("WebPage", "{name} took the trick."),
    QT_TRANSLATE_NOOP("WebPage", "You"),
    QT_TRANSLATE_NOOP("WebPage", "{name} (you)"),
    QT_TRANSLATE_NOOP("WebPage", "away"),
    QT_TRANSLATE_NOOP("WebPage", "This hand"),
    QT_TRANSLATE_NOOP("WebPage", "Total"),
    QT_TRANSLATE_NOOP("WebPage", "Hand {n}"),
    QT_TRANSLATE_NOOP("WebPage", "Hand {n} is over."),
    QT_TRANSLATE_NOOP("WebPage", "The next hand is coming…"),
    QT_TRANSLATE_NOOP("WebPage", "Game over"),
    QT_TRANSLATE_NOOP("WebPage", "You win!"),
    QT_TRANSLATE_NOOP("WebPage", "Winner: {name}"),
)

#: The window's words the page says too (the same source texts as ``gui/texts.py``).
WINDOW_TEXTS: Final = (
    QT_TRANSLATE_NOOP("Texts", "You must follow {suit}."),
    QT_TRANSLATE_NOOP("Texts", "You must follow the suit led."),
    QT_TRANSLATE_NOOP("Texts", "Hearts are not broken yet: lead another suit."),
    QT_TRANSLATE_NOOP("Texts", "The first trick must be led with the lowest club."),
    QT_TRANSLATE_NOOP("Texts", "No hearts and no queen of spades on the first trick."),
    QT_TRANSLATE_NOOP("Texts", "Wait for your turn."),
    QT_TRANSLATE_NOOP("Texts", "You have already passed your cards."),
    QT_TRANSLATE_NOOP("Texts", "Choose exactly three cards to pass."),
    QT_TRANSLATE_NOOP("Texts", "That card is not in your hand."),
    QT_TRANSLATE_NOOP("Texts", "The game is over."),
    QT_TRANSLATE_NOOP("Texts", "clubs"),
    QT_TRANSLATE_NOOP("Texts", "diamonds"),
    QT_TRANSLATE_NOOP("Texts", "hearts"),
    QT_TRANSLATE_NOOP("Texts", "spades"),
    QT_TRANSLATE_NOOP("Texts", "Peppa"),
    QT_TRANSLATE_NOOP("Texts", "Peppa Torino"),
    QT_TRANSLATE_NOOP("Texts", "Hearts"),
    QT_TRANSLATE_NOOP("Texts", "Belmont"),
    QT_TRANSLATE_NOOP("Texts", "{name} shot the moon!"),
    QT_TRANSLATE_NOOP("Texts", "{name} made cappotto!"),
)


def page_words(catalogue: dict[tuple[str, str], str]) -> dict[str, dict[str, str]]:
    """The page's words in one language, by context and English source, from a catalogue
    ((context, source) → translation): what ``web/it.json`` holds."""
    return {
        PAGE_CONTEXT: {text: catalogue[PAGE_CONTEXT, text] for text in PAGE_TEXTS},
        WINDOW_CONTEXT: {text: catalogue[WINDOW_CONTEXT, text] for text in WINDOW_TEXTS},
    }
