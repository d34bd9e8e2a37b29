"""King of the Pitch's entries as the sentences of a match report: `Blue roll 6, 3, 1`, `Green
take the card in slot 1`, `Blue challenge the King of the Pitch`."""

from __future__ import annotations

from typing import Any

from domain.king_of_the_pitch import actions as act
from domain.sentences import Names, by_app, listed, name

CARDS = {
    "player": "a player card",
    "match": "a MATCH card",
    "var": "a V.A.R. card",
    "bonus": "a BONUS card",
    "captain-transfer": "a CAPTAIN TRANSFER card",
}


def sentence(action: Any, names: Names) -> str:
    """What the entry says, in words; the match's teams named by `names`."""
    match action:
        case act.Roll():
            dice = ", ".join(str(d) for d in action.dice)
            return f"{name(names, action.team)} roll {dice}{by_app(action.source)}"
        case act.Reveal():
            card = CARDS.get(action.card, action.card)
            if action.colour is not None:
                card = f"{card} ({action.colour}, position {action.position})"
            price = f", price {listed(action.price)}" if action.price else ""
            return f"Revealed: {card}{price}"
        case act.Take():
            captain = f", the captain to position {action.captain}" if action.captain else ""
            return f"{name(names, action.team)} take the card in slot {action.slot}{captain}"
        case act.Sign():
            return (
                f"{name(names, action.team)} sign the {action.colour} player at position "
                f"{action.position}"
            )
        case act.SellChip():
            return f"{name(names, action.team)} sell the chip at position {action.position}"
        case act.SellCard():
            return (
                f"{name(names, action.team)} sell the {action.colour} card at position "
                f"{action.position}"
            )
        case act.Challenge():
            return f"{name(names, action.team)} challenge the King of the Pitch"
        case act.Transfer():
            return f"{name(names, action.team)} move the captain to position {action.position}"
        case act.Declare():
            said = [word for word, on in (("V.A.R.", action.var), ("BONUS", action.bonus)) if on]
            return f"{name(names, action.team)} declare {listed(said) if said else 'nothing'}"
        case act.Reroll():
            return f"{name(names, action.team)} V.A.R. re-roll: {action.die}{by_app(action.source)}"
        case act.Penalty():
            return f"{name(names, action.team)} penalty: {action.die}{by_app(action.source)}"
        case act.Pass():
            return f"{name(names, action.team)} pass the turn"
    raise TypeError(f"no sentence for {type(action).__name__}")
