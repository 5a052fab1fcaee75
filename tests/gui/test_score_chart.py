"""The score chart: every seat's line can be seen, tied ones too."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from peppa_qt.gui.score_chart import SEAT_COLOURS, ScoreChart


def _colours_drawn(chart: ScoreChart) -> set[int]:
    image = QImage(chart.size(), QImage.Format.Format_ARGB32)
    image.fill(QColor("black"))
    chart.render(image)
    found = set()
    for seat, colour in enumerate(SEAT_COLOURS):
        target = colour.rgb() & 0xFFFFFF
        legend_top = chart.height() - 30  # the legend's samples are not the lines
        if any(
            image.pixel(x, y) & 0xFFFFFF == target
            for x in range(0, image.width(), 1)
            for y in range(0, legend_top, 1)
        ):
            found.add(seat)
    return found


def test_tied_players_lines_are_both_seen(qtbot: QtBot) -> None:
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.resize(420, 260)
    progress = ((5, 5, 10, 6), (9, 9, 14, 13), (20, 20, 15, 21))  # South and East tied
    chart.set_data(("Anna", "Bruno", "Carla", "Dario"), progress, None)
    assert _colours_drawn(chart) == {0, 1, 2, 3}
