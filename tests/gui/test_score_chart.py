"""The score chart: every seat's line can be seen, tied ones too."""

from __future__ import annotations

import itertools
import math
from itertools import combinations

import pytest
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage
from pytestqt.qtbot import QtBot

from peppa_qt.gui.panels.score_chart import FOUR_SPREAD, SEAT_COLOURS, ScoreChart


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


@pytest.mark.parametrize("seats", [6, 8])
def test_six_or_eight_lines_start_together_at_0_and_a_lone_0_lies_on_its_line(
    qtbot: QtBot, seats: int
) -> None:
    """Each line was drawn a little apart from the others all along: at eight they started
    some 17 pixels apart at hand 0, and the lowest lay 8 pixels under the 0 it stood for."""
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.resize(460, 260)
    # The last seat takes nothing all game; the others' totals all differ.
    progress = [tuple(float(s * (h + 1)) for s in range(seats - 1, -1, -1)) for h in range(3)]
    chart.set_data([f"P{s}" for s in range(seats)], progress, None)
    starts = {(p.x(), p.y()) for p in (chart.line_points(s)[0] for s in range(seats))}
    assert len(starts) == 1
    zero = chart.line_points(seats - 1)
    assert {p.y() for p in zero} == {next(iter(starts))[1]}  # on the 0 line, hand after hand
    assert _colours_drawn(chart) == set(range(seats))


def test_eight_tied_lines_are_spread_no_wider_than_four(qtbot: QtBot) -> None:
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.resize(460, 260)
    chart.set_data([f"P{s}" for s in range(8)], [(0.0,) * 8, (4.0,) * 8], None)
    for hand in (1, 2):
        ys = sorted(chart.line_points(s)[hand].y() for s in range(8))
        middle = (ys[0] + ys[-1]) / 2
        assert len(set(ys)) == 8  # side by side, each line seen
        assert ys[-1] - middle <= FOUR_SPREAD + 1e-9


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_the_hands_numbers_lie_clear_of_the_marks_and_the_legend(qtbot: QtBot, seats: int) -> None:
    """After one hand the players who took nothing have their marks at 0 right over the "1"
    under the column: it was half hidden under them."""
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.resize(460, 260)
    first = tuple(0.0 if s % 2 else float(3 * s + 2) for s in range(seats))
    for progress in ([first], [first, tuple(v + 1 for v in first)]):
        chart.set_data([f"P{s}" for s in range(seats)], progress, None)
        numbers = chart.number_rects()
        assert len(numbers) == len(progress)
        marks = [rect for seat in range(seats) for rect in chart.mark_rects(seat)]
        assert not [(n, m) for n in numbers for m in marks if n.intersects(m)]
        legend = chart.legend_rect()
        assert all(n.bottom() <= legend.top() for n in numbers)
        assert legend.bottom() <= chart.height()


def test_the_eight_seats_colours_are_told_apart() -> None:
    """Seat 1's gold and seat 6's orange looked one colour in the chart and the panels."""

    def lab(colour: QColor) -> tuple[float, float, float]:
        def linear(c: float) -> float:
            return ((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92

        r, g, b = (linear(c) for c in (colour.redF(), colour.greenF(), colour.blueF()))
        x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

        def f(t: float) -> float:
            return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

        return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))

    points = [lab(c) for c in SEAT_COLOURS]
    closest = min(math.dist(a, b) for a, b in combinations(points, 2))
    assert closest >= 30, closest  # CIE Lab distance; the gold and orange were 26 apart


def test_the_highest_line_has_a_figure_written_above_it(qtbot: QtBot) -> None:
    """A total of 39 rose above the grid's last figure, 30, with nothing written beside it."""
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.resize(460, 260)
    chart.set_data([f"P{s}" for s in range(8)], [(0, 0, 0, 0, 3, 20, 24, 39)], None)
    top = min(p.y() for s in range(8) for p in chart.line_points(s))
    written = chart.grid_values()
    assert max(written) >= 39
    assert chart.value_y(max(written)) <= top


def _number_boxes(chart: ScoreChart) -> list[tuple[float, float]]:
    """Where each number written under the chart lies, left to right (its text's width)."""
    font = QFont(chart.font())
    font.setPixelSize(11)
    metrics = QFontMetricsF(font)
    numbers = chart.column_numbers()
    boxes = []
    for rect, column in zip(chart.number_rects(), chart.numbered_columns(), strict=True):
        width = metrics.horizontalAdvance(str(numbers[column - 1]))
        boxes.append((rect.center().x() - width / 2, rect.center().x() + width / 2))
    return boxes


@pytest.mark.parametrize("hands", [9, 60, 600, 4000])
def test_a_long_games_numbers_and_marks_stand_apart_and_a_short_ones_are_all_there(
    qtbot: QtBot, hands: int
) -> None:
    """At hand 4,000 a number was written under every hand and four marks drawn on it:
    numbers over numbers, a smear of marks (and 0.8 s to draw it)."""
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.resize(460, 220)
    progress = [(7.0 * h, 5.0 * h, 3.0 * h, 1.0 * h) for h in range(1, hands + 1)]
    chart.set_data(["A", "B", "C", "D"], progress, None)
    boxes = _number_boxes(chart)
    assert all(left[1] < right[0] for left, right in itertools.pairwise(boxes))
    for seat in range(4):
        marks = chart.mark_rects(seat)
        assert not [(a, b) for a, b in itertools.pairwise(marks) if a.intersects(b)]
        assert len(chart.line_points(seat)) == hands + 1  # the line goes through every hand
    if hands == 9:  # room for all: each hand numbered and marked, as ever
        assert chart.numbered_columns() == chart.marked_columns() == list(range(1, 10))
    else:  # fewer, evenly: every 2nd, 5th, 10th...
        columns = chart.numbered_columns()
        assert len(columns) >= 4 and columns == list(range(columns[0], hands + 1, columns[0]))
    assert len(_colours_drawn(chart)) == 4
