"""A card's Optional Abilities (CG-1.3): at most two per card, and the same two all match.

The rulebook prints no card's abilities, so the engine cannot know them; what it can know it
checks. Rulebook, "Card Example": "Each card carries: [...] 5. Optional Ability 1. 6. Optional
Ability 2. 7. Mandatory Action if it is used Optional Ability 1." So:

- one play of a card resolves at most two abilities, each once;
- the abilities a card has used are what the table declared that card's abilities to be
  (`DeclaredAbilities`, kept in the match state): a card that claims a third one later in the
  match breaks CG-1.3 (overridable: a table that typed the ability wrongly the first time);
- the card must be in play (CG-13.1, checked with the window in `identity.py`).

An ability is named by what the engine can tell of it from the entry (`claim`): the kind of
effect, and the numbers the printed text fixes (how many points a gain banks, how many cards a
draw takes, whose card an eliminate or discard acts on). A Motivation card carries its
player's name and abilities of its own (CG-12.1), so it is declared apart from the Initial card.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from domain.card_game import actions as act
from domain.card_game.cards import CATALOGUE
from domain.card_game.state import CardGameState, DeclaredAbilities, team
from domain.phrase import both, phrase
from domain.ruleset import Violation

ABILITIES_PER_CARD = 2  # CG-1.3: Optional Ability 1 and Optional Ability 2
MOTIVATION = " (Motivation card)"
REROLL = "re-roll"


@dataclass(frozen=True)
class Claim:
    """One entry's use of one ability of one card."""

    side: str
    card: str  # the card as `declared` keys it (a Motivation card marked apart)
    ability: str
    named: str  # the card as the entry names it


def _card_key(state: CardGameState, side: str, card: str) -> str:
    played = state.coach(side).in_area(card)
    if played is None:
        return CATALOGUE.canonical(card)
    return played.name + (MOTIVATION if played.motivated else "")


def _whose(action: Any) -> str:
    target_side = action.target_coach or action.coach
    if target_side != action.coach:
        return "an opponent's card"
    if action.target.strip().casefold() == action.card.strip().casefold():
        return "this card"
    return "a card of its own team"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _ability(action: Any) -> str | None:
    match action:
        case act.Gain():
            return f"gain {_plural(len(action.points), 'point')}"
        case act.Eliminate():
            return f"eliminate {_whose(action)}"
        case act.Discard():
            return f"discard {_whose(action)}"
        case act.Draw():
            return f"draw {_plural(action.count, 'card')}"
        case act.EndAttack():
            return "end the Attack Phase"
        case act.Injury():
            return "injury"
        case act.Book():
            return "give a Yellow/Red card"
        case act.Unbook():
            return "remove a yellow card"
        case act.Fatigue():
            return "give a Fatigue card"
        case act.ControlAndAdvance():
            return "control and advance"
        case act.SpecialShot():
            return "start a Special Shot"
        case act.Reroll():
            return REROLL
        case act.Play() if action.via is not None:
            return "play a card"
    return None


# The entry kind each ability's words start with, to offer only what a card may still use.
_KINDS = (
    ("gain ", "gain"),
    ("eliminate ", "eliminate"),
    ("discard ", "discard"),
    ("draw ", "draw"),
    ("end the Attack Phase", "end-attack"),
    ("injury", "injury"),
    ("give a Yellow/Red card", "book"),
    ("remove a yellow card", "unbook"),
    ("give a Fatigue card", "fatigue"),
    ("control and advance", "control-and-advance"),
    ("start a Special Shot", "special-shot"),
    (REROLL, "reroll"),
    ("play a card", "play"),
)

# The kinds whose entry uses an ability (a `play` only with `via`).
ABILITY_KINDS = frozenset(kind for _, kind in _KINDS) - {"play"}


def kind_of(ability: str) -> str:
    return next(kind for words, kind in _KINDS if ability.startswith(words))


def may_use(state: CardGameState, side: str, card: str, kind: str) -> bool:
    """Whether `side`'s `card` may still use an ability of entry kind `kind` in this play,
    as far as the engine knows: it is in play, has used fewer than two abilities and none of
    that kind in this play, and, once two are declared, one of them is of that kind."""
    if state.coach(side).in_area(card) is None:
        return False
    key = _card_key(state, side, card)
    used = _used_this_play(state, side, key)
    if len(used) >= ABILITIES_PER_CARD or kind in map(kind_of, used):
        return False
    known = declared(state, key)
    return len(known) < ABILITIES_PER_CARD or kind in map(kind_of, known)


def claim(state: CardGameState, action: Any) -> Claim | None:
    """The ability an entry uses, or None for an entry that uses none (a play, a roll ...)."""
    ability = _ability(action)
    if ability is None:
        return None
    card = action.via if isinstance(action, act.Play) else action.card
    if not isinstance(card, str):
        return None
    return Claim(action.coach, _card_key(state, action.coach, card), ability, card)


def declared(state: CardGameState, card: str) -> tuple[str, ...]:
    key = card.casefold()
    return next((d.abilities for d in state.abilities if d.card.casefold() == key), ())


def _used_this_play(state: CardGameState, side: str, card: str) -> tuple[str, ...]:
    key = card.casefold()
    return tuple(a for s, c, a in state.round.ability_uses if s == side and c.casefold() == key)


def out_of_play(state: CardGameState, found: Claim) -> list[Violation]:
    """CG-13.1: a card whose turn's window is open (else CG-4.3 refuses it) but that has left
    the Play Area uses no ability."""
    coach = state.coach(found.side)
    if not state.window_open(found.side, found.named) or coach.in_area(found.named) is not None:
        return []
    name = CATALOGUE.canonical(found.named)
    gone = name.casefold() in (n.casefold() for n in coach.gone)
    where = (
        phrase("was eliminated: it is back in the box")
        if gone
        else phrase("has left the Play Area")
    )
    return [
        Violation(
            "CG-13.1",
            phrase(
                "{name} {where}, and a card out of play uses no ability.", name=name, where=where
            ),
        )
    ]


def violations(state: CardGameState, found: Claim) -> list[Violation]:
    """CG-13.1, the card out of play; CG-1.3, the count per play, and the abilities declared
    earlier in the match."""
    return out_of_play(state, found) + _count_violations(state, found)


def _count_violations(state: CardGameState, found: Claim) -> list[Violation]:
    name, ability = found.card, found.ability
    used = _used_this_play(state, found.side, name)
    problems = []
    if ability in used and ability != REROLL:  # a second re-roll is CG-10.6's own refusal
        problems.append(
            Violation(
                "CG-1.3",
                phrase(
                    "{name} already used its ability to {ability} in this play.",
                    name=name,
                    ability=ability,
                ),
            )
        )
    elif len(used) >= ABILITIES_PER_CARD:
        problems.append(
            Violation(
                "CG-1.3",
                phrase(
                    "{name} has at most two Optional Abilities and already used two in "
                    "this play ({join}).",
                    name=name,
                    join=", ".join(used),
                ),
            )
        )
    known = declared(state, name)
    if not problems and ability not in known and len(known) >= ABILITIES_PER_CARD:
        problems.append(
            Violation(
                "CG-1.3",
                phrase(
                    "{name}'s two Optional Abilities, as declared earlier in this match, "
                    "are: {join}; not {ability} ({team}).",
                    name=name,
                    join=both(known),
                    ability=ability,
                    team=team(found.side),
                ),
            )
        )
    return problems


def new_play(state: CardGameState, side: str, card: str) -> CardGameState:
    """`state` with a card just put into play counting no ability used yet: a card eliminated
    or discarded and played again in the same round is a new play (its declared abilities
    stay)."""
    key = _card_key(state, side, card).casefold()
    uses = tuple(u for u in state.round.ability_uses if (u[0], u[1].casefold()) != (side, key))
    if uses == state.round.ability_uses:
        return state
    return replace(state, round=replace(state.round, ability_uses=uses))


def record(state: CardGameState, found: Claim, same_round: bool = True) -> CardGameState:
    """`state` remembering the use: in this play (unless the ability ended the round), and as
    one of the card's abilities (the first two the match records are the card's two; an
    overridden third is not kept)."""
    if same_round:
        use = (found.side, found.card, found.ability)
        rnd = replace(state.round, ability_uses=(*state.round.ability_uses, use))
        state = replace(state, round=rnd)
    known = declared(state, found.card)
    if found.ability in known or len(known) >= ABILITIES_PER_CARD:
        return state
    key = found.card.casefold()
    entry = DeclaredAbilities(found.card, (*known, found.ability))
    if not known:
        return replace(state, abilities=(*state.abilities, entry))
    kept = tuple(entry if d.card.casefold() == key else d for d in state.abilities)
    return replace(state, abilities=kept)
