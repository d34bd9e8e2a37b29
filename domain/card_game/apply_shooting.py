"""Applying the Shooting/Passing Phase entries: declare, spend, roll, re-roll, save, resolve."""

from __future__ import annotations

from domain.card_game import consequences as cc
from domain.card_game.actions import Declare, Reroll, Resolve, Roll, Save, Spend
from domain.card_game.cards import CATALOGUE
from domain.card_game.check_shooting import spend_due, spend_type
from domain.card_game.flow import Step
from domain.card_game.shooting import card_total, settle, settle_if_final, shooting
from domain.card_game.state import CardGameState, Shooting, other, team
from domain.consequences import DieRolled
from domain.frozen import replace
from domain.phrase import phrase


def _with_shooting(state: CardGameState, shot: Shooting) -> CardGameState:
    return replace(state, round=replace(state.round, shooting=shot))


def _skip_empty_banks(state: CardGameState) -> CardGameState:
    """A coach with nothing banked of the needed type has no spend to decide (CG-5.3)."""
    while True:
        due = spend_due(state)
        if due is None or state.coach(due).bank.get(spend_type(state, due)) > 0:
            return state
        shot = shooting(state)
        if due == state.attacker:
            shot = replace(shot, attacker_spent=0)
        else:
            shot = replace(shot, defender_spent=0)
        state = _with_shooting(state, shot)


def apply_declare(state: CardGameState, action: Declare) -> Step:
    if state.phase != "attack" or state.attacker is None:
        raise ValueError("nothing to declare now")
    attacker, defender = state.attacker, other(state.attacker)
    state = replace(
        state,
        phase="shooting",
        round=replace(state.round, windows=(), shooting=Shooting(declared=action.action)),
    )
    attack = card_total(state.coach(attacker), action.action)
    defense = card_total(state.coach(defender), "defense")
    what = phrase("Shot") if action.action == "shot" else phrase("Pass")
    text = phrase(
        "{team} declare a {what} ({attack}) against {team2}'s Defense ({defense}).",
        team=team(attacker),
        what=what,
        attack=attack,
        team2=team(defender),
        defense=defense,
    )
    declared = cc.Declared(
        text, team=attacker, action=action.action, attack=attack, defense=defense
    )
    return _skip_empty_banks(state), [declared]


def apply_spend(state: CardGameState, action: Spend) -> Step:
    due = spend_due(state)
    if due is None:
        raise ValueError("no spend is due")
    point = spend_type(state, due)
    coach = state.coach(due)
    points = max(0, min(action.points, coach.bank.get(point)))
    coach = replace(coach, bank=coach.bank.set(point, coach.bank.get(point) - points))
    shot = shooting(state)
    if due == state.attacker:
        shot = replace(shot, attacker_spent=points)
    else:
        shot = replace(shot, defender_spent=points)
    state = _skip_empty_banks(_with_shooting(state.with_coach(coach), shot))
    text = phrase(
        "{team} spend {points} {point} point(s).", team=team(due), points=points, point=point
    )
    return state, [cc.PointsSpent(text, team=due, points=points)]


def _set_die(state: CardGameState, die: str, value: int) -> CardGameState:
    shot = shooting(state)
    if die == "save":
        shot = replace(shot, save=value)
    elif die == state.attacker:
        shot = replace(shot, attacker_roll=value)
    else:
        shot = replace(shot, defender_roll=value)
    return _with_shooting(state, shot)


def apply_roll(state: CardGameState, action: Roll) -> Step:
    if state.phase != "shooting":
        raise ValueError("nobody is rolling")
    rolled = DieRolled(side=action.coach, faces=6, value=action.value, source=action.source)
    state, more = settle_if_final(_set_die(state, action.coach, action.value))
    return state, [rolled, *more]


def apply_reroll(state: CardGameState, action: Reroll) -> Step:
    if state.phase != "shooting":
        raise ValueError("nothing to re-roll")
    name = CATALOGUE.canonical(action.card)
    # The new value replaces a die: it counts for that die's owner (the save: the defender).
    owner = other(state.attacker or action.coach) if action.die == "save" else action.die
    rolled = DieRolled(
        side=owner, faces=6, value=action.value, source=action.source, purpose="re-roll"
    )
    state = _set_die(state, action.die, action.value)
    shot = shooting(state)
    state = _with_shooting(
        state, replace(shot, rerolls_used=(*shot.rerolls_used, (action.coach, name)))
    )
    die = "the save" if action.die == "save" else f"{team(action.die)}'s die"
    text = phrase("{name} re-rolls {die}: {action}.", name=name, die=die, action=action.value)
    done = cc.Rerolled(text, team=action.coach, die=action.die, value=action.value)
    state, more = settle_if_final(state)
    return state, [rolled, done, *more]


def apply_save(state: CardGameState, action: Save) -> Step:
    if state.phase != "shooting":
        raise ValueError("no save is due")
    rolled = DieRolled(
        side=action.coach, faces=6, value=action.value, source=action.source, purpose="save"
    )
    state, more = settle_if_final(_set_die(state, "save", action.value))
    return state, [rolled, *more]


def apply_resolve(state: CardGameState, action: Resolve) -> Step:
    if state.phase != "shooting":
        raise ValueError("no phase to settle")
    return settle(state)
