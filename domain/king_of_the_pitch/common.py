"""Violations shared by several checks: an entry out of its moment, a die off its faces."""

from __future__ import annotations

from collections.abc import Sequence

from domain.king_of_the_pitch.state import KingState
from domain.ruleset import Violation

WAITING_FOR = {
    "opening": "the opening roll for the first King of the Pitch",
    "reveal": "the next card turned face up into the line",
    "turn": "a team's action",
    "declare": "the V.A.R. and BONUS declarations",
    "roll": "the duel rolls",
    "var": "a V.A.R. re-roll",
    "shoot-out": "the penalty shoot-out",
    "over": "nothing: the game is over",
}


def not_now(rule: str, what: str, state: KingState) -> Violation:
    waiting = WAITING_FOR.get(state.phase, state.phase)
    return Violation(
        rule, f"{what} is not possible now: the table is waiting for {waiting}.", False
    )


def not_your_turn(state: KingState, colour: str) -> list[Violation]:
    if state.turn == colour:
        return []
    turn = state.turn or "nobody"
    return [Violation("KP-3.5", f"it is {turn}'s turn, not {colour}'s.", False)]


def dice_violations(
    rule: str, colour: str, dice: Sequence[int], faces: Sequence[int]
) -> list[Violation]:
    if len(dice) != len(faces):
        wanted = ", ".join(f"d{f}" for f in faces)
        return [
            Violation(rule, f"{colour} rolls {len(faces)} dice ({wanted}), not {len(dice)}.", False)
        ]
    return [
        Violation(rule, f"{colour}'s d{f} shows 1 to {f}, not {value}.", False)
        for value, f in zip(dice, faces, strict=True)
        if not 1 <= value <= f
    ]
