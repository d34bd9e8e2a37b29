"""Checks for a turn's single action (KP-4): take, sign, sell a chip, sell a card, challenge."""

from __future__ import annotations

from collections import Counter

from domain.king_of_the_pitch.actions import Challenge, SellCard, SellChip, Sign, Take
from domain.king_of_the_pitch.captains import check_transfer_take
from domain.king_of_the_pitch.common import not_now, not_your_turn
from domain.king_of_the_pitch.state import Card, KingState, Team
from domain.king_of_the_pitch.supply import chip_available, cube_available
from domain.king_of_the_pitch.values import CAPTAIN_CHIP, POSITIONS
from domain.king_of_the_pitch.words import word
from domain.phrase import commas, phrase
from domain.ruleset import Violation

HAND_LIMIT = 3  # KP-4.2 player cards; the captain card does not count (KP-8.4)


def _turn(state: KingState, colour: str, what: str) -> list[Violation]:
    if state.phase != "turn":
        return [not_now("KP-4", what, state)]
    return not_your_turn(state, colour)


def price_violations(team: Team, price: tuple[str, ...]) -> list[Violation]:
    needed = Counter(price)
    short = [colour for colour, count in needed.items() if team.cubes.get(colour) < count]
    if not short:
        return []
    text = phrase(
        "{colour} cannot pay {join} (holds {describe} cubes); only the card in slot 1 is free.",
        colour=word(team.colour),
        join=commas(word(c) for c in price),
        describe=team.cubes.describe(),
    )
    return [Violation("KP-4.1", text)]


def check_take(state: KingState, action: Take) -> list[Violation]:
    found = _turn(state, action.team, phrase("Taking a card"))
    if found:
        return found
    if not 1 <= action.slot <= len(state.line):
        text = phrase(
            "the line has {count} card(s); there is no slot {slot}.",
            count=len(state.line),
            slot=action.slot,
        )
        return [Violation("KP-4.1", text, False)]
    team = state.team(action.team)
    card = state.line[action.slot - 1]
    if card.type == "captain-transfer":
        return check_transfer_take(state, team, action.slot, action.captain)
    if action.captain is not None:
        found.append(
            Violation("KP-8.3", phrase("a captain is placed only with a CAPTAIN TRANSFER card."))
        )
    found += _limit_violations(team, card)
    if action.slot > 1:
        found += price_violations(team, card.price)
    return found


def _limit_violations(team: Team, card: Card) -> list[Violation]:
    if card.type == "match" and team.match >= 1:
        return [
            Violation(
                "KP-4.2", phrase("{colour} already holds a MATCH card.", colour=word(team.colour))
            )
        ]
    if card.type == "player" and len(team.hand) >= HAND_LIMIT:
        text = phrase(
            "{colour} already holds {hand_limit} player cards.",
            colour=word(team.colour),
            hand_limit=HAND_LIMIT,
        )
        return [Violation("KP-4.2", text)]
    return []


def _held(state: KingState, colour: str, metal: str, position: int, rule: str) -> list[Violation]:
    if state.team(colour).holds(metal, position):
        return []
    return [
        Violation(
            rule,
            phrase(
                "{colour} holds no {metal} player no. {position} card.",
                colour=word(colour),
                metal=word(metal),
                position=position,
            ),
            False,
        )
    ]


def check_sign(state: KingState, action: Sign) -> list[Violation]:
    found = _turn(state, action.team, phrase("Signing a player"))
    found = found or _held(state, action.team, action.colour, action.position, "KP-4.3")
    if found:
        return found
    team = state.team(action.team)
    if team.captain == action.position:
        text = phrase(
            "{team}'s captain chip on position {position} cannot be replaced.",
            team=action.team,
            position=action.position,
        )
        return [Violation("KP-8.4", text, False)]
    return chip_available(state, action.colour, team.chip(action.position))


def check_sell_chip(state: KingState, action: SellChip) -> list[Violation]:
    found = _turn(state, action.team, phrase("Selling a chip"))
    if found:
        return found
    if action.position not in POSITIONS:
        return [
            Violation(
                "KP-4.4",
                phrase("a board has positions 1 to 11, not {position}.", position=action.position),
                False,
            )
        ]
    chip = state.team(action.team).chip(action.position)
    if chip == CAPTAIN_CHIP:
        return [
            Violation(
                "KP-8.4", phrase("{team}'s captain chip cannot be sold.", team=action.team), False
            )
        ]
    if chip == "white":
        text = phrase(
            "{team} has no player chip on position {position} to sell.",
            team=action.team,
            position=action.position,
        )
        return [Violation("KP-4.4", text, False)]
    return cube_available(state, chip)


def check_sell_card(state: KingState, action: SellCard) -> list[Violation]:
    found = _turn(state, action.team, phrase("Selling a card"))
    found = found or _held(state, action.team, action.colour, action.position, "KP-4.5")
    return found or cube_available(state, action.colour)


def check_challenge(state: KingState, action: Challenge) -> list[Violation]:
    found = _turn(state, action.team, phrase("Challenging the King"))
    if found:
        return found
    if state.king == action.team:
        text = phrase(
            "{team} is the King of the Pitch and cannot challenge itself.", team=action.team
        )
        return [Violation("KP-4.6", text, False)]
    if state.team(action.team).match < 1:
        return [Violation("KP-4.6", phrase("{team} holds no MATCH card.", team=action.team))]
    return []
