"""The card list file: a game's cards with their printed values, as a club shares them.

    # Touchline card list
    touchline card list 1
    game card-game
    values shot pass defense
    3 1 0 toho Kojiro Hyuga
    0 0 0 - Control and Advance

After the three header lines, one card a line: its values in the order `values` names them,
the side it belongs to (`-` for any side), then its name, which runs to the end of the line.
Lines starting with `#` and blank lines are skipped. The file is UTF-8 (a byte order mark is
allowed). Everything is checked before anything is kept: a file with one bad line keeps
nothing, and the error names the line (see docs/card-list.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain.names import folded
from domain.phrase import as_typed, either, phrase, said_by
from domain.printed import CardLibrary, Printed, PrintedCard
from domain.registry import UnknownRuleset, find_ruleset
from domain.text import NAME_LIMIT, BadText, checked_text

FORMAT = "touchline card list"
VERSION = 1
# A club's list is a few hundred cards; the bounds keep a hostile file from holding a thread.
MAX_FILE_BYTES = 512 * 1024
MAX_CARDS = 5000
MAX_LINE_CHARS = 1000
NO_SIDE = "-"
# The first line as a message quotes it.
_QUOTED_FORMAT = f"'{FORMAT} {VERSION}'"
# A printed value is a small whole number; the bound keeps a typo from reading as a value.
MAX_VALUE = 99


class CardListFileError(ValueError):
    """A card list file that cannot be read; the message names the line."""


@dataclass(frozen=True)
class CardListFile:
    """A card list file read: its game and each card's printed values."""

    game: str
    cards: tuple[PrintedCard, ...]


def write_card_list(game: str, printed: Printed, library: CardLibrary) -> str:
    lines = [
        "# Touchline card list: the printed values of a game's cards (docs/card-list.md)",
        f"{FORMAT} {VERSION}",
        f"game {game}",
        "values " + " ".join(printed.fields),
    ]
    for card in library.cards:
        values = " ".join(str(v) for v in card.values)
        lines.append(f"{values} {card.side or NO_SIDE} {card.name}")
    return "\n".join(lines) + "\n"


def read_card_list(data: bytes | str) -> CardListFile:
    """The file's game and cards, or CardListFileError naming the first bad line."""
    text = _decoded(data)
    lines = [(n, line.strip()) for n, line in enumerate(text.split("\n"), start=1)]
    content = [(n, line) for n, line in lines if line and not line.startswith("#")]
    header, body = content[:3], content[3:]
    if len(header) < 3:
        raise CardListFileError(
            phrase(
                "line {line}: the file ends before its header: it starts with {magic}, "
                "'game NAME' and 'values FIELD …'",
                line=len(lines),
                magic=_QUOTED_FORMAT,
            )
        )
    printed, game = _header(header)
    if len(body) > MAX_CARDS:
        raise CardListFileError(
            phrase(
                "line {line}: a card list holds at most {limit} cards",
                line=body[MAX_CARDS][0],
                limit=MAX_CARDS,
            )
        )
    cards: list[PrintedCard] = []
    seen: dict[str, int] = {}
    pattern = re.compile(r"(-?\d+)\s+" * len(printed.fields) + r"(\S+)\s+(.+)")
    for number, line in body:
        card = _card(number, line, pattern, printed)
        earlier = seen.get(card.key)
        if earlier is not None:
            first = cards[[c.key for c in cards].index(card.key)].name
            if folded(first) == folded(card.name):
                raise CardListFileError(
                    phrase(
                        "line {line}: {card} is already on line {earlier}",
                        line=number,
                        card=as_typed(card.name),
                        earlier=earlier,
                    )
                )
            raise CardListFileError(
                phrase(
                    "line {line}: {card} is already on line {earlier} (as {first})",
                    line=number,
                    card=as_typed(card.name),
                    earlier=earlier,
                    first=as_typed(first),
                )
            )
        seen[card.key] = number
        cards.append(card)
    return CardListFile(game, tuple(cards))


def _decoded(data: bytes | str) -> str:
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > MAX_FILE_BYTES:
        raise CardListFileError(
            phrase(
                "the file holds {size} bytes: a card list holds at most {limit}",
                size=len(raw),
                limit=MAX_FILE_BYTES,
            )
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        where = raw[: error.start].count(b"\n") + 1
        byte = f"0x{raw[error.start]:02x}"
        raise CardListFileError(
            phrase(
                "line {line}: not UTF-8 text (byte {byte} {reason}); a card list is UTF-8 text",
                line=where,
                byte=byte,
                reason=error.reason,
            )
        ) from None
    text = text.replace("\r\n", "\n")
    for number, text_line in enumerate(text.split("\n"), start=1):
        if len(text_line) > MAX_LINE_CHARS:
            raise CardListFileError(
                phrase(
                    "line {line}: a line holds at most {limit} characters",
                    line=number,
                    limit=MAX_LINE_CHARS,
                )
            )
    return text


def _header(header: list[tuple[int, str]]) -> tuple[Printed, str]:
    (first, magic), (second, game_line), (third, values_line) = header
    if magic != f"{FORMAT} {VERSION}":
        if magic.startswith(FORMAT):
            raise CardListFileError(
                phrase(
                    "line {line}: this release reads card list version {version}, not {given}",
                    line=first,
                    version=VERSION,
                    given=repr(magic.removeprefix(FORMAT).strip()),
                )
            )
        raise CardListFileError(
            phrase(
                "line {line}: a card list starts with {magic}",
                line=first,
                magic=_QUOTED_FORMAT,
            )
        )
    word, _, game = game_line.partition(" ")
    if word != "game" or not game.strip():
        raise CardListFileError(
            phrase("line {line}: say the game, as 'game card-game'", line=second)
        )
    game = game.strip()
    try:
        printed = find_ruleset(game).printed
    except UnknownRuleset:
        raise CardListFileError(
            phrase("line {line}: no game is called {game}", line=second, game=repr(game))
        ) from None
    if printed is None:
        raise CardListFileError(
            phrase(
                "line {line}: the table types no printed values in {game}: it has no card list",
                line=second,
                game=game,
            )
        )
    word, _, fields = values_line.partition(" ")
    if word != "values" or tuple(fields.split()) != printed.fields:
        values = f"'values {' '.join(printed.fields)}'"
        raise CardListFileError(
            phrase(
                "line {line}: {game}'s cards print {fields}: say {values}",
                line=third,
                game=game,
                fields=", ".join(printed.fields),
                values=values,
            )
        )
    return printed, game


def _card(number: int, line: str, pattern: re.Pattern[str], printed: Printed) -> PrintedCard:
    found = pattern.fullmatch(line)
    if found is None:
        raise CardListFileError(
            phrase(
                "line {line}: a card is its {fields} (whole numbers), its side ({sides} or "
                "{none}) and its name",
                line=number,
                fields=", ".join(printed.fields),
                sides=", ".join(printed.sides),
                none=NO_SIDE,
            )
        )
    *raw_values, side, name = found.groups()
    values = tuple(int(v) for v in raw_values)
    for field_name, value in zip(printed.fields, values, strict=True):
        if not printed.minimum <= value <= MAX_VALUE:
            raise CardListFileError(
                phrase(
                    "line {line}: {field} {value} is not a printed value ({low} to {high})",
                    line=number,
                    field=field_name,
                    value=value,
                    low=printed.minimum,
                    high=MAX_VALUE,
                )
            )
    if side != NO_SIDE and side not in printed.sides:
        raise CardListFileError(
            phrase(
                "line {line}: the side is {sides}, not {side}",
                line=number,
                sides=either([*printed.sides, NO_SIDE]),
                side=repr(side),
            )
        )
    try:
        name = checked_text(name, phrase("the card's name"), NAME_LIMIT)
    except BadText as error:
        raise CardListFileError(
            phrase("line {line}: {problem}", line=number, problem=said_by(error))
        ) from None
    return PrintedCard(name, values, "" if side == NO_SIDE else side)
