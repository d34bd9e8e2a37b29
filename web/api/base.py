"""What every API blueprint shares: 400 for bad requests, documented refusals, the role guard.

422 is kept for entries that break the rules (with their rule IDs), so a request that is not
well formed (bad JSON, a missing or mistyped field) answers 400, not webargs' usual 422.
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from typing import Any

from flask import Response
from flask_smorest import Blueprint
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from domain.access import Operation, Target, permits, roles_for
from schemas.api import ErrorSchema
from service.app import MatchScope
from service.link_checks import LinkCheck
from web.context import touchline
from web.powers import forget_grants, grants, require_on_match

# The security scheme writes declare in the OpenAPI document: an access link's token.
LINK_SCHEME = "link"
BEARER_CHALLENGE = 'Bearer realm="touchline"'
# The OpenAPI extension that lists the roles an operation accepts.
ROLES_EXTENSION = "x-touchline-roles"

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
        # One instance for every request: given the class, webargs builds a new schema (its
        # fields deep-copied) on each request, a twentieth of an entry's CPU. The request
        # schemas keep no state between loads, so threads may share one.
        if isinstance(schema, type):
            schema = schema()
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

    def allows(self, operation: Operation, *, anyone: bool = False) -> Decorator:
        """Declare, in the OpenAPI document, the roles `operation` accepts (and whether anyone
        may call it, as for a match outside a league), and the 401/403 it may answer. The view
        itself asks `web.powers.require` once it knows the target."""
        roles = [role.value for role in roles_for(operation)]
        shown = ["anyone", *roles] if anyone else roles
        sentence = f"Needs an access link of a role that may {operation.value}: " + ", ".join(roles)
        if anyone:
            sentence += " (outside a league, anyone may; no link needed)"
        security: list[dict[str, list[str]]] = [{LINK_SCHEME: []}]
        if anyone:
            security = [{}, *security]

        def decorate(view: View) -> View:
            # The sentence ends the operation's description, which its docstring makes.
            view.__doc__ = f"{inspect.cleandoc(view.__doc__ or '')}\n\n{sentence}."
            documented = self.doc(security=security, **{ROLES_EXTENSION: shown})(view)
            return self.refusals(401, 403)(documented)

        return decorate

    def on_match(self, operation: Operation) -> Decorator:
        """Let through only links that may do `operation` on the match: no valid token is
        401, an unknown match 404, a link of another role or scope 403, whatever the body
        holds. The view then gets the match's full id instead of the prefix given."""

        def decorate(view: View) -> View:
            @functools.wraps(view)
            def guarded(*args: Any, match_id: str, **kwargs: Any) -> Any:
                service = touchline()
                # The match's league and sides, read once per process: a write does not
                # load the whole match twice.
                match = service.match_scope(match_id)
                # A link this process keeps in force is checked by the write's own insert
                # where the store can (service/link_checks.py); anything else the request
                # ends in asks the store before it is answered, so a revoked link gets the
                # same 401 as if it had been asked first.
                with service.checking_link_on_write() as check:
                    try:
                        _require(operation, match)
                        answer = view(*args, match_id=match.id, **kwargs)
                    except BaseException:
                        _refuse_unless_in_force(check, operation, match)
                        raise
                    _refuse_unless_in_force(check, operation, match)
                    return answer

            return self.allows(operation)(guarded)

        return decorate


def _require(operation: Operation, match: MatchScope) -> None:
    if operation is not Operation.CONFIRM:
        require_on_match(operation, match.id, match.league)
    else:
        # The side is in the body: any side this link may confirm lets the request on, and
        # the view checks the side it names.
        sides = [side for side in match.sides if _may_confirm(match.id, match.league, side)]
        require_on_match(operation, match.id, match.league, sides[0] if sides else None)


def _refuse_unless_in_force(check: LinkCheck, operation: Operation, match: MatchScope) -> None:
    """Answer as the guard would have if the link was revoked before it was let through."""
    if not touchline().link_in_force(check):
        forget_grants()
        _require(operation, match)


def _may_confirm(match_id: str, league: str | None, side: str) -> bool:
    return permits(grants(), Operation.CONFIRM, Target(league, match_id, side))


def challenge(response: Response) -> Response:
    """A 401 names the scheme to authenticate with (RFC 9110)."""
    if response.status_code == 401:
        response.headers.setdefault("WWW-Authenticate", BEARER_CHALLENGE)
    return response
