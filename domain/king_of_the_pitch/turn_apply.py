"""Applying a turn's action (KP-4): the team's board changes, then the turn passes on."""

from __future__ import annotations

from domain.frozen import replace
from domain.king_of_the_pitch import consequences as kc
from domain.king_of_the_pitch.actions import Pass, SellCard, SellChip, Sign, Take
from domain.king_of_the_pitch.board import put_chip, with_card, without_card
from domain.king_of_the_pitch.captains import place_captain
from domain.king_of_the_pitch.flow import Step, end_turn
from domain.king_of_the_pitch.state import Card, KingState, Team
from domain.king_of_the_pitch.words import word
from domain.phrase import commas, phrase
from domain.ruleset import Consequence


def _pay(team: Team, price: tuple[str, ...]) -> Team:
    cubes = team.cubes
    for colour in price:
        cubes = cubes.add(colour, -1)
    return replace(team, cubes=cubes)


def _receive(state: KingState, colour: str, card: Card) -> tuple[KingState, str]:
    """Where a taken card goes (KP-4.1); returns the new state and where it went."""
    team = state.team(colour)
    if card.type == "player":
        return state.with_team(with_card(team, card)), phrase("into the hand")
    if card.type == "match":
        return state.with_team(replace(team, match=team.match + 1)), phrase("by the board")
    if card.type == "var":
        return state.with_team(replace(team, var=team.var + 1)), phrase("by the board")
    if card.type == "bonus":
        return state.with_team(replace(team, bonus=team.bonus + 1)), phrase("by the board")
    return replace(state, discard=state.discard + 1), phrase("used at once and discarded")


def apply_take(state: KingState, action: Take) -> Step:
    card = state.line[action.slot - 1]
    team = state.team(action.team)
    already_placed = team.captain is not None or not state.setup.captains
    # KP-8.3: a team whose captain is already placed gets a CAPTAIN TRANSFER card only for free.
    pays = action.slot > 1 and not (card.type == "captain-transfer" and already_placed)
    paid = card.price if pays else ()
    state = state.with_team(_pay(team, paid))
    state = replace(state, line=state.line[: action.slot - 1] + state.line[action.slot :])
    state, where = _receive(state, action.team, card)
    cost = (
        phrase("paying {join}", join=commas(word(c) for c in paid)) if paid else phrase("for free")
    )
    text = phrase(
        "{team} take the {describe} from slot {slot} {cost}",
        team=state.label(action.team),
        describe=card.describe(),
        slot=action.slot,
        cost=cost,
    )
    taken = kc.CardTaken(
        phrase("{text}, {where}.", text=text, where=where),
        team=action.team,
        slot=action.slot,
        card=card.type,
        colour=card.colour,
        position=card.position,
        paid=tuple(paid),
    )
    consequences: list[Consequence] = [taken]
    if card.type == "captain-transfer" and not already_placed and action.captain is not None:
        state, placed = place_captain(state, action.team, action.captain)
        consequences.append(placed)
    state, more = end_turn(state)
    return state, consequences + more


def apply_sign(state: KingState, action: Sign) -> Step:
    team = without_card(state.team(action.team), action.colour, action.position)
    replaced = team.chip(action.position)
    team = put_chip(team, action.position, action.colour)
    state = replace(state.with_team(team), discard=state.discard + 1)
    replacing = (
        phrase(", replacing a {replaced} chip", replaced=word(replaced))
        if replaced != "white"
        else ""
    )
    text = phrase(
        "{team} sign a {colour} player on position {position}{replacing}: defense {defense}, "
        "attack {attack}.",
        team=state.label(action.team),
        colour=word(action.colour),
        position=action.position,
        replacing=replacing,
        defense=team.defense,
        attack=team.attack,
    )
    signed = kc.PlayerSigned(
        text,
        team=action.team,
        colour=action.colour,
        position=action.position,
        replaced=replaced,
        defense=team.defense,
        attack=team.attack,
    )
    state, more = end_turn(state)
    return state, [signed, *more]


def apply_sell_chip(state: KingState, action: SellChip) -> Step:
    team = state.team(action.team)
    chip = team.chip(action.position)
    team = put_chip(team, action.position, "white")
    if chip in ("gold", "silver", "bronze"):
        team = replace(team, cubes=team.cubes.add(chip, 1))
    state = state.with_team(team)
    text = phrase(
        "{team} sell the {chip} chip on position {position} for a {chip} cube: "
        "defense {defense}, attack {attack}.",
        team=state.label(action.team),
        chip=chip,
        position=action.position,
        defense=team.defense,
        attack=team.attack,
    )
    sold = kc.ChipSold(
        text,
        team=action.team,
        position=action.position,
        colour=chip,
        defense=team.defense,
        attack=team.attack,
    )
    state, more = end_turn(state)
    return state, [sold, *more]


def apply_sell_card(state: KingState, action: SellCard) -> Step:
    team = without_card(state.team(action.team), action.colour, action.position)
    team = replace(team, cubes=team.cubes.add(action.colour, 1))
    state = replace(state.with_team(team), discard=state.discard + 1)
    text = phrase(
        "{team} sell a {colour} player no. {position} card for a {colour} cube.",
        team=state.label(action.team),
        colour=word(action.colour),
        position=action.position,
    )
    sold = kc.CardSold(text, team=action.team, colour=action.colour, position=action.position)
    state, more = end_turn(state)
    return state, [sold, *more]


def apply_pass(state: KingState, action: Pass) -> Step:
    text = phrase("{team} cannot act and let the turn go.", team=state.label(action.team))
    state, more = end_turn(state)
    return state, [kc.TurnPassed(text, team=action.team), *more]
