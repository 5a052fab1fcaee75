"""The file chooser for opening and saving: Qt's dialog, in the window's language, nothing cut.

Where the system gives no dialog of its own (Linux without a platform theme), Qt shows its
widget dialog. Two of its labels as Qt 6 asks for them ("&Look in:", "Files of &type:") are
missing from the Italian catalogue PySide6 ships (qtbase_it has them without the "&"), so they
showed in English: our catalogue carries them, in Qt's context, and the application's
translators answer for Qt's widgets too. Its columns are sized for English ("Dimensione" was
cut to "Dimensior"): they are fitted to their headers and contents as each folder loads. Qt
writes a file's size and date as the system's locale does ("869 bytes" in the Italian dialog
on a system in English): they are written again as the window's language writes them.

Qt's widget dialog keeps its state (the last folder, its sizes and view) in Qt's own settings,
``QtProject.conf`` in the user's configuration folder: outside the profile, so a test or a
``--profile-dir`` left a file in the player's home. ``keep_qt_settings_in`` puts it in the
profile's folder.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import (
    QIdentityProxyModel,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSettings,
    Qt,
)
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

from ..texts import QT_TRANSLATE_NOOP

#: The name column has room for this many wide letters before the dialog stops widening.
NAME_WIDTH = 20
_MARGIN = QStyle.PixelMetric.PM_LayoutLeftMargin

#: The columns of Qt's file list whose texts the locale writes.
_SIZE, _DATE = 1, 3

#: Qt's own texts that qtbase_it.qm lacks, collected into our catalogue by lupdate.
QT_TEXTS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)


def keep_qt_settings_in(folder: Path) -> None:
    """Qt's own settings (its file dialog's state) in ``folder`` from now on, for the whole
    process: the profile's configuration folder, not ~/.config."""
    for kind in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, str(folder))


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
    _write_in_language(dialog)
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


class _InLanguage(QIdentityProxyModel):
    """Qt's file list with sizes and dates as the window's language writes them (the
    default locale, which the language sets), not as the system's does."""

    def __init__(self, files: QFileSystemModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._files = files

    def data(
        self,
        index: QModelIndex | QPersistentModelIndex,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> object:
        """The source's data; a file's size and date written in the window's language."""
        column = index.column()
        if role != Qt.ItemDataRole.DisplayRole or column not in (_SIZE, _DATE):
            return super().data(index, role)
        source = self.mapToSource(index)
        if column == _DATE:
            written = self._files.lastModified(source)
            return QLocale().toString(written, QLocale.FormatType.ShortFormat)
        if self._files.isDir(source):
            return super().data(index, role)  # a folder's size: Qt leaves it empty
        return QLocale().formattedDataSize(self._files.size(source))


def _write_in_language(dialog: QFileDialog) -> None:
    """Qt's own dialog writes sizes and dates in the window's language."""
    files = dialog.findChild(QFileSystemModel)
    if files is not None:  # the system's own dialog: the system writes them
        dialog.setProxyModel(_InLanguage(files, dialog))


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
