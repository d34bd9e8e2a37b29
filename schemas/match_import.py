"""Importing a match file as a new match, shared by every adapter that takes one.

The file's league is used unless the caller names another or asks for none; a file that
cannot be read, or whose entries break the rules, imports nothing.
"""

from __future__ import annotations

from domain.match import Author
from schemas.matchfile import MatchFileError, loads
from service.app import Touchline
from service.errors import BadInput
from service.leagues import LeagueNotFound
from service.views import MatchView


def import_match_file(
    app: Touchline, text: str, league: str | None = None, no_league: bool = False
) -> MatchView:
    if league and no_league:
        raise BadInput("give a league or no league, not both")
    try:
        parsed = loads(text)
    except MatchFileError as error:
        raise BadInput(f"{error}; nothing was imported") from None
    try:
        return app.import_log(
            parsed.ruleset,
            parsed.setup,
            Author(parsed.created_by, parsed.created_at),
            parsed.lines,
            league=None if no_league else league or parsed.league,
        )
    except (BadInput, LeagueNotFound) as error:
        raise type(error)(f"{error}; nothing was imported") from None
