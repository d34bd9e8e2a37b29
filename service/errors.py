"""Every error the service raises to the adapters, each under one declared meaning.

The adapters map the five meanings, never single errors, in one place each (web/errors.py,
cli/context.py):

- `NotFound`: no match, league or name like that (HTTP 404);
- `BadInput`: input that is not well formed, or settings that cannot work (400);
- `Conflict`: the store already holds something the request contradicts; `StaleMatch`, the
  match changed since the caller saw it, is the one a caller answers by reloading (409);
- `Refused`: well-formed, but the rules or the match's state do not allow it (422);
- `Unavailable`: the store does not answer or cannot be written (503).

Errors of the rules (`domain.match.RuleBroken`, `NothingToUndo`, …) never cross the boundary:
the service wraps them in one of these (see `service.boundary`).
"""

from __future__ import annotations

from domain.rejudge import BecameIllegal
from domain.ruleset import Violation


class TouchlineError(Exception):
    """Base class: the message is meant for the person at the keyboard."""


# -- the meanings ---------------------------------------------------------------------------


class NotFound(TouchlineError):
    """Nothing is known by the name or id given."""


class BadInput(TouchlineError):
    """Input that is not well formed: an unknown kind, a mistyped field, bad settings."""


class Conflict(TouchlineError):
    """The store already holds something the request contradicts."""


class Refused(TouchlineError):
    """A well-formed request the rules or the match's state do not allow: nothing was written."""


class Unavailable(TouchlineError):
    """The store does not answer, or cannot be written; trying again later may work."""


# -- the errors -----------------------------------------------------------------------------


class MatchNotFound(NotFound):
    pass


class AmbiguousMatch(NotFound):
    """A prefix of an id that names several matches."""


class LeagueNotFound(NotFound):
    pass


class LinkNotFound(NotFound):
    """No access link by that id (or prefix)."""


class NothingKnown(NotFound):
    """A name the read models have never seen (a player, coach or team)."""


class BadDatabaseUrl(BadInput):
    pass


class BadSecretKey(BadInput):
    """A configured or stored secret key that would make sessions forgeable."""


class StaleMatch(Conflict):
    """The match changed since the caller last saw it (optimistic concurrency)."""

    def __init__(self, message: str, current_version: int) -> None:
        super().__init__(message)
        self.current_version = current_version


class LeagueExists(Conflict):
    pass


class LinkChangedMeanwhile(Conflict):
    """The access link a write was let through on was revoked before the write could be
    stored (service/link_checks.py): nothing was stored. The web's guard answers it as any
    revoked link, 401."""


class RecordBroken(Conflict):
    """A match whose stored events no longer load because they were changed outside
    Touchline (a row deleted, edited or swapped): the message names the first event that
    breaks its sealed record (domain.seal)."""


class AlreadyImported(Conflict):
    """A match file whose match the league already counts: the same file, or the same match
    the file claims to come from, was imported into it before (or was scored in it here)."""

    def __init__(self, message: str, match_id: str) -> None:
        super().__init__(message)
        self.match_id = match_id


class EntryRefused(Refused):
    """An entry that breaks the rules, with every rule it breaks."""

    def __init__(self, message: str, violations: tuple[Violation, ...]) -> None:
        super().__init__(message)
        self.violations = violations


class UndoRefused(Refused):
    """Nothing in force to undo."""


class IdempotencyKeyReused(Refused):
    """An idempotency key sent again with a different request: nothing was written."""


class CorrectionNeedsDecisions(Refused):
    """A correction that made later entries illegal: each needs keep or withdraw. Nothing
    was written; `illegal` lists them with the rules each now breaks."""

    def __init__(self, message: str, illegal: tuple[BecameIllegal, ...]) -> None:
        super().__init__(message)
        self.illegal = illegal


class NotConfirmableYet(Refused):
    """A confirmation of a result the match does not have (yet)."""


class ResultAlreadyConfirmed(Conflict):
    """Every coach confirmed the result: only a referee's ruling may correct it now."""


class DatabaseUnavailable(Unavailable):
    pass
