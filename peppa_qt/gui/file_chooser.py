"""The file chooser for opening and saving: Qt's dialog, in the window's language, nothing cut.

Where the system gives no dialog of its own (Linux without a platform theme), Qt shows its
widget dialog. Two of its labels as Qt 6 asks for them ("&Look in:", "Files of &type:") are
missing from the Italian catalogue PySide6 ships (qtbase_it has them without the "&"), so they
showed in English: our catalogue carries them, in Qt's context, and the application's
translators answer for Qt's widgets too. Its columns are sized for English ("Dimensione" was
cut to "Dimensior"): they are fitted to their headers and contents as each folder loads.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFileSystemModel,
    QHeaderView,
    QListView,
    QSplitter,
    QStyle,
    QTreeView,
    QWidget,
)

from .texts import QT_TRANSLATE_NOOP

#: The name column has room for this many wide letters before the dialog stops widening.
NAME_WIDTH = 20
_MARGIN = QStyle.PixelMetric.PM_LayoutLeftMargin

#: Qt's own texts that qtbase_it.qm lacks, collected into our catalogue by lupdate.
QT_TEXTS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)


def file_dialog(
    parent: QWidget | None, title: str, start: Path, filters: str, *, saving: bool
) -> QFileDialog:
    """The dialog, ready to show: in ``start`` (a folder, or a file to suggest when saving)."""
    folder = start if not saving or start.is_dir() else start.parent
    dialog = QFileDialog(parent, title, str(folder), filters)
    if saving:
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        if folder != start:
            dialog.selectFile(start.name)
    else:
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    _fit_columns(dialog)
    return dialog


def choose_path(
    parent: QWidget | None, title: str, start: Path, filters: str, *, saving: bool
) -> Path | None:
    """The file the player chose, or None."""
    dialog = file_dialog(parent, title, start, filters, saving=saving)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    chosen = dialog.selectedFiles()
    return Path(chosen[0]) if chosen and chosen[0] else None


def _fit_columns(dialog: QFileDialog) -> None:
    """Size, type and date as wide as their header and the folder's entries need, the name
    in the rest; the places on the left as wide as theirs; the dialog wider if need be."""
    tree = dialog.findChild(QTreeView, "treeView")
    model = dialog.findChild(QFileSystemModel)
    if tree is None or model is None:
        return  # the system's own dialog: it lays itself out
    tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    places = _fit_places(dialog)

    def fit() -> None:
        for column in range(1, model.columnCount()):
            tree.resizeColumnToContents(column)
        _widen(dialog, tree, places)

    fit()
    model.directoryLoaded.connect(fit)


def _widen(dialog: QFileDialog, tree: QTreeView, places: int) -> None:
    """As wide as the places, a name and the other columns need (never narrower, and not
    wider than nine tenths of the screen)."""
    header = tree.header()
    name = tree.fontMetrics().horizontalAdvance("M" * NAME_WIDTH)
    columns = sum(header.sectionSize(c) for c in range(1, header.count()))
    wanted = places + name + columns + 4 * dialog.style().pixelMetric(_MARGIN)
    screen = dialog.screen().availableGeometry()
    width = max(dialog.width(), dialog.sizeHint().width(), min(wanted, screen.width() * 9 // 10))
    if width <= dialog.width():
        return
    grown = width - dialog.width()
    dialog.resize(width, dialog.height())
    if dialog.isVisible():  # grown on both sides, as it was centred
        dialog.move(max(screen.left(), dialog.x() - grown // 2), dialog.y())


def _fit_places(dialog: QFileDialog) -> int:
    """Widen the list of places ("Computer", the home folder) to its entries; its width."""
    places = dialog.findChild(QListView, "sidebar")
    splitter = dialog.findChild(QSplitter, "splitter")
    if places is None or splitter is None or splitter.count() != 2:  # noqa: PLR2004  (Qt's two panes)
        return 0
    width = places.sizeHintForColumn(0) + 2 * places.frameWidth() + places.spacing() * 2 + 8
    sizes = splitter.sizes()
    if sizes[0] < width:
        splitter.setSizes([width, max(sizes[1] - (width - sizes[0]), 0)])
    return max(width, sizes[0])
