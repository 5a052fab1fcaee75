"""Host a game: the New game choices, seats open to players on other devices, and the port.

Each seat's row offers, besides a human at this computer and the computer levels, "Player on
another device": that seat is open to a friend joining from their own Peppa (or, later, a
phone). At least one seat must be open (else it is a New game). The table listens on a port
(a fixed one by default, so that an address typed once works again) and may announce itself
on the local network, so that Join a game finds it by itself.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QLayout,
    QSpinBox,
    QWidget,
)

from ...controller import GameSetup
from ...controller.setup import ELSEWHERE
from .. import texts
from .new_game import HUMAN, NewGameDialog

#: The port a table listens on unless the host chooses another.
DEFAULT_PORT = 47474


class HostGameDialog(NewGameDialog):
    """Choose a game to host; ``ask_host()`` returns it, the port and whether to announce it."""

    def __init__(self, levels: list[str], previous: GameSetup, parent: QWidget | None) -> None:
        super().__init__(levels, previous, parent)
        self.setWindowTitle(self.tr("Host a game"))
        self._start.setText(self.tr("Host"))
        box = self.layout()
        assert isinstance(box, QLayout)
        group = QGroupBox(self.tr("Network"))
        form = QFormLayout(group)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        form.addRow(self.tr("Port"), self.port)
        self.announce = QCheckBox(self.tr("Let computers on this network find the table"))
        self.announce.setChecked(True)
        form.addRow(self.announce)
        box.insertWidget(box.count() - 1, group)  # type: ignore[attr-defined]
        if ELSEWHERE not in [spec.level for spec in previous.seats]:
            self.kinds[1].setCurrentIndex(self.kinds[1].findData(ELSEWHERE))
        self._check_players()

    @classmethod
    def ask_host(
        cls, parent: QWidget | None, levels: list[str], previous: GameSetup
    ) -> tuple[GameSetup, int, bool] | None:
        """Show the dialog: the game, the port and whether to announce it (None: cancelled).
        Tests replace this method."""
        dialog = cls(levels, previous, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.setup(), dialog.port.value(), dialog.announce.isChecked()

    def _players_text(self, seats: int) -> str:
        # Here too: a plural form is not looked up under the dialog this one is made from.
        return self.tr("%n player(s)", "", seats)

    def _players_group(self) -> QGroupBox:
        group = super()._players_group()
        for kind in self.kinds:
            kind.insertItem(1, self.tr("Player on another device"), ELSEWHERE)
        return group

    def _names_now(self) -> list[str]:
        """As a New game's, but nobody is "You" at a table others join: they would read
        "You" ("Tu") for the host."""
        names = super()._names_now()
        return [
            self.tr("Player {n}").format(n=seat + 1) if name == texts.DEFAULT_HUMAN else name
            for seat, name in enumerate(names)
        ]

    def _default_name(self, seat: int) -> str:
        if self.kinds[seat].currentData() in (ELSEWHERE, HUMAN):  # nobody is "You" here
            return self.tr("Player {n}").format(n=seat + 1)
        return super()._default_name(seat)

    def _check_players(self) -> None:
        """As a New game's, and at least one seat open to another device (a human's seat:
        it counts for "at least one human")."""
        if not hasattr(self, "port"):  # (called while the base dialog is being built)
            super()._check_players()
            return
        you = {texts.player_name(texts.DEFAULT_HUMAN), texts.DEFAULT_HUMAN}
        for seat, kind in enumerate(self.kinds):  # an open seat takes its joiner's name
            elsewhere = kind.currentData() == ELSEWHERE
            field = self.names[seat]
            if field.text() and (elsewhere or field.text().strip() in you):
                field.clear()  # (the grey default shows instead: "Player 1")
            field.setEnabled(not elsewhere)
        super()._check_players()
        kinds = [self.kinds[s].currentData() for s in range(self.seats())]
        problem = self.problem.text()
        if ELSEWHERE not in kinds:
            problem = self.tr("Open at least one seat to a player on another device.")
        elif problem == self.tr("At least one seat must be a human's."):
            problem = ""
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        self._start.setEnabled(not problem)
