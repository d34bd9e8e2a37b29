"""Violations shared by several checks: an entry out of its moment, a die off its faces."""

from __future__ import annotations

from collections.abc import Sequence

from domain.king_of_the_pitch.state import KingState
from domain.king_of_the_pitch.words import word
from domain.phrase import phrase
from domain.ruleset import Violation

WAITING_FOR = {
    "opening": phrase("the opening roll for the first King of the Pitch"),
    "reveal": phrase("the next card turned face up into the line"),
    "turn": phrase("a team's action"),
    "declare": phrase("the V.A.R. and BONUS declarations"),
    "roll": phrase("the duel rolls"),
    "var": phrase("a V.A.R. re-roll"),
    "shoot-out": phrase("the penalty shoot-out"),
    "over": phrase("nothing: the game is over"),
}


def not_now(rule: str, what: str, state: KingState) -> Violation:
    waiting = WAITING_FOR.get(state.phase, state.phase)
    return Violation(
        rule,
        phrase(
            "{what} is not possible now: the table is waiting for {waiting}.",
            what=what,
            waiting=waiting,
        ),
        False,
    )


def not_your_turn(state: KingState, colour: str) -> list[Violation]:
    if state.turn == colour:
        return []
    turn = state.turn or "nobody"
    return [
        Violation(
            "KP-3.5",
            phrase("it is {turn}'s turn, not {colour}'s.", turn=word(turn), colour=word(colour)),
            False,
        )
    ]


def dice_violations(
    rule: str, colour: str, dice: Sequence[int], faces: Sequence[int]
) -> list[Violation]:
    if len(dice) != len(faces):
        wanted = ", ".join(f"d{f}" for f in faces)
        return [
            Violation(
                rule,
                phrase(
                    "{colour} rolls {count} dice ({wanted}), not {count2}.",
                    colour=word(colour),
                    count=len(faces),
                    wanted=wanted,
                    count2=len(dice),
                ),
                False,
            )
        ]
    return [
        Violation(
            rule,
            phrase(
                "{colour}'s d{f} shows 1 to {f}, not {value}.",
                colour=word(colour),
                f=f,
                value=value,
            ),
            False,
        )
        for value, f in zip(dice, faces, strict=True)
        if not 1 <= value <= f
    ]
