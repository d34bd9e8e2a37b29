"""The actions open to the team whose turn it is (KP-4), and the pass when none is (KP-4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.king_of_the_pitch.actions import CODEC, Pass
from domain.king_of_the_pitch.captains import check_transfer, open_positions
from domain.king_of_the_pitch.common import not_now, not_your_turn
from domain.king_of_the_pitch.state import KingState
from domain.king_of_the_pitch.turn_checks import (
    check_challenge,
    check_sell_card,
    check_sell_chip,
    check_sign,
    check_take,
)
from domain.king_of_the_pitch.values import POSITIONS
from domain.king_of_the_pitch.words import word
from domain.phrase import phrase
from domain.ruleset import Expected, Violation

Checker = Callable[[KingState, Any], list[Violation]]


def _legal(state: KingState, checker: Checker, kind: str, **fields: object) -> bool:
    return not checker(state, CODEC.from_dict({"kind": kind, **fields}))


def turn_options(state: KingState, colour: str) -> list[Expected]:
    """Every action `colour` may legally take now, as prompts with their legal choices."""
    label, fixed = state.label(colour), {"team": colour}
    found = _takes(state, colour)
    held = dict.fromkeys((c.colour or "", c.position or 0) for c in state.team(colour).hand)
    for metal, position in held:
        card = {"team": colour, "colour": metal, "position": position}
        if _legal(state, check_sign, "sign", **card):
            text = phrase(
                "{label} signs the {metal} player no. {position}.",
                label=label,
                metal=word(metal),
                position=position,
            )
            found.append(Expected("sign", text, by=colour, fixed=card))
        if _legal(state, check_sell_card, "sell-card", **card):
            text = phrase(
                "{label} sells the {metal} player no. {position} card for a {metal} cube.",
                label=label,
                metal=word(metal),
                position=position,
            )
            found.append(Expected("sell-card", text, by=colour, fixed=card))
    chips = tuple(
        p for p in POSITIONS if _legal(state, check_sell_chip, "sell-chip", team=colour, position=p)
    )
    if chips:
        text = phrase("{label} sells a player chip for a cube of its colour.", label=label)
        choices = {"position": chips}
        found.append(Expected("sell-chip", text, by=colour, fixed=fixed, choices=choices))
    if _legal(state, check_challenge, "challenge", team=colour):
        text = phrase(
            "{label} plays a MATCH card against the King of the Pitch, {king}.",
            label=label,
            king=word(state.king),
        )
        found.append(Expected("challenge", text, by=colour, fixed=fixed))
    places = _captain_places(state, colour)
    if places:
        text = phrase("{label} pays 2 gold cubes to place the captain.", label=label)
        choices = {"position": places}
        found.append(Expected("transfer", text, by=colour, fixed=fixed, choices=choices))
    if not found:
        text = phrase("{label} has no possible action and lets the turn go.", label=label)
        found.append(Expected("pass", text, by=colour, fixed=fixed))
    return found


def _takes(state: KingState, colour: str) -> list[Expected]:
    label = state.label(colour)
    slots: list[int] = []
    found: list[Expected] = []
    for slot, card in enumerate(state.line, start=1):
        take = {"team": colour, "slot": slot}
        if card.type != "captain-transfer" or state.team(colour).captain is not None:
            if _legal(state, check_take, "take", **take):
                slots.append(slot)
            continue
        places = tuple(
            p
            for p in open_positions(state, colour)
            if _legal(state, check_take, "take", **take, captain=p)
        )
        if places:
            text = phrase(
                "{label} takes the CAPTAIN TRANSFER card in slot {slot}, placing the captain.",
                label=label,
                slot=slot,
            )
            choices = {"captain": places}
            found.append(Expected("take", text, by=colour, fixed=take, choices=choices))
    if slots:
        text = phrase(
            "{label}: take a card (slot 1 is free), sign, sell, or challenge the King.", label=label
        )
        choices = {"slot": tuple(slots)}
        found.insert(0, Expected("take", text, by=colour, fixed={"team": colour}, choices=choices))
    return found


def _captain_places(state: KingState, colour: str) -> tuple[int, ...]:
    if not state.setup.captains or state.team(colour).captain is not None:
        return ()
    return tuple(
        p
        for p in open_positions(state, colour)
        if _legal(state, check_transfer, "transfer", team=colour, position=p)
    )


def check_pass(state: KingState, action: Pass) -> list[Violation]:
    if state.phase != "turn":
        return [not_now("KP-4", phrase("Passing"), state)]
    found = not_your_turn(state, action.team)
    if found:
        return found
    if any(option.kind != "pass" for option in turn_options(state, action.team)):
        text = phrase("{team} can still act: a turn is exactly one action.", team=action.team)
        return [Violation("KP-4", text)]
    return []
