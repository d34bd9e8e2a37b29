"""Placement, toss, kick-offs, restarts, loose balls, substitutions and the draw-step discard."""

from __future__ import annotations

from domain.frozen import replace
from domain.phrase import phrase
from domain.ruleset import Violation
from domain.tcg import actions as act
from domain.tcg import consequences as tc
from domain.tcg import guards
from domain.tcg.field import GOAL, PLACES, starting_areas
from domain.tcg.flow import Step, main_phase, start_turn
from domain.tcg.state import (
    HAND_LIMIT,
    SUBSTITUTION_LIMIT,
    FieldPlayer,
    Pending,
    TcgState,
    unique_label,
    unplaced,
)
from domain.tcg.team_list import Card


def _names(label: str, card: Card, typed: str) -> bool:
    """Whether `typed` names the unplaced starter labelled `label`, in either language."""
    return FieldPlayer(label, card, GOAL, GOAL).answers_to(typed)


def check_place(state: TcgState, action: act.Place) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-3.2", "placement")
    if problems:
        return problems
    waiting = unplaced(state, action.side)
    card = next((c for label, c in waiting if _names(label, c, action.player)), None)
    if card is None:
        text = phrase(
            "{player!r} is not an unplaced starter of {team}",
            player=action.player,
            team=state.label(action.side),
        )
        return [Violation("TCG-3.2", text, False)]
    zone = starting_areas(card.position or "MF", action.side)
    if action.area not in zone and action.area not in PLACES:
        return [
            Violation(
                "TCG-11.1",
                phrase("{area!r} is not an area (a1..e9, goal)", area=action.area),
                False,
            )
        ]
    if action.area not in zone:
        problems.append(
            Violation(
                "TCG-11.3",
                phrase(
                    "a {position} starts in {join}, not {area}",
                    position=card.position,
                    join=", ".join(zone),
                    area=action.area,
                ),
            )
        )
    arriving = FieldPlayer(action.player, card, action.area, action.area)
    guards.capacity(state, action.side, action.area, arriving, problems)
    return problems


def apply_place(state: TcgState, action: act.Place) -> Step:
    label, card = next(
        (lb, c) for lb, c in unplaced(state, action.side) if _names(lb, c, action.player)
    )
    side = state.side(action.side)
    player = FieldPlayer(label, card, action.area, action.area)
    state = state.with_side(action.side, replace(side, players=(*side.players, player)))
    if not unplaced(state, "home") and not unplaced(state, "away"):
        state = replace(state, phase="toss")
    text = phrase(
        "{name}: {label} starts in {area}.",
        name=state.setup.team(action.side).name,
        label=label,
        area=action.area,
    )
    return state, [tc.Placed(text, side=action.side, player=label)]


def check_toss(state: TcgState, action: act.Toss) -> list[Violation]:
    return guards.in_phase(state, "TCG-3.3", "toss")


def apply_toss(state: TcgState, action: act.Toss) -> Step:
    state = replace(
        state,
        first_attacker=action.winner,
        pending=Pending("kickoff", action.winner),
        phase="kickoff",
    )
    text = phrase("{team} have the ball and kick off.", team=state.label(action.winner))
    return state, [tc.TossWon(text, winner=action.winner)]


def _restarting_side(state: TcgState, side: str, rule: str) -> list[Violation]:
    pending = state.pending
    if pending is not None and pending.side == side:
        return []
    who = state.label(pending.side) if pending and pending.side else phrase("the other side")
    return [Violation(rule, phrase("the ball is {who}'s", who=who), False)]


def _give_ball(state: TcgState, side: str, label: str) -> TcgState:
    player = state.side(side).player(label)
    assert player is not None
    return replace(state, ball=player.label, ball_side=side, pending=None)


def check_kickoff(state: TcgState, action: act.Kickoff) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-3.3", "kickoff")
    problems += _restarting_side(state, action.side, "TCG-3.3") if not problems else []
    if not problems:
        player = guards.find_player(state, action.side, action.player, "TCG-3.3", problems)
        if player:
            guards.must_be_active(state, player, problems)
    return problems


def apply_kickoff(state: TcgState, action: act.Kickoff) -> Step:
    state = _give_ball(state, action.side, action.player)
    text = phrase(
        "Kick-off: {team}, {ball} on the ball.", team=state.label(action.side), ball=state.ball
    )
    kicked = tc.KickedOff(text, side=action.side, player=state.ball, half=state.half)
    state, started = start_turn(state)
    return state, [kicked, *started]


def check_restart(state: TcgState, action: act.Restart) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-7.6", "restart")
    problems += _restarting_side(state, action.side, "TCG-7.6") if not problems else []
    if not problems:
        player = guards.find_player(state, action.side, action.player, "TCG-7.6", problems)
        if player:
            guards.must_be_active(state, player, problems)
    return problems


def apply_restart(state: TcgState, action: act.Restart) -> Step:
    kind = state.pending.kind if state.pending else "restart"
    state = _give_ball(state, action.side, action.player)
    what = phrase("Goal kick") if kind == "goal-kick" else phrase("Play restarts")
    text = phrase(
        "{what}: {team}, {ball} on the ball.",
        what=what,
        team=state.label(action.side),
        ball=state.ball,
    )
    restarted = tc.Restarted(text, side=action.side, player=state.ball)
    state, started = start_turn(state)
    return state, [restarted, *started]


def check_gather(state: TcgState, action: act.Gather) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-7.6", "gather")
    if problems:
        return problems
    player = guards.find_player(state, action.side, action.player, "TCG-7.6", problems)
    area = state.pending.area if state.pending else None
    if player and area and player.area != area:
        guards.capacity(state, action.side, area, player, problems)
    return problems


def apply_gather(state: TcgState, action: act.Gather) -> Step:
    side = state.side(action.side)
    player = side.player(action.player)
    assert player is not None
    area = state.pending.area if state.pending and state.pending.area else player.area
    state = state.with_side(action.side, side.with_player(replace(player, area=area)))
    state = _give_ball(state, action.side, player.label)
    text = phrase(
        "{player} ({name}) takes the ball in {area}.",
        player=player.label,
        name=state.setup.team(action.side).name,
        area=area,
    )
    gathered = tc.Gathered(text, side=action.side, player=player.label)
    state, started = start_turn(state)
    return state, [gathered, *started]


def check_substitute(state: TcgState, action: act.Substitute) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-8.3", "restart")
    if problems:
        return problems
    if state.pending is None or state.pending.kind != "out-of-play":
        return [Violation("TCG-8.3", phrase("substitutions only while play is out"), False)]
    side = state.side(action.side)
    player = guards.find_player(state, action.side, action.player, "TCG-8.3", problems)
    card = guards.deck_card(state, action.side, action.card, "player", "TCG-8.3", problems)
    if side.substitutions >= SUBSTITUTION_LIMIT:
        problems.append(
            Violation(
                "TCG-8.3",
                phrase("{team} have made 3 substitutions already", team=state.label(action.side)),
            )
        )
    if player and card:
        if card.answers_to(player.card.name):
            problems.append(Violation("TCG-8.3", phrase("a same-name swap is a rank change")))
        if (player.position == "GK") != (card.position == "GK"):
            # Never overridable: a side without its one keeper could not face a shot.
            text = phrase("the team must keep exactly one goalkeeper on the field")
            problems.append(Violation("TCG-8.4", text, False))
    return problems


def apply_substitute(state: TcgState, action: act.Substitute) -> Step:
    side = state.side(action.side)
    old = side.player(action.player)
    card = state.setup.team(action.side).deck_card(action.card)
    assert old is not None and card is not None
    others = [p.label for p in side.players if p is not old]
    new = FieldPlayer(unique_label(card.name, others), card, old.area, old.home_area)
    side = replace(
        side.with_player(new, old.label),
        hand=max(0, side.hand - 1),
        trash=side.trash + 1,
        used=(*side.used, card.name),
        substitutions=side.substitutions + 1,
    )
    state = state.with_side(action.side, side)
    if state.ball_side == action.side and state.ball == old.label:
        state = replace(state, ball=new.label)
    text = phrase(
        "Substitution {substitutions} for {team}: {on} on for {off}.",
        substitutions=side.substitutions,
        team=state.label(action.side),
        on=new.label,
        off=old.label,
    )
    substituted = tc.Substitution(
        text, side=action.side, off=old.label, on=new.label, count=side.substitutions
    )
    return state, [substituted]


def check_discard(state: TcgState, action: act.Discard) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-5.2", "discard")
    problems += guards.phase_player(state, action.side, "TCG-5.2") if not problems else []
    if problems:
        return problems
    card = state.setup.team(action.side).deck_card(action.card)
    guards.deck_card(
        state, action.side, action.card, card.type if card else "player", "TCG-5.2", problems
    )
    return problems


def apply_discard(state: TcgState, action: act.Discard) -> Step:
    side = state.side(action.side)
    card = state.setup.team(action.side).deck_card(action.card)
    name = card.name if card else action.card
    side = replace(side, hand=max(0, side.hand - 1), trash=side.trash + 1, used=(*side.used, name))
    state = state.with_side(action.side, side)
    if side.hand <= HAND_LIMIT:
        state = replace(state, phase=main_phase(state))
    text = phrase(
        "{name} discard {name2} to the trash.", name=state.setup.team(action.side).name, name2=name
    )
    return state, [tc.Discarded(text, side=action.side, card=name)]
