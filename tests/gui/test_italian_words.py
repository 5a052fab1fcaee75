"""Italian as our players speak it: the rule sheets' words, and names that read well in a sentence.

Every message is read from the catalogue, so a new one is held to the same words at once.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from test_italian import I18N, PLACEHOLDER, catalogue

HELP = Path(__file__).resolve().parents[2] / "peppa_qt" / "assets" / "help"

#: The placeholders a player's name fills ("Vittoria: {first} e {second}", "{leader} ha aperto").
NAME_FIELDS = ("{name}", "{names}", "{first}", "{second}", "{leader}", "{winner}")
#: Where ``{name}`` is a file's ("{name} è stato salvato", il file): no player to give a gender.
FILE_CONTEXTS = ("StorageTexts", "WindowCommands")
#: Names beginning with a vowel (where "a" wants to become "ad"), and one of a woman.
NAMES = ("Anna", "Ada", "Ugo", "Elena", "Carla")
#: A preposition right before a name: "Tocca a Anna", "Passa tre carte ad Ugo".
PREPOSITION_BEFORE = r"\b(?:a|ad) {name}\b"
#: Words that give the named player a gender: "Vincitore: Carla", "Carla è arrivato primo".
GENDERED = r"\b(?:vincitor[ei]|sconfitt[oi])\b|\b{name} (?:è|sei) (?:stato|arrivato|primo|ultimo)\b"

#: "mano" is the hand of cards one holds ("in mano") and the player who leads a trick ("primo
#: di mano", the sheets' words); a trick is always "presa" (plural "prese"), never "mano".
HAND_OF_CARDS = re.compile(r"\b(?:in mano|primo di mano)\b", re.I)
MANO = re.compile(r"\bman[oi]\b", re.I)
TRICK_EN = re.compile(r"\btricks?\b", re.I)
TRICK_IT = re.compile(r"\bpres[ae]\b|\bprimo di mano\b", re.I)
#: The queen of spades, in an English text.
QUEEN_EN = re.compile(r"Q♠|queen of spades|\bthe queen\b", re.I)
#: A card in letters and suit signs ("Q♠", "10♥"): the table's labels, not a sentence's words.
CARD_IN_SIGNS = re.compile(r"(?<!\w)(?:10|[2-9JQKA])[♣♦♥♠]")
#: Hearts are masculine in the sheets ("tutti i cuori") and "aperti", never "rotte".
HEARTS_FEMININE = re.compile(r"\b(?:le|la|una|delle|sulle|tua|tue)\s+cuori\b|\brott[ei]\b", re.I)


def italian() -> list[tuple[str, str, str]]:
    """(context, English source, Italian text) of every form of every message; the menu
    keys' "&" taken out."""
    return [
        (context, source.replace("&", ""), form.replace("&", ""))
        for context, source, forms, _ in catalogue(I18N / "peppa_it.ts")
        for form in forms
    ]


def rules_help(code: str) -> str:
    """The rules help page in ``code`` as plain text."""
    page = (HELP / f"rules_{code}.html").read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", page)))


def with_name(text: str, name: str) -> str:
    """``text`` with every player's name ``name``, and plain stand-ins for the other fields."""
    for field in NAME_FIELDS:
        text = text.replace(field, name)
    return PLACEHOLDER.sub("7", text)


def test_no_preposition_meets_a_name_and_no_word_gives_it_a_gender() -> None:
    taking_a_name = [
        (context, source, text)
        for context, source, text in italian()
        if any(field in source for field in NAME_FIELDS)
    ]
    assert len(taking_a_name) > 20
    problems = []
    for context, source, text in taking_a_name:
        for name in NAMES:
            said = with_name(text, name)
            if re.search(PREPOSITION_BEFORE.format(name=name), said, re.I):
                problems.append((source, said))
            gendered = re.search(GENDERED.format(name=name), said, re.I)
            if name == "Carla" and gendered and context not in FILE_CONTEXTS:
                problems.append((source, said))
    assert problems == []


def test_a_trick_is_a_presa_never_a_mano() -> None:
    texts = italian()
    wrong = [
        (source, text) for _, source, text in texts if MANO.search(HAND_OF_CARDS.sub("", text))
    ]
    unsaid = [
        (source, text)
        for _, source, text in texts
        if TRICK_EN.search(source) and not TRICK_IT.search(text)
    ]
    assert (wrong, unsaid) == ([], [])
    assert MANO.findall(HAND_OF_CARDS.sub("", rules_help("it"))) == []


def test_the_queen_of_spades_is_the_peppa_and_cards_are_named_in_words() -> None:
    texts = italian()
    queens = [(c, s, t) for c, s, t in texts if c in ("Hints", "Texts") and QUEEN_EN.search(s)]
    assert len(queens) >= 6
    assert [(source, text) for _, source, text in queens if "Peppa" not in text] == []
    # As the hint's own list of cards does ("Hint: Queen of spades. …"), in both languages.
    in_signs = [s for c, s, _ in texts if c == "Hints" and CARD_IN_SIGNS.search(s)]
    in_signs += [t for _, _, t in texts if CARD_IN_SIGNS.search(t)]
    assert in_signs == []
    assert CARD_IN_SIGNS.findall(rules_help("it")) == []


def test_hearts_are_masculine_and_opened() -> None:
    wrong = [(source, text) for _, source, text in italian() if HEARTS_FEMININE.search(text)]
    assert wrong == []
    assert HEARTS_FEMININE.findall(rules_help("it")) == []
