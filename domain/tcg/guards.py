"""Checks shared by several entries: phase and side, players, cost, area capacity, cards."""

from __future__ import annotations

from domain.ruleset import Violation
from domain.tcg.field import GOAL, area_distance, is_area
from domain.tcg.state import AREA_CAPACITY, SIDE_CAPACITY, FieldPlayer, TcgState
from domain.tcg.team_list import Card

PHASE_NAMES = {
    "placement": "the placement of the starters",
    "toss": "the toss",
    "kickoff": "the kick-off",
    "discard": "the discard after the draw",
    "attack": "the attack phase",
    "defense": "the defense phase",
    "reverse": "the reverse step of the battle",
    "battle-card": "the battle cards",
    "support": "the support step",
    "tie": "the dice for a tie",
    "landing": "the landing of a punched ball",
    "gather": "the loose ball",
    "restart": "the restart",
    "kickers": "the choice of penalty takers",
    "penalties": "the penalty kicks",
    "over": "the end of the match",
}


def in_phase(state: TcgState, rule: str, *phases: str) -> list[Violation]:
    if state.phase in phases:
        return []
    wanted = " or ".join(PHASE_NAMES[p] for p in phases)
    now = PHASE_NAMES.get(state.phase, state.phase)
    return [Violation(rule, f"this belongs to {wanted}, but it is {now}", False)]


def phase_player(state: TcgState, side: str, rule: str) -> list[Violation]:
    if state.turn.phase_side == side:
        return []
    who = state.label(state.turn.phase_side)
    return [Violation(rule, f"it is {who}'s phase", False)]


def find_player(
    state: TcgState, side: str, label: str, rule: str, problems: list[Violation]
) -> FieldPlayer | None:
    player = state.side(side).player(label)
    if player is None:
        problems.append(
            Violation(rule, f"{state.label(side)} have no player {label!r} on the field", False)
        )
    return player


def must_be_active(state: TcgState, player: FieldPlayer, problems: list[Violation]) -> None:
    if not player.active(state.turn.number):
        problems.append(
            Violation("TCG-5.5", f"{player.label} is inactive until the end of the next turn")
        )


def afford(state: TcgState, what: str, price: int, problems: list[Violation]) -> None:
    left = state.turn.cost
    if price > left:
        problems.append(Violation("TCG-6.2", f"{what} costs {price} and only {left} cost is left"))


def distance(state: TcgState, side_a: str, area_a: str, side_b: str, area_b: str) -> int:
    return area_distance(side_a, area_a, side_b, area_b, state.setup.distance)


def capacity(
    state: TcgState, side: str, area: str, arriving: FieldPlayer, problems: list[Violation]
) -> None:
    """TCG-11.4: at most 4 players in an area, at most 3 of one side."""
    if area == GOAL:
        if arriving.position != "GK":
            text = "only the goalkeeper stands in the goal mouth"
            problems.append(Violation("TCG-8.4", text, False))
        return
    if not is_area(area):
        problems.append(Violation("TCG-11.1", f"{area!r} is not an area (a1..e9)", False))
        return
    there = [(s, p) for s, p in state.in_area(area) if p is not arriving]
    if len(there) + 1 > AREA_CAPACITY:
        problems.append(Violation("TCG-11.4", f"{area} already holds {AREA_CAPACITY} players"))
    own = sum(1 for s, _ in there if s == side)
    if own + 1 > SIDE_CAPACITY:
        problems.append(
            Violation("TCG-11.4", f"{area} already holds {SIDE_CAPACITY} of {state.label(side)}")
        )


def deck_card(
    state: TcgState,
    side: str,
    name: str,
    card_type: str,
    rule: str,
    problems: list[Violation],
    from_hand: bool = True,
) -> Card | None:
    """A card shown from hand: it must be in the deck, of the type, with a copy not yet shown."""
    team = state.setup.team(side)
    card = team.deck_card(name)
    if card is None:
        problems.append(Violation(rule, f"{team.name}'s deck holds no card named {name!r}", False))
        return None
    if card.type != card_type:
        problems.append(Violation(rule, f"{card.name} is a {card.type} card, not {card_type}"))
    shown = sum(1 for used in state.side(side).used if card.answers_to(used))
    if shown >= card.count:
        problems.append(
            Violation("TCG-2.1", f"all {card.count} copies of {card.name} have been shown already")
        )
    if from_hand and state.side(side).hand < 1:
        problems.append(Violation(rule, f"{state.label(side)} hold no cards"))
    return card


def available(state: TcgState, side: str, card_type: str | None = None) -> list[str]:
    """Deck cards of a type with a copy not yet shown: the choices for a shown card."""
    used = state.side(side).used
    team = state.setup.team(side)
    return [
        c.name
        for c in team.deck
        if (card_type is None or c.type == card_type)
        and sum(1 for name in used if c.answers_to(name)) < c.count
    ]
