"""The TCG's entries as the sentences of a match report: `Nankatsu: Tsubasa Ozora passes to
Taro Misaki`, `Toho tackle with Hiroshi Furuta`, `Penalty for Toho: kicker 5, keeper 2`."""

from __future__ import annotations

from typing import Any

from domain.sentences import Names, by_app, listed, name
from domain.tcg import actions as act


def sentence(action: Any, names: Names) -> str:
    """What the entry says, in words; the match's sides named by `names`."""
    match action:
        case act.Place():
            return f"{name(names, action.side)}: {action.player} placed at {action.area}"
        case act.Toss():
            return f"{name(names, action.winner)} win the toss{by_app(action.source)}"
        case act.Kickoff():
            return f"{name(names, action.side)} kick off: {action.player} has the ball"
        case act.Discard():
            return f"{name(names, action.side)} discard {action.card}"
        case act.Move():
            return f"{name(names, action.side)}: {action.player} moves to {action.to}"
        case act.Pass():
            return f"{name(names, action.side)} pass to {action.receiver}"
        case act.Shoot():
            return f"{name(names, action.side)} shoot"
        case act.Tackle():
            return f"{name(names, action.side)} tackle with {action.player}"
        case act.PassCut():
            return f"{name(names, action.side)} cut the pass with {action.player}"
        case act.EndPhase():
            return f"{name(names, action.side)} end the phase"
        case act.Supporter():
            return f"{name(names, action.side)} use the supporter card {action.card}"
        case act.Tactics():
            return f"{name(names, action.side)} use the tactics card {action.card}"
        case act.SetReverse():
            return f"{name(names, action.side)} set a reverse card face down"
        case act.DropReverse():
            return f"{name(names, action.side)} discard the reverse card in slot {action.slot}"
        case act.RankChange():
            return f"{name(names, action.side)}: {action.player} changes rank to {action.card}"
        case act.Flip():
            bonus = f" ({action.bonus:+d})" if action.bonus else ""
            paid = f", paying {action.cost} cost" if action.cost else ""
            return (
                f"{name(names, action.side)} flip the reverse card in slot {action.slot}: "
                f"{action.card}{bonus}{paid}"
            )
        case act.NoFlip():
            return f"{name(names, action.side)} flip no reverse card"
        case act.BattleCard():
            return f"{name(names, action.side)} battle card: {action.card}"
        case act.Support():
            helpers = listed(action.players) if action.players else "nobody"
            return f"{name(names, action.side)} support: {helpers}"
        case act.TieDice():
            return f"Tie dice {listed(action.dice)}{by_app(action.source)}"
        case act.Land():
            return f"The ball lands at {action.area} (roll {action.roll}){by_app(action.source)}"
        case act.Gather():
            return f"{name(names, action.side)}: {action.player} gathers the ball"
        case act.Restart():
            return f"{name(names, action.side)} restart with {action.player}"
        case act.Substitute():
            return f"{name(names, action.side)}: {action.card} comes on for {action.player}"
        case act.Kickers():
            return f"{name(names, action.side)} penalty takers: {listed(action.players)}"
        case act.Penalty():
            dice = ", ".join(str(d) for d in action.dice)
            if len(action.dice) == 2:
                dice = f"kicker {action.dice[0]}, keeper {action.dice[1]}"
            return f"Penalty for {name(names, action.side)}: {dice}{by_app(action.source)}"
    raise TypeError(f"no sentence for {type(action).__name__}")
