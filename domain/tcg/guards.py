"""Checks shared by several entries: phase and side, players, cost, area capacity, cards."""

from __future__ import annotations

from domain.phrase import either, phrase
from domain.ruleset import Violation
from domain.tcg.field import GOAL, area_distance, is_area
from domain.tcg.state import AREA_CAPACITY, SIDE_CAPACITY, FieldPlayer, TcgState
from domain.tcg.team_list import Card
from domain.tcg.words import word

PHASE_NAMES = {
    "placement": phrase("the placement of the starters"),
    "toss": phrase("the toss"),
    "kickoff": phrase("the kick-off"),
    "discard": phrase("the discard after the draw"),
    "attack": phrase("the attack phase"),
    "defense": phrase("the defense phase"),
    "reverse": phrase("the reverse step of the battle"),
    "battle-card": phrase("the battle cards"),
    "support": phrase("the support step"),
    "tie": phrase("the dice for a tie"),
    "landing": phrase("the landing of a punched ball"),
    "gather": phrase("the loose ball"),
    "restart": phrase("the restart"),
    "kickers": phrase("the choice of penalty takers"),
    "penalties": phrase("the penalty kicks"),
    "over": phrase("the end of the match"),
}


def in_phase(state: TcgState, rule: str, *phases: str) -> list[Violation]:
    if state.phase in phases:
        return []
    wanted = either(PHASE_NAMES[p] for p in phases)
    now = PHASE_NAMES.get(state.phase, state.phase)
    return [
        Violation(
            rule, phrase("this belongs to {wanted}, but it is {now}", wanted=wanted, now=now), False
        )
    ]


def phase_player(state: TcgState, side: str, rule: str) -> list[Violation]:
    if state.turn.phase_side == side:
        return []
    who = state.label(state.turn.phase_side)
    return [Violation(rule, phrase("it is {who}'s phase", who=who), False)]


def find_player(
    state: TcgState, side: str, label: str, rule: str, problems: list[Violation]
) -> FieldPlayer | None:
    player = state.side(side).player(label)
    if player is None:
        problems.append(
            Violation(
                rule,
                phrase(
                    "{team} have no player {label!r} on the field",
                    team=state.label(side),
                    label=label,
                ),
                False,
            )
        )
    return player


def must_be_active(state: TcgState, player: FieldPlayer, problems: list[Violation]) -> None:
    if not player.active(state.turn.number):
        problems.append(
            Violation(
                "TCG-5.5",
                phrase("{player} is inactive until the end of the next turn", player=player.label),
            )
        )


def afford(state: TcgState, what: str, price: int, problems: list[Violation]) -> None:
    left = state.turn.cost
    if price > left:
        problems.append(
            Violation(
                "TCG-6.2",
                phrase(
                    "{what} costs {price} and only {left} cost is left",
                    what=what,
                    price=price,
                    left=left,
                ),
            )
        )


def distance(state: TcgState, side_a: str, area_a: str, side_b: str, area_b: str) -> int:
    return area_distance(side_a, area_a, side_b, area_b, state.setup.distance)


def capacity(
    state: TcgState, side: str, area: str, arriving: FieldPlayer, problems: list[Violation]
) -> None:
    """TCG-11.4: at most 4 players in an area, at most 3 of one side."""
    if area == GOAL:
        if arriving.position != "GK":
            text = phrase("only the goalkeeper stands in the goal mouth")
            problems.append(Violation("TCG-8.4", text, False))
        return
    if not is_area(area):
        problems.append(
            Violation("TCG-11.1", phrase("{area!r} is not an area (a1..e9)", area=area), False)
        )
        return
    there = [(s, p) for s, p in state.in_area(area) if p is not arriving]
    if len(there) + 1 > AREA_CAPACITY:
        problems.append(
            Violation(
                "TCG-11.4",
                phrase(
                    "{area} already holds {area_capacity} players",
                    area=area,
                    area_capacity=AREA_CAPACITY,
                ),
            )
        )
    own = sum(1 for s, _ in there if s == side)
    if own + 1 > SIDE_CAPACITY:
        problems.append(
            Violation(
                "TCG-11.4",
                phrase(
                    "{area} already holds {side_capacity} of {team}",
                    area=area,
                    side_capacity=SIDE_CAPACITY,
                    team=state.label(side),
                ),
            )
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
        problems.append(
            Violation(
                rule,
                phrase("{team}'s deck holds no card named {name!r}", team=team.name, name=name),
                False,
            )
        )
        return None
    if card.type != card_type:
        problems.append(
            Violation(
                rule,
                phrase(
                    "{card} is a {type} card, not {card_type}",
                    card=card.name,
                    type=word(card.type),
                    card_type=word(card_type),
                ),
            )
        )
    shown = sum(1 for used in state.side(side).used if card.answers_to(used))
    if shown >= card.count:
        problems.append(
            Violation(
                "TCG-2.1",
                phrase(
                    "all {count} copies of {card} have been shown already",
                    count=card.count,
                    card=card.name,
                ),
            )
        )
    if from_hand and state.side(side).hand < 1:
        problems.append(Violation(rule, phrase("{team} hold no cards", team=state.label(side))))
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
