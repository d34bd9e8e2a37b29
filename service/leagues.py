"""League use cases: create a league, find it by name, check a match may join it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.league import League, LeagueSettingsError, league_id, make_rules
from domain.match import Author
from domain.registry import UnknownRuleset, find_ruleset
from domain.text import NAME_LIMIT, BadText, checked_text
from service.errors import BadInput, TouchlineError

if TYPE_CHECKING:
    from service.app import Touchline


class LeagueNotFound(TouchlineError):
    pass


class LeagueExists(TouchlineError):
    pass


@dataclass(frozen=True)
class LeagueView:
    name: str
    ruleset: str
    points: tuple[int, ...]
    tiebreak: tuple[str, ...]
    created_by: str
    created_at: str

    @classmethod
    def of(cls, league: League) -> LeagueView:
        return cls(
            league.name,
            league.ruleset,
            tuple(league.points),
            tuple(league.tiebreak),
            league.created_by,
            league.created_at,
        )


def create_league(
    app: Touchline,
    name: str,
    ruleset: str,
    author: Author,
    points: Sequence[int] | None = None,
    tiebreak: Sequence[str] | None = None,
) -> LeagueView:
    try:
        # Checked before its white space is folded, or a tab or line break would pass.
        name = checked_text(name, "the league's name", NAME_LIMIT)
        author = author.checked()
    except BadText as error:
        raise BadInput("a league needs a name" if not name.strip() else str(error)) from None
    name = " ".join(name.split())
    try:
        find_ruleset(ruleset)
        rules = make_rules(ruleset, points, tiebreak)
    except (UnknownRuleset, LeagueSettingsError) as error:
        raise BadInput(str(error)) from None
    league = League(name, ruleset, list(rules.points), list(rules.tiebreak), author.by, author.at)
    try:
        with app._storage():
            app.save(league)
    except IntegrityError:
        # The id derives from the name: a second league of the same name clashes on save.
        raise LeagueExists(f"a league called {name!r} already exists") from None
    return LeagueView.of(league)


def find_league(app: Touchline, name: str) -> LeagueView:
    try:
        with app._storage():
            found: object = app.repository.get(league_id(name))
    except AggregateNotFoundError:
        raise LeagueNotFound(
            f"no league called {name!r} (create it with: touchline league new)"
        ) from None
    if not isinstance(found, League):
        raise LeagueNotFound(f"no league called {name!r}")
    return LeagueView.of(found)


def check_league_for(app: Touchline, name: str | None, ruleset: str) -> str | None:
    """The league's own spelling of its name, if a match of `ruleset` may join it."""
    if name is None:
        return None
    league = find_league(app, name)
    if league.ruleset != ruleset:
        raise BadInput(f"league {league.name!r} is for {league.ruleset} matches, not {ruleset}")
    return league.name
