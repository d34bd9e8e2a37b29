"""Importing a match file as a new match, shared by every adapter that takes one.

The file's league is used unless the caller names another or asks for none; a file that
cannot be read, or whose entries break the rules, imports nothing. The match records who
imported it and from which file (its SHA-256, format version, whether its export checksum
matched) with what the file claims (domain.provenance). A league counts a match once: the
same file, or the same match the file claims to come from, imported again into the same
league is refused (AlreadyImported, naming the match it was imported as). Imported into no
league, or another, it is stored, and the answer names the matches it became before.

With `verify`, the file's per-line chain (format version 3, schemas.matchfile_chain) must
hold from its header to its last entry: a file with a line edited since its export is refused
naming that line, and an older file, which carries no chain, is refused as unverifiable.
Without it, whether the chain held (and where it broke) is recorded in the provenance.

The answer says whether the file was checked: an exported file carries a checksum, which
must match; a file written or edited by hand (or by a release before format version 2) has
none and is imported unchecked, every entry having been checked against the rules all the
same.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.match import Author
from schemas.matchfile import CHAINED, MatchFile, MatchFileError, loads
from service.app import Touchline
from service.errors import AlreadyImported, BadInput, LeagueNotFound
from service.imports import ImportedMatch

__all__ = ["ImportedMatch", "import_match_file"]


def import_match_file(
    app: Touchline,
    data: str | bytes,
    importer: Author | Callable[[], Author],
    league: str | None = None,
    no_league: bool = False,
    check_league: Callable[[str | None], None] | None = None,
    verify: bool = False,
) -> ImportedMatch:
    """Import a match file; `check_league`, given the league the match would join (None:
    none), refuses by raising when the importer may not import into it. `importer` may be a
    function, asked once `check_league` let the import on: an adapter's author names the
    access link that permitted it, which only that check finds."""
    if league and no_league:
        raise BadInput("give a league or no league, not both")
    try:
        parsed = loads(data)
    except MatchFileError as error:
        raise BadInput(f"{error}; nothing was imported") from None
    into = None if no_league else league or parsed.league
    if check_league is not None:
        check_league(into)
    if verify:
        refusal = _unverified(parsed)
        if refusal is not None:
            raise BadInput(f"{refusal}; nothing was imported")
    if callable(importer):
        importer = importer()
    try:
        return app.import_log(
            parsed.ruleset,
            parsed.setup,
            parsed.lines,
            parsed.facts(),
            importer,
            league=into,
            variations=parsed.variations,
        )
    except AlreadyImported as error:
        raise AlreadyImported(f"{error}; nothing was imported", error.match_id) from None
    except (BadInput, LeagueNotFound) as error:
        raise type(error)(f"{error}; nothing was imported") from None


def _unverified(parsed: MatchFile) -> str | None:
    """Why a file cannot pass `--verify`, or None when its every line is as exported."""
    chain = parsed.chain
    if chain.held:
        return None
    if parsed.version < CHAINED:
        return (
            f"verify: this file is of format version {parsed.version}, which carries no "
            "per-line chain, so its lines cannot be verified one by one (import it without "
            "verify; its end line's checksum, when it has one, is still checked)"
        )
    if chain.held is None:
        return "verify: the file carries no chain (written by hand), so it cannot be verified"
    return f"verify: {chain.describe()}"
