"""The card game's printed values (CG-1.3): which card an entry types the Shot, Pass and
Defense of, and the first values the match recorded for each card.

A `play` types the values of the card played and a `sign` those of the Signing card. Neither
a Fatigue card (no values, CG-10.2) nor a `motivate` teaches anything: a Motivation card
prints values of its own under its player's name, so once a coach motivated a player, a later
`play` of that name may be either card and is not checked either.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.card_game.cards import CATALOGUE, FATIGUE, TEAM_DECKS
from domain.card_game.state import CardGameState
from domain.frozen import replace
from domain.names import name_key
from domain.printed import Printed, PrintedCard, typed_values
from domain.ruleset import JSON

PRINTED = Printed(
    rule="CG-1.3",
    fields=("shot", "pass", "defense"),
    labels=("Shot", "Pass", "Defense"),
    kinds=("play", "sign"),
    sides=TEAM_DECKS,
    catalogue=tuple(dict.fromkeys(card.name for card in CATALOGUE.cards)),
)
LEARNED_HERE = "as recorded earlier in this match"


def printed_face(state: CardGameState, data: Mapping[str, JSON]) -> PrintedCard | None:
    kind, card, side = data.get("kind"), data.get("card"), data.get("coach")
    if kind not in PRINTED.kinds or not isinstance(card, str) or not isinstance(side, str):
        return None
    name = CATALOGUE.canonical(card)
    if not name or name_key(name) == name_key(FATIGUE):
        return None
    if side in ("nankatsu", "toho"):
        motivated = {name_key(n) for n in state.coach(side).motivated}
        if kind == "play" and name_key(name) in motivated:
            return None
    return PrintedCard(name, (), _side_of(name, side))


def _side_of(name: str, coach: str) -> str:
    """A team deck's card belongs to its team; a listed shared card (Match, Signing) to no
    side; a name the catalogue does not list, to the team that played it."""
    decks = set(CATALOGUE.decks(name))
    if decks and decks <= set(TEAM_DECKS):
        return next(iter(decks)) if len(decks) == 1 else ""
    return "" if decks else coach


def learn(before: CardGameState, data: Mapping[str, JSON], after: CardGameState) -> CardGameState:
    """`after` remembering the values the entry typed, when its card had none recorded."""
    face = printed_face(before, data)
    values = typed_values(PRINTED, data)
    if face is None or values is None or before.learned.find(face.name) is not None:
        return after
    card = replace(face, values=values, origin=LEARNED_HERE)
    return replace(after, learned=after.learned.with_card(card))
