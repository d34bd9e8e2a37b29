"""What the access-link use cases answer (service/access.py): a link as lists show it, a new
link with its secret, and what a request for one asks, as frozen values.

Their own module, imported by the use cases that make them: an application that serves a
match alone, such as a command at the table, never makes these classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.access import AccessLink, Grant, Role


@dataclass(frozen=True)
class LinkView:
    """A link as lists show it: never its secret, which is not stored."""

    id: str
    person: str
    role: Role
    league: str | None
    match: str | None
    side: str | None
    issued_by: str
    issued_at: str
    device: str | None
    revoked_by: str | None = None
    revoked_at: str | None = None
    reason: str | None = None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def grant(self) -> Grant:
        from domain.access import Grant

        return Grant(self.id, self.person, self.role, self.league, self.match, self.side)

    @property
    def scope(self) -> str:
        """Where the link works, in words."""
        if self.match is not None:
            where = f"match {self.match[:8]}"
            return f"{where} side {self.side}" if self.side else where
        return f"league {self.league}"

    @classmethod
    def of(cls, link: AccessLink) -> LinkView:
        from domain.access import Role

        return cls(
            str(link.id),
            link.person,
            Role(link.role),
            link.league,
            link.match,
            link.side,
            link.issued_by,
            link.issued_at,
            link.device,
            link.revoked_by,
            link.revoked_at,
            link.reason,
        )


@dataclass(frozen=True)
class IssuedLink:
    """A new link and its secret, shown once to whoever hands it on."""

    token: str
    link: LinkView


@dataclass(frozen=True)
class LinkRequest:
    """Who gets a link, as what, and where it works (a league, or a match and its league)."""

    role: Role
    person: str
    league: str | None = None
    match: str | None = None
    side: str | None = None
