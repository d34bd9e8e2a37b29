"""Errors the service raises; adapters turn each into one clear line (or an HTTP status)."""

from __future__ import annotations


class TouchlineError(Exception):
    """Base class: the message is meant for the person at the keyboard."""


class DatabaseUnavailable(TouchlineError):
    pass


class BadDatabaseUrl(TouchlineError):
    pass


class MatchNotFound(TouchlineError):
    pass


class AmbiguousMatch(TouchlineError):
    pass


class StaleMatch(TouchlineError):
    """The match changed since the caller last saw it (optimistic concurrency)."""

    def __init__(self, message: str, current_version: int) -> None:
        super().__init__(message)
        self.current_version = current_version


class BadInput(TouchlineError):
    """Input that is not well formed: an unknown kind, a mistyped field, bad settings."""


class IdempotencyKeyReused(TouchlineError):
    """An idempotency key sent again with a different request: nothing was written."""
