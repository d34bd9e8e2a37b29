"""Judging a battle (TCG-7.4, TCG-7.6) and what follows: goal, catch, punch, ball won or kept.

The source leaves the dice for a punch and for a tie open: the table's roll and, for a punch,
where the ball landed are entries; the `dice-table` setting says how a tie's dice are read.
"""

from __future__ import annotations

from domain.consequences import DieRolled
from domain.frozen import replace
from domain.phrase import phrase
from domain.ruleset import Consequence, Violation
from domain.tcg import actions as act
from domain.tcg import consequences as tc
from domain.tcg import guards
from domain.tcg.field import is_area
from domain.tcg.flow import Step, end_turn, reset_positions, score_line
from domain.tcg.state import Battle, FieldPlayer, Pending, TcgState, keeper_in_goal
from domain.tcg.words import word

GOAL_MARGIN = 2
DIE_FACES = 6


def _player(state: TcgState, side: str, label: str) -> FieldPlayer:
    player = state.side(side).player(label)
    assert player is not None
    return player


def totals(state: TcgState, battle: Battle) -> tuple[int, int]:
    """Each side's stat + battle card + reverse effect (+ support for the receiver)."""
    challenger = _player(state, battle.challenger, battle.challenger_player)
    receiver = _player(state, battle.receiver, battle.receiver_player)
    if battle.kind == "shot":
        attack = challenger.card.shot
        # TCG-8.4: a goalkeeper out of the goal mouth has Defense 0.
        defense = receiver.card.defense if keeper_in_goal(receiver) else 0
    else:
        attack, defense = challenger.card.defense, receiver.card.keep
    attack += (battle.challenger_card or 0) + battle.challenger_bonus
    defense += (battle.receiver_card or 0) + battle.receiver_bonus + (battle.support or 0)
    return attack, defense


def judge(state: TcgState) -> Step:
    battle = state.battle
    assert battle is not None
    attack, defense = totals(state, battle)
    outright = {battle.challenger_card, battle.receiver_card} == {1, 8}
    margin = attack - defense
    if outright:
        margin = GOAL_MARGIN if battle.challenger_card == 1 else -GOAL_MARGIN

    how = phrase(" (1 beats 8)") if outright else ""
    text = phrase(
        "Battle ({kind}): {attack} against {defense}{how}.",
        kind=word(battle.kind),
        attack=attack,
        defense=defense,
        how=how,
    )
    judged = tc.Battle(
        text,
        battle=battle.kind,
        challenger=battle.challenger,
        challenger_total=attack,
        receiver_total=defense,
        one_beats_eight=outright,
    )
    if battle.kind == "shot":
        state, rest = _shot_outcome(state, battle, margin)
    elif margin > 0:
        state, rest = challenger_wins(state, battle)
    elif margin < 0:
        state, rest = receiver_keeps(state, battle)
    else:
        state, rest = replace(state, phase="tie", tie_rolls=0), []
    return state, [judged, *rest]


def _shot_outcome(state: TcgState, battle: Battle, margin: int) -> Step:
    shooter_side, keeper_side = battle.challenger, battle.receiver
    if margin >= GOAL_MARGIN:
        side = state.side(shooter_side)
        state = state.with_side(shooter_side, replace(side, goals=side.goals + 1))
        for each in ("home", "away"):
            state = state.with_side(each, reset_positions(state.side(each)))
        state = replace(state, ball=None, ball_side=None)
        text = phrase(
            "Goal! {challenger_player} scores: {score_line}.",
            challenger_player=battle.challenger_player,
            score_line=score_line(state),
        )
        goal = tc.Scored(text, side=shooter_side, score=state.score)
        state, rest = end_turn(state, Pending("kickoff", keeper_side))
        return state, [goal, *rest]
    if margin <= -GOAL_MARGIN:
        shooter = _player(state, shooter_side, battle.challenger_player)
        tired = replace(shooter, inactive_until=state.turn.number + 1)
        state = state.with_side(shooter_side, state.side(shooter_side).with_player(tired))
        state = replace(state, ball=None, ball_side=None)
        text = phrase(
            "{receiver_player} catches; {shooter} is inactive; goal kick.",
            receiver_player=battle.receiver_player,
            shooter=shooter.label,
        )
        caught = tc.Catch(text, side=keeper_side, keeper=battle.receiver_player)
        state, rest = end_turn(state, Pending("goal-kick", keeper_side))
        return state, [caught, *rest]
    text = phrase(
        "{receiver_player} punches the ball away; dice decide where it lands.",
        receiver_player=battle.receiver_player,
    )
    punched = tc.Punch(text, side=keeper_side, keeper=battle.receiver_player)
    return replace(state, phase="landing", ball=None, ball_side=None), [punched]


def challenger_wins(state: TcgState, battle: Battle) -> Step:
    """The defender wins the ball, and play goes out (TCG-7.6)."""
    won_by = tc.BALL_WON["tackle" if battle.kind == "tackle" else "pass-cut"]
    text = phrase(
        "{challenger_player} wins the ball for {team}.",
        challenger_player=battle.challenger_player,
        team=state.label(battle.challenger),
    )
    won = won_by(text, side=battle.challenger, player=battle.challenger_player)
    out = tc.OutOfPlay(
        phrase("Out of play: {team} restart.", team=state.label(battle.challenger)),
        side=battle.challenger,
    )
    state = replace(state, ball=None, ball_side=None)
    state, rest = end_turn(state, Pending("out-of-play", battle.challenger))
    return state, [won, out, *rest]


def receiver_keeps(state: TcgState, battle: Battle) -> Step:
    text = phrase(
        "{receiver_player} keeps the ball for {team}.",
        receiver_player=battle.receiver_player,
        team=state.label(battle.receiver),
    )
    kept = tc.BallKept(text, side=battle.receiver)
    state, rest = end_turn(state)
    return state, [kept, *rest]


def dice_count(state: TcgState) -> int:
    return 1 if state.setup.dice_table == "single-die" else 2


def check_tie_dice(state: TcgState, action: act.TieDice) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-7.6", "tie")
    if problems:
        return problems
    wanted = dice_count(state)
    if len(action.dice) != wanted:
        return [
            Violation(
                "TCG-7.6",
                phrase(
                    "the {dice_table} table needs {wanted} dice",
                    dice_table=state.setup.dice_table,
                    wanted=wanted,
                ),
                False,
            )
        ]
    return _dice_range(action.dice)


def _dice_range(dice: tuple[int, ...]) -> list[Violation]:
    if all(1 <= value <= DIE_FACES for value in dice):
        return []
    return [
        Violation(
            "TCG-2.5",
            phrase(
                "a die shows 1 to {die_faces}, not {list}", die_faces=DIE_FACES, list=list(dice)
            ),
            False,
        )
    ]


def apply_tie_dice(state: TcgState, action: act.TieDice) -> Step:
    battle = state.battle
    assert battle is not None
    if state.setup.dice_table == "single-die":
        challenger_won: bool | None = action.dice[0] >= 4
    elif action.dice[0] == action.dice[1]:
        challenger_won = None
    else:
        challenger_won = action.dice[0] > action.dice[1]
    tied = tc.TieDice(
        phrase("Tie dice {join}.", join=", ".join(map(str, action.dice))),
        dice=tuple(action.dice),
        source=action.source,
    )
    # The challenger's die first, then the receiver's (one die on the single-die table).
    owners = (battle.challenger, battle.receiver)
    rolled: list[Consequence] = [
        DieRolled(side=side, faces=DIE_FACES, value=value, source=action.source, purpose="tie")
        for side, value in zip(owners, action.dice, strict=False)
    ]
    if challenger_won is None:
        return replace(state, tie_rolls=state.tie_rolls + 1), [*rolled, tied]
    state, rest = (
        challenger_wins(state, battle) if challenger_won else receiver_keeps(state, battle)
    )
    return state, [*rolled, tied, *rest]


def check_land(state: TcgState, action: act.Land) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-7.6", "landing")
    if problems:
        return problems
    problems += _dice_range((action.roll,))
    if not is_area(action.area):
        text = phrase("{area!r} is not an area (a1..e9)", area=action.area)
        problems.append(Violation("TCG-11.1", text, False))
    return problems


def apply_land(state: TcgState, action: act.Land) -> Step:
    area = action.area if is_area(action.area) else "c5"
    text = phrase("The punched ball lands in {area} (die {roll}).", area=area, roll=action.roll)
    landed = tc.BallLanded(text, area=area, roll=action.roll, source=action.source)
    state, rest = end_turn(state, Pending("loose-ball", None, area))
    return state, [landed, *rest]
