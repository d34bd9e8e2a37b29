"""Every error the service raises has exactly one declared meaning, which the adapters map."""

from __future__ import annotations

import inspect

import pytest

import service.errors as errors
import web  # noqa: F401  (every error class the adapters may meet is defined once imported)
from service.app import Touchline  # noqa: F401
from service.errors import (
    BadInput,
    Conflict,
    DatabaseUnavailable,
    EntryRefused,
    LeagueNotFound,
    NotFound,
    Refused,
    StaleMatch,
    TouchlineError,
    Unavailable,
)
from web.errors import status_of

MEANINGS = (NotFound, BadInput, Conflict, Refused, Unavailable)


def every_error() -> list[type[TouchlineError]]:
    found: list[type[TouchlineError]] = []
    pending = [TouchlineError]
    while pending:
        kind = pending.pop()
        found.append(kind)
        pending.extend(kind.__subclasses__())
    return [kind for kind in found if kind is not TouchlineError and kind not in MEANINGS]


@pytest.mark.parametrize("kind", every_error(), ids=lambda kind: kind.__name__)
def test_each_error_has_exactly_one_meaning(kind: type[TouchlineError]) -> None:
    assert [meaning for meaning in MEANINGS if issubclass(kind, meaning)] != []
    assert len([meaning for meaning in MEANINGS if issubclass(kind, meaning)]) == 1


def test_every_error_is_declared_in_one_module() -> None:
    declared = {kind for _, kind in inspect.getmembers(errors, inspect.isclass)}
    assert set(every_error()) <= declared


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (LeagueNotFound("no league called 'Nowhere'"), 404),
        (BadInput("no"), 400),
        (StaleMatch("moved on", 3), 409),
        (EntryRefused("offside", ()), 422),
        (DatabaseUnavailable("away"), 503),
        (TouchlineError("a meaning nobody declared"), 500),
    ],
)
def test_the_web_maps_each_meaning_to_one_status(error: Exception, status: int) -> None:
    assert status_of(error) == status
