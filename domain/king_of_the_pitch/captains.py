"""The captains option (KP-8): a secret captain per team, placed by a paid transfer or a card."""

from __future__ import annotations

from domain.frozen import replace
from domain.king_of_the_pitch import consequences as kc
from domain.king_of_the_pitch.actions import Transfer
from domain.king_of_the_pitch.board import put_chip
from domain.king_of_the_pitch.common import not_now, not_your_turn
from domain.king_of_the_pitch.state import KingState, Team
from domain.king_of_the_pitch.values import CAPTAIN_CHIP, POSITIONS, captain_group
from domain.king_of_the_pitch.words import word
from domain.phrase import phrase
from domain.ruleset import Consequence, Violation

TRANSFER_FEE = 2  # gold cubes (KP-8.3)


def open_positions(state: KingState, colour: str) -> tuple[int, ...]:
    """Positions a team's captain may take: each captain card is unique, so a group another
    team's captain already took is out (KP-8.2)."""
    taken = {
        number
        for team in state.teams
        if team.captain is not None and team.colour != colour
        for number in captain_group(team.captain)
    }
    return tuple(p for p in POSITIONS if p not in taken)


def _placement(state: KingState, team: Team, position: int | None) -> list[Violation]:
    if not state.setup.captains:
        return [Violation("KP-8", phrase("the captains option is not in play."), False)]
    if team.captain is not None:
        text = phrase(
            "{colour}'s captain is already on position {captain}; it stays there.",
            colour=word(team.colour),
            captain=team.captain,
        )
        return [Violation("KP-8.2", text, False)]
    if position not in POSITIONS:
        text = phrase(
            "name the position (1 to 11) where {colour}'s captain goes.", colour=word(team.colour)
        )
        return [Violation("KP-8.2", text, False)]
    if position not in open_positions(state, team.colour):
        text = phrase(
            "another team's captain already plays no. {position}'s role; captains are unique.",
            position=position,
        )
        return [Violation("KP-8.2", text)]
    return []


def check_transfer(state: KingState, action: Transfer) -> list[Violation]:
    if state.phase != "turn":
        return [not_now("KP-8.3", phrase("A captain transfer"), state)]
    found = not_your_turn(state, action.team)
    team = state.team(action.team)
    found = found or _placement(state, team, action.position)
    if not [v for v in found if not v.overridable] and team.cubes.gold < TRANSFER_FEE:
        text = phrase(
            "{team} needs {transfer_fee} gold cubes for the captain transfer.",
            team=action.team,
            transfer_fee=TRANSFER_FEE,
        )
        found.append(Violation("KP-8.3", text))
    return found


def check_transfer_take(
    state: KingState, team: Team, slot: int, position: int | None
) -> list[Violation]:
    if not state.setup.captains:
        return [Violation("KP-3.3", phrase("CAPTAIN TRANSFER cards are only used with captains."))]
    if team.captain is not None:
        if position is not None:
            text = phrase(
                "{colour}'s captain is already placed; its position is final.",
                colour=word(team.colour),
            )
            return [Violation("KP-8.2", text, False)]
        if slot > 1:
            text = phrase(
                "{colour} already placed its captain: it cannot buy a CAPTAIN TRANSFER "
                "card, only take it free from slot 1.",
                colour=word(team.colour),
            )
            return [Violation("KP-8.3", text)]
        return []
    found = _placement(state, team, position)
    if slot > 1 and team.cubes.gold < 1:
        found.append(
            Violation(
                "KP-4.1",
                phrase("{colour} has no gold cube to pay the card.", colour=word(team.colour)),
            )
        )
    return found


def place_captain(state: KingState, colour: str, position: int) -> tuple[KingState, Consequence]:
    team = state.team(colour)
    replaced = team.chip(position)
    # Using the captain reveals its card (KP-8.1 "kept secret until they are used"): it leaves
    # the hand, and the position says which of the five captains it was (KP-8.2).
    placed = replace(put_chip(team, position, CAPTAIN_CHIP), captain=position, captain_card=False)
    text = phrase(
        "{team} place their captain on position {position}{replacing}.",
        team=state.label(colour),
        position=position,
        replacing=(
            phrase(", replacing a {replaced} chip", replaced=word(replaced))
            if replaced != "white"
            else ""
        ),
    )
    done = kc.CaptainPlaced(
        text,
        team=colour,
        position=position,
        replaced=replaced,
        defense=placed.defense,
        attack=placed.attack,
    )
    return state.with_team(placed), done


def apply_transfer(state: KingState, action: Transfer) -> tuple[KingState, list[Consequence]]:
    team = state.team(action.team)
    state = state.with_team(replace(team, cubes=team.cubes.add("gold", -TRANSFER_FEE)))
    state, placed = place_captain(state, action.team, action.position)
    return state, [placed]
