"""Every error the service raises has exactly one declared meaning, which the adapters map."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest

import service.errors as errors
import web  # noqa: F401  (every error class the adapters may meet is defined once imported)
from domain.access import Role
from domain.log import Author
from domain.phrase import Phrase
from domain.ruleset import JSON
from domain.suggestions import is_japanese
from service.app import Touchline
from service.entries import parse_entry
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
from service.i18n import translated
from service.link_views import LinkRequest
from service.setups import parse_settings
from tests.opening import SETUP
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


# Each refusal the service makes from what a person typed, as a call on the service.
REFUSALS: dict[str, Callable[[Touchline, str, Author], object]] = {
    "a mistyped entry": lambda app, match, by: app.record(
        match, parse_entry("card-game", "toss winner=tohp"), by
    ),
    "an unknown field": lambda app, match, by: app.record(match, {"kind": "toss", "winer": 1}, by),
    "a quote that does not close": lambda app, match, by: parse_entry("card-game", "toss 'x"),
    "a reused key": lambda app, match, by: app.record(match, OPENING_TOSS["nankatsu"], by, key="K"),
    "a link that cannot be issued": lambda app, match, by: app.issue_link(
        LinkRequest(Role.COACH, "Bob", match=match, side="milan"), by, ("nankatsu", "toho")
    ),
    "no such link": lambda app, match, by: app.find_link("zzzzzz"),
    "bad settings": lambda app, match, by: parse_settings(["bank-cap"]),
    "a step the match does not have": lambda app, match, by: app.branch_match(match, 7, by),
    "an empty annotation": lambda app, match, by: app.annotate(match, 1, " ", by),
    "a dispute of no entry": lambda app, match, by: app.dispute(match, 9, "why", by),
}
OPENING_TOSS: dict[str, dict[str, JSON]] = {
    side: {"kind": "toss", "winner": side} for side in ("nankatsu", "toho")
}


@pytest.mark.parametrize("refusal", list(REFUSALS))
def test_each_refusal_keeps_its_phrase_so_the_adapters_can_translate_it(
    app: Touchline, alice: Author, refusal: str
) -> None:
    match = app.create_match("card-game", SETUP, alice).id
    app.record(match, OPENING_TOSS["toho"], alice, key="K")
    with pytest.raises(TouchlineError) as refused:
        REFUSALS[refusal](app, match, alice)
    said = refused.value.args[0]
    assert isinstance(said, Phrase), said
    assert translated(said, "en") == str(refused.value)
    japanese = translated(said, "ja")
    assert japanese != str(refused.value) and is_japanese(japanese), japanese
