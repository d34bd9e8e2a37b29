"""The small interface every game's rules engine implements, and the values it speaks in.

A ruleset is pure and deterministic. Dice values, coin flips and shuffles reach it as inputs
inside actions; it never creates them. Validation (`check`) is separate from application
(`apply`) so that replaying a stored log applies entries without judging them again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

# Declared in domain.consequences; re-exported here, where every game imports it from.
from domain.consequences import Consequence as Consequence
from domain.phrase import semicolons

if TYPE_CHECKING:
    from domain.actions import ActionCodec
    from domain.declarations import (
        DiceOdds,
        EntryFrequency,
        LeagueRanking,
        Presentation,
        SetupForm,
    )
    from domain.printed import CardLibrary, Printed, PrintedCard

JSON = Any  # a value made of dicts, lists, str, int, float, bool and None


@dataclass(frozen=True)
class Violation:
    """A broken rule: the rule ID and a plain sentence a coach understands.

    `overridable` is False when the entry cannot even be applied in the current state (say, a
    die roll when nobody is rolling); a table may knowingly play on through the others.
    """

    rule: str
    message: str
    overridable: bool = True

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"

    def to_dict(self) -> dict[str, JSON]:
        return {"rule": self.rule, "message": self.message, "overridable": self.overridable}


@dataclass(frozen=True)
class Participant:
    """Who plays one side: the side's key in actions, its coach and its team's name."""

    side: str
    coach: str
    team: str


@dataclass(frozen=True)
class Expected:
    """One kind of entry that may legally come next.

    `fixed` holds the fields the situation already decides (who rolls, which die); `choices`
    lists the legal values of enumerable fields; `random` names the fields the app may fill by
    chance on request ("roll for me"), each drawn from its `choices`. `dice` names fields that
    hold several dice at once (a list of values), each with the number of faces of every die
    in it, e.g. `{"dice": (6, 6, 6, 8)}` for three d6 and a d8; the app may fill those too.
    """

    kind: str
    prompt: str
    by: str | None = None
    fixed: Mapping[str, JSON] = field(default_factory=dict)
    choices: Mapping[str, Sequence[JSON]] = field(default_factory=dict)
    random: tuple[str, ...] = ()
    dice: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "prompt": self.prompt,
            "by": self.by,
            "fixed": dict(self.fixed),
            "choices": {name: list(values) for name, values in self.choices.items()},
            "random": list(self.random),
            "dice": {name: list(faces) for name, faces in self.dice.items()},
        }


@dataclass(frozen=True)
class Result:
    """How a finished match ended: sides ranked best first (ties share a place)."""

    ranking: tuple[tuple[str, ...], ...]
    scores: Mapping[str, int]
    summary: str

    @property
    def winners(self) -> tuple[str, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_dict(self) -> dict[str, JSON]:
        return {
            "ranking": [list(place) for place in self.ranking],
            "scores": dict(self.scores),
            "summary": self.summary,
        }


class SetupError(ValueError):
    """Match settings that cannot start a match; `problems` lists every one of them."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(semicolons(problems))
        self.problems = tuple(problems)


class MalformedAction(ValueError):
    """An action that is not well formed (unknown kind, missing or mistyped field)."""


S = TypeVar("S")


@dataclass(frozen=True)
class Outcome(Generic[S]):
    """What `apply` returns: the new state and what followed from the entry."""

    state: S
    consequences: tuple[Consequence, ...] = ()


class Ruleset(Protocol):
    """A game's rules engine. Every method is pure; states and actions are immutable."""

    name: str
    title: str  # the one title the pages, the command line and the API show
    rules_prefix: str
    codec: ActionCodec  # the game's action classes, for the one-line notation
    # What the adapters read instead of knowing the game (domain/declarations.py).
    setup_form: SetupForm
    league_ranking: LeagueRanking
    presentation: Presentation
    entry_frequency: EntryFrequency  # how often each kind is entered: the buttons' order
    # The exact odds of the game's dice and the luck they bring; None for a game without.
    odds: DiceOdds | None

    def make_setup(self, raw: Mapping[str, JSON]) -> Any:
        """Validate match settings (teams, variant, options); raise SetupError listing all."""

    def setup_to_dict(self, setup: Any) -> dict[str, JSON]: ...

    def recorded_setup(self, stored: Mapping[str, JSON]) -> dict[str, JSON]:
        """A setup stored (or exported) before a later setting existed, as the match was
        recorded under it: a setting it lacks takes the reading the engine had then, not
        today's default (`domain.routing.RoutedRuleset`: unchanged)."""

    def sides(self, setup: Any) -> tuple[str, ...]:
        """The keys that name the sides in actions, in seating order."""

    def side_labels(self, setup: Any) -> Mapping[str, str]:
        """A display label per side, e.g. 'Toho (Bob)'."""

    def participants(self, setup: Any) -> tuple[Participant, ...]:
        """Each side's coach and team, in seating order: the names read models count by."""

    def scoreline(self, score: Mapping[str, int]) -> str:
        """The score by side as one line for match lists, e.g. '2–1' or 'red 2 · blue 0'."""

    def initial_state(self, setup: Any) -> Any: ...

    def action_from_dict(self, data: Mapping[str, JSON]) -> Any:
        """Build an action from its dict form; raise MalformedAction on bad shape."""

    def action_to_dict(self, action: Any) -> dict[str, JSON]: ...

    def action_kinds(self) -> Mapping[str, str]:
        """Each action kind with a one-line help text (what it records, its fields)."""

    # What a field means to a person at the table, keyed `kind.field` or `field`; a field
    # without one is described by its type alone.
    field_help: Mapping[str, str]

    def unstated(self, data: Mapping[str, JSON]) -> tuple[str, ...]:
        """The fields an entry's dict form leaves out although the rules have the table say
        them: a default the codec keeps so that older match files read, never a value the
        table may skip (a card's printed values). The prompt asks for them."""

    def sentence(self, action: Any, names: Mapping[str, str]) -> str:
        """The entry as a match report says it (`Toho: Kojiro Hyuga (Shot 3, Pass 1)`), the
        sides named by `names` (side key → name); `domain.routing.RoutedRuleset` makes one
        from the notation for a game that words none of its actions."""

    # The values a card prints that the table types with an entry (domain/printed.py);
    # None for a game whose entries carry none.
    printed: Printed | None

    def printed_face(self, state: Any, data: Mapping[str, JSON]) -> PrintedCard | None:
        """The card whose printed values the entry types (its name as printed and its side,
        with no values yet), or None when it types none: another kind, a card that prints
        none, or a card whose values the situation cannot tell apart (two faces)."""

    def learned_cards(self, state: Any) -> CardLibrary:
        """The printed values the match's entries so far recorded: each card's first."""

    def check(
        self, state: Any, action: Any, cards: CardLibrary | None = None
    ) -> tuple[Violation, ...]:
        """The rules `action` breaks in `state`. With `cards` (printed values recorded outside
        the match: a card list; possibly empty) the entry's printed values are checked too,
        against those the match recorded itself first (domain/printed.py): a new entry's
        check. Without, they are not: an entry written before they were checked."""

    def apply(self, state: Any, action: Any) -> Outcome[Any]: ...

    def expected(self, state: Any) -> tuple[Expected, ...]: ...

    def result(self, state: Any) -> Result | None:
        """The result once the match is over, else None."""

    def view(self, state: Any) -> dict[str, JSON]:
        """The public situation as plain data (score, phase, whose turn, counts, ...)."""

    def scorers_view(self, state: Any) -> dict[str, JSON]:
        """What the match's scorers see beyond `view()`: what the table keeps hidden, such as
        the cards in a hand (King of the Pitch); empty for a game that hides nothing. Never
        shown to spectators."""

    def render(self, state: Any) -> str:
        """The public situation as a few lines of text for a terminal: the score first, then
        where the match stands (half, round, whose turn), then the rest."""
