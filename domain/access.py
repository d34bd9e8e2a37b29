"""Who may do what: roles held through per-person access links, and the one policy that
decides every write (see docs/access.md).

A link is a random secret handed to one person. Only its SHA-256 is kept, as the id of an
`AccessLink` aggregate, so checking a token is one lookup by id on any host sharing the store,
and revoking one link is one event that every host sees on its next lookup.

Reading is public. Every write asks `permits(grants, operation, target)`: the installation's
owner (the command line on the machine that holds the store) may do everything; the other
roles only within their scope, a league or one match (and a coach one side of it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from domain.log import OWNER_LINK as OWNER_LINK
from domain.phrase import commas, phrase
from domain.text import NAME_LIMIT, REASON_LIMIT, checked_text


class Role(StrEnum):
    OWNER = "owner"
    ORGANIZER = "organizer"
    REFEREE = "referee"
    SCORER = "scorer"
    COACH = "coach"


# The roles a link may carry: the owner is the command line itself, never a link.
LINK_ROLES: Final = (Role.ORGANIZER, Role.REFEREE, Role.SCORER, Role.COACH)


class Operation(StrEnum):
    """Every kind of write; reading needs no operation, it is public."""

    CREATE_LEAGUE = "create a league"
    LEAGUE_SETTINGS = "change a league's settings"
    CREATE_MATCH = "create a match"
    IMPORT = "import a match file"
    RECORD = "record, undo, annotate, abandon, name the scorer"
    DISPUTE = "dispute an entry or the result"
    RULE = "rule on a dispute"
    CORRECT = "correct an entry"
    CONFIRM = "confirm the result for a side"
    ISSUE_LINK = "issue a link"
    LIST_LINKS = "list links"
    REVOKE_LINK = "revoke a link"


# `issued_by` of the scorer link handed to whoever creates or imports a match outside a league.
CREATOR: Final = "creator"


@dataclass(frozen=True)
class Grant:
    """What one link lets its holder do: a role within a league or one match (and side).

    A link scoped to a match also names the match's league (None for a friendly), which is
    where its organizer finds it; the match alone is its scope then.
    """

    link: str
    person: str
    role: Role
    league: str | None = None
    match: str | None = None
    side: str | None = None


OWNER: Final = Grant(OWNER_LINK, OWNER_LINK, Role.OWNER)


@dataclass(frozen=True)
class Target:
    """What an operation acts on: a league, or a match (with its league, None for a friendly),
    a side of it, and for link operations the role of the link issued, listed or revoked."""

    league: str | None = None
    match: str | None = None
    side: str | None = None
    role: Role | None = None


def same_league(a: str | None, b: str | None) -> bool:
    """League names compare as their ids do: however capitalised or spaced."""
    return a is not None and b is not None and _folded(a) == _folded(b)


def _folded(name: str) -> str:
    return " ".join(name.split()).casefold()


# What the organizer of a league may do within it.
_ORGANIZING: Final = frozenset(
    {
        Operation.CREATE_LEAGUE,
        Operation.LEAGUE_SETTINGS,
        Operation.CREATE_MATCH,
        Operation.IMPORT,
        Operation.ISSUE_LINK,
        Operation.LIST_LINKS,
        Operation.REVOKE_LINK,
    }
)
_LINKS: Final = frozenset({Operation.ISSUE_LINK, Operation.LIST_LINKS, Operation.REVOKE_LINK})


def permits(grants: Iterable[Grant], operation: Operation, target: Target) -> bool:
    """Whether any of `grants` allows `operation` on `target`: the one rule every write asks."""
    return permitting(grants, operation, target) is not None


def permitting(grants: Iterable[Grant], operation: Operation, target: Target) -> Grant | None:
    """The first of `grants` that allows `operation` on `target` (the write is attributed to
    it), None if none does. Creating or importing a match outside any league needs none."""
    grants = tuple(grants)
    for grant in grants:
        if _allows(grant, operation, target):
            return grant
    return None


def open_to_anyone(operation: Operation, target: Target) -> bool:
    """A match outside any league may be created or imported by anyone: a friendly has no
    standings to protect, and its creator is handed the scorer link."""
    return operation in (Operation.CREATE_MATCH, Operation.IMPORT) and target.league is None


def _allows(grant: Grant, operation: Operation, target: Target) -> bool:
    if grant.role is Role.OWNER:
        return True
    if grant.role is Role.ORGANIZER:
        return _organizer(grant, operation, target)
    on_match = target.match is not None and target.match == grant.match
    if grant.role is Role.REFEREE:
        in_scope = on_match or (
            grant.match is None
            and target.match is not None
            and same_league(grant.league, target.league)
        )
        return in_scope and operation in (Operation.RULE, Operation.CORRECT)
    if grant.role is Role.SCORER:
        if not on_match:
            return False
        if operation in (Operation.RECORD, Operation.DISPUTE, Operation.CORRECT):
            return True
        # A friendly has no organizer: its scorer hands the coaches their links.
        return (
            operation in _LINKS
            and target.league is None
            and (target.role is Role.COACH or operation is Operation.LIST_LINKS)
        )
    if grant.role is Role.COACH:
        return on_match and (
            operation is Operation.DISPUTE
            or (
                operation is Operation.CONFIRM
                and target.side is not None
                and target.side == grant.side
            )
        )
    return False


def _organizer(grant: Grant, operation: Operation, target: Target) -> bool:
    if operation not in _ORGANIZING or not same_league(grant.league, target.league):
        return False
    if operation in (Operation.ISSUE_LINK, Operation.REVOKE_LINK):
        # Referees for the league or one of its matches; scorers and coaches for a match.
        if target.role is Role.REFEREE:
            return True
        return target.role in (Role.SCORER, Role.COACH) and target.match is not None
    return True


# -- the role table (docs/access.md shows it; a test keeps the two the same) ----------------

_CUP: Final = "Cup"
_MATCH: Final = "m1"
_FRIENDLY: Final = "f1"
# One holder of each role, all within the same scope: the league Cup and its match m1.
_HOLDERS: Final = {
    Role.OWNER: OWNER,
    Role.ORGANIZER: Grant("o", "Olga", Role.ORGANIZER, league=_CUP),
    Role.REFEREE: Grant("r", "Rita", Role.REFEREE, league=_CUP),
    Role.SCORER: Grant("s", "Sam", Role.SCORER, league=_CUP, match=_MATCH),
    Role.COACH: Grant("c", "Cleo", Role.COACH, league=_CUP, match=_MATCH, side="home"),
}
_IN_MATCH: Final = Target(league=_CUP, match=_MATCH)
ROWS: Final = (
    ("create its league", Operation.CREATE_LEAGUE, Target(league=_CUP)),
    ("change the league's settings", Operation.LEAGUE_SETTINGS, Target(league=_CUP)),
    ("create a match in the league", Operation.CREATE_MATCH, Target(league=_CUP)),
    ("import a match file into the league", Operation.IMPORT, Target(league=_CUP)),
    ("create or import a match outside any league", Operation.CREATE_MATCH, Target()),
    ("record, undo, annotate, abandon, name the scorer", Operation.RECORD, _IN_MATCH),
    ("dispute an entry or the result", Operation.DISPUTE, _IN_MATCH),
    ("rule on a dispute", Operation.RULE, _IN_MATCH),
    ("correct an entry", Operation.CORRECT, _IN_MATCH),
    ("confirm the result for its own side", Operation.CONFIRM, Target(_CUP, _MATCH, "home")),
    ("confirm the result for the other side", Operation.CONFIRM, Target(_CUP, _MATCH, "away")),
    (
        "issue or revoke a referee link",
        Operation.ISSUE_LINK,
        Target(league=_CUP, role=Role.REFEREE),
    ),
    (
        "issue or revoke a scorer or coach link for a league match",
        Operation.ISSUE_LINK,
        Target(league=_CUP, match=_MATCH, role=Role.COACH),
    ),
    (
        "issue or revoke a coach link for a friendly",
        Operation.ISSUE_LINK,
        Target(match=_FRIENDLY, role=Role.COACH),
    ),
    ("list the league's links", Operation.LIST_LINKS, Target(league=_CUP)),
)


def holder(role: Role, friendly: bool = False) -> Grant:
    """The table's holder of `role`; of the friendly's match for a scorer or coach."""
    grant = _HOLDERS[role]
    if friendly and grant.match is not None:
        return Grant(grant.link, grant.person, role, None, _FRIENDLY, grant.side)
    return grant


def role_table() -> str:
    """The policy as a Markdown table, an operation per row and a role per column, for
    holders within their scope (a league's organizer and referee, one match's scorer and
    coach of the home side; for the friendly, that match's scorer and coach)."""
    roles = list(Role)
    lines = [
        "| operation | " + " | ".join(role.value for role in roles) + " | anyone (no link) |",
        "|---" * (len(roles) + 2) + "|",
    ]
    for label, operation, target in ROWS:
        friendly = target.match == _FRIENDLY
        cells = [
            "yes"
            if open_to_anyone(operation, target)
            or permits([holder(role, friendly)], operation, target)
            else "–"
            for role in roles
        ]
        cells.append("yes" if open_to_anyone(operation, target) else "–")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def roles_for(operation: Operation) -> tuple[Role, ...]:
    """The roles that may do `operation` somewhere within their scope (the OpenAPI document
    lists them per operation)."""
    found: list[Role] = []
    for role in Role:
        for _, row_operation, target in ROWS:
            friendly = target.match == _FRIENDLY
            if row_operation is operation and permits([holder(role, friendly)], operation, target):
                found.append(role)
                break
    if operation in (Operation.REVOKE_LINK, Operation.LIST_LINKS):
        found = list(roles_for(Operation.ISSUE_LINK))
    return tuple(found)


# -- the links themselves --------------------------------------------------------------------


class BadLink(ValueError):
    """A link that cannot be issued as asked; the message says why."""


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def link_id(token: str) -> UUID:
    """The id of the link whose secret is `token`: derived from its hash, never from it."""
    return uuid5(NAMESPACE_URL, "touchline:link:" + token_digest(token))


def check_scope(
    role: Role, league: str | None, match: str | None, side: str | None, sides: Iterable[str]
) -> None:
    """A link's scope must fit its role: an organizer a league, a referee a league or a match,
    a scorer a match, a coach a match and one of its sides (`sides`)."""
    if role is Role.OWNER:
        raise BadLink(phrase("the owner is the command line on the store's machine, never a link"))
    if role is Role.ORGANIZER and (league is None or match is not None):
        raise BadLink(phrase("an organizer link is for a league: give the league, not a match"))
    if role is Role.REFEREE and league is None and match is None:
        raise BadLink(phrase("a referee link is for a league or a match: give one"))
    if role in (Role.SCORER, Role.COACH) and match is None:
        raise BadLink(phrase("a {role} link is for one match: give the match", role=role.value))
    if role is Role.COACH:
        if side is None:
            raise BadLink(
                phrase("a coach link is for one side: give one of {sides}", sides=commas(sides))
            )
        if side not in tuple(sides):
            raise BadLink(
                phrase(
                    "no side {side} in this match (sides: {sides})",
                    side=repr(side),
                    sides=commas(sides),
                )
            )
    elif side is not None:
        raise BadLink(phrase("only a coach link names a side, not a {role} link", role=role.value))


class AccessLink(Aggregate):
    """One person's link: issued once, revoked at most once; its secret is never stored."""

    @staticmethod
    def create_id(digest: str, **_: object) -> UUID:
        return uuid5(NAMESPACE_URL, "touchline:link:" + digest)

    @event("Issued")
    def __init__(
        self,
        digest: str,
        person: str,
        role: str,
        league: str | None,
        match: str | None,
        side: str | None,
        issued_by: str,
        issued_at: str,
        device: str | None,
    ) -> None:
        self.digest = digest
        self.person = person
        self.role = role
        self.league = league
        self.match = match
        self.side = side
        self.issued_by = issued_by
        self.issued_at = issued_at
        self.device = device
        self.revoked_by: str | None = None
        self.revoked_at: str | None = None
        self.reason: str | None = None

    @classmethod
    def issue(
        cls,
        token: str,
        person: str,
        role: Role,
        league: str | None,
        match: str | None,
        side: str | None,
        issued_by: str,
        issued_at: str,
        device: str | None,
    ) -> AccessLink:
        person = checked_text(person, phrase("the person's name"), NAME_LIMIT)
        return cls(
            token_digest(token),
            person,
            role.value,
            league,
            match,
            side,
            issued_by,
            issued_at,
            device,
        )

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def grant(self) -> Grant:
        return Grant(str(self.id), self.person, Role(self.role), self.league, self.match, self.side)

    def revoke(self, by: str, at: str, reason: str) -> None:
        if self.revoked:
            raise BadLink(
                phrase("link {link} was revoked already, at {at}", link=self.id, at=self.revoked_at)
            )
        self._revoked(by=by, at=at, reason=checked_text(reason, phrase("the reason"), REASON_LIMIT))

    @event("Revoked")
    def _revoked(self, by: str, at: str, reason: str) -> None:
        self.revoked_by = by
        self.revoked_at = at
        self.reason = reason
