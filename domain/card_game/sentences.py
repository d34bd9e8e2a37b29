"""The card game's entries as the sentences of a match report: `Toho: Kojiro Hyuga (Shot 3,
Pass 1)`, `Nankatsu roll 5`, `Toho book Ryo Ishizaki of Nankatsu (Foul)`."""

from __future__ import annotations

from typing import Any

from domain.card_game import actions as act
from domain.sentences import Names, by_app, listed, name, printed

DIES = {"save": "the save die"}


def sentence(action: Any, names: Names) -> str:
    """What the entry says, in words; the match's sides named by `names`."""
    match action:
        case act.Toss():
            return f"{name(names, action.winner)} win the toss{by_app(action.source)}"
        case act.Signings():
            return f"Signing cards shown: {listed(action.cards)}"
        case act.Kickoff():
            return f"{name(names, action.coach)} kick off"
        case act.Draft():
            if action.source == "deck":
                return f"{name(names, action.coach)} draft the top card of the Match deck"
            card = f"{action.card} " if action.card else "a card "
            return f"{name(names, action.coach)} draft {card}from the Pitch"
        case act.Play():
            via = f", via {action.via}" if action.via else ""
            values = printed(shot=action.shot, pass_=action.pass_, defense=action.defense)
            return f"{name(names, action.coach)}: {action.card}{values}{via}"
        case act.Pass():
            return f"{name(names, action.coach)} pass (no card this round)"
        case act.Gain():
            return f"{name(names, action.coach)} gain {listed(action.points)} by {action.card}"
        case act.Eliminate() | act.Discard():
            verb = "eliminate" if isinstance(action, act.Eliminate) else "discard"
            owner = f" of {name(names, action.target_coach)}" if action.target_coach else ""
            return f"{name(names, action.coach)} {verb} {action.target}{owner} by {action.card}"
        case act.Draw():
            cards = "a card" if action.count == 1 else f"{action.count} cards"
            return f"{name(names, action.coach)} draw {cards} by {action.card}"
        case act.EndAttack():
            return f"{name(names, action.coach)} end the attack by {action.card}"
        case act.Injury():
            lost = f": {action.discarded} discarded" if action.discarded else ""
            return f"{name(names, action.coach)} injure by {action.card}{lost}"
        case act.Book():
            values = printed(shot=action.shot, pass_=action.pass_, defense=action.defense)
            target = name(names, action.target_coach)
            return f"{name(names, action.coach)} book {target} with {action.card}{values}"
        case act.Unbook():
            target = f" from {name(names, action.target_coach)}" if action.target_coach else ""
            return f"{name(names, action.coach)} remove a yellow card{target} by {action.card}"
        case act.Fatigue():
            target = name(names, action.target_coach)
            return (
                f"{name(names, action.coach)} give {target} a Fatigue card ({action.card}), "
                f"into the {action.into}"
            )
        case act.ControlAndAdvance():
            return f"{name(names, action.coach)} control and advance by {action.card}"
        case act.SpecialShot():
            return f"{name(names, action.coach)} start a Special Shot: {action.card}"
        case act.SpecialReveal():
            blocks = f", {action.blocks} blocks" if action.blocks else ""
            return f"Special Shot {action.shot} against Special Defense {action.defense}{blocks}"
        case act.Declare():
            return f"{name(names, action.coach)} declare a {action.action.capitalize()}"
        case act.Spend():
            return f"{name(names, action.coach)} spend {action.points} banked points"
        case act.Roll():
            return f"{name(names, action.coach)} roll {action.value}{by_app(action.source)}"
        case act.Reroll():
            die = DIES.get(action.die, f"{name(names, action.die)}'s die")
            return (
                f"{name(names, action.coach)} re-roll {die} by {action.card}: "
                f"{action.value}{by_app(action.source)}"
            )
        case act.Save():
            return f"{name(names, action.coach)} save roll {action.value}{by_app(action.source)}"
        case act.Resolve():
            return "No more re-rolls or saves: the phase is settled"
        case act.Motivate():
            values = printed(shot=action.shot, pass_=action.pass_, defense=action.defense)
            cost = f", paying {listed(action.cost)}" if action.cost else ""
            return f"{name(names, action.coach)} motivate {action.card}{values}{cost}"
        case act.Sign():
            values = printed(shot=action.shot, pass_=action.pass_, defense=action.defense)
            cost = f", paying {listed(action.cost)}" if action.cost else ""
            replaces = f", in place of {action.replaces}" if action.replaces else ""
            return f"{name(names, action.coach)} sign {action.card}{values}{cost}{replaces}"
        case act.EtKickoff():
            return f"{name(names, action.coach)} attack first in Extra Time{by_app(action.source)}"
    raise TypeError(f"no sentence for {type(action).__name__}")
