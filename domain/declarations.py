"""What a game declares about itself so that the adapters need no knowledge of it.

A ruleset carries these values: the form that sets up a match (which the web page draws and
reads, and whose game-only options the command line offers), how a league ranks its coaches,
and where its page templates live. The adapters read only these declarations; none of them
names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from domain.odds import Odds
from domain.phrase import Phrase, phrase

# text: a line of text; choice: one of `choices`; multi-choice: any of `choices` (a list);
# number: a whole number; flag: a yes/no that adds `flag_value` to the list at `target`;
# team-list: a team list written in TOML, uploaded as a file or pasted.
FieldKind = Literal["text", "choice", "multi-choice", "number", "flag", "team-list"]


@dataclass(frozen=True)
class Choice:
    """One value a choice field accepts, with a plain-language sentence of what it means and
    its name as a phrase (so that it reads in the page's language)."""

    value: str
    help: str = ""
    name: str = ""

    @property
    def plain_name(self) -> str:
        """The value as a person says it: `assured-success` is "Assured success"."""
        if self.name:
            return self.name
        words = self.value.replace("-", " ")
        return words[:1].upper() + words[1:]


@dataclass(frozen=True)
class SetupField:
    """One thing the setup asks for, and where its answer goes in the setup data.

    `name` is the field's name in the form, after the game's prefix (`cg-` + `bank-cap`).
    `target` is its place in the setup: `("settings", "bank-cap")`, or inside a seat
    `("coach",)`. Values travel as text, as a person types them; the ruleset's `make_setup`
    judges them. `cli` gives the field an option of its own on `touchline match new`
    (`--crowns`), for a shortcut the generic `--option` and `--setting` do not already give.
    """

    name: str
    label: str
    kind: FieldKind
    target: tuple[str, ...]
    choices: tuple[Choice, ...] = ()
    default: str = ""
    placeholder: str = ""
    blank: str = ""  # choice: the text of an empty first choice, e.g. "(empty seat)"
    minimum: int | None = None  # number
    maximum: int | None = None  # number
    flag_value: str = ""  # flag: the value a ticked box adds
    accept: str = ""  # team-list: the file types the upload offers
    file_format: str = ""  # team-list: the format's name as people know it, e.g. "TOML"
    cli: str | None = None
    # A sentence of what the field does, citing its rule ID, for a field whose choices do
    # not explain it (a flag, a number).
    help: str = ""

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(choice.value for choice in self.choices)


@dataclass(frozen=True)
class Seat:
    """A place at the table: the fields that name its team and coach, in the order shown.

    With keyed seats `name` is the seat's key in the setup (`home`); with listed seats it only
    names the seat in a problem (`seat 3`).
    """

    name: str
    fields: tuple[SetupField, ...]
    label: str = ""  # the seat as the form names it (a phrase: `Home`), if not by its fields
    # The seat as a sentence about it names it (a phrase: `home`); its name when not given.
    called: str = ""

    @property
    def said_as(self) -> str:
        return self.called or self.name


@dataclass(frozen=True)
class SetupForm:
    """Everything a person gives to start a match of a game.

    Keyed seats (`listed_as` None) each become the setup's entry of the seat's name, filled or
    not, for the ruleset to judge. Listed seats become one list under `listed_as`, in seating
    order, of the seats that were filled; a seat half filled is a problem (`incomplete_seat`).
    """

    prefix: str  # the form's field names start with it, so one page holds every game
    seats: tuple[Seat, ...]
    fields: tuple[SetupField, ...] = ()
    note: str = ""  # what the game's part of the form is about, after its title
    listed_as: str | None = None
    incomplete_seat: str = phrase("give both the team and its coach")

    def half_filled(self, seat: Seat) -> Phrase:
        """The problem with `seat` given only in part, naming the seat."""
        return phrase("{seat}: {problem}", seat=seat.name, problem=self.incomplete_seat)

    def all_fields(self) -> tuple[SetupField, ...]:
        return tuple(f for seat in self.seats for f in seat.fields) + self.fields


@dataclass(frozen=True)
class LeagueRanking:
    """How a league ranks the coaches of this game.

    `by_placing` False: points for a win, a draw and a loss, with goals for and against.
    True: points for each finishing place of a game of several teams; `scored` names what a
    coach's "for" column counts (the crowns a coach placed).
    """

    by_placing: bool = False
    scored: str = "goals"


GOALS = LeagueRanking()
CROWNS = LeagueRanking(by_placing=True, scored="crowns")


@dataclass(frozen=True)
class Presentation:
    """Where a game's page templates live: `templates` names a package whose `templates/`
    folder holds `situation.html` (the whole situation) and `glance.html` (the scorer's few
    facts). Either may be missing; the pages then draw the ruleset's `view()` generically.
    Templates are package data, read by the web app; nothing here imports them.

    `tapped` names the kinds of entry the glance itself records, by tapping its drawing (the
    field's cells, say): the scoring page's list offers them too, folded under "More", since
    the drawing is the quicker way."""

    templates: str | None = None
    tapped: tuple[str, ...] = ()


@dataclass(frozen=True)
class EntryFrequency:
    """How often each kind of entry is made in a whole match, which orders the scoring page's
    buttons (the most frequent first) and folds the rare ones under "More".

    `per_match` counts a kind (`play`), or a kind offered with a field given (`play.via`: a
    card played through another card's ability, which is rare where a play is not), as a
    typical match holds them; the game's golden matches are where the counts come from. A kind
    counted fewer than `rare_below` times is rare; a kind a game that counts anything leaves
    out counts 0. A game that counts nothing (the default) keeps the rules' order and folds
    nothing."""

    per_match: Mapping[str, int] = field(default_factory=dict)
    rare_below: int = 5

    def key(self, kind: str, given: tuple[str, ...]) -> str:
        """What an entry of `kind` with the fields `given` counts as: `kind.field` for the
        first given field the game counts on its own, else the kind."""
        for name in given:
            if f"{kind}.{name}" in self.per_match:
                return f"{kind}.{name}"
        return kind

    def count(self, key: str) -> int:
        return self.per_match.get(key, 0)

    @property
    def declared(self) -> bool:
        return bool(self.per_match)


# A game that declares no frequencies: its buttons come in the order its rules list them.
UNCOUNTED = EntryFrequency()


@dataclass(frozen=True)
class DiceOdds:
    """What a game whose dice decide its duels tells about them (docs/analysis.md).

    `before(state, entry)`: the exact odds of the roll `entry` records, from the situation
    before it (None for an entry that rolls nothing); `awaited(state)`: the odds of the roll
    the situation waits for, before anybody enters it (the live page), or None;
    `worth(state)`: what each side holds in `unit` (goals, crowns) with what the duel in
    progress is still expected to bring it; `live(setup)`: whether the match chose to show
    the odds on its scoring page. A roll's luck is the change in `worth` across it:
    what the dice gave less what was expected. A game left without (the default) shows no
    odds and counts no luck."""

    unit: str  # plural, as a total reads: "1.3 goals"
    before: Callable[[Any, Any], Odds | None]
    awaited: Callable[[Any], Odds | None]
    worth: Callable[[Any], Mapping[str, Fraction]]
    # Whether the match's setup (the game's setup value) shows the odds while it is played:
    # the `live-odds` option (domain.odds.LIVE_ODDS), off by default.
    live: Callable[[Any], bool] = lambda setup: False
