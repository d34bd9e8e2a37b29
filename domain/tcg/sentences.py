"""The TCG's entries as the sentences of a match report: `Nankatsu: Tsubasa Ozora passes to
Taro Misaki`, `Toho tackle with Hiroshi Furuta`, `Penalty for Toho: kicker 5, keeper 2`."""

from __future__ import annotations

from typing import Any

from domain.phrase import phrase
from domain.sentences import Names, by_app, listed, name
from domain.tcg import actions as act


def sentence(action: Any, names: Names) -> str:
    """What the entry says, in words; the match's sides named by `names`."""
    match action:
        case act.Place():
            return phrase(
                "{side}: {player} placed at {area}",
                side=name(names, action.side),
                player=action.player,
                area=action.area,
            )
        case act.Toss():
            return phrase(
                "{winner} win the toss{by_app}",
                winner=name(names, action.winner),
                by_app=by_app(action.source),
            )
        case act.Kickoff():
            return phrase(
                "{side} kick off: {player} has the ball",
                side=name(names, action.side),
                player=action.player,
            )
        case act.Discard():
            return phrase("{side} discard {card}", side=name(names, action.side), card=action.card)
        case act.Move():
            return phrase(
                "{side}: {player} moves to {to}",
                side=name(names, action.side),
                player=action.player,
                to=action.to,
            )
        case act.Pass():
            return phrase(
                "{side} pass to {receiver}", side=name(names, action.side), receiver=action.receiver
            )
        case act.Shoot():
            return phrase("{side} shoot", side=name(names, action.side))
        case act.Tackle():
            return phrase(
                "{side} tackle with {player}", side=name(names, action.side), player=action.player
            )
        case act.PassCut():
            return phrase(
                "{side} cut the pass with {player}",
                side=name(names, action.side),
                player=action.player,
            )
        case act.EndPhase():
            return phrase("{side} end the phase", side=name(names, action.side))
        case act.Supporter():
            return phrase(
                "{side} use the supporter card {card}",
                side=name(names, action.side),
                card=action.card,
            )
        case act.Tactics():
            return phrase(
                "{side} use the tactics card {card}",
                side=name(names, action.side),
                card=action.card,
            )
        case act.SetReverse():
            return phrase("{side} set a reverse card face down", side=name(names, action.side))
        case act.DropReverse():
            return phrase(
                "{side} discard the reverse card in slot {slot}",
                side=name(names, action.side),
                slot=action.slot,
            )
        case act.RankChange():
            return phrase(
                "{side}: {player} changes rank to {card}",
                side=name(names, action.side),
                player=action.player,
                card=action.card,
            )
        case act.Flip():
            bonus = phrase(" ({bonus:+d})", bonus=action.bonus) if action.bonus else ""
            paid = phrase(", paying {cost} cost", cost=action.cost) if action.cost else ""
            return phrase(
                "{side} flip the reverse card in slot {slot}: {card}{bonus}{paid}",
                side=name(names, action.side),
                slot=action.slot,
                card=action.card,
                bonus=bonus,
                paid=paid,
            )
        case act.NoFlip():
            return phrase("{side} flip no reverse card", side=name(names, action.side))
        case act.BattleCard():
            return phrase(
                "{side} battle card: {card}", side=name(names, action.side), card=action.card
            )
        case act.Support():
            helpers = listed(action.players) if action.players else phrase("nobody")
            return phrase(
                "{side} support: {helpers}", side=name(names, action.side), helpers=helpers
            )
        case act.TieDice():
            return phrase(
                "Tie dice {listed}{by_app}",
                listed=listed(action.dice),
                by_app=by_app(action.source),
            )
        case act.Land():
            return phrase(
                "The ball lands at {area} (roll {roll}){by_app}",
                area=action.area,
                roll=action.roll,
                by_app=by_app(action.source),
            )
        case act.Gather():
            return phrase(
                "{side}: {player} gathers the ball",
                side=name(names, action.side),
                player=action.player,
            )
        case act.Restart():
            return phrase(
                "{side} restart with {player}", side=name(names, action.side), player=action.player
            )
        case act.Substitute():
            return phrase(
                "{side}: {card} comes on for {player}",
                side=name(names, action.side),
                card=action.card,
                player=action.player,
            )
        case act.Kickers():
            return phrase(
                "{side} penalty takers: {listed}",
                side=name(names, action.side),
                listed=listed(action.players),
            )
        case act.Penalty():
            dice = ", ".join(str(d) for d in action.dice)
            if len(action.dice) == 2:
                dice = phrase(
                    "kicker {dice}, keeper {dice2}", dice=action.dice[0], dice2=action.dice[1]
                )
            return phrase(
                "Penalty for {side}: {dice}{by_app}",
                side=name(names, action.side),
                dice=dice,
                by_app=by_app(action.source),
            )
    raise TypeError(f"no sentence for {type(action).__name__}")
