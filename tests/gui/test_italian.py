"""Italian and English, complete, switched live.

The translations are checked as files (every message finished, placeholders kept, in step
with the code, the shipped .qm compiled from the .ts) and on the screen (with Italian chosen,
no widget of the window or of a dialog still shows an English text).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QGroupBox,
    QLabel,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.language import translations
from peppa_qt.gui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "peppa_qt" / "i18n"
sys.path.insert(0, str(ROOT / "tools"))
import translations as tool  # noqa: E402  (tools/translations.py)

PLACEHOLDER = re.compile(r"\{[a-z_]+\}|%n")
#: Words a visible text may share with English (names, symbols, the game's own words).
SAME_IN_BOTH = {"Peppa", "Peppa Torino", "OK", "Computer", "Hearts", "Anna", "Marco"}


def catalogue(path: Path) -> list[tuple[str, str, list[str], bool]]:
    """(context, source, translations, finished) of every message of a .ts file."""
    found = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            element = message.find("translation")
            assert element is not None
            forms = [f.text or "" for f in element.iter("numerusform")] or [element.text or ""]
            finished = element.get("type") not in ("unfinished", "vanished", "obsolete")
            found.append((name, message.findtext("source") or "", forms, finished))
    return found


@pytest.mark.parametrize("code", ["it", "en"])
def test_every_message_is_translated_and_keeps_its_placeholders(code: str) -> None:
    messages = catalogue(I18N / f"peppa_{code}.ts")
    assert len(messages) > (300 if code == "it" else 3)
    problems = []
    for context, source, forms, finished in messages:
        wanted = sorted(PLACEHOLDER.findall(source))
        for form in forms:
            if not finished or not form.strip():
                problems.append((context, source, "unfinished"))
            elif sorted(PLACEHOLDER.findall(form)) != wanted and not (
                "%n" in source and sorted(set(PLACEHOLDER.findall(form))) == sorted(set(wanted))
            ):
                problems.append((context, source, form))
    assert problems == []


def test_the_catalogues_hold_exactly_the_texts_of_the_code(tmp_path: Path) -> None:
    """lupdate run on the code finds no text the .ts lacks, and the .ts has none it lost."""
    fresh = tmp_path / "fresh.ts"
    command = [tool.tool("pyside6-lupdate"), "-no-obsolete", "-locations", "none"]
    subprocess.run(
        [*command, *tool.sources(), "-ts", str(fresh)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    in_code = {(c, s) for c, s, _, _ in catalogue(fresh)}
    in_file = {(c, s) for c, s, _, _ in catalogue(I18N / "peppa_it.ts")}
    assert in_code - in_file == set(), "new texts: run tools/translations.py update"
    assert in_file - in_code == set(), "vanished texts: run tools/translations.py update"


@pytest.mark.parametrize("code", ["it", "en"])
def test_collecting_the_texts_again_changes_nothing(code: str, tmp_path: Path) -> None:
    """``update`` on an unchanged checkout leaves the .ts as it is: no churn in a diff."""
    committed = (I18N / f"peppa_{code}.ts").read_text(encoding="utf-8")
    again = tmp_path / f"peppa_{code}.ts"
    again.write_text(committed, encoding="utf-8")
    tool.collect(code, again)
    text = again.read_text(encoding="utf-8")
    assert "<extracomment>" not in text, "the code's #: notes are not for the translator"
    assert text == committed


def test_the_shipped_catalogues_are_compiled_from_their_sources(tmp_path: Path) -> None:
    """A .qm older than its .ts would ship old words: each is what its .ts compiles to."""
    for compiled in tool.release(tmp_path):
        assert compiled.read_bytes() == (I18N / compiled.name).read_bytes(), compiled.name


# ---------------------------------------------------------------------- the screen


def english_texts() -> list[re.Pattern[str]]:
    """Every English source that Italian says otherwise, as a pattern (placeholders: any)."""
    patterns = []
    for _, source, forms, _ in catalogue(I18N / "peppa_it.ts"):
        plain = source.replace("&", "")
        if all(form.replace("&", "") == plain for form in forms) or plain in SAME_IN_BOTH:
            continue
        parts = PLACEHOLDER.split(plain)
        body = ".+".join(re.escape(part) for part in parts)
        if len(plain.strip()) > 1:
            patterns.append(re.compile(f"^{body}$"))
    return patterns


def visible_texts(widget: QWidget) -> Iterator[str]:
    """The texts a player can read in ``widget`` and its children."""
    if widget.windowTitle():
        yield widget.windowTitle()
    for child in [widget, *widget.findChildren(QWidget)]:
        if not child.isVisibleTo(widget) and child is not widget:
            continue
        if isinstance(child, QLabel | QAbstractButton):
            yield child.text()
        elif isinstance(child, QGroupBox):
            yield child.title()
        elif isinstance(child, QTabWidget):
            yield from (child.tabText(i) for i in range(child.count()))
        elif isinstance(child, QComboBox):
            yield from (child.itemText(i) for i in range(child.count()))


def window_texts(window: MainWindow) -> Iterator[str]:
    """The menus, the plates, the corner and the status line, beside the widgets."""
    yield from visible_texts(window)
    for action in window.findChildren(type(window.menus.undo_action)):
        yield action.text()
    for menu in window.menuBar().findChildren(type(window.menus.recent_menu)):
        yield menu.title()
    for badge in window.scene.badges:
        yield from (badge.state.score_text, badge.state.dealer_tip)
    yield from window.scene.info.lines()
    yield window.status_line.prompt()


def still_english(texts: Iterator[str]) -> list[str]:
    patterns = english_texts()
    return sorted(
        {
            text
            for text in texts
            if text
            and text not in SAME_IN_BOTH
            and any(p.match(text.replace("&", "")) for p in patterns)
        }
    )


@pytest.fixture
def italian(qapp: QApplication) -> Iterator[None]:
    """Italian from the start (the windows' settings choose it too)."""
    translations.use("it")
    yield
    translations.use("en")


def italian_window(qtbot: QtBot, make_window: WindowMaker) -> MainWindow:
    """A window whose player chose Italian."""
    window = make_window()
    window.apply_settings(replace(window.settings, language="it"))
    qtbot.waitUntil(lambda: window.windowTitle() == "Peppa" and translations.code == "it")
    QApplication.processEvents()  # the LanguageChange events
    return window


def test_with_italian_chosen_no_window_text_is_english(
    qtbot: QtBot, make_window: WindowMaker, italian: None
) -> None:
    window = italian_window(qtbot, make_window)
    window.start_game(short_game("torino", 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    found = list(window_texts(window))
    window.dock.show()
    found += list(visible_texts(window.dock))
    assert still_english(iter(found)) == []
    assert window.menus.undo_action.text().replace("&", "") != "Undo"


@pytest.mark.parametrize(
    "dialog_name", ["new game", "settings", "statistics", "about", "rules", "summary", "game over"]
)
def test_with_italian_chosen_no_dialog_text_is_english(
    qtbot: QtBot, make_window: WindowMaker, italian: None, dialog_name: str
) -> None:
    from peppa_qt.controller import GameSetup
    from peppa_qt.gui.dialogs.help import AboutDialog, RulesDialog
    from peppa_qt.gui.dialogs.new_game import NewGameDialog
    from peppa_qt.gui.dialogs.settings import SettingsDialog
    from peppa_qt.gui.dialogs.statistics import StatisticsDialog
    from peppa_qt.storage import Statistics

    window = italian_window(qtbot, make_window)
    shown: QWidget
    if dialog_name in ("summary", "game over"):
        window.start_game(short_game("torino", 1, human=False))
        panel = window.summary_panel if dialog_name == "summary" else window.game_over_panel
        qtbot.waitUntil(window.summary_panel.isVisible, timeout=10_000)
        if dialog_name == "game over":
            window.presenter.continue_after_hand()
        qtbot.waitUntil(panel.isVisible, timeout=10_000)
        shown = panel
    else:
        levels = window.session.levels
        setup: GameSetup = short_game("peppa", 3)
        dialogs: dict[str, QDialog] = {
            "new game": NewGameDialog(levels, setup, window),
            "settings": SettingsDialog(window.settings, levels, window),
            "statistics": StatisticsDialog(Statistics(), Statistics, window),
            "about": AboutDialog(window),
            "rules": RulesDialog(window),
        }
        shown = dialogs[dialog_name]
        shown.show()
        if isinstance(shown, SettingsDialog):  # every tab, not only the first
            texts = []
            for page in range(shown.tabs.count()):
                shown.tabs.setCurrentIndex(page)
                texts += list(visible_texts(shown))
            assert still_english(iter(texts)) == []
            assert "Annulla" in texts and "Cancel" not in texts  # Qt's own buttons too
    assert still_english(visible_texts(shown)) == []


def test_a_problem_with_a_file_is_told_in_italian(italian: None) -> None:
    from peppa_qt.gui.storage_texts import problem_text
    from peppa_qt.storage import FileKind, Problem, ProblemKind

    damaged = Problem(
        ProblemKind.DAMAGED,
        FileKind.SAVED_GAME,
        Path("partita.peppa"),
        "hand 2, trick 3, seat 1 (East), card QS: must follow clubs",
        reason="must_follow_suit",
        place=(1, 2, 1, "QS"),
    )
    full = Problem(ProblemKind.NOT_SAVED, FileKind.AUTOSAVE, Path("a.json"), "x", errno=28)
    for problem in (damaged, full):
        text = problem_text(problem)
        assert still_english(iter([text])) == [] and "must follow" not in text, text
        assert "No space" not in text


def test_a_broken_eight_seat_game_names_its_seat_by_number_not_compass(
    italian: None, tmp_path: Path
) -> None:
    """Seat 3 of eight breaks a rule: the message said "Ovest", a place an eight-seat table
    does not have; it says the seat as the new-game dialog numbers it ("Posto 4")."""
    from test_cli import EIGHT, belmont_document, first_trick_queen

    from peppa_qt.gui.storage_texts import problem_text
    from peppa_qt.storage import FileKind
    from peppa_qt.storage.files import load
    from peppa_qt.storage.saves import parse_saved_game

    document = belmont_document(8, EIGHT)
    first_trick_queen(document)
    path = tmp_path / "otto.peppa"
    path.write_text(json.dumps(document), encoding="utf-8")
    problem = load(path, FileKind.SAVED_GAME, parse_saved_game, set_aside_damaged=False).problem
    assert problem is not None and problem.place[2] == 3 and problem.seats == 8
    text = problem_text(problem)
    assert "posto 4" in text and "Ovest" not in text, text


def test_switching_the_language_mid_hand_words_the_table_again_at_once(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    setup = short_game("hearts", 1)
    you = replace(setup.seats[0], name="You")  # the default human: named in each language
    window.start_game(replace(setup, seats=(you, *setup.seats[1:])))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)

    def words() -> tuple[str, ...]:
        return (
            window.status_line.prompt(),
            window.scene.info.lines()[0],
            window.scene.badges[0].state.score_text,
            window.menuBar().actions()[0].text(),
            window.menus.undo_action.text(),
            window.scene.badges[0].state.name,
        )

    english = words()
    assert english[0].endswith(". Your turn: play a card.") and english[5] == "You"
    window.apply_settings(replace(window.settings, language="it"))
    qtbot.waitUntil(lambda: words()[0] != english[0], timeout=2000)
    italian = words()
    translate = QCoreApplication.translate
    assert italian[0].endswith(" " + translate("Narration", "Your turn: play a card."))
    assert all(i != e for i, e in zip(italian, english, strict=True)), (italian, english)
    assert window.presenter.mode == PLAYING  # the hand goes on, nothing else changed
    window.apply_settings(replace(window.settings, language="en"))
    qtbot.waitUntil(lambda: words() == english, timeout=2000)


LAUNCH = """
import sys
sys.path.insert(0, %(root)r)
from pathlib import Path
from PySide6.QtWidgets import QApplication
from peppa_qt.app import build_window
app = QApplication([])
window = build_window(False, None, profile_dir=Path(%(profile)r))
print(window.menuBar().actions()[0].text())
"""


@pytest.mark.parametrize("lang", ["it_IT.UTF-8", "en_US.UTF-8"])
def test_the_system_language_is_used_until_one_is_chosen(tmp_path: Path, lang: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env["LANG"] = lang
    code = LAUNCH % {"root": str(ROOT), "profile": str(tmp_path / "profile")}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    italian = next(
        forms[0]
        for context, source, forms, _ in catalogue(I18N / "peppa_it.ts")
        if (context, source) == ("MainWindow", "&Game")
    )
    expected = italian if lang.startswith("it") else "&Game"
    assert done.stdout.strip().splitlines()[-1] == expected


def test_a_game_resumed_in_italian_gives_the_dealer_the_italian_chip(
    qtbot: QtBot, make_window: WindowMaker, italian: None, tmp_path: Path
) -> None:
    from peppa_qt.storage.saves import saved_game_to_json

    window = italian_window(qtbot, make_window)
    window.start_game(short_game("torino", 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    dealer = window.controller.table.dealer  # type: ignore[union-attr]
    assert window.scene.badges[dealer].state.dealer_letter == "M"  # mazziere
    saved = window.session.snapshot()
    assert saved is not None
    path = tmp_path / "game.json"
    path.write_text(saved_game_to_json(saved), encoding="utf-8")
    again = italian_window(qtbot, make_window)
    assert again.commands.open_path(path)
    qtbot.waitUntil(lambda: again.presenter.mode == PASSING, timeout=5000)
    assert again.scene.badges[dealer].state.dealer_letter == "M"
    assert again.scene.badges[dealer].state.dealer_tip == "Mazziere"


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "Bruno ahead of you (same total, 13)"),
        ("it", "Bruno prima di te (stesso totale, 13)"),
    ],
)
def test_a_tie_lost_by_the_player_called_you_is_said_to_them(
    qtbot: QtBot, language: str, told: str
) -> None:
    """The player is "You" ("Tu"), and the game over said "Bruno prima di Tu"."""
    from peppa_qt.engine.match import Tie, TieBreak
    from peppa_qt.gui.panels.game_over import GameOverPanel
    from peppa_qt.gui.panels.summaries import GameSummary

    translations.use(language)
    panel = GameOverPanel()
    qtbot.addWidget(panel)
    totals = (13, 13, 10, 0)
    summary = GameSummary(
        preset="peppa",
        names=("You", "Bruno", "Carla", "Dario"),
        ranking=(3, 2, 1, 0),
        winners=(3,),
        totals=totals,
        progress=(totals,),
        limit=None,
        teams=False,
        ties=(Tie(1, 0, 13, TieBreak.EARLIER_LAST_TRICK),),
    )
    panel.show_summary(summary)
    assert panel.ties.text().startswith(told), panel.ties.text()
