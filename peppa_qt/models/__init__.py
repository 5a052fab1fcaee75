"""Qt item models the window shows: the score sheet, the tricks of the hand, the statistics."""

from .score_sheet import ScoreSheetModel
from .statistics import StatisticsModel
from .tricks import TrickListModel

__all__ = ["ScoreSheetModel", "StatisticsModel", "TrickListModel"]
