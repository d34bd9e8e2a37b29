"""League use cases: create a league, find it by name, list the leagues, read a table, its
matches and the disputes open in them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.match import Author
from domain.phrase import phrase
from domain.registry import UnknownRuleset, find_ruleset
from domain.statuses import status_word
from domain.text import NAME_LIMIT, BadText, checked_text
from service.boundary import said
from service.errors import BadInput, LeagueExists, LeagueNotFound
from service.store import StoreApplication
from service.views import stored_title

# The league aggregate is imported by the use cases that read or write one: a command about
# a match alone never loads it (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from domain.league import League
    from service.league_views import LeagueMatch as LeagueMatch
    from service.league_views import LeagueSummary as LeagueSummary
    from service.league_views import LeagueView as LeagueView
    from service.league_views import OpenDispute as OpenDispute
    from service.league_views import StandingRow as StandingRow

# The answers' values are in service/league_views.py, imported by the use cases that make
# them; they are still found here by the name they always had.
_VALUES = ("LeagueMatch", "LeagueSummary", "LeagueView", "OpenDispute", "StandingRow")


def __getattr__(name: str) -> object:
    if name in _VALUES:
        from service import league_views

        return getattr(league_views, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class LeagueUseCases(StoreApplication):
    def create_league(
        self,
        name: str,
        ruleset: str,
        author: Author,
        points: Sequence[int] | None = None,
        tiebreak: Sequence[str] | None = None,
    ) -> LeagueView:
        try:
            # Checked before its white space is folded, or a tab or line break would pass.
            name = checked_text(name, phrase("the league's name"), NAME_LIMIT)
            author = author.checked()
        except BadText as error:
            raise BadInput(
                phrase("a league needs a name") if not name.strip() else said(error)
            ) from None
        name = " ".join(name.split())
        from domain.league import League, LeagueSettingsError, make_rules
        from service.league_views import LeagueView

        try:
            find_ruleset(ruleset)
            rules = make_rules(ruleset, points, tiebreak)
        except (UnknownRuleset, LeagueSettingsError) as error:
            raise BadInput(said(error)) from None
        league = League(
            name,
            ruleset,
            list(rules.points),
            list(rules.tiebreak),
            author.by,
            author.at,
            author.link,
        )
        try:
            with self._storage():
                self.save(league)
        except IntegrityError:
            # The id derives from the name: a second league of the same name clashes on save.
            raise LeagueExists(f"a league called {name!r} already exists") from None
        return LeagueView.of(league)

    def change_league_settings(
        self,
        name: str,
        author: Author,
        points: Sequence[int] | None = None,
        tiebreak: Sequence[str] | None = None,
        count_unconfirmed: bool | None = None,
    ) -> LeagueView:
        """New points, tie-breakers or counting of unconfirmed results; what is not given
        stays as it is. The table follows at once; the change stays in the league's log."""
        from domain.league import LeagueSettingsError, make_rules
        from service.league_views import LeagueView

        league = self._league(name)
        try:
            author = author.checked()
            rules = make_rules(
                league.ruleset,
                points if points is not None else league.points,
                tiebreak if tiebreak is not None else league.tiebreak,
            )
        except (BadText, LeagueSettingsError) as error:
            raise BadInput(said(error)) from None
        counted = league.count_unconfirmed if count_unconfirmed is None else count_unconfirmed
        league.change_settings(rules, counted, author.by, author.at, author.link)
        with self._storage():
            self.save(league)
        return LeagueView.of(league)

    def find_league(self, name: str) -> LeagueView:
        from service.league_views import LeagueView

        return LeagueView.of(self._league(name))

    def _league(self, name: str) -> League:
        from domain.league import League, league_id

        try:
            with self._storage():
                found: object = self.repository.get(league_id(name))
        except AggregateNotFoundError:
            raise LeagueNotFound(
                phrase(
                    "no league called {league} (create it with: touchline league new)",
                    league=repr(name),
                )
            ) from None
        if not isinstance(found, League):
            raise LeagueNotFound(phrase("no league called {league}", league=repr(name)))
        return found

    def leagues(self) -> list[LeagueSummary]:
        """Every league, oldest first, with how many of its matches are finished."""
        from service.league_views import LeagueSummary

        with self._read("standings") as sql:
            rows = sql.rows(
                "SELECT s.league, s.ruleset, s.points, s.tiebreak, s.count_unconfirmed, "
                "s.created_at, COUNT(m.match_id) AS matches, "
                "SUM(CASE WHEN m.result IS NULL THEN 0 ELSE 1 END) AS finished "
                "FROM league_settings s LEFT JOIN league_matches m ON m.league = s.league "
                "GROUP BY s.league, s.ruleset, s.points, s.tiebreak, s.count_unconfirmed, "
                "s.created_at ORDER BY s.created_at, s.league"
            )
        return [
            LeagueSummary(
                r["league"],
                r["ruleset"],
                tuple(json.loads(r["points"])),
                tuple(json.loads(r["tiebreak"])),
                int(r["matches"]),
                int(r["finished"] or 0),
                bool(r["count_unconfirmed"]),
            )
            for r in rows
        ]

    def standings(self, league: str) -> list[StandingRow]:
        """The table of the league (its name as `find_league` spells it), best first."""
        from service.league_views import StandingRow
        from service.projections.standings import TABLE_COLUMNS, refresh

        projector = self._projector()
        projector.catch_up(("standings",))
        with projector.db.transaction() as sql:
            refresh(sql, league)
            rows = sql.rows(
                f"SELECT {', '.join(TABLE_COLUMNS[1:])} FROM league_standings WHERE league = ? "
                "ORDER BY place, competitor",
                (league,),
            )
        return [StandingRow(**row) for row in rows]

    def league_matches(self, league: str) -> list[LeagueMatch]:
        """The league's matches, oldest first."""
        from service.league_views import LeagueMatch

        with self._read("summaries") as sql:
            rows = sql.rows(
                "SELECT match_id, title, status, score, started_at, result_status, awaiting, "
                "open_disputes, imported FROM match_summaries WHERE league = ? "
                "ORDER BY started_at, match_id",
                (league,),
            )
        return [
            LeagueMatch(
                **{
                    **row,
                    "title": stored_title(row["title"]),
                    "status": status_word(row["status"]),
                    "awaiting": tuple(json.loads(row["awaiting"])),
                    "imported": row["imported"] is not None,
                }
            )
            for row in rows
        ]

    def league_disputes(self, league: str) -> list[OpenDispute]:
        """The disputes still open in the league's matches, oldest first."""
        from service.league_views import OpenDispute

        with self._read("summaries") as sql:
            rows = sql.rows(
                "SELECT d.match_id, s.title, d.dispute, d.entry, d.reason, d.disputed_by, "
                "d.disputed_at FROM match_disputes d "
                "JOIN match_summaries s ON s.match_id = d.match_id WHERE s.league = ? "
                "ORDER BY d.disputed_at, d.match_id, d.dispute",
                (league,),
            )
        renamed = {"disputed_by": "by", "disputed_at": "at"}
        return [
            OpenDispute(
                **{
                    **{renamed.get(k, k): v for k, v in r.items()},
                    "title": stored_title(r["title"]),
                }
            )
            for r in rows
        ]


def check_league_for(app: LeagueUseCases, name: str | None, ruleset: str) -> str | None:
    """The league's own spelling of its name, if a match of `ruleset` may join it."""
    if name is None:
        return None
    league = app.find_league(name)
    if league.ruleset != ruleset:
        raise BadInput(
            phrase(
                "league {league} is for {plays} matches, not {game}",
                league=repr(league.name),
                plays=league.ruleset,
                game=ruleset,
            )
        )
    return league.name
