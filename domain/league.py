"""A league: a named competition of one ruleset, with its points scheme and tie-breakers.

Its entrants are coaches, the people at the table: in the card game every match is Nankatsu
against Toho, and in King of the Pitch the colours are chosen afresh each game, so only the
coach is the same competitor from one match to the next.

The league is an aggregate of its own so that its settings are facts in the log like
everything else; its id derives from its name, which makes names unique in a store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from domain.registry import find_ruleset

# Two-sided games (the card game): points for a win, a draw and a loss.
DEFAULT_POINTS = (3, 1, 0)
# King of the Pitch: points for 1st, 2nd, 3rd, 4th and 5th place in a game of 2 to 5 teams.
DEFAULT_PLACING_POINTS = (10, 6, 4, 2, 1)

TIEBREAKERS = ("points", "goal-difference", "head-to-head", "goals-for", "wins")
DEFAULT_TIEBREAK = ("points", "goal-difference", "head-to-head", "goals-for", "wins")
# A placing game (its ruleset's `league_ranking`) has no goals against and no single
# opponent: head-to-head and goal difference mean nothing there; "goals-for" counts what the
# game scores instead, the crowns a coach placed in King of the Pitch.
PLACING_TIEBREAKERS = ("points", "wins", "goals-for")
DEFAULT_PLACING_TIEBREAK = ("points", "wins", "goals-for")


class LeagueSettingsError(ValueError):
    """League settings that cannot work; the message says which and why."""


@dataclass(frozen=True)
class LeagueRules:
    """How a league ranks: points per result (or per placing), the tie-breakers in order, and
    whether results the coaches have not all confirmed count (disputed ones count like them)."""

    ruleset: str
    points: tuple[int, ...]
    tiebreak: tuple[str, ...]
    count_unconfirmed: bool = True

    @property
    def by_placing(self) -> bool:
        return find_ruleset(self.ruleset).league_ranking.by_placing

    def placing_points(self, place: int) -> int:
        """Points for finishing `place` (1-based); places past the table score nothing."""
        return self.points[place - 1] if 0 < place <= len(self.points) else 0


def league_id(name: str) -> UUID:
    """The id of the league called `name`, however it is capitalised or spaced."""
    return uuid5(NAMESPACE_URL, "touchline:league:" + " ".join(name.split()).casefold())


def make_rules(
    ruleset: str, points: Sequence[int] | None = None, tiebreak: Sequence[str] | None = None
) -> LeagueRules:
    """Check league settings and fill in the defaults for the ruleset."""
    placing = find_ruleset(ruleset).league_ranking.by_placing
    chosen_points = tuple(
        points if points is not None else DEFAULT_PLACING_POINTS if placing else DEFAULT_POINTS
    )
    if not placing and len(chosen_points) != 3:
        raise LeagueSettingsError("points are win/draw/loss, three numbers such as 3/1/0")
    if placing and not 1 <= len(chosen_points) <= 5:
        raise LeagueSettingsError("points are given per placing, 1st to 5th, such as 10/6/4/2/1")
    if any(p < 0 for p in chosen_points):
        raise LeagueSettingsError("points cannot be negative")
    allowed = PLACING_TIEBREAKERS if placing else TIEBREAKERS
    default = DEFAULT_PLACING_TIEBREAK if placing else DEFAULT_TIEBREAK
    order = tuple(tiebreak) if tiebreak is not None else default
    unknown = [name for name in order if name not in allowed]
    if unknown:
        raise LeagueSettingsError(
            f"unknown tie-breaker(s) for {ruleset}: {', '.join(unknown)} "
            f"(known: {', '.join(allowed)})"
        )
    if len(set(order)) != len(order) or not order:
        raise LeagueSettingsError("list each tie-breaker once, at least one")
    return LeagueRules(ruleset, chosen_points, order)


def _unlinked(state: dict[str, Any]) -> None:
    """A league created before access links: nobody's link created it (None, as the owner's
    lines before links recorded)."""
    state["link"] = None


class League(Aggregate):
    @staticmethod
    def create_id(name: str, **_: object) -> UUID:
        return league_id(name)

    class Created(Aggregate.Created):
        # 2: the access link it was created through ("owner" at the command line).
        class_version: ClassVar[int] = 2
        name: str
        ruleset: str
        points: list[int]
        tiebreak: list[str]
        created_by: str
        created_at: str
        link: str | None

        upcast_v1_v2 = staticmethod(_unlinked)

    @event(Created)
    def __init__(
        self,
        name: str,
        ruleset: str,
        points: list[int],
        tiebreak: list[str],
        created_by: str,
        created_at: str,
        link: str | None = None,
    ) -> None:
        self.name = name
        self.ruleset = ruleset
        self.points = points
        self.tiebreak = tiebreak
        self.created_by = created_by
        self.created_at = created_at
        self.link = link

    # Whether results the coaches have not all confirmed count in the table. Leagues stored
    # before the setting existed counted every result, and so does a new league until its
    # settings change.
    count_unconfirmed: bool = True

    @property
    def rules(self) -> LeagueRules:
        return LeagueRules(
            self.ruleset, tuple(self.points), tuple(self.tiebreak), self.count_unconfirmed
        )

    def change_settings(
        self, rules: LeagueRules, count_unconfirmed: bool, by: str, at: str, link: str | None
    ) -> None:
        """New points, tie-breakers or counting of unconfirmed results, checked beforehand
        (`make_rules`); the table follows at once, the change stays in the league's history."""
        self._settings_changed(
            points=list(rules.points),
            tiebreak=list(rules.tiebreak),
            count_unconfirmed=count_unconfirmed,
            by=by,
            at=at,
            link=link,
        )

    class SettingsChanged(Aggregate.Event):
        class_version: ClassVar[int] = 1
        points: list[int]
        tiebreak: list[str]
        count_unconfirmed: bool
        by: str
        at: str
        link: str | None  # the link it was changed through; None for the installation's owner

    @event(SettingsChanged)
    def _settings_changed(
        self,
        points: list[int],
        tiebreak: list[str],
        count_unconfirmed: bool,
        by: str,
        at: str,
        link: str | None,
    ) -> None:
        self.points = points
        self.tiebreak = tiebreak
        self.count_unconfirmed = count_unconfirmed
