"""King of the Pitch's entries as the sentences of a match report: `Blue roll 6, 3, 1`, `Green
take the card in slot 1`, `Blue challenge the King of the Pitch`."""

from __future__ import annotations

from typing import Any

from domain.king_of_the_pitch import actions as act
from domain.king_of_the_pitch.words import word
from domain.phrase import phrase
from domain.sentences import Names, by_app, listed, name

CARDS = {
    "player": phrase("a player card"),
    "match": phrase("a MATCH card"),
    "var": phrase("a V.A.R. card"),
    "bonus": phrase("a BONUS card"),
    "captain-transfer": phrase("a CAPTAIN TRANSFER card"),
}


def sentence(action: Any, names: Names) -> str:
    """What the entry says, in words; the match's teams named by `names`."""
    match action:
        case act.Roll():
            dice = ", ".join(str(d) for d in action.dice)
            return phrase(
                "{team} roll {dice}{by_app}",
                team=name(names, action.team),
                dice=dice,
                by_app=by_app(action.source),
            )
        case act.Reveal():
            card = CARDS.get(action.card, action.card)
            if action.colour is not None:
                card = phrase(
                    "{card} ({colour}, position {position})",
                    card=card,
                    colour=word(action.colour),
                    position=action.position,
                )
            price = phrase(", price {listed}", listed=listed(action.price)) if action.price else ""
            return phrase("Revealed: {card}{price}", card=card, price=price)
        case act.Take():
            captain = (
                phrase(", the captain to position {captain}", captain=action.captain)
                if action.captain
                else ""
            )
            return phrase(
                "{team} take the card in slot {slot}{captain}",
                team=name(names, action.team),
                slot=action.slot,
                captain=captain,
            )
        case act.Sign():
            return phrase(
                "{team} sign the {colour} player at position {position}",
                team=name(names, action.team),
                colour=word(action.colour),
                position=action.position,
            )
        case act.SellChip():
            return phrase(
                "{team} sell the chip at position {position}",
                team=name(names, action.team),
                position=action.position,
            )
        case act.SellCard():
            return phrase(
                "{team} sell the {colour} card at position {position}",
                team=name(names, action.team),
                colour=word(action.colour),
                position=action.position,
            )
        case act.Challenge():
            return phrase("{team} challenge the King of the Pitch", team=name(names, action.team))
        case act.Transfer():
            return phrase(
                "{team} move the captain to position {position}",
                team=name(names, action.team),
                position=action.position,
            )
        case act.Declare():
            said = [word for word, on in (("V.A.R.", action.var), ("BONUS", action.bonus)) if on]
            return phrase(
                "{team} declare {value}",
                team=name(names, action.team),
                value=listed(said) if said else "nothing",
            )
        case act.Reroll():
            return phrase(
                "{team} V.A.R. re-roll: {die}{by_app}",
                team=name(names, action.team),
                die=action.die,
                by_app=by_app(action.source),
            )
        case act.Penalty():
            return phrase(
                "{team} penalty: {die}{by_app}",
                team=name(names, action.team),
                die=action.die,
                by_app=by_app(action.source),
            )
        case act.Pass():
            return phrase("{team} pass the turn", team=name(names, action.team))
    raise TypeError(f"no sentence for {type(action).__name__}")
