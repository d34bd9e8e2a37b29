"""The lines of a match log: frozen, typed values, one class per kind of line.

A match's log is the sequence of everything written to it, in order: entries (a coach's
decision or a die, as the game's action), retractions (an undo), annotations (a remark on an
entry) and the abandonment. Line kinds to come (disputes, rulings, corrections) are new
subclasses of `Line` and a new `case` in the consumers' `match` statements; mypy's
exhaustiveness check (`assert_never`) names every consumer that forgot one.

Lines become plain data only at the boundaries: the aggregate's stored events and snapshots
(`to_data`/`from_data` here), the match file (schemas.matchfile) and the JSON API.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, assert_never

from domain.consequences import Consequence
from domain.consequences import from_dict as consequence_from_dict
from domain.ruleset import JSON, Violation
from domain.text import KEY_LIMIT, NAME_LIMIT, checked_text


@dataclass(frozen=True)
class Author:
    """Who made a line, when (ISO 8601 with offset) and from which device."""

    by: str
    at: str
    device: str | None = None

    def checked(self) -> Author:
        """The author with their name and device checked as new input."""
        device = None if self.device is None else checked_text(self.device, "device", KEY_LIMIT)
        return Author(checked_text(self.by, "the scorer's name", NAME_LIMIT), self.at, device)


@dataclass(frozen=True, kw_only=True)
class Line:
    """What every line has: its number in the log (from 1), its author and its idempotency
    key (the key a retried request is recognised by, if the writer gave one)."""

    type: ClassVar[str]
    number: int
    by: str
    at: str
    device: str | None = None
    key: str | None = None

    @property
    def author(self) -> Author:
        return Author(self.by, self.at, self.device)


@dataclass(frozen=True, kw_only=True)
class Entry(Line):
    """A coach's decision or a die: the game's action as stored, the rules it broke when the
    table overrode them (and why), and what followed from it."""

    type: ClassVar[str] = "entry"
    action: Mapping[str, JSON]
    override: str | None = None
    violations: tuple[Violation, ...] = ()
    consequences: tuple[Consequence, ...] = ()
    retracted: bool = False

    @property
    def kind(self) -> str:
        """The action's kind (`play`, `roll`, …)."""
        return str(self.action["kind"])

    def retract(self) -> Entry:
        return replace(self, retracted=True)


@dataclass(frozen=True, kw_only=True)
class Retraction(Line):
    """An undo: the latest entry still in force (`retracts`, its number) no longer counts."""

    type: ClassVar[str] = "retraction"
    retracts: int


@dataclass(frozen=True, kw_only=True)
class Annotation(Line):
    """A plain-text remark on entry `on` (0: the kick-off, before any entry)."""

    type: ClassVar[str] = "annotation"
    on: int
    text: str


@dataclass(frozen=True, kw_only=True)
class Abandonment(Line):
    """The match stopped for good, and why."""

    type: ClassVar[str] = "abandonment"
    reason: str


LogLine = Entry | Retraction | Annotation | Abandonment


def to_data(line: LogLine) -> dict[str, JSON]:
    """A line as plain data: the shape stored in snapshots and answered by the JSON API."""
    data: dict[str, JSON] = {
        "number": line.number,
        "type": line.type,
        "by": line.by,
        "at": line.at,
        "device": line.device,
        "key": line.key,
        "retracted": isinstance(line, Entry) and line.retracted,
    }
    match line:
        case Entry():
            data.update(
                action=dict(line.action),
                override=line.override,
                violations=[v.to_dict() for v in line.violations],
                consequences=[c.to_dict() for c in line.consequences],
            )
        case Retraction():
            data["retracts"] = line.retracts
        case Annotation():
            data.update(on=line.on, text=line.text)
        case Abandonment():
            data["reason"] = line.reason
        case _:
            assert_never(line)
    return data


def from_data(data: Mapping[str, Any], game: str = "") -> LogLine:
    """A line from its plain data (see `to_data`); an entry's consequences are read as the
    types `game` (the package of the match's game) declares first."""
    common: dict[str, Any] = {
        "number": int(data["number"]),
        "by": data["by"],
        "at": data["at"],
        "device": data.get("device"),
        "key": data.get("key"),
    }
    kind = data["type"]
    if kind == Entry.type:
        return Entry(
            **common,
            action=dict(data["action"]),
            override=data.get("override"),
            violations=tuple(violation_from_dict(v) for v in data.get("violations") or ()),
            consequences=tuple(
                consequence_from_dict(c, game) for c in data.get("consequences") or ()
            ),
            retracted=bool(data.get("retracted")),
        )
    if kind == Retraction.type:
        return Retraction(**common, retracts=int(data["retracts"]))
    if kind == Annotation.type:
        return Annotation(**common, on=int(data["on"]), text=data["text"])
    if kind == Abandonment.type:
        return Abandonment(**common, reason=data["reason"])
    raise ValueError(f"unknown kind of log line: {kind!r}")


def violation_from_dict(data: Mapping[str, Any]) -> Violation:
    return Violation(str(data["rule"]), str(data["message"]), bool(data.get("overridable", True)))
