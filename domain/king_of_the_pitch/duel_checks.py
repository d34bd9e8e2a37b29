"""Checks for a duel's entries: declarations (KP-6), rolls (KP-5.3), re-rolls, penalties."""

from __future__ import annotations

from domain.king_of_the_pitch.actions import Declare, Penalty, Reroll, Roll
from domain.king_of_the_pitch.common import dice_violations, not_now
from domain.king_of_the_pitch.dice import lowest_die
from domain.king_of_the_pitch.state import Duel, KingState
from domain.king_of_the_pitch.words import word
from domain.phrase import phrase
from domain.ruleset import Violation


def _duel(state: KingState, phase: str, rule: str, what: str) -> Duel | Violation:
    if state.phase != phase or state.duel is None:
        return not_now(rule, what, state)
    return state.duel


def check_declare(state: KingState, action: Declare) -> list[Violation]:
    duel = _duel(state, "declare", "KP-6", phrase("Declaring V.A.R. or BONUS"))
    if isinstance(duel, Violation):
        return [duel]
    due = duel.to_declare[0]
    if action.team != due:
        # KP-6.3: the challenger declares first, the King second.
        text = phrase("{due} declares now; the King of the Pitch decides second.", due=word(due))
        return [Violation("KP-6.3", text, False)]
    team = state.team(action.team)
    found = []
    if action.var and team.var < 1:
        found.append(Violation("KP-6.1", phrase("{team} holds no V.A.R. card.", team=action.team)))
    if action.bonus and team.bonus < 1:
        found.append(Violation("KP-6.2", phrase("{team} holds no BONUS card.", team=action.team)))
    return found


def check_duel_roll(state: KingState, action: Roll) -> list[Violation]:
    duel = _duel(state, "roll", "KP-5.3", phrase("A roll"))
    if isinstance(duel, Violation):
        return [duel]
    if action.team not in duel.teams or duel.dice_of(action.team) is not None:
        waiting = [t for t in duel.teams if duel.dice_of(t) is None]
        text = phrase(
            "{team} does not roll now; still to roll: {join}.",
            team=action.team,
            join=", ".join(waiting),
        )
        return [Violation("KP-5.3", text, False)]
    return dice_violations("KP-5.2", action.team, action.dice, duel.faces_of(action.team))


def reroll_faces(duel: Duel, colour: str) -> int:
    """The faces of the die a V.A.R. re-rolls: the team's lowest (KP-6.1)."""
    dice = duel.dice_of(colour) or ()
    faces = duel.faces_of(colour)
    return faces[lowest_die(dice, faces)] if dice else 6


def check_reroll(state: KingState, action: Reroll) -> list[Violation]:
    duel = _duel(state, "var", "KP-6.1", phrase("A V.A.R. re-roll"))
    if isinstance(duel, Violation):
        return [duel]
    if action.team != duel.var_due:
        text = phrase(
            "only {var_due}, who lost and played V.A.R., re-rolls now.", var_due=word(duel.var_due)
        )
        return [Violation("KP-6.1", text, False)]
    return dice_violations("KP-6.1", action.team, (action.die,), (reroll_faces(duel, action.team),))


def check_penalty(state: KingState, action: Penalty) -> list[Violation]:
    duel = _duel(state, "shoot-out", "KP-5.4", phrase("A penalty"))
    if isinstance(duel, Violation):
        return [duel]
    kicked = dict(duel.penalties)
    if action.team not in duel.teams or action.team in kicked:
        waiting = [t for t in duel.teams if t not in kicked]
        text = phrase(
            "{team} does not shoot now; still to shoot: {join}.",
            team=action.team,
            join=", ".join(waiting),
        )
        return [Violation("KP-5.4", text, False)]
    return dice_violations("KP-5.4", action.team, (action.die,), (6,))
