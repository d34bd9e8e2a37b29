"""Checks for the Shooting/Passing Phase entries (CG-5, CG-10.4, CG-10.6)."""

from __future__ import annotations

from domain.card_game.actions import Declare, Reroll, Resolve, Roll, Save, Spend
from domain.card_game.cards import CATALOGUE
from domain.card_game.identity import not_now
from domain.card_game.shooting import rolled_dice, shooting, verdict
from domain.card_game.state import CardGameState, other, team
from domain.phrase import phrase
from domain.ruleset import Violation


def spend_due(state: CardGameState) -> str | None:
    """CG-5.3: the attacker spends first, then the defender."""
    shot = state.round.shooting
    if state.phase != "shooting" or shot is None or state.attacker is None:
        return None
    if shot.attacker_spent is None:
        return state.attacker
    if shot.defender_spent is None:
        return other(state.attacker)
    return None


def spend_type(state: CardGameState, side: str) -> str:
    return (shooting(state).declared or "shot") if side == state.attacker else "defense"


def rollers_due(state: CardGameState) -> tuple[str, ...]:
    shot = state.round.shooting
    if state.phase != "shooting" or state.attacker is None or spend_due(state) is not None:
        return ()
    if shot is None:
        return ()
    due = []
    if shot.attacker_roll is None:
        due.append(state.attacker)
    if shot.defender_roll is None:
        due.append(other(state.attacker))
    return tuple(due)


def _die_value(value: int, rule: str) -> list[Violation]:
    if 1 <= value <= 6:
        return []
    return [
        Violation(
            rule,
            phrase("a die shows 1 to 6 (the N/T face counts 6), not {value}.", value=value),
            False,
        )
    ]


def check_declare(state: CardGameState, action: Declare) -> list[Violation]:
    if state.phase != "attack":
        return [not_now("CG-5.2", phrase("Declaring a Shot or a Pass"), state)]
    if action.coach != state.attacker:
        message = phrase(
            "only the Attacking Coach ({team}) declares.", team=team(other(action.coach))
        )
        return [Violation("CG-5.2", message, False)]
    if not state.attack_over:
        return [
            Violation("CG-4.4", phrase("the Attack Phase is not over: a coach may still play."))
        ]
    return []


def check_spend(state: CardGameState, action: Spend) -> list[Violation]:
    due = spend_due(state)
    if due is None:
        return [not_now("CG-5.3", phrase("Spending points"), state)]
    if action.coach != due:
        return [
            Violation("CG-5.3", phrase("{team} decide their spend first.", team=team(due)), False)
        ]
    if action.points < 0:
        return [Violation("CG-5.3", phrase("spend 0 points or more."), False)]
    point = spend_type(state, due)
    banked = state.coach(due).bank.get(point)
    if action.points > banked:
        message = phrase(
            "{team} have only {banked} {point} point(s) banked.",
            team=team(due),
            banked=banked,
            point=point,
        )
        return [Violation("CG-5.3", message)]
    return []


def check_roll(state: CardGameState, action: Roll) -> list[Violation]:
    if state.phase != "shooting":
        return [not_now("CG-5.4", phrase("A Shooting/Passing roll"), state)]
    due = rollers_due(state)
    if action.coach not in due:
        if spend_due(state) is not None:
            message = phrase("the dice are rolled after both coaches decide their spend.")
        else:
            message = phrase("{team} already rolled this phase.", team=team(action.coach))
        return [Violation("CG-5.4", message, False)]
    return _die_value(action.value, "CG-5.4")


def check_reroll(state: CardGameState, action: Reroll) -> list[Violation]:
    # CG-4.6: the re-roll acts at the end of the Shooting/Passing Phase, after its card's turn,
    # "if their card was played this round": it must still be in its Play Area.
    if state.phase != "shooting":
        return [not_now("CG-10.6", phrase("A re-roll"), state)]
    side = action.coach
    played = state.coach(side).in_area(action.card)
    if played is None:
        name = CATALOGUE.canonical(action.card)
        return [
            Violation(
                "CG-10.6",
                phrase("{name} is not in {team}'s Play Area.", name=name, team=team(side)),
                False,
            )
        ]
    if action.die not in rolled_dice(state):
        return [Violation("CG-10.6", phrase("that die has not been rolled this round."), False)]
    found = []
    if not CATALOGUE.has_role(played.name, "re-roll"):
        found.append(
            Violation("CG-10.6", phrase("{played} has no re-roll ability.", played=played.name))
        )
    if (side, played.name) in shooting(state).rerolls_used:
        found.append(
            Violation("CG-10.6", phrase("{played}'s re-roll is already used.", played=played.name))
        )
    return found + _die_value(action.value, "CG-10.6")


def check_save(state: CardGameState, action: Save) -> list[Violation]:
    if state.phase != "shooting":
        return [not_now("CG-10.4", phrase("A goalkeeper save"), state)]
    found = verdict(state)
    if found is None or found.action != "shot" or not found.attacker_wins:
        message = phrase("a save is rolled only after the attacker wins a Shot.")
        return [Violation("CG-10.4", message, False)]
    if action.coach != other(found.attacker):
        return [Violation("CG-10.4", phrase("only the Defending Coach rolls a save."), False)]
    if shooting(state).save is not None:
        return [
            Violation("CG-10.4", phrase("the save is already rolled (re-roll it instead)."), False)
        ]
    # CG-4.6: the goalkeeper's save too acts at the end of the phase, its card in play.
    keeper = any(
        CATALOGUE.has_role(card.name, "goalkeeper-save") for card in state.coach(action.coach).area
    )
    problems = _die_value(action.value, "CG-10.4")
    if not keeper:
        message = phrase(
            "{team} have no saving goalkeeper in their Play Area.", team=team(action.coach)
        )
        problems.append(Violation("CG-10.4", message))
    return problems


def check_resolve(state: CardGameState, action: Resolve) -> list[Violation]:
    if state.phase != "shooting" or verdict(state) is None:
        return [not_now("CG-5.5", phrase("Settling the phase"), state)]
    return []
