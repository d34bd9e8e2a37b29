"""Importing a match file as a new match, shared by every adapter that takes one.

The file's league is used unless the caller names another or asks for none; a file that
cannot be read, or whose entries break the rules, imports nothing. The answer says whether
the file was checked: an exported file carries a checksum, which must match; a file written
or edited by hand (or by a release before format version 2) has none and is imported
unchecked. The label is part of the answer only: the match itself is the same either way,
every entry having been checked against the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.match import Author
from schemas.matchfile import MatchFileError, loads
from service.app import Touchline
from service.errors import BadInput, LeagueNotFound
from service.views import MatchView

UNCHECKED = (
    "unchecked: the file has no checksum (written or edited by hand, or by an older "
    "Touchline); every entry was still checked against the rules"
)


@dataclass(frozen=True)
class ImportedMatch:
    view: MatchView
    version: int  # the file's format version
    checked: bool  # its checksum was there and matched

    @property
    def notice(self) -> str | None:
        """What to tell the importer about the file, if anything."""
        return None if self.checked else UNCHECKED


def import_match_file(
    app: Touchline, data: str | bytes, league: str | None = None, no_league: bool = False
) -> ImportedMatch:
    if league and no_league:
        raise BadInput("give a league or no league, not both")
    try:
        parsed = loads(data)
    except MatchFileError as error:
        raise BadInput(f"{error}; nothing was imported") from None
    try:
        view = app.import_log(
            parsed.ruleset,
            parsed.setup,
            Author(parsed.created_by, parsed.created_at),
            parsed.lines,
            league=None if no_league else league or parsed.league,
        )
    except (BadInput, LeagueNotFound) as error:
        raise type(error)(f"{error}; nothing was imported") from None
    return ImportedMatch(view, parsed.version, parsed.checked)
