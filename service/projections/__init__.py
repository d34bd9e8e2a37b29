"""Read models that follow the event store: match summaries, statistics, dice, standings.

Each view keeps its own tables and its own tracking position, written in the same
transaction as its rows (see docs/projections.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from eventsourcing.application import Application

# The views are imported when first used, not with the package: importing one module of it
# (the fold, the fairness test) does not load every read model.
if TYPE_CHECKING:
    from service.projections.projector import Projector, ViewStatus
    from service.projections.views import View


def all_views() -> list[View]:
    from service.projections.dice import DiceRolls
    from service.projections.standings import Standings
    from service.projections.statistics import Statistics
    from service.projections.summaries import MatchSummaries

    return [MatchSummaries(), Statistics(), DiceRolls(), Standings()]


def projector_for(app: Application[Any], batch_size: int | None = None) -> Projector:
    from service.projections.projector import Projector

    if batch_size is None:
        return Projector(app, all_views())
    return Projector(app, all_views(), batch_size)


def __getattr__(name: str) -> Any:
    if name in ("Projector", "ViewStatus"):
        from service.projections import projector

        return getattr(projector, name)
    if name == "View":
        from service.projections.views import View

        return View
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Projector", "View", "ViewStatus", "all_views", "projector_for"]
