"""What this browser (or API client) may do: the one place pages and the API ask.

Who holds what comes from the links presented: the browser session's links for pages, the
bearer token for the API. Each is checked against the store on every request, so a revoked
link is refused at once on every host. The decision itself is the domain's policy
(`domain.access.permits`); pages show a control only when it says yes, and every write asks
again before it reads the form (`require`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from flask import abort, g, request

from domain.access import Grant, Operation, Role, Target, open_to_anyone, permits, permitting
from web.context import forget_tokens, session_tokens, touchline

BEARER_HELP = "send an access link's token: Authorization: Bearer …"


def in_api() -> bool:
    return request.path.startswith("/api/")


def bearer_token() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def grants() -> tuple[Grant, ...]:
    """The grants of the links this request presents that are known and not revoked."""
    found: tuple[Grant, ...] | None = g.get("grants")
    if found is None:
        service = touchline()
        if in_api():
            token = bearer_token()
            grant = service.grant_of(token) if token else None
            found = (grant,) if grant is not None else ()
        else:
            tokens = session_tokens()
            pairs = [(token, service.grant_of(token)) for token in tokens]
            found = tuple(grant for _, grant in pairs if grant is not None)
            gone = [token for token, grant in pairs if grant is None]
            if gone:
                forget_tokens(gone)
        g.grants = found
    return found


def forget_grants() -> None:
    """Ask the service again what this request's links grant (one was found revoked)."""
    g.pop("grants", None)
    g.pop("acting", None)


def may(operation: Operation, target: Target) -> bool:
    return open_to_anyone(operation, target) or permits(grants(), operation, target)


def require(operation: Operation, target: Target) -> Grant | None:
    """Let the request on only if one of its links permits `operation` on `target`; the
    write is then attributed to that link (`web.context.author`). A page answers 403; the API
    401 without a valid token (none, unknown or revoked) and 403 with a link of another role
    or scope. Checked before anything is read from the body, so nothing is stored."""
    grant = permitting(grants(), operation, target)
    if grant is not None:
        g.acting = grant
        return grant
    if open_to_anyone(operation, target):
        return None
    if in_api():
        if not grants():
            abort(401, description=BEARER_HELP + " (none was sent, or it is unknown or revoked)")
        abort(403, description=f"this link may not {operation.value} here")
    abort(
        403,
        description=f"You may not {operation.value} here: open the link you were given for it "
        "(links that were revoked no longer work).",
    )


def match_target(match_id: str, league: str | None, side: str | None = None) -> Target:
    return Target(league=league, match=match_id, side=side)


@dataclass(frozen=True)
class Powers:
    """What this browser may do on one match (reading needs nothing)."""

    record: bool = False
    dispute: bool = False
    rule: bool = False
    correct: bool = False
    # The sides it may confirm the result for.
    confirm: tuple[str, ...] = ()
    # The roles of the links it may issue for this match.
    issue: tuple[Role, ...] = ()

    @property
    def any(self) -> bool:
        return self.dispute or self.rule or self.correct or bool(self.confirm)


def powers_for(match_id: str, sides: Iterable[str] = (), league: str | None = None) -> Powers:
    """What this browser may do on match `match_id` of `league`, whose sides are `sides`."""
    cache: dict[tuple[str, tuple[str, ...], str | None], Powers] = g.setdefault("match_powers", {})
    sides = tuple(sides)
    key = (match_id, sides, league)
    if key not in cache:
        target = match_target(match_id, league)
        cache[key] = Powers(
            record=may(Operation.RECORD, target),
            dispute=may(Operation.DISPUTE, target),
            rule=may(Operation.RULE, target),
            correct=may(Operation.CORRECT, target),
            confirm=tuple(
                side
                for side in sides
                if may(Operation.CONFIRM, match_target(match_id, league, side))
            ),
            issue=issuable(Target(league=league, match=match_id)),
        )
    return cache[key]


def issuable(scope: Target) -> tuple[Role, ...]:
    """The roles of the links this browser may issue within `scope`."""
    roles = (Role.REFEREE, Role.SCORER, Role.COACH) if scope.match else (Role.REFEREE,)
    return tuple(
        role
        for role in roles
        if may(Operation.ISSUE_LINK, Target(scope.league, scope.match, role=role))
    )


def require_on_match(
    operation: Operation, match_id: str, league: str | None, side: str | None = None
) -> Grant | None:
    return require(operation, match_target(match_id, league, side))
