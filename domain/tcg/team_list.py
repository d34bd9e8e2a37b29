"""A team list: the 60 cards a coach brings, each described once by what is printed on it.

The card pool (344 + 50 cards) is not in our hands, so a team list names every card and gives
its printed values; the match then refers to cards by name. The list arrives as the parsed TOML
(a plain mapping); reading the file is the caller's business. See docs/team-list.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.phrase import as_typed, phrase, semicolons
from domain.tcg.labels import keys_of, label_key
from domain.text import NAME_LIMIT

POSITIONS = ("GK", "DF", "MF", "FW")
CARD_TYPES = ("player", "supporter", "tactics", "reverse", "coach")
STAT_FIELDS = ("shot", "keep", "defense")


class TeamListError(ValueError):
    """A team list that cannot be read; `problems` names each card and field at fault."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(semicolons(problems))
        self.problems = tuple(problems)


@dataclass(frozen=True)
class Card:
    """One printed card. `count` is how many copies the list holds."""

    name: str
    type: str
    battle_point: int
    count: int = 1
    position: str | None = None
    shot: int = 0
    keep: int = 0
    defense: int = 0
    cost: int = 0
    gain: int = 0
    wait: bool = False
    # The card's other names, such as its name in the other language where names.toml does
    # not list it (`ゴールデンコンビ` for Golden Combi); typed in an entry, each means this card.
    aliases: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    def answers_to(self, name: str) -> bool:
        """Whether `name` names this card, in any case, width or language."""
        return name == self.name or label_key(name) in keys_of(self.names)


@dataclass(frozen=True)
class Formation:
    """DF-MF-FW counts as printed on the coach card; one goalkeeper is implied."""

    df: int
    mf: int
    fw: int

    def counts(self) -> dict[str, int]:
        return {"GK": 1, "DF": self.df, "MF": self.mf, "FW": self.fw}

    def __str__(self) -> str:
        return f"{self.df}-{self.mf}-{self.fw}"


@dataclass(frozen=True)
class TeamList:
    name: str
    coach: Card
    formation: Formation
    starters: tuple[Card, ...]
    deck: tuple[Card, ...]

    def deck_card(self, name: str) -> Card | None:
        exact = next((card for card in self.deck if card.name == name), None)
        return exact or next((card for card in self.deck if card.answers_to(name)), None)

    @property
    def deck_size(self) -> int:
        return sum(card.count for card in self.deck)


def parse_formation(text: Any) -> Formation | None:
    if not isinstance(text, str):
        return None
    parts = text.strip().split("-")
    if len(parts) != 3 or not all(part.isdigit() for part in parts):
        return None
    df, mf, fw = (int(part) for part in parts)
    if df + mf + fw != 10:
        return None
    return Formation(df, mf, fw)


class _Reader:
    """Collects every problem instead of stopping at the first, so one run fixes a list."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def text(self, data: Mapping[str, Any], key: str, where: str) -> str:
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
        self.problems.append(
            phrase(
                "{where}: {key} must be a non-empty text, not {value}",
                where=where,
                key=key,
                value=repr(value),
            )
        )
        return "?"

    def number(
        self, data: Mapping[str, Any], key: str, where: str, low: int, high: int, default: int
    ) -> int:
        value = data.get(key, default)
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        self.problems.append(
            phrase(
                "{where}: {key} must be a whole number from {low} to {high}, not {value}",
                where=where,
                key=key,
                low=low,
                high=high,
                value=repr(value),
            )
        )
        return default

    def card(self, data: Any, where: str, starter: bool) -> Card | None:
        if not isinstance(data, Mapping):
            self.problems.append(
                phrase("{where}: each card must be a table of name = value", where=where)
            )
            return None
        name = self.text(data, "name", where)
        where = phrase("{where} ({name})", where=where, name=as_typed(name))
        card_type = data.get("type", "player" if starter else None)
        if card_type not in CARD_TYPES:
            self.problems.append(
                phrase(
                    "{where}: type must be one of {allowed}, not {value}",
                    where=where,
                    allowed=", ".join(CARD_TYPES),
                    value=repr(card_type),
                )
            )
            return None
        allowed = {"name", "type", "battle-point", "count", "aliases", *_FIELDS_BY_TYPE[card_type]}
        unknown = sorted(set(data) - allowed)
        if unknown:
            self.problems.append(
                phrase(
                    "{where}: unknown field(s) {fields}",
                    where=where,
                    fields=", ".join(map(str, unknown)),
                )
            )
        values: dict[str, Any] = {
            "name": name,
            "type": card_type,
            # TCG-8.1: every card prints a Battle Point from 1 to 8.
            "battle_point": self.number(data, "battle-point", where, 1, 8, 1)
            if "battle-point" in data
            else self._missing(where, "battle-point"),
            "count": self.number(data, "count", where, 1, 60, 1),
            "aliases": self.aliases(data, where),
        }
        if card_type == "player":
            position = data.get("position")
            if position not in POSITIONS:
                self.problems.append(
                    phrase(
                        "{where}: position must be one of {allowed}, not {value}",
                        where=where,
                        allowed=", ".join(POSITIONS),
                        value=repr(position),
                    )
                )
                position = "MF"
            values["position"] = position
            for stat in STAT_FIELDS:
                if stat not in data:
                    values[stat] = self._missing(where, stat)
                else:
                    values[stat] = self.number(data, stat, where, 0, 99, 0)
            values["cost"] = self.number(data, "cost", where, 0, 6, 0)
        elif card_type in ("tactics", "reverse"):
            values["cost"] = self.number(data, "cost", where, 0, 6, 0)
        if card_type == "supporter":
            values["gain"] = self.number(data, "gain", where, 0, 6, 0)
        if card_type == "reverse":
            wait = data.get("wait", False)
            if not isinstance(wait, bool):
                self.problems.append(
                    phrase(
                        "{where}: wait must be true or false, not {value}",
                        where=where,
                        value=repr(wait),
                    )
                )
                wait = False
            values["wait"] = wait
        return Card(**values)

    def aliases(self, data: Mapping[str, Any], where: str) -> tuple[str, ...]:
        raw = data.get("aliases", [])
        if not isinstance(raw, list) or not all(isinstance(a, str) and a.strip() for a in raw):
            self.problems.append(
                phrase(
                    "{where}: aliases must be a list of names, not {value}",
                    where=where,
                    value=repr(raw),
                )
            )
            return ()
        too_long = [a for a in raw if len(a.strip()) > NAME_LIMIT]
        if too_long:
            self.problems.append(
                phrase(
                    "{where}: an alias holds at most {limit} characters",
                    where=where,
                    limit=NAME_LIMIT,
                )
            )
        return tuple(a.strip() for a in raw)

    def _missing(self, where: str, key: str) -> int:
        self.problems.append(phrase("{where}: {key} is missing", where=where, key=key))
        return 0


_FIELDS_BY_TYPE: dict[str, tuple[str, ...]] = {
    "player": ("position", "shot", "keep", "defense", "cost"),
    "supporter": ("gain",),
    "tactics": ("cost",),
    "reverse": ("cost", "wait"),
    "coach": ("formation",),
}


def _cards(reader: _Reader, data: Mapping[str, Any], key: str, starter: bool) -> tuple[Card, ...]:
    raw = data.get(key)
    if not isinstance(raw, list):
        reader.problems.append(phrase("{key} must be a list of cards ([[{key}]] tables)", key=key))
        return ()
    cards = (
        reader.card(entry, phrase("{key} card {number}", key=key, number=number), starter)
        for number, entry in enumerate(raw, 1)
    )
    return tuple(card for card in cards if card is not None)


def parse_team_list(data: Mapping[str, Any]) -> TeamList:
    """Build a TeamList from parsed TOML; raise TeamListError naming every bad card and field."""
    reader = _Reader()
    if not isinstance(data, Mapping):
        raise TeamListError([phrase("a team list must be a table of name = value")])
    unknown = sorted(set(data) - {"name", "coach", "starters", "deck"})
    if unknown:
        reader.problems.append(
            phrase("unknown team list field(s) {fields}", fields=", ".join(map(str, unknown)))
        )
    name = reader.text(data, "name", phrase("team"))
    coach_data = data.get("coach")
    coach: Card | None = None
    formation: Formation | None = None
    if isinstance(coach_data, Mapping):
        coach = reader.card({**coach_data, "type": "coach"}, "coach", starter=False)
        formation = parse_formation(coach_data.get("formation"))
        if formation is None:
            reader.problems.append(
                phrase(
                    "coach ({name}): formation must be DF-MF-FW counts adding up to 10, "
                    'like "4-4-2", not {value}',
                    name=str(coach_data.get("name")),
                    value=repr(coach_data.get("formation")),
                )
            )
    else:
        reader.problems.append(
            phrase("coach must be a table with name, formation and battle-point")
        )
    starters = _cards(reader, data, "starters", starter=True)
    for card in starters:
        if card.count != 1:
            reader.problems.append(
                phrase(
                    "starters ({card}): a starter is one card, not a count",
                    card=as_typed(card.name),
                )
            )
    deck = _cards(reader, data, "deck", starter=False)
    reader.problems += _ambiguous_aliases((*starters, *deck))
    if reader.problems or coach is None or formation is None:
        raise TeamListError(reader.problems)
    return TeamList(name=name, coach=coach, formation=formation, starters=starters, deck=deck)


def _ambiguous_aliases(cards: tuple[Card, ...]) -> list[str]:
    """An alias must not name another card of the list: an entry typing it would not say
    which card it means."""
    problems = []
    for card in cards:
        for alias in card.aliases:
            other = next(
                (c for c in cards if c.answers_to(alias) and not c.answers_to(card.name)), None
            )
            if other is not None:
                problems.append(
                    phrase(
                        "{card}: the alias {alias} names {other} too",
                        card=as_typed(card.name),
                        alias=repr(alias),
                        other=as_typed(other.name),
                    )
                )
    return list(dict.fromkeys(problems))


def team_list_to_dict(team: TeamList) -> dict[str, Any]:
    """The TOML-shaped mapping parse_team_list reads back to an equal TeamList."""
    return {
        "name": team.name,
        "coach": {
            "name": team.coach.name,
            "formation": str(team.formation),
            "battle-point": team.coach.battle_point,
        },
        "starters": [_card_to_dict(card) for card in team.starters],
        "deck": [_card_to_dict(card) for card in team.deck],
    }


def _card_to_dict(card: Card) -> dict[str, Any]:
    data: dict[str, Any] = {"name": card.name, "type": card.type}
    data["battle-point"] = card.battle_point
    if card.count != 1:
        data["count"] = card.count
    if card.aliases:
        data["aliases"] = list(card.aliases)
    if card.type == "player":
        data.update(position=card.position, shot=card.shot, keep=card.keep)
        data["defense"] = card.defense
    if card.type in ("player", "tactics", "reverse") and card.cost:
        data["cost"] = card.cost
    if card.type == "supporter" and card.gain:
        data["gain"] = card.gain
    if card.type == "reverse" and card.wait:
        data["wait"] = True
    return data
