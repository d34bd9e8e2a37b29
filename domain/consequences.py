"""What follows from an entry, declared once: the vocabulary every game's `apply` speaks in.

A consequence is a frozen value with a `kind` (a class constant, never built from data) and
`text`, the sentence shown to people. It is stored beside its entry as
`{"kind": ..., "text": ..., "data": {...}}`, `data` holding its other fields: that stored form
is forever (match files print the `text` of each one), so a declared type writes exactly the
keys it always wrote, under the names in `stored_as` where the stored key differs from the
field's name.

The generic types below say what a consequence *means* to the read side (a goal, a die, a
card played, the end of the match, what it counts in the statistics); each game declares its
own kinds as subtypes in its own package (`domain/<game>/consequences.py`). Two games may
declare the same kind with different stored keys (the card game's goal names its `team`, the
TCG's its `side`): `from_dict` tries every type declared for a kind and keeps the one that
writes the stored form back unchanged. Two games may even store a kind in the same form with
different meanings (the TCG's goal also wins a battle): given the package of the game that
stored it, `from_dict` tries that game's own types first. A kind nobody declares, or a stored
form no declared type reproduces (written by a later or an earlier release), loads as a plain
`Consequence` keeping its kind, text and data, so a store never fails to load.

A consequence with empty `text` is silent: it is a fact for the read side only (a die rolled,
the final ranking) and is never printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import cache
from typing import Any, ClassVar

from domain.phrase import phrase

JSON = Any  # a value made of dicts, lists, str, int, float, bool and None

_DECLARED: dict[str, list[type[Consequence]]] = {}


@dataclass(frozen=True)
class Tally:
    """One statistic a consequence counts for a side (its coach and team) and, when named,
    for players. `once` statistics count at most 1 per match and subject (say, a level
    reached)."""

    side: str
    stat: str
    players: tuple[str, ...] = ()
    once: bool = False


class MarkKind(StrEnum):
    """What a consequence a reader looks for on a replay's timeline is: the web draws each
    kind its own way, always with the mark's label in words."""

    GOAL = "goal"  # the score changes: a goal, a crown
    YELLOW_CARD = "yellow-card"
    RED_CARD = "red-card"
    SHOOT_OUT = "shoot-out"  # a penalty shoot-out begins, or a penalty of it is taken
    INJURY = "injury"
    SUBSTITUTION = "substitution"
    NOTABLE = "notable"  # anything else worth finding again (a new King, Extra Time)


@dataclass(frozen=True)
class Mark:
    """How a replay's timeline marks a consequence: what it is, and the word a person reads
    beside its sentence ("Goal", "Crown", "Yellow card")."""

    kind: MarkKind
    label: str


GOAL_MARK = Mark(MarkKind.GOAL, phrase("Goal"))


@dataclass
class Pitch:
    """What the read side tracks between consequences, by side: the players in play in the
    current passage of play, and the player whose shot a goal is credited to."""

    in_play: dict[str, list[str]] = field(default_factory=dict)
    shooter: dict[str, str] = field(default_factory=dict)

    def players(self, side: str) -> tuple[str, ...]:
        return tuple(self.in_play.get(side, ()))

    def copy(self) -> Pitch:
        """Another pitch from the same point, to go on with apart from this one."""
        return Pitch(
            {side: list(players) for side, players in self.in_play.items()}, dict(self.shooter)
        )

    def scorers(self, side: str) -> tuple[str, ...]:
        """A goal counts for the named shooter, else for every player of the side in play; a
        shot taken with a card that is no player (an empty shooter) counts for nobody."""
        if side in self.shooter:
            shooter = self.shooter[side]
            return (shooter,) if shooter else ()
        return self.players(side)


@dataclass(frozen=True, init=False, eq=False)
class Consequence:
    """Something that followed from an entry: a goal, a change of possession, a half ending.

    Built directly (`Consequence(kind, text, data)`) it is a consequence of a kind this release
    does not declare, kept exactly as stored.
    """

    kind: ClassVar[str] = ""
    # Stored `data` key of a field, where it differs from the field's name.
    stored_as: ClassVar[Mapping[str, str]] = {}
    text: str

    def __init__(self, kind: str, text: str, data: Mapping[str, JSON] | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_stored", dict(data or {}))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__:
            _DECLARED.setdefault(cls.kind, []).append(cls)
            _candidates.cache_clear()  # a game imported later declares more

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Consequence(kind={self.kind!r}, text={self.text!r}, data={self.data!r})"

    @property
    def data(self) -> dict[str, JSON]:
        stored = self.__dict__.get("_stored")
        if stored is not None:
            return dict(stored)
        stored_fields = _stored_fields(type(self))
        return {key: _plain(getattr(self, name)) for name, key in stored_fields}

    @property
    def silent(self) -> bool:
        """A fact for the read side only: never printed."""
        return not self.text

    def to_dict(self) -> dict[str, JSON]:
        return {"kind": self.kind, "text": self.text, "data": self.data}

    @classmethod
    def from_data(cls, text: str, data: Mapping[str, JSON]) -> Consequence | None:
        """This type built from a stored `data`, or None when its keys are not exactly this
        type's: then it writes `data` back as it was (its values are JSON, which `_frozen` and
        `_plain` carry there and back unchanged)."""
        stored, keys, plain = _SHAPES.get(cls) or _shape(cls)
        if data.keys() != keys:
            return None
        values: dict[str, JSON] = {"text": text}
        for name, key in stored:
            value = data[key]
            values[name] = _frozen(value) if isinstance(value, _CONTAINERS) else value
        if not plain:
            return cls(**values)
        # What the dataclass's own __init__ would do, without setting one field at a time
        # through the frozen guard: reading stored consequences is most of folding a match.
        made = object.__new__(cls)
        made.__dict__.update(values)
        return made

    # What the read side learns from a consequence; the defaults say "nothing".

    def phase_name(self) -> str | None:
        """The stretch of play the match is in from now on, as the match list names it."""
        return None

    def score_after(self, before: Mapping[str, int]) -> Mapping[str, int] | None:
        """The score by side once this happened, if it changed it."""
        return None

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        """The statistics this counts."""
        return ()

    def timeline_mark(self) -> Mark | None:
        """How a replay's timeline marks this, when a reader would look for it there."""
        return None


def from_dict(stored: Mapping[str, JSON], game: str = "") -> Consequence:
    """A stored consequence as the type that declares its kind (see the module's doc); the
    types declared in `game`, the package of the game that stored it, are tried first."""
    kind, text = str(stored["kind"]), str(stored["text"])
    # Not copied: `from_data` keeps no container of it (a plain `Consequence` copies it).
    data = stored.get("data") or {}
    for declared in _candidates(kind, game):
        try:
            found = declared.from_data(text, data)
            if found is not None:
                return found
        except (TypeError, ValueError, KeyError, AttributeError):
            continue  # not this type's stored form: try the next one
    return Consequence(kind, text, data)


def declared_types(kind: str, game: str = "") -> tuple[type[Consequence], ...]:
    """Every type `from_dict` may read a stored consequence of `kind` as (besides a plain
    `Consequence`), in the order it tries them."""
    return _candidates(kind, game)


@cache
def _candidates(kind: str, game: str) -> tuple[type[Consequence], ...]:
    """The types declaring `kind`, those of `game`'s package first."""
    declared = _DECLARED.get(kind, [])
    return tuple(sorted(declared, key=lambda found: not _declared_in(found, game)))


def _stored_fields(cls: type[Consequence]) -> tuple[tuple[str, str], ...]:
    """Each field of a type but its text, with the `data` key it is stored under."""
    found = _STORED_FIELDS.get(cls)
    if found is None:
        found = tuple(
            (f.name, cls.stored_as.get(f.name, f.name)) for f in fields(cls) if f.name != "text"
        )
        _STORED_FIELDS[cls] = found
    return found


_STORED_FIELDS: dict[type[Consequence], tuple[tuple[str, str], ...]] = {}


def _shape(
    cls: type[Consequence],
) -> tuple[tuple[tuple[str, str], ...], frozenset[str], bool]:
    """A type's stored fields, their `data` keys, and whether its __init__ is the one its
    dataclass made (every field set as given, nothing after): then `from_data` may set the
    fields itself."""
    found = _SHAPES.get(cls)
    if found is None:
        stored = _stored_fields(cls)
        params = cls.__dict__.get("__dataclass_params__")
        plain = (
            params is not None
            and params.init
            and not hasattr(cls, "__post_init__")
            and all(f.init for f in fields(cls))
        )
        found = (stored, frozenset(key for _, key in stored), plain)
        _SHAPES[cls] = found
    return found


_SHAPES: dict[type[Consequence], tuple[tuple[tuple[str, str], ...], frozenset[str], bool]] = {}
_CONTAINERS = (list, dict)


def _declared_in(declared: type[Consequence], package: str) -> bool:
    module = declared.__module__
    return module == package or module.startswith(f"{package}.")


def _plain(value: JSON) -> JSON:
    """Tuples written back as the lists they were stored as, mappings as dicts."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _frozen(value: JSON) -> JSON:
    """Lists read back as the tuples the rules built them as, however deep."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


# The generic vocabulary. A type without a `kind` of its own is only a meaning; each game
# declares the kinds it stores as its subtypes.


@dataclass(frozen=True, kw_only=True)
class DieRolled(Consequence):
    """One die rolled, as the entry recorded it: its owner's side, the die's faces, the face
    shown, and whether the table rolled it or the app did. `purpose` says what it was for."""

    kind: ClassVar[str] = "die-rolled"
    text: str = ""
    side: str
    faces: int
    value: int
    source: str = "table"
    purpose: str = ""


@dataclass(frozen=True, kw_only=True)
class FinalResult(Consequence):
    """How the match ended, as the rules rank it: sides best first (level sides share a
    place) and the final score by side (goals, or crowns). Silent: the game's own end of
    match consequence tells people."""

    kind: ClassVar[str] = "final-result"
    text: str = ""
    ranking: tuple[tuple[str, ...], ...]
    score: Mapping[str, int]

    @property
    def winners(self) -> tuple[str, ...]:
        return self.ranking[0] if self.ranking else ()


@dataclass(frozen=True, kw_only=True)
class Goal(Consequence):
    """A goal for `side`, with the score by side after it."""

    side: str
    score: Mapping[str, int]

    def score_after(self, before: Mapping[str, int]) -> Mapping[str, int]:
        return self.score

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.side, "goals", pitch.scorers(self.side)),)

    def timeline_mark(self) -> Mark:
        return GOAL_MARK


@dataclass(frozen=True, kw_only=True)
class ShotTaken(Consequence):
    """`player` of `side` shoots: a goal from it is credited to that player."""

    side: str
    player: str

    @property
    def is_player(self) -> bool:
        """Whether the card shot with is a player: a game whose shots may be taken with a
        card of another kind says so here, and a goal from such a shot counts for no player."""
        return True


@dataclass(frozen=True, kw_only=True)
class CardPlayed(Consequence):
    """A card of `side` comes into play for the current passage of play."""

    side: str
    player: str

    @property
    def is_player(self) -> bool:
        """Whether the card is a player: a game with cards of other kinds (the card game's
        Match cards) says which. Only players are followed in play and counted per player;
        every card played counts for its coach and team."""
        return True

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.side, "cards_played", (self.player,) if self.is_player else ()),)


@dataclass(frozen=True, kw_only=True)
class PlayerLeft(Consequence):
    """A player of `side` leaves play (eliminated, discarded)."""

    side: str
    player: str


@dataclass(frozen=True, kw_only=True)
class Possession(Consequence):
    """`side` wins the ball."""

    side: str

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.side, "possession_won"),)


@dataclass(frozen=True, kw_only=True)
class Booking(Consequence):
    """A card shown to `side`; `colour` names it ("yellow", "red")."""

    colour: ClassVar[str] = ""
    side: str

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.side, f"{self.colour}_cards"),)

    def timeline_mark(self) -> Mark:
        kind = _BOOKING_MARKS.get(self.colour, MarkKind.NOTABLE)
        label = _BOOKING_LABELS.get(self.colour) or f"{self.colour} card".strip().capitalize()
        return Mark(kind, label)


_BOOKING_MARKS = {"yellow": MarkKind.YELLOW_CARD, "red": MarkKind.RED_CARD}
# Each colour's word as a phrase, so that a page in another language names the card in it.
_BOOKING_LABELS = {"yellow": phrase("Yellow card"), "red": phrase("Red card")}


@dataclass(frozen=True, kw_only=True)
class ShootOutStarted(Consequence):
    """Level: a penalty shoot-out decides."""

    kind: ClassVar[str] = "shoot-out"

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.SHOOT_OUT, phrase("Shoot-out"))


class PassageStarted(Consequence):
    """A new passage of play (a round): nobody is in play, nobody has shot."""


class PeriodStarted(Consequence):
    """The match enters a stretch of play named by `phase_name` (a half, Extra Time, a turn)."""


class PeriodEnded(Consequence):
    """A half (or an Extra Time half) ends."""


class MatchEnded(Consequence):
    """The match is over; `phase_name` says how the match list calls that ("full time")."""

    def phase_name(self) -> str:
        return "full time"


def declared_kinds() -> Sequence[str]:
    """Every kind a loaded game declares, for checks and documentation."""
    return sorted(_DECLARED)
