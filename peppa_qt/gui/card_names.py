"""A card in words, for sentences and screen readers (apart from ``texts``, so that the
coach's reasons, which ``texts`` words, can name cards without an import circle)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication


def card_name(card: int) -> str:
    """The card in words: 'Queen of spades', '10 of diamonds'."""
    rank = card % 13
    suit = card // 13
    ranks = {
        9: QCoreApplication.translate("Texts", "Jack"),
        10: QCoreApplication.translate("Texts", "Queen"),
        11: QCoreApplication.translate("Texts", "King"),
        12: QCoreApplication.translate("Texts", "Ace"),
    }
    suits = (
        QCoreApplication.translate("Texts", "clubs"),
        QCoreApplication.translate("Texts", "diamonds"),
        QCoreApplication.translate("Texts", "hearts"),
        QCoreApplication.translate("Texts", "spades"),
    )
    rank_text = ranks.get(rank, str(rank + 2))
    return QCoreApplication.translate("Texts", "{rank} of {suit}", "a card").format(
        rank=rank_text, suit=suits[suit]
    )


def cards_named(cards: Iterable[int]) -> str:
    """Cards in words, for a screen reader: "Jack of diamonds, 3 of diamonds"."""
    return ", ".join(card_name(card) for card in cards)
