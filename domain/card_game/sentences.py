"""The card game's entries as the sentences of a match report: `Toho: Kojiro Hyuga (Shot 3,
Pass 1)`, `Nankatsu roll 5`, `Toho book Ryo Ishizaki of Nankatsu (Foul)`."""

from __future__ import annotations

from typing import Any

from domain.card_game import actions as act
from domain.phrase import phrase
from domain.sentences import VALUE_NAMES, Names, by_app, listed, name, printed

DIES = {"save": phrase("the save die")}


def sentence(action: Any, names: Names) -> str:
    """What the entry says, in words; the match's sides named by `names`."""
    match action:
        case act.Toss():
            return phrase(
                "{winner} win the toss{by_app}",
                winner=name(names, action.winner),
                by_app=by_app(action.source),
            )
        case act.Signings():
            return phrase("Signing cards shown: {listed}", listed=listed(action.cards))
        case act.Kickoff():
            return phrase("{coach} kick off", coach=name(names, action.coach))
        case act.Draft():
            if action.source == "deck":
                return phrase(
                    "{coach} draft the top card of the Match deck", coach=name(names, action.coach)
                )
            card = phrase("{card} ", card=action.card) if action.card else phrase("a card ")
            return phrase(
                "{coach} draft {card}from the Pitch", coach=name(names, action.coach), card=card
            )
        case act.Play():
            via = phrase(", via {via}", via=action.via) if action.via else ""
            values = printed(shot=action.shot, pass_=action.pass_, defense=action.defense)
            return phrase(
                "{coach}: {card}{values}{via}",
                coach=name(names, action.coach),
                card=action.card,
                values=values,
                via=via,
            )
        case act.Pass():
            return phrase("{coach} pass (no card this round)", coach=name(names, action.coach))
        case act.Gain():
            return phrase(
                "{coach} gain {listed} by {card}",
                coach=name(names, action.coach),
                listed=listed(action.points),
                card=action.card,
            )
        case act.Eliminate() | act.Discard():
            verb = phrase("eliminate") if isinstance(action, act.Eliminate) else phrase("discard")
            owner = (
                phrase(" of {target_coach}", target_coach=name(names, action.target_coach))
                if action.target_coach
                else ""
            )
            return phrase(
                "{coach} {verb} {target}{owner} by {card}",
                coach=name(names, action.coach),
                verb=verb,
                target=action.target,
                owner=owner,
                card=action.card,
            )
        case act.Draw():
            cards = (
                phrase("a card")
                if action.count == 1
                else phrase("{count} cards", count=action.count)
            )
            return phrase(
                "{coach} draw {cards} by {card}",
                coach=name(names, action.coach),
                cards=cards,
                card=action.card,
            )
        case act.EndAttack():
            return phrase(
                "{coach} end the attack by {card}",
                coach=name(names, action.coach),
                card=action.card,
            )
        case act.Injury():
            lost = (
                phrase(": {discarded} discarded", discarded=action.discarded)
                if action.discarded
                else ""
            )
            return phrase(
                "{coach} injure by {card}{lost}",
                coach=name(names, action.coach),
                card=action.card,
                lost=lost,
            )
        case act.Book():
            values = printed(shot=action.shot, pass_=action.pass_, defense=action.defense)
            target = name(names, action.target_coach)
            return phrase(
                "{coach} book {target} with {card}{values}",
                coach=name(names, action.coach),
                target=target,
                card=action.card,
                values=values,
            )
        case act.Unbook():
            target = (
                phrase(" from {target_coach}", target_coach=name(names, action.target_coach))
                if action.target_coach
                else ""
            )
            return phrase(
                "{coach} remove a yellow card{target} by {card}",
                coach=name(names, action.coach),
                target=target,
                card=action.card,
            )
        case act.Fatigue():
            target = name(names, action.target_coach)
            return phrase(
                "{coach} give {target} a Fatigue card ({card}), into the {into}",
                coach=name(names, action.coach),
                target=target,
                card=action.card,
                into=action.into,
            )
        case act.ControlAndAdvance():
            return phrase(
                "{coach} control and advance by {card}",
                coach=name(names, action.coach),
                card=action.card,
            )
        case act.SpecialShot():
            return phrase(
                "{coach} start a Special Shot: {card}",
                coach=name(names, action.coach),
                card=action.card,
            )
        case act.SpecialReveal():
            blocks = phrase(", {blocks} blocks", blocks=action.blocks) if action.blocks else ""
            return phrase(
                "Special Shot {shot} against Special Defense {defense}{blocks}",
                shot=action.shot,
                defense=action.defense,
                blocks=blocks,
            )
        case act.Declare():
            return phrase(
                "{coach} declare a {declared}",
                coach=name(names, action.coach),
                declared=VALUE_NAMES.get(action.action) or action.action.capitalize(),
            )
        case act.Spend():
            return phrase(
                "{coach} spend {points} banked points",
                coach=name(names, action.coach),
                points=action.points,
            )
        case act.Roll():
            return phrase(
                "{coach} roll {value}{by_app}",
                coach=name(names, action.coach),
                value=action.value,
                by_app=by_app(action.source),
            )
        case act.Reroll():
            die = DIES.get(action.die, f"{name(names, action.die)}'s die")
            return phrase(
                "{coach} re-roll {die} by {card}: {value}{by_app}",
                coach=name(names, action.coach),
                die=die,
                card=action.card,
                value=action.value,
                by_app=by_app(action.source),
            )
        case act.Save():
            return phrase(
                "{coach} save roll {value}{by_app}",
                coach=name(names, action.coach),
                value=action.value,
                by_app=by_app(action.source),
            )
        case act.Resolve():
            return phrase("No more re-rolls or saves: the phase is settled")
        case act.Motivate():
            values = printed(shot=action.shot, pass_=action.pass_, defense=action.defense)
            cost = phrase(", paying {listed}", listed=listed(action.cost)) if action.cost else ""
            return phrase(
                "{coach} motivate {card}{values}{cost}",
                coach=name(names, action.coach),
                card=action.card,
                values=values,
                cost=cost,
            )
        case act.Sign():
            values = printed(shot=action.shot, pass_=action.pass_, defense=action.defense)
            cost = phrase(", paying {listed}", listed=listed(action.cost)) if action.cost else ""
            replaces = (
                phrase(", in place of {replaces}", replaces=action.replaces)
                if action.replaces
                else ""
            )
            return phrase(
                "{coach} sign {card}{values}{cost}{replaces}",
                coach=name(names, action.coach),
                card=action.card,
                values=values,
                cost=cost,
                replaces=replaces,
            )
        case act.EtKickoff():
            return phrase(
                "{coach} attack first in Extra Time{by_app}",
                coach=name(names, action.coach),
                by_app=by_app(action.source),
            )
    raise TypeError(f"no sentence for {type(action).__name__}")
