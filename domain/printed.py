"""A card's printed values, recorded once and offered and checked from then on.

A game whose cards print values the table types with an entry (the card game's Shot, Pass and
Defense) declares them (`Printed`): the rule that says they are printed, the entry kinds that
carry them and the fields they go in. The values come from two places, both given to the check
as data: the match's own earlier entries (the first entry of a card records its values, kept in
the game state) and a card list kept outside the match (a league's, the installation's). An
entry typing other values than those recorded breaks the printed-values rule, naming the card;
the table may override it (a misprint, another edition). An entry that leaves a value out is
completed from the recorded values, and refused by name when there are none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domain.names import name_key
from domain.phrase import phrase
from domain.ruleset import JSON, Violation

if TYPE_CHECKING:
    from domain.ruleset import Ruleset


@dataclass(frozen=True)
class Printed:
    """What a game declares about its printed values.

    `rule` is the rule ID that says a card prints them; `fields` the entry fields that hold
    them, in printed order, with `labels` as a person says them; `kinds` the entry kinds
    that carry a card's printed values; `sides` the sides a card may belong to, and
    `minimum` the lowest value a card prints. `catalogue` holds the names the game's
    rulebook gives its cards (without values, which it does not print), for the pages to
    suggest as a card's name is typed.
    """

    rule: str
    fields: tuple[str, ...]
    labels: tuple[str, ...]
    kinds: tuple[str, ...]
    sides: tuple[str, ...] = ()
    minimum: int = 0
    catalogue: tuple[str, ...] = ()

    def label(self, name: str) -> str:
        return dict(zip(self.fields, self.labels, strict=True)).get(name, name)


@dataclass(frozen=True)
class PrintedCard:
    """One card's printed values. `side` is the side whose cards it belongs to (its team), or
    empty when any side may play it."""

    name: str
    values: tuple[int, ...]
    side: str = ""
    # Where the values were recorded, as a sentence ends: "the installation's card list".
    origin: str = field(default="", compare=False)

    @property
    def key(self) -> str:
        return name_key(self.name)

    def as_fields(self, printed: Printed) -> dict[str, int]:
        return dict(zip(printed.fields, self.values, strict=True))

    def describe(self, printed: Printed) -> str:
        """`Shot 3, Pass 1, Defense 0`."""
        return ", ".join(
            f"{label} {value}" for label, value in zip(printed.labels, self.values, strict=True)
        )


@dataclass(frozen=True)
class CardLibrary:
    """Cards with their printed values, one per name (names ignore case and language:
    `大空翼` finds Tsubasa Ozora, domain/names.py), in the order first
    recorded. Immutable: `with_card` and `over` return new libraries."""

    cards: tuple[PrintedCard, ...] = ()
    _by_key: Mapping[str, PrintedCard] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        by_key: dict[str, PrintedCard] = {}
        for card in self.cards:
            by_key.setdefault(card.key, card)
        object.__setattr__(self, "_by_key", by_key)

    def __len__(self) -> int:
        return len(self._by_key)

    def find(self, name: str) -> PrintedCard | None:
        return self._by_key.get(name_key(name))

    def with_card(self, card: PrintedCard) -> CardLibrary:
        """This library with `card` added, unless a card of that name is recorded already."""
        if card.key in self._by_key:
            return self
        return CardLibrary((*self.cards, card))

    def over(self, other: CardLibrary) -> CardLibrary:
        """This library first, then the cards of `other` it does not name."""
        if not other.cards:
            return self
        if not self.cards:
            return other
        return CardLibrary((*self.cards, *(c for c in other.cards if c.key not in self._by_key)))

    def for_side(self, side: str) -> tuple[PrintedCard, ...]:
        """The distinct cards `side` may hold: its own and those of no side."""
        return tuple(c for c in self._by_key.values() if c.side in ("", side))


NO_CARDS = CardLibrary()


def typed_values(printed: Printed, data: Mapping[str, JSON]) -> tuple[int, ...] | None:
    """The printed values an entry's dict form carries, or None when one is missing or is no
    whole number (the codec names that)."""
    values = [data.get(name) for name in printed.fields]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return None
    return tuple(int(v) for v in values)  # type: ignore[arg-type]


def mismatch(
    printed: Printed, recorded: PrintedCard, typed: tuple[int, ...], where: str
) -> Violation | None:
    """The printed-values rule broken when `typed` differs from what was recorded for the card
    (`where`: "as recorded earlier in this match", "in the installation's card list" …)."""
    if typed == recorded.values:
        return None
    said = PrintedCard(recorded.name, typed)
    source = f" ({where})" if where else ""
    return Violation(
        printed.rule,
        phrase(
            "{recorded} prints {describe}{source}, not {describe2}.",
            recorded=recorded.name,
            describe=recorded.describe(printed),
            source=source,
            describe2=said.describe(printed),
        ),
    )


def printed_violation(
    rules: Ruleset, state: Any, action: Any, cards: CardLibrary
) -> Violation | None:
    """The printed-values rule, when `action` types a card's values other than those the match
    recorded before `state` or, for a card it has not, those of `cards` (a card list); None
    when it types none, or the values found. What every check of an entry's values asks: a
    new entry's, a correction's, and the entries judged again after a correction."""
    printed = rules.printed
    if printed is None:
        return None
    data = rules.action_to_dict(action)
    if data.get("kind") not in printed.kinds:
        return None
    face = rules.printed_face(state, data)
    typed = typed_values(printed, data)
    if face is None or typed is None:
        return None
    recorded = rules.learned_cards(state).find(face.name) or cards.find(face.name)
    if recorded is None:
        return None
    return mismatch(printed, recorded, typed, recorded.origin)


class MissingValues(ValueError):
    """An entry of a card whose printed values it leaves out and nothing has recorded."""

    def __init__(self, kind: str, card: str, missing: Iterable[str]) -> None:
        self.missing = tuple(missing)
        named = ", ".join(self.missing)
        super().__init__(
            f"{kind}: say {card}'s printed {named} ({' '.join(f'{m}=…' for m in self.missing)}):"
            f" no value of this card is recorded yet, and a value left out is never taken as 0"
        )


def completed(
    printed: Printed,
    data: Mapping[str, JSON],
    known: PrintedCard | None,
    needs_values: bool = True,
) -> dict[str, JSON]:
    """`data` with the printed values it leaves out taken from `known`; MissingValues names
    those neither gives. `needs_values` is False for a card that prints none (the game says)."""
    entry = dict(data)
    missing = [name for name in printed.fields if name not in entry]
    if not missing or not needs_values:
        return entry
    if known is None:
        raise MissingValues(str(data.get("kind")), str(data.get("card", "the card")), missing)
    entry.update({name: known.as_fields(printed)[name] for name in missing})
    return entry


def with_printed_values(
    rules: Ruleset, state: Any, data: Mapping[str, JSON], cards: CardLibrary
) -> dict[str, JSON]:
    """An entry's dict form with the printed values it leaves out filled from those known in
    `state` (the match's own first values) or `cards`; MissingValues names those neither
    gives. A card that prints none (Fatigue) or may be either of two (a motivated player)
    keeps what is typed, and what is left out is 0 as it always was."""
    printed = rules.printed
    if printed is None or data.get("kind") not in printed.kinds:
        return dict(data)
    face = rules.printed_face(state, data)
    if face is None:
        return dict(data)
    known = rules.learned_cards(state).find(face.name) or cards.find(face.name)
    return completed(printed, data, known)
