"""The coach's reasons read from its search, in the window's words: every code with its cards
in words and its figures, in English and in Italian (issue 38, part 2)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

from peppa_qt.ai.hints import FACTS, Hint, Why
from peppa_qt.engine.cards import Card
from peppa_qt.gui import texts
from peppa_qt.gui.window.language import translations

KD, AS = int(Card.parse("KD")), int(Card.parse("AS"))
PASS = tuple(int(Card.parse(c)) for c in ("KS", "AS", "QH"))
OTHER_PASS = tuple(int(Card.parse(c)) for c in ("2C", "AS", "QH"))


@pytest.fixture
def italian(qapp: QApplication) -> Iterator[None]:
    translations.use("it")
    yield
    translations.use("en")


@pytest.mark.parametrize("code", sorted(FACTS))
def test_every_reason_from_the_search_is_said_with_its_cards_and_figures(code: Hint) -> None:
    for better, other in (((KD,), (AS,)), (PASS, OTHER_PASS)):
        said = texts.hint_text(Why(code, better, other, 0.1, 0.97, 2.4))
        assert "{" not in said and texts.card_name(better[0]).lower() in said.lower(), said
        assert said[0].isupper()


def test_the_queen_s_reason_in_italian_names_la_peppa_and_the_deals(italian: None) -> None:
    said = texts.hint_text(Why(Hint.FACT_QUEEN, (KD,), (AS,), 0.1, 0.97, 8.0))
    assert said == (
        "Giocando re di quadri hai preso la Peppa in circa 1 smazzata su 10;"
        " giocando asso di picche, in quasi tutte le smazzate."
    )
    later = texts.hint_text(Why(Hint.FACT_LATER, PASS, OTHER_PASS, points=1.4))
    assert later.startswith("Passando re di picche, asso di picche e donna di cuori hai preso")
    assert "circa 1 punto in meno nella smazzata" in later
    rare = texts.hint_text(Why(Hint.FACT_SHOOT_MOON, (KD,), (AS,), 0.5, 0.01, 9.0))
    assert rare.endswith("giocando asso di picche, in meno di 1 smazzata su 20.")
