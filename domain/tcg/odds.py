"""The exact odds where dice decide the TCG (2002), and its battles shown as certain.

A battle (TCG-7.4) is decided by the printed values and the cards played, never by dice: once
its last card is down its outcome is certain, probability 1. Dice decide three things:
- a tie (TCG-7.6) on the `dice-table` setting: `high-roll`, each side's d6, the higher
  winning and equal dice rolled again, so either side wins with probability 1/2; `single-die`,
  the challenger winning on 4–6, also 1/2;
- a penalty of the shoot-out (TCG-9.2): the kicker's Shot + d6 against the keeper's Defense
  + d6, a goal only when higher;
- where a punched ball lands (TCG-7.6): the source gives no table, so the face is shown with
  its chance and the table enters the area.
Nothing here is a choice, so the odds assume no policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from domain.declarations import DiceOdds
from domain.odds import (
    ONE,
    ZERO,
    Odds,
    compare,
    die,
    goal_difference,
    odds_of,
    repeated_until_decided,
    sum_of,
)
from domain.phrase import phrase
from domain.tcg import actions as act
from domain.tcg import consequences as tc
from domain.tcg.rules import RULES
from domain.tcg.setup import other
from domain.tcg.shootout import next_kicker
from domain.tcg.state import TcgState
from domain.tcg.words import word

HALF = Fraction(1, 2)


def tie_chance(dice_table: str) -> Fraction:
    """P(the challenger wins a tie) on either dice table: each is even."""
    if dice_table == "single-die":
        return sum((p for value, p in die(6).items() if value >= 4), ZERO)
    higher, _, lower = compare(sum_of((6,)), sum_of((6,)))
    return repeated_until_decided(higher, lower)  # an equal pair is rolled again


def kick_chance(shot: int, defense: int) -> Fraction:
    """P(a penalty scores): Shot + d6 higher than Defense + d6 (TCG-9.2)."""
    higher, _, _ = compare(
        {shot + v: p for v, p in die(6).items()}, {defense + v: p for v, p in die(6).items()}
    )
    return higher


def _kick(state: TcgState) -> tuple[str, Fraction] | None:
    """The side kicking next in the shoot-out and its chance of scoring."""
    shoot = state.shoot_out
    if state.phase != "penalties" or shoot is None:
        return None
    side = shoot.next_side
    keeper = state.side(other(side)).keeper()
    if keeper is None:
        return None
    return side, kick_chance(next_kicker(state, side).card.shot, keeper.card.defense)


def _awaited(state: TcgState, action: Any | None) -> Odds | None:
    battle = state.battle
    if state.phase == "tie" and battle is not None:
        chance = tie_chance(state.setup.dice_table)
        return odds_of(
            phrase("the tie's dice"),
            {
                phrase("{side} win the ball", side=state.label(battle.challenger)): chance,
                phrase("{side} keep the ball", side=state.label(battle.receiver)): ONE - chance,
            },
        )
    if state.phase == "penalties":
        found = _kick(state)
        if found is None:
            return None
        side, chance = found
        # The kick is one entry (both dice): what it is expected to bring is its chance.
        expected = _goals(state)
        expected[side] += chance
        return odds_of(
            phrase("{side}'s penalty", side=state.label(side)),
            {
                phrase("{side} score", side=state.label(side)): chance,
                phrase("{side} miss", side=state.label(side)): ONE - chance,
            },
            goal_difference(expected),
        )
    if state.phase == "landing":
        faces: dict[str, Fraction] = {
            phrase("die shows {value}", value=value): p for value, p in die(6).items()
        }
        return odds_of(phrase("where the punched ball lands"), faces)
    return None


def _battle_judged(state: TcgState, action: Any) -> Odds | None:
    """A battle the entry brings to judgement: its outcome, certain."""
    found = RULES.get(type(action))
    if found is None:
        return None
    checker, applier = found
    if checker(state, action):
        return None
    _, consequences = applier(state, action)
    for index, consequence in enumerate(consequences):
        if isinstance(consequence, tc.Battle):
            after = [c.text for c in consequences[index + 1 :] if c.text]
            outcome = after[0] if after else phrase("a tie: the dice decide")
            roll = phrase("the {battle} battle, no dice", battle=word(consequence.battle))
            return odds_of(roll, {outcome: ONE})
    return None


def before(state: TcgState, action: Any) -> Odds | None:
    """The odds of the roll `action` records, or a battle's certain outcome."""
    if isinstance(action, act.TieDice | act.Land | act.Penalty):
        return _awaited(state, action)
    return _battle_judged(state, action)


def awaited(state: TcgState) -> Odds | None:
    """The odds of the roll the situation waits for (the live page)."""
    return _awaited(state, None)


def worth(state: TcgState) -> Mapping[str, Fraction]:
    """Each side's goal difference, its penalties of a shoot-out counted as goals (a tie's
    dice move the ball, not the score: they bring no goals)."""
    return goal_difference(_goals(state))


def _goals(state: TcgState) -> dict[str, Fraction]:
    held = {side: Fraction(goals) for side, goals in state.score.items()}
    shoot = state.shoot_out
    if shoot is not None:
        for side in held:
            held[side] += shoot.scored(side)
    return held


ODDS = DiceOdds(
    unit="goals",
    before=before,
    awaited=awaited,
    worth=worth,
    live=lambda setup: setup.live_odds == "shown",
)
