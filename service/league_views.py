"""What the league use cases answer (service/leagues.py): a league, its table, its matches
and its open disputes, as frozen values.

Their own module, imported by the use cases that make them: an application that serves a
match alone, such as a command at the table, never makes these classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.league import League


@dataclass(frozen=True)
class LeagueView:
    name: str
    ruleset: str
    points: tuple[int, ...]
    tiebreak: tuple[str, ...]
    created_by: str
    created_at: str
    # Whether results no coach has confirmed yet count in the table.
    count_unconfirmed: bool = True

    @classmethod
    def of(cls, league: League) -> LeagueView:
        return cls(
            league.name,
            league.ruleset,
            tuple(league.points),
            tuple(league.tiebreak),
            league.created_by,
            league.created_at,
            league.count_unconfirmed,
        )


@dataclass(frozen=True)
class LeagueSummary:
    name: str
    ruleset: str
    points: tuple[int, ...]
    tiebreak: tuple[str, ...]
    matches: int
    finished: int
    count_unconfirmed: bool


@dataclass(frozen=True)
class StandingRow:
    """One place in a league's table, and the tie-breaker that decided it.

    `played` counts the results the table counts; `confirmed`, `unconfirmed` and `disputed`
    count the competitor's finished matches by where their result stands with the coaches,
    counted or not (see docs/leagues.md).
    """

    place: int
    competitor: str
    played: int
    won: int
    drawn: int
    lost: int
    goals_for: int
    goals_against: int
    difference: int
    points: int
    decided_by: str
    confirmed: int
    unconfirmed: int
    disputed: int


@dataclass(frozen=True)
class LeagueMatch:
    """A league's match as its page lists it, with where its result stands: `in-play`,
    `unconfirmed` (awaiting the coaches in `awaiting`), `confirmed` or `disputed`."""

    match_id: str
    title: str
    status: str
    score: str
    started_at: str
    result_status: str
    awaiting: tuple[str, ...]
    open_disputes: int
    imported: bool = False


@dataclass(frozen=True)
class OpenDispute:
    """A dispute no referee has ruled on yet, in one of a league's matches: line `dispute` of
    the match's log, on entry `entry` (None: the match's result)."""

    match_id: str
    title: str
    dispute: int
    entry: int | None
    reason: str
    by: str
    at: str
