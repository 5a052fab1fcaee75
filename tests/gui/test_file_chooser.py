"""The file chooser: Qt's widget dialog (Linux without a platform theme) speaks Italian whole
("Look in:" and "Files of type:" stayed English) and cuts no header ("Dimensior")."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QFileDialog,
    QFileSystemModel,
    QLabel,
    QListView,
    QTreeView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from peppa_qt.gui.dialogs.file_chooser import file_dialog
from peppa_qt.gui.window.language import translations

#: Texts Italian shares with English in the dialog: the place called "Computer", the filter.
SAME_IN_BOTH = {"", "Computer", "Records (*.json)"}


@pytest.fixture(autouse=True)
def _qt_settings(tmp_path: Path) -> None:
    """Qt's dialog keeps its state in Qt's own settings file: under the test's folder."""
    for kind in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, str(tmp_path / "qt"))


def shown_dialog(qtbot: QtBot, folder: Path) -> QFileDialog:
    """Qt's own save dialog, shown in ``folder`` once it has listed the folder's files."""
    dialog = file_dialog(None, "Export", folder / "game.json", "Records (*.json)", saving=True)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    qtbot.addWidget(dialog)
    dialog.show()
    model = dialog.findChild(QFileSystemModel)
    assert model is not None
    qtbot.waitUntil(lambda: model.rowCount(model.index(str(folder))) == 2)
    QApplication.processEvents()
    return dialog


def dialog_texts(dialog: QFileDialog) -> dict[str, str]:
    """Every text the dialog shows or tells on hovering, by where it is."""
    found = {}
    for widget in dialog.findChildren(QWidget):
        name = widget.objectName() or type(widget).__name__
        if isinstance(widget, QLabel | QAbstractButton):
            found[f"{name} text"] = widget.text()
        found[f"{name} tip"] = widget.toolTip()
    tree = dialog.findChild(QTreeView, "treeView")
    assert tree is not None
    header = tree.model()
    for column in range(header.columnCount()):
        found[f"column {column}"] = header.headerData(column, Qt.Orientation.Horizontal)
    places = dialog.findChild(QListView, "sidebar")
    assert places is not None
    found["first place"] = places.model().index(0, 0).data()
    return found


@pytest.fixture
def files(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "game.json").write_text("{}", encoding="utf-8")
    (folder / "a game with a rather long name.json").write_text("{}", encoding="utf-8")
    return folder


def test_in_italian_no_text_of_the_file_dialog_is_english(
    qtbot: QtBot, qapp: QApplication, files: Path
) -> None:
    english = dialog_texts(shown_dialog(qtbot, files))
    translations.use("it")
    try:
        italian = dialog_texts(shown_dialog(qtbot, files))
    finally:
        translations.use("en")
    same = {
        where: text
        for where, text in italian.items()
        if text == english.get(where) and text.replace("&", "") not in SAME_IN_BOTH
    }
    assert same == {}
    assert italian["lookInLabel text"] == "&Cerca in:"
    assert italian["fileTypeLabel text"] == "File di &tipo:"


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_file_dialog_cuts_no_header_and_no_entry(
    qtbot: QtBot, qapp: QApplication, files: Path, language: str
) -> None:
    translations.use(language)
    try:
        dialog = shown_dialog(qtbot, files)
        tree = dialog.findChild(QTreeView, "treeView")
        places = dialog.findChild(QListView, "sidebar")
        assert tree is not None and places is not None
        header = tree.header()
        for column in range(1, header.count()):  # size, type, date modified
            needed = max(header.sectionSizeHint(column), tree.sizeHintForColumn(column))
            assert header.sectionSize(column) >= needed, header.model().headerData(
                column, Qt.Orientation.Horizontal
            )
        assert places.viewport().width() >= places.sizeHintForColumn(0)
        shown = sum(header.sectionSize(c) for c in range(header.count()))
        assert shown <= tree.viewport().width()  # every column in sight, no scrolling
    finally:
        translations.use("en")


def test_the_save_dialog_suggests_the_file_name_in_its_folder(
    qtbot: QtBot, qapp: QApplication, files: Path
) -> None:
    dialog = shown_dialog(qtbot, files)
    assert Path(dialog.directory().absolutePath()) == files
    assert dialog.selectedFiles() == [str(files / "game.json")]
    assert dialog.acceptMode() is QFileDialog.AcceptMode.AcceptSave


@pytest.fixture(autouse=True)
def _no_dialog_left(qapp: QApplication) -> Iterator[None]:
    yield
    for widget in qapp.topLevelWidgets():
        if isinstance(widget, QFileDialog):
            widget.close()


@pytest.mark.parametrize("language", ["it", "en"])
def test_sizes_and_dates_are_written_in_the_windows_language(
    qtbot: QtBot, qapp: QApplication, files: Path, language: str
) -> None:
    """A file's size and date as the game's language writes them, not the system's ("869
    bytes" and "1 12 2026 23:04" in the Italian dialog on a system in English)."""
    translations.use(language)
    try:
        dialog = shown_dialog(qtbot, files)
        tree = dialog.findChild(QTreeView, "treeView")
        model = dialog.findChild(QFileSystemModel)
        assert tree is not None and model is not None
        shown = tree.model()
        root = tree.rootIndex()
        rows = {shown.index(r, 0, root).data(): r for r in range(shown.rowCount(root))}
        row = rows["game.json"]
        locale = QLocale(QLocale.Language.Italian if language == "it" else QLocale.Language.English)
        size = shown.index(row, 1, root).data()
        date = shown.index(row, 3, root).data()
        written = model.lastModified(model.index(str(files / "game.json")))
        assert size == locale.formattedDataSize(2)
        assert date == locale.toString(written, QLocale.FormatType.ShortFormat)
    finally:
        translations.use("en")


#: The window in a process of its own (Qt reads where its settings go once per process): the
#: player opens a file with Qt's own dialog and closes it.
USE_THE_CHOOSER = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication, QFileDialog
from shiboken6 import delete
from peppa_qt.storage import paths
paths.set_base_dir(Path(sys.argv[1]))
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.gui.dialogs.file_chooser import file_dialog
app = QApplication([])
window = MainWindow(speed="off")
window.show()
dialog = file_dialog(window, "Open", Path(sys.argv[1]), "Games (*.peppa)", saving=False)
dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
dialog.show()
app.processEvents()
dialog.reject()
delete(dialog)  # Qt's dialog writes its state (last folder, sizes) as it goes
window.close()
"""


def test_qts_file_dialog_keeps_its_state_in_the_profile_not_in_the_home(tmp_path: Path) -> None:
    """Qt's dialog wrote ~/.config/QtProject.conf, outside the profile folder (a test, or a
    --profile-dir on a stick, left a file in the player's home)."""
    home, profile = tmp_path / "home", tmp_path / "profile"
    home.mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "QT_QPA_PLATFORM": "offscreen",
    }
    done = subprocess.run(
        [sys.executable, "-c", USE_THE_CHOOSER, str(profile)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(home.rglob("*.conf")) == []
    assert (profile / "config" / "QtProject.conf").is_file()  # it was written: in the profile
