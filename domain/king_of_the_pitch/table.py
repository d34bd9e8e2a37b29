"""Entries from the table rather than a coach: the opening roll (KP-3.5) and reveals (KP-3.6)."""

from __future__ import annotations

from domain.consequences import DieRolled
from domain.frozen import replace
from domain.king_of_the_pitch.actions import Reveal, Roll
from domain.king_of_the_pitch.common import dice_violations, not_now
from domain.king_of_the_pitch.consequences import LineRefilled, NewKing, OpeningTie, faces_of
from domain.king_of_the_pitch.flow import Step, turn_ready
from domain.king_of_the_pitch.state import CARD_NAMES, Card, KingState
from domain.king_of_the_pitch.values import POSITIONS
from domain.king_of_the_pitch.words import word
from domain.phrase import both, commas, phrase
from domain.ruleset import Consequence, Violation


def check_opening_roll(state: KingState, action: Roll) -> list[Violation]:
    rolled = dict(state.opening_rolls)
    if action.team not in state.contenders or action.team in rolled:
        waiting = [c for c in state.contenders if c not in rolled]
        return [
            Violation(
                "KP-3.5",
                phrase(
                    "{team} does not roll now; still to roll: {join}.",
                    team=action.team,
                    join=", ".join(waiting),
                ),
                False,
            )
        ]
    return dice_violations("KP-3.5", action.team, action.dice, (6,))


def apply_opening_roll(state: KingState, action: Roll) -> Step:
    rolls = (*state.opening_rolls, (action.team, action.dice[0]))
    state = replace(state, opening_rolls=rolls)
    rolled: list[Consequence] = [
        DieRolled(side=action.team, faces=faces, value=value, source=action.source)
        for faces, value in zip(faces_of(action.dice), action.dice, strict=True)
    ]
    if len(rolls) < len(state.contenders):
        return state, rolled
    best = max(value for _, value in rolls)
    leaders = tuple(colour for colour, value in rolls if value == best)
    shown = ", ".join(f"{colour} {value}" for colour, value in rolls)
    if len(leaders) > 1:
        # Only the teams tied on the highest roll roll again (KP-3.5).
        text = phrase(
            "Opening roll {shown}: {join} tie on {best} and roll again.",
            shown=shown,
            join=both(leaders),
            best=best,
        )
        state = replace(state, contenders=leaders, opening_rolls=())
        return state, [*rolled, OpeningTie(text, teams=leaders, value=best)]
    king = leaders[0]
    text = phrase(
        "Opening roll {shown}: {team} is the first King of the Pitch.",
        shown=shown,
        team=state.label(king),
    )
    state = replace(state, king=king, turn=king, contenders=(), phase="reveal")
    state, more = turn_ready(state)
    return state, [*rolled, NewKing(text, team=king), *more]


def check_reveal(state: KingState, action: Reveal) -> list[Violation]:
    if state.phase != "reveal":
        return [not_now("KP-4.1", phrase("Turning a card into the line"), state)]
    card = _card(action)
    if action.card == "player":
        if action.colour is None or action.position not in POSITIONS:
            text = phrase("a player card needs its colour and its position number (1 to 11).")
            return [Violation("KP-1.1", text, False)]
    elif action.colour is not None or action.position is not None:
        text = phrase(
            "a {card_names} card has no player colour or position.",
            card_names=CARD_NAMES[action.card],
        )
        return [Violation("KP-1.1", text, False)]
    found = []
    if state.deck.left(card.category) <= 0:
        rule = "KP-3.3" if action.card == "captain-transfer" else "KP-3.1"
        found.append(
            Violation(rule, phrase("the deck holds no more {plural}.", plural=_plural(card)))
        )
    if action.card == "captain-transfer" and action.price not in ((), ("gold",)):
        found.append(Violation("KP-8.3", phrase("a CAPTAIN TRANSFER card is worth one gold cube.")))
    return found


def apply_reveal(state: KingState, action: Reveal) -> Step:
    card = _card(action)
    state = replace(state, line=(*state.line, card), deck=state.deck.draw(card.category))
    slot = len(state.line)
    price = (
        phrase(" (price: {price})", price=commas(word(c) for c in card.price))
        if card.price
        else phrase(" (no price)")
    )
    text = phrase(
        "{card} turned face up into slot {slot}{price}.",
        card=card.describe(first=True),
        slot=slot,
        price=price,
    )
    refilled = LineRefilled(text, slot=slot, card=_card_data(card), deck=state.deck.total)
    state, more = turn_ready(state)
    return state, [refilled, *more]


def _card(action: Reveal) -> Card:
    if action.card == "captain-transfer":
        return Card("captain-transfer", price=("gold",))
    if action.card != "player":
        return Card(action.card, price=action.price)
    return Card("player", action.colour, action.position, action.price)


def _plural(card: Card) -> str:
    if card.type == "player":
        return phrase("{colour} player cards", colour=word(card.colour))
    return phrase("{card} cards", card=CARD_NAMES[card.type])


def _card_data(card: Card) -> dict[str, object]:
    return {
        "type": card.type,
        "colour": card.colour,
        "position": card.position,
        "price": list(card.price),
    }
