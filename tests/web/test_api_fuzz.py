"""Fuzzing the API from its own OpenAPI document: no request, however odd, may answer 5xx,
and every answer must be one the document declares, in the shape it declares.

Two passes: one with whatever match ids schemathesis makes up (almost always unknown), one
with every path aimed at a real match and carrying its scorer token, so that odd bodies reach
the rules engines too.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from flask import Flask
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from tests.opening import SETUP
from tests.web.conftest import SECRET
from web import create_app

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
FUZZ = settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


def _fuzzed_app() -> tuple[Flask, str, str]:
    """An app on a throwaway store, and a card-game match created through the API.

    Built when the module is imported: schemathesis reads the OpenAPI document while pytest
    collects the tests (its fixture-based loading does not run on this pytest).
    """
    store = Path(_STORE.name) / "touchline.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{store}", "SECRET_KEY": SECRET, "TESTING": True})
    answer = app.test_client().post(
        "/api/matches", json={"ruleset": "card-game", "setup": SETUP, "by": "fuzz"}
    )
    assert answer.status_code == 201, answer.get_data(as_text=True)
    created = answer.get_json()
    return app, created["match"]["id"], created["scorer_token"]


_STORE = tempfile.TemporaryDirectory(prefix="touchline-fuzz-")
APP, REAL_MATCH, SCORER_TOKEN = _fuzzed_app()

any_match = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)
# Abandoning would end the match at the first try and leave nothing for the rules to judge.
real_match_only = (
    schemathesis.openapi.from_wsgi("/api/openapi.json", APP)
    .include(path_regex=r"\{match_id\}")
    .exclude(path_regex="abandon$")
)
real_match_only.config.update(
    parameters={"match_id": REAL_MATCH},
    headers={"Authorization": f"Bearer {SCORER_TOKEN}"},
)


# The in-process WSGI transport hands the body over as the app sent it; asking for it
# uncompressed lets the content checks read it (HTTP clients decompress it themselves).
PLAIN = {"Accept-Encoding": "identity"}


@any_match.parametrize()
@FUZZ
def test_no_request_makes_the_api_fail(case: Any) -> None:
    case.call_and_validate(checks=CHECKS, headers=PLAIN)


@real_match_only.parametrize()
@FUZZ
def test_no_write_to_a_real_match_makes_the_api_fail(case: Any) -> None:
    case.call_and_validate(checks=CHECKS, headers=PLAIN)
