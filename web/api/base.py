"""What every API blueprint shares: 400 for bad requests, documented refusals, the scorer guard.

422 is kept for entries that break the rules (with their rule IDs), so a request that is not
well formed (bad JSON, a missing or mistyped field) answers 400, not webargs' usual 422.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from flask import Response, abort, request
from flask_smorest import Blueprint
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from schemas.api import ErrorSchema
from web.context import holds_token, touchline

# The security scheme writes declare in the OpenAPI document.
SCORER_SCHEME = "scorer"
BEARER_CHALLENGE = 'Bearer realm="touchline"'

MATCH_ID = {
    "in": "path",
    "name": "match_id",
    "description": "The match's id, or a unique prefix of it (at least 4 characters)",
}


class BadRequestParser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400

    def _raw_load_json(self, req: Any) -> Any:
        if not is_json_request(req):
            return core.missing
        try:
            return core.parse_json(req.get_data(cache=True))
        except RecursionError:
            # JSON nested thousands deep: refuse it like any other unreadable body.
            raise json.JSONDecodeError("nested too deeply", "", 0) from None


View = Callable[..., Any]
Decorator = Callable[[View], View]


class ApiBlueprint(Blueprint):  # type: ignore[misc]  # flask-smorest ships no type hints
    """flask-smorest's Blueprint, with 400 for bad requests and typed decorators."""

    ARGUMENTS_PARSER = BadRequestParser()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.after_request(challenge)

    def route(self, rule: str, **options: Any) -> Decorator:
        decorate: Decorator = super().route(rule, **options)
        return decorate

    def arguments(self, schema: Any, **options: Any) -> Decorator:
        decorate: Decorator = super().arguments(schema, **options)
        return decorate

    def response(self, status: int, schema: Any = None, **options: Any) -> Decorator:
        decorate: Decorator = super().response(status, schema, **options)
        return decorate

    def alt_response(self, status: int, **options: Any) -> Decorator:
        decorate: Decorator = super().alt_response(status, **options)
        return decorate

    def doc(self, **documentation: Any) -> Decorator:
        decorate: Decorator = super().doc(**documentation)
        return decorate

    def refusals(self, *statuses: int) -> Decorator:
        """Document the error answers an operation may give, each with the Error body."""

        def decorate(view: View) -> View:
            for status in statuses:
                view = self.alt_response(status, schema=ErrorSchema)(view)
            return view

        return decorate

    def scorer_only(self, view: View) -> View:
        """Let through only holders of the match's scorer token (checked before the body).

        No token is 401, an unknown match 404, somebody else's token 403. The view then gets
        the match's full id instead of the prefix the client gave.
        """

        @functools.wraps(view)
        def guarded(*args: Any, match_id: str, **kwargs: Any) -> Any:
            token = bearer_token()
            if token is None:
                abort(401, description="send the match's scorer token: Authorization: Bearer …")
            full_id = str(touchline().resolve(match_id))
            if not holds_token(full_id, token):
                abort(403, description="this token is not the scorer token of this match")
            return view(*args, match_id=full_id, **kwargs)

        documented = self.doc(security=[{SCORER_SCHEME: []}])(guarded)
        return self.refusals(401, 403)(documented)


def challenge(response: Response) -> Response:
    """A 401 names the scheme to authenticate with (RFC 9110)."""
    if response.status_code == 401:
        response.headers.setdefault("WWW-Authenticate", BEARER_CHALLENGE)
    return response


def bearer_token() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None
