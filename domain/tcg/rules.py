"""One table from each action class to its check and its apply function."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.phrase import phrase
from domain.ruleset import Violation
from domain.tcg import actions as act
from domain.tcg import battle as bt
from domain.tcg import card_play as cp
from domain.tcg import judge as jd
from domain.tcg import main_step as ms
from domain.tcg import restarts as rs
from domain.tcg import shootout as so
from domain.tcg.flow import Step
from domain.tcg.state import TcgState

Checker = Callable[[TcgState, Any], list[Violation]]
Applier = Callable[[TcgState, Any], Step]

RULES: dict[type, tuple[Checker, Applier]] = {
    act.Place: (rs.check_place, rs.apply_place),
    act.Toss: (rs.check_toss, rs.apply_toss),
    act.Kickoff: (rs.check_kickoff, rs.apply_kickoff),
    act.Discard: (rs.check_discard, rs.apply_discard),
    act.Move: (ms.check_move, ms.apply_move),
    act.Pass: (ms.check_pass, ms.apply_pass),
    act.Shoot: (ms.check_shoot, ms.apply_shoot),
    act.Tackle: (ms.check_challenge, ms.apply_challenge),
    act.PassCut: (ms.check_challenge, ms.apply_challenge),
    act.EndPhase: (ms.check_end, ms.apply_end),
    act.Supporter: (cp.check_supporter, cp.apply_supporter),
    act.Tactics: (cp.check_tactics, cp.apply_tactics),
    act.SetReverse: (cp.check_set_reverse, cp.apply_set_reverse),
    act.DropReverse: (cp.check_drop_reverse, cp.apply_drop_reverse),
    act.RankChange: (cp.check_rank_change, cp.apply_rank_change),
    act.Flip: (bt.check_flip, bt.apply_flip),
    act.NoFlip: (bt.check_no_flip, bt.apply_no_flip),
    act.BattleCard: (bt.check_battle_card, bt.apply_battle_card),
    act.Support: (bt.check_support, bt.apply_support),
    act.TieDice: (jd.check_tie_dice, jd.apply_tie_dice),
    act.Land: (jd.check_land, jd.apply_land),
    act.Gather: (rs.check_gather, rs.apply_gather),
    act.Restart: (rs.check_restart, rs.apply_restart),
    act.Substitute: (rs.check_substitute, rs.apply_substitute),
    act.Kickers: (so.check_kickers, so.apply_kickers),
    act.Penalty: (so.check_penalty, so.apply_penalty),
}


def check(state: TcgState, action: Any) -> tuple[Violation, ...]:
    if state.phase == "over":
        return (_over(state),)
    checker, _ = RULES[type(action)]
    return tuple(checker(state, action))


def _over(state: TcgState) -> Violation:
    """Why nothing more is entered: the rule that decided the match (TCG-1.2)."""
    if state.shoot_out is not None:
        return Violation(
            "TCG-9.3", phrase("the match is over: the penalty shoot-out decided it"), False
        )
    text = phrase("the match is over: the side with more goals after the 2nd half wins")
    return Violation("TCG-4.3", text, False)


def legal(state: TcgState, action: Any) -> bool:
    return not check(state, action)
