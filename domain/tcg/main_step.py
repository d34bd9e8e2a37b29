"""The main steps' field actions with their prices (TCG-5.3, TCG-5.4, TCG-6.2).

Move: 1 cost an area, at most 2 areas a move (moving the ball holder dribbles); under the
`move-limit` setting `per-phase`, at most 2 areas per player in a whole phase.
Pass: the distance, 1 within an area. Shot: the distance into the goal mouth. Tackle and pass
cut: the reach to the ball holder's (receiver's) area + 1; the player moves there.
"""

from __future__ import annotations

from domain.frozen import replace
from domain.phrase import phrase
from domain.ruleset import Violation
from domain.tcg import actions as act
from domain.tcg import consequences as tc
from domain.tcg import guards
from domain.tcg.battle import begin_battle
from domain.tcg.field import GOAL, PLACES, shot_distance
from domain.tcg.flow import Step, close_phase, end_turn, start_phase
from domain.tcg.setup import other
from domain.tcg.state import MOVE_LIMIT, Battle, FieldPlayer, TcgState
from domain.tcg.words import word


def _acting(state: TcgState, side: str, rule: str, *phases: str) -> list[Violation]:
    problems = guards.in_phase(state, rule, *phases)
    return problems or guards.phase_player(state, side, rule)


def _holder(state: TcgState, side: str, rule: str, problems: list[Violation]) -> FieldPlayer:
    holder = state.holder()
    if holder is None or state.ball_side != side:
        problems.append(
            Violation(rule, phrase("{team} do not have the ball", team=state.label(side)), False)
        )
        return FieldPlayer("?", state.setup.team(side).coach, "c5", "c5")
    guards.must_be_active(state, holder, problems)
    return holder


def _spend(state: TcgState, price: int, label: str | None = None, areas: int = 0) -> TcgState:
    turn = state.turn
    moved = (*turn.moved, (label, areas)) if label and areas else turn.moved
    return replace(state, turn=replace(turn, cost=max(0, turn.cost - price), moved=moved))


def move_price(state: TcgState, side: str, player: FieldPlayer, to: str) -> int:
    return guards.distance(state, side, player.area, side, to)


def check_move(state: TcgState, action: act.Move) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-6.2", "attack", "defense")
    if problems:
        return problems
    player = guards.find_player(state, action.side, action.player, "TCG-6.2", problems)
    if action.to not in PLACES:
        problems.append(
            Violation(
                "TCG-11.1", phrase("{to!r} is not an area (a1..e9, goal)", to=action.to), False
            )
        )
    if player is None or problems:
        return problems
    guards.must_be_active(state, player, problems)
    areas = move_price(state, action.side, player, action.to)
    if areas == 0:
        problems.append(
            Violation(
                "TCG-6.2", phrase("{player} is in {to} already", player=player.label, to=action.to)
            )
        )
    if over_move_limit(state, player, areas):
        problems.append(
            Violation(
                "TCG-6.2",
                phrase("{player} {limit_text}", player=player.label, limit_text=_limit_text(state)),
            )
        )
    guards.afford(state, phrase("moving {areas} area(s)", areas=areas), areas, problems)
    guards.capacity(state, action.side, action.to, player, problems)
    return problems


def over_move_limit(state: TcgState, player: FieldPlayer, areas: int) -> bool:
    """TCG-6.2 「移動: 移動したエリア分消費、2エリアまで。」 (a move: pay per area moved, up to 2
    areas): each move crosses at most 2 areas; the `per-phase` reading counts every area the
    player crossed this phase, a tackle's or pass cut's reach included."""
    if state.setup.move_limit == "per-phase":
        areas += state.turn.moved_by(player.label)
    return areas > MOVE_LIMIT


def _limit_text(state: TcgState) -> str:
    if state.setup.move_limit == "per-phase":
        return phrase(
            "may move at most {move_limit} areas a phase (move-limit=per-phase)",
            move_limit=MOVE_LIMIT,
        )
    return phrase("may cross at most {move_limit} areas in one move", move_limit=MOVE_LIMIT)


def apply_move(state: TcgState, action: act.Move) -> Step:
    side = state.side(action.side)
    player = side.player(action.player)
    assert player is not None
    areas = move_price(state, action.side, player, action.to)
    state = _spend(state, areas, player.label, areas)
    state = state.with_side(action.side, side.with_player(replace(player, area=action.to)))
    dribble = state.ball_side == action.side and state.ball == player.label
    if dribble and areas:
        state = replace(state, turn=replace(state.turn, ball_moved=True))
    verb = phrase("dribbles") if dribble else phrase("moves")
    text = phrase(
        "{player} {verb} from {area} to {to} ({areas} cost).",
        player=player.label,
        verb=verb,
        area=player.area,
        to=action.to,
        areas=areas,
    )
    moved = tc.Moved(
        text,
        side=action.side,
        player=player.label,
        from_=player.area,
        to=action.to,
        cost=areas,
        dribble=dribble,
    )
    return state, [moved]


def check_pass(state: TcgState, action: act.Pass) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-5.3", "attack")
    if problems:
        return problems
    holder = _holder(state, action.side, "TCG-5.3", problems)
    receiver = guards.find_player(state, action.side, action.receiver, "TCG-6.2", problems)
    if receiver is None or any(not v.overridable for v in problems):
        return problems
    if receiver.label == holder.label:
        problems.append(
            Violation("TCG-6.2", phrase("{holder} cannot pass to himself", holder=holder.label))
        )
    guards.must_be_active(state, receiver, problems)
    guards.afford(
        state, phrase("the pass"), pass_price(state, action.side, holder, receiver), problems
    )
    return problems


def pass_price(state: TcgState, side: str, holder: FieldPlayer, receiver: FieldPlayer) -> int:
    return max(1, guards.distance(state, side, holder.area, side, receiver.area))


def apply_pass(state: TcgState, action: act.Pass) -> Step:
    holder = state.holder()
    receiver = state.side(action.side).player(action.receiver)
    assert holder is not None and receiver is not None
    price = pass_price(state, action.side, holder, receiver)
    state = _spend(state, price)
    turn = replace(
        state.turn,
        receiver=receiver.label,
        ball_moved=state.turn.ball_moved or holder.area != receiver.area,
    )
    state = replace(state, ball=receiver.label, turn=turn)
    text = phrase(
        "{holder} passes to {receiver} in {area} ({price} cost).",
        holder=holder.label,
        receiver=receiver.label,
        area=receiver.area,
        price=price,
    )
    passed = tc.Passed(text, side=action.side, from_=holder.label, to=receiver.label, cost=price)
    return state, [passed]


def check_shoot(state: TcgState, action: act.Shoot) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-5.3", "attack")
    if problems:
        return problems
    holder = _holder(state, action.side, "TCG-5.3", problems)
    if not problems or all(v.overridable for v in problems):
        price = shot_distance(holder.area, action.side, state.setup.distance)
        guards.afford(state, phrase("the shot"), price, problems)
        if state.side(other(action.side)).keeper() is None:
            problems.append(Violation("TCG-8.4", phrase("the opponents have no goalkeeper"), False))
    return problems


def apply_shoot(state: TcgState, action: act.Shoot) -> Step:
    holder = state.holder()
    assert holder is not None
    price = shot_distance(holder.area, action.side, state.setup.distance)
    state = _spend(state, price)
    state = replace(state, turn=replace(state.turn, shot=True, ball_moved=True))
    text = phrase(
        "{holder} shoots from {area} ({price} cost).",
        holder=holder.label,
        area=holder.area,
        price=price,
    )
    shot = tc.Shot(text, side=action.side, player=holder.label, cost=price)
    # TCG-5.3: the shot ends the attack phase; the defender still has a defense phase.
    state, rest = start_phase(close_phase(state), other(action.side))
    return state, [shot, *rest]


def check_end(state: TcgState, action: act.EndPhase) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-5.3", "attack", "defense")
    if (
        not problems
        and state.phase == "attack"
        and not state.turn.ball_moved
        and ball_can_move(state)
    ):
        problems.append(
            Violation("TCG-5.3", phrase("the attacker must move the ball at least one area first"))
        )
    return problems


def ball_can_move(state: TcgState) -> bool:
    """Whether a dribble, a pass to another area or a shot is still legal this phase.

    TCG-5.3 demands the ball move before the attack phase ends; when the cost is spent or no
    move is possible, the phase may still end, or the match could not go on.
    """
    holder = state.holder()
    side = state.ball_side
    if holder is None or side is None or side != state.turn.phase_side:
        return False
    if not check_shoot(state, act.Shoot(side)):  # type: ignore[arg-type]
        return True
    for other_player in state.side(side).players:
        if other_player.area != holder.area and not check_pass(
            state,
            act.Pass(side, other_player.label),  # type: ignore[arg-type]
        ):
            return True
    return any(
        not check_move(state, act.Move(side, holder.label, to))  # type: ignore[arg-type]
        for to in PLACES
    )


def apply_end(state: TcgState, action: act.EndPhase) -> Step:
    state = close_phase(state)
    if state.phase == "attack":
        return start_phase(state, other(action.side))
    if state.turn.shot:
        shooter = state.holder()
        keeper = state.side(action.side).keeper()
        assert shooter is not None and keeper is not None
        battle = Battle("shot", other(action.side), shooter.label, keeper.label)
        return begin_battle(state, battle)
    return end_turn(state)


def _target(state: TcgState, kind: str) -> FieldPlayer | None:
    holder = state.holder()
    if kind == "pass-cut" and (holder is None or holder.label != state.turn.receiver):
        return None
    return holder


def check_challenge(state: TcgState, action: act.Tackle | act.PassCut) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-5.4", "defense")
    if problems:
        return problems
    if state.turn.shot:
        return [Violation("TCG-5.4", phrase("the ball is on its way to goal"), False)]
    target = _target(state, action.kind)
    if target is None or state.ball_side != other(action.side):
        what = (
            phrase("a pass receiver holding the ball")
            if action.kind == "pass-cut"
            else phrase("a ball holder")
        )
        return [Violation("TCG-5.4", phrase("there is no {what} to challenge", what=what), False)]
    if target.area == GOAL:
        # Nobody but the keeper stands in a goal mouth, so nobody can reach him there.
        return [
            Violation(
                "TCG-8.4",
                phrase("{target} is in the goal mouth, out of reach", target=target.label),
                False,
            )
        ]
    player = guards.find_player(state, action.side, action.player, "TCG-5.4", problems)
    if player is None:
        return problems
    guards.must_be_active(state, player, problems)
    reach = guards.distance(state, action.side, player.area, other(action.side), target.area)
    # 「タックル: ボールを持った相手エリアまでの距離を移動した上でコスト + …1コスト」: the
    # tackler moves to the holder's area, a move like any other (at most 2 areas).
    if over_move_limit(state, player, reach):
        problems.append(
            Violation(
                "TCG-6.2",
                phrase(
                    "{player} cannot reach {area}: he {limit_text}",
                    player=player.label,
                    area=target.area,
                    limit_text=_limit_text(state),
                ),
            )
        )
    guards.afford(state, phrase("the {kind}", kind=word(action.kind)), reach + 1, problems)
    if reach:
        guards.capacity(state, action.side, target.area, player, problems)
    return problems


def apply_challenge(state: TcgState, action: act.Tackle | act.PassCut) -> Step:
    target = state.holder()
    side = state.side(action.side)
    player = side.player(action.player)
    assert target is not None and player is not None
    area = target.area
    reach = guards.distance(state, action.side, player.area, other(action.side), area)
    state = close_phase(_spend(state, reach + 1, player.label, reach))
    state = state.with_side(action.side, side.with_player(replace(player, area=area)))
    verb = phrase("tackles") if action.kind == "tackle" else phrase("cuts the pass to")
    text = phrase(
        "{player} {verb} {target} in {area} ({value} cost).",
        player=player.label,
        verb=verb,
        target=target.label,
        area=area,
        value=reach + 1,
    )
    declared = tc.CHALLENGES[action.kind](
        text, side=action.side, player=player.label, target=target.label, cost=reach + 1
    )
    state, rest = begin_battle(state, Battle(action.kind, action.side, player.label, target.label))
    return state, [declared, *rest]
