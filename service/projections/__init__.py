"""Read models that follow the event store: match summaries, statistics, dice, standings.

Each view keeps its own tables and its own tracking position, written in the same
transaction as its rows (see docs/projections.md).
"""

from __future__ import annotations

from typing import Any

from eventsourcing.application import Application

from service.projections.dice import DiceRolls
from service.projections.projector import Projector, ViewStatus
from service.projections.standings import Standings
from service.projections.statistics import Statistics
from service.projections.summaries import MatchSummaries
from service.projections.views import View


def all_views() -> list[View]:
    return [MatchSummaries(), Statistics(), DiceRolls(), Standings()]


def projector_for(app: Application[Any], batch_size: int | None = None) -> Projector:
    if batch_size is None:
        return Projector(app, all_views())
    return Projector(app, all_views(), batch_size)


__all__ = ["Projector", "View", "ViewStatus", "all_views", "projector_for"]
