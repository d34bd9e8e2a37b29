"""The lines of a match log: frozen, typed values, one class per kind of line.

A match's log is the sequence of everything written to it, in order: entries (a coach's
decision or a die, as the game's action), retractions (an undo), annotations (a remark on an
entry), the abandonment, and what settles what happened at the table: disputes, a referee's
rulings, corrections deep in the past and the coaches' confirmations of the result. A new kind
of line is a new subclass of `Line` and a new `case` in the consumers' `match` statements;
mypy's exhaustiveness check (`assert_never`) names every consumer that forgot one. A
`Correction` is an `Entry` too: a consumer that treats it apart matches it first.

Lines become plain data only at the boundaries: the aggregate's stored events and snapshots
(`to_data`/`from_data` here), the match file (schemas.matchfile) and the JSON API.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final, TypeVar, assert_never, overload

from domain.consequences import Consequence
from domain.consequences import from_dict as consequence_from_dict
from domain.phrase import phrase_data, phrase_from_data
from domain.ruleset import JSON, Violation
from domain.text import KEY_LIMIT, NAME_LIMIT, checked_text

# What an entry not yet decoded by a decoder has kept for it.
_NOT_DECODED: Final = object()

# What the link written by the installation's owner is called in `Author.link` (kept here,
# beside the author, so that a command writing as the owner need not load the access links).
OWNER_LINK: Final = "owner"


@dataclass(frozen=True)
class Author:
    """Who made a line, when (ISO 8601 with offset), from which device, and through which
    access link (its id; None for the installation's owner at the command line, and for lines
    written before links existed)."""

    by: str
    at: str
    device: str | None = None
    link: str | None = None

    def checked(self) -> Author:
        """The author with their name, device and link checked as new input."""
        device = None if self.device is None else checked_text(self.device, "device", KEY_LIMIT)
        link = None if self.link is None else checked_text(self.link, "link", KEY_LIMIT)
        by = checked_text(self.by, "the scorer's name", NAME_LIMIT)
        return Author(by, self.at, device, link)


class Consequences(Sequence[Consequence]):
    """An entry's consequences, kept in their stored form and read as declared types the first
    time they are asked for.

    Loading a match reads every line of its log; most are never looked at again, and reading
    a consequence as its declared type costs more than the rest of the line together.
    """

    __slots__ = ("_game", "_stored", "_values")

    def __init__(self, stored: Sequence[Mapping[str, JSON]], game: str = "") -> None:
        self._stored = tuple(stored)
        self._game = game
        self._values: tuple[Consequence, ...] | None = None

    @classmethod
    def of(cls, values: Sequence[Consequence]) -> Consequences:
        made = cls(())
        made._values = tuple(values)
        return made

    def stored(self) -> list[dict[str, JSON]]:
        """The plain data, as stored: read from the store, the stored form itself (a typed
        consequence writes back exactly the data it was read from, so encoding it again, for
        every line of every step a replay answers, bought nothing)."""
        if self._values is None or self._stored:
            return [dict(c) for c in self._stored]
        return [c.to_dict() for c in self._values]

    def _typed(self) -> tuple[Consequence, ...]:
        if self._values is None:
            self._values = tuple(consequence_from_dict(c, self._game) for c in self._stored)
        return self._values

    @overload
    def __getitem__(self, index: int) -> Consequence: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Consequence]: ...
    def __getitem__(self, index: int | slice) -> Consequence | Sequence[Consequence]:
        return self._typed()[index]

    def __len__(self) -> int:
        return len(self._stored) if self._values is None else len(self._values)

    def __iter__(self) -> Iterator[Consequence]:
        return iter(self._typed())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Consequences):
            return self._typed() == other._typed()
        if isinstance(other, tuple | list):
            return self._typed() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._typed())

    def __repr__(self) -> str:
        return repr(self._typed())


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
    link: str | None = None

    @property
    def author(self) -> Author:
        return Author(self.by, self.at, self.device, self.link)


@dataclass(frozen=True, kw_only=True)
class Entry(Line):
    """A coach's decision or a die: the game's action as stored, the rules it broke when the
    table overrode them (and why), and what followed from it."""

    type: ClassVar[str] = "entry"
    action: Mapping[str, JSON]
    override: str | None = None
    violations: tuple[Violation, ...] = ()
    consequences: Sequence[Consequence] = ()
    retracted: bool = False
    # The number of the correction that took this entry's place (Correction below).
    corrected_by: int | None = None
    # The physical die the table rolled this entry's dice with, as the scorer named it ("red
    # d6"), for the fairness of each die; None when unnamed, and for the app's own rolls.
    die_label: str | None = None

    @property
    def kind(self) -> str:
        """The action's kind (`play`, `roll`, …)."""
        return str(self.action["kind"])

    @property
    def in_force(self) -> bool:
        return not self.retracted and self.corrected_by is None

    def decoded(self, decode: Callable[[Mapping[str, JSON]], Any]) -> Any:
        """The action as the game's type, `decode(self.action)` (a codec's `from_dict`, a
        ruleset's `action_from_dict`), worked out once per entry and decoder: a replay folds
        every entry, and its report words and notes each of them, and decoding the same
        action three times was a fifth of walking a match. A stored action the decoder
        refuses raises every time it is asked for. What is kept sits beside the fields (frozen
        actions, shared), not among them: an entry's equality, repr and stored form are its
        fields alone."""
        kept: dict[Any, Any] | None = self.__dict__.get("_decoded")
        if kept is None:
            kept = {}
            object.__setattr__(self, "_decoded", kept)
        # Bound methods are equal when they are the same function of the same object.
        found = kept.get(decode, _NOT_DECODED)
        if found is _NOT_DECODED:
            found = kept[decode] = decode(self.action)
        return found

    def retract(self) -> Entry:
        return replace(self, retracted=True)


@dataclass(frozen=True, kw_only=True)
class Correction(Entry):
    """An entry that takes the place of entry `replaces`, deep in the past, and why.

    It is an entry in its own right (its action, violations and consequences), written at the
    end of the log but counted at the place of the entry it replaces, which stays in the log
    struck through. The entries after that place were judged again: those that became illegal
    were kept as overrides (`kept`, with this correction's reason) or taken out of force
    (`withdrawn`), as the corrector chose. `dispute` and `rules` name the dispute and the rule
    IDs when a referee's ruling made the correction.
    """

    type: ClassVar[str] = "correction"
    replaces: int
    reason: str
    dispute: int | None = None
    rules: tuple[str, ...] = ()
    kept: tuple[int, ...] = ()
    withdrawn: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Dispute(Line):
    """A coach or scorer disputes entry `on` (None: the match's result). The match goes on;
    the dispute stays open until a referee rules on it."""

    type: ClassVar[str] = "dispute"
    on: int | None
    reason: str


# What a referee may decide about a disputed entry.
STANDS, CORRECTED, REPLAY = "stands", "corrected", "replay"
DECISIONS = (STANDS, CORRECTED, REPLAY)


@dataclass(frozen=True, kw_only=True)
class Ruling(Line):
    """A referee's ruling on dispute `dispute`, citing rule IDs of the game's digest: the entry
    stands, was corrected (`correction`: the number of the Correction line), or play is replayed
    from entry `replay_from` (`replayed`: the entries that were taken out of force)."""

    type: ClassVar[str] = "ruling"
    dispute: int
    decision: str
    rules: tuple[str, ...]
    text: str
    correction: int | None = None
    replay_from: int | None = None
    replayed: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Confirmation(Line):
    """A coach confirms the final result for their side (`result`: as the rules gave it then;
    a later correction that changes the result leaves the confirmation behind)."""

    type: ClassVar[str] = "confirmation"
    side: str
    result: Mapping[str, JSON]


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
    # A reader's judgement of the entry (domain.glyphs: its name); None for a plain remark,
    # as every annotation written before glyphs existed is.
    glyph: str | None = None


@dataclass(frozen=True, kw_only=True)
class Abandonment(Line):
    """The match stopped for good, and why."""

    type: ClassVar[str] = "abandonment"
    reason: str


LogLine = (
    Correction | Entry | Retraction | Annotation | Abandonment | Dispute | Ruling | Confirmation
)


def to_data(line: LogLine) -> dict[str, JSON]:
    """A line as plain data: the shape stored in snapshots and answered by the JSON API."""
    data: dict[str, JSON] = {
        "number": line.number,
        "type": line.type,
        "by": line.by,
        "at": line.at,
        "device": line.device,
        "key": line.key,
        "link": line.link,
        "retracted": isinstance(line, Entry) and line.retracted,
    }
    match line:
        case Entry():  # a Correction too: its own fields are added below
            data.update(
                action=dict(line.action),
                override=line.override,
                violations=[v.to_dict() for v in line.violations],
                consequences=(
                    line.consequences.stored()
                    if isinstance(line.consequences, Consequences)
                    else [c.to_dict() for c in line.consequences]
                ),
                corrected_by=line.corrected_by,
                die_label=line.die_label,
            )
            if isinstance(line, Correction):
                data.update(
                    replaces=line.replaces,
                    reason=line.reason,
                    dispute=line.dispute,
                    rules=list(line.rules),
                    kept=list(line.kept),
                    withdrawn=list(line.withdrawn),
                )
        case Retraction():
            data["retracts"] = line.retracts
        case Annotation():
            data.update(on=line.on, text=line.text, glyph=line.glyph)
        case Abandonment():
            data["reason"] = line.reason
        case Dispute():
            data.update(on=line.on, reason=line.reason)
        case Ruling():
            data.update(
                dispute=line.dispute,
                decision=line.decision,
                rules=list(line.rules),
                text=line.text,
                correction=line.correction,
                replay_from=line.replay_from,
                replayed=list(line.replayed),
            )
        case Confirmation():
            data.update(side=line.side, result=dict(line.result))
        case _:
            assert_never(line)
    return data


def from_data(data: Mapping[str, Any], game: str = "") -> LogLine:
    """A line from the plain data `to_data` stored in a snapshot; an entry's consequences are
    read as the types `game` (the package of the match's game) declares first, when first
    asked for."""
    kind = data["type"]
    common = {
        "number": data["number"],
        "by": data["by"],
        "at": data["at"],
        "device": data.get("device"),
        "key": data.get("key"),
        "link": data.get("link"),
    }
    if kind in (Entry.type, Correction.type):
        violations = data.get("violations")
        entry = {
            "action": data["action"],
            "override": data.get("override"),
            "violations": tuple(violation_from_dict(v) for v in violations) if violations else (),
            "consequences": Consequences(data.get("consequences") or (), game),
            "retracted": bool(data.get("retracted")),
            "corrected_by": data.get("corrected_by"),
            "die_label": data.get("die_label"),
        }
        if kind == Entry.type:
            return _restored(Entry, common, **entry)
        return _restored(
            Correction,
            common,
            **entry,
            replaces=data["replaces"],
            reason=data["reason"],
            dispute=data.get("dispute"),
            rules=tuple(data.get("rules") or ()),
            kept=tuple(data.get("kept") or ()),
            withdrawn=tuple(data.get("withdrawn") or ()),
        )
    if kind == Retraction.type:
        return _restored(Retraction, common, retracts=data["retracts"])
    if kind == Annotation.type:
        return _restored(
            Annotation, common, on=data["on"], text=data["text"], glyph=data.get("glyph")
        )
    if kind == Abandonment.type:
        return _restored(Abandonment, common, reason=data["reason"])
    if kind == Dispute.type:
        return _restored(Dispute, common, on=data.get("on"), reason=data["reason"])
    if kind == Ruling.type:
        return _restored(
            Ruling,
            common,
            dispute=data["dispute"],
            decision=data["decision"],
            rules=tuple(data.get("rules") or ()),
            text=data.get("text", ""),
            correction=data.get("correction"),
            replay_from=data.get("replay_from"),
            replayed=tuple(data.get("replayed") or ()),
        )
    if kind == Confirmation.type:
        return _restored(Confirmation, common, side=data["side"], result=data["result"])
    raise ValueError(f"unknown kind of log line: {kind!r}")


L = TypeVar("L", bound=Line)


def _restored(cls: type[L], common: dict[str, Any], **fields: Any) -> L:
    """A line as its own snapshot stored it, without running the dataclass's __init__.

    Every write loads its match from the latest snapshot, whose log holds every line: set one
    field at a time through a frozen dataclass's __init__, restoring them took a quarter of a
    write at 600 entries. The data was written by `to_data` from a line that was built and
    checked as usual, so nothing is skipped but the cost.
    """
    line = object.__new__(cls)
    line.__dict__.update(common, **fields)
    return line


def violation_from_dict(data: Mapping[str, Any]) -> Violation:
    """A stored violation; its sentence a phrase again where it was stored with one
    (`stored_violation`), so that it reads in any language, else the text as stored."""
    message = str(data["message"])
    if "phrase" in data:
        message = phrase_from_data(data["phrase"], message)
    return Violation(str(data["rule"]), message, bool(data.get("overridable", True)))


def stored_violation(violation: Violation) -> dict[str, JSON]:
    """A violation as an event stores it: its dict, and its sentence's template and values
    (`phrase`) when it has them. Events stored before carry no `phrase` and read as stored."""
    stored = violation.to_dict()
    said = phrase_data(violation.message)
    if said is not None:
        stored["phrase"] = said
    return stored


class Log(MutableSequence[LogLine]):
    """A match's log: its lines in order, those of a snapshot read the first time each is
    looked at.

    A write loads its match from the latest snapshot, which holds every line, then mostly
    looks at the last few: reading all of them first cost a third of loading a long match.
    """

    __slots__ = ("_game", "_lines")

    def __init__(self, stored: Sequence[LogLine | Mapping[str, JSON]] = (), game: str = "") -> None:
        # A line not read yet stays the very dict its snapshot decoded: copying each one on
        # every load would cost what reading them lazily saves.
        self._lines: list[LogLine | dict[str, JSON]] = [
            line if isinstance(line, dict | LogLine) else dict(line) for line in stored
        ]
        self._game = game

    def copy(self) -> Log:
        """Another log holding the same lines (they are immutable), to append to apart."""
        copied = Log((), self._game)
        copied._lines = list(self._lines)
        return copied

    def stored(self) -> list[dict[str, JSON]]:
        """Every line as plain data (`to_data`), those never read as they were stored."""
        return [dict(line) if isinstance(line, dict) else to_data(line) for line in self._lines]

    def kinds(self) -> Iterator[str]:
        """Each line's kind, in order, without reading the lines."""
        for line in self._lines:
            yield str(line["type"]) if isinstance(line, dict) else line.type

    def _read(self, index: int) -> LogLine:
        line = self._lines[index]
        if isinstance(line, dict):  # as JSON decoded it: a line not read yet
            line = from_data(line, self._game)
            self._lines[index] = line
        return line

    @overload
    def __getitem__(self, index: int) -> LogLine: ...
    @overload
    def __getitem__(self, index: slice) -> list[LogLine]: ...
    def __getitem__(self, index: int | slice) -> LogLine | list[LogLine]:
        if isinstance(index, slice):
            return [self._read(i) for i in range(*index.indices(len(self._lines)))]
        return self._read(index)

    @overload
    def __setitem__(self, index: int, value: LogLine) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[LogLine]) -> None: ...
    def __setitem__(self, index: int | slice, value: Any) -> None:
        self._lines[index] = value

    def __delitem__(self, index: int | slice) -> None:
        del self._lines[index]

    def __len__(self) -> int:
        return len(self._lines)

    def insert(self, index: int, value: LogLine) -> None:
        self._lines.insert(index, value)

    def __iter__(self) -> Iterator[LogLine]:
        for index in range(len(self._lines)):
            yield self._read(index)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"
