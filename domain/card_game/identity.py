"""May this coach put this card on the table? Deck, half, variant and uniqueness (CG-1, CG-2)."""

from __future__ import annotations

from domain.card_game.cards import CATALOGUE, FATIGUE, TEAM_DECKS
from domain.card_game.state import CardGameState, Coach, team
from domain.names import name_key
from domain.phrase import phrase
from domain.ruleset import Violation

PHASE_TEXT = {
    "signings": phrase("the Signing cards are being shown"),
    "toss": phrase("the Possession token is about to be flipped"),
    "kickoff": phrase("the toss winner is choosing who kicks off"),
    "draft": phrase("the Match cards are being drafted"),
    "attack": phrase("the Attack Phase is on"),
    "shooting": phrase("the Shooting/Passing Phase is on"),
    "special-shot": phrase("a Special Shot is being revealed"),
    "et-kickoff": phrase("Extra Time is about to start"),
    "over": phrase("the match is over"),
}


def not_now(rule: str, what: str, state: CardGameState) -> Violation:
    return Violation(
        rule,
        phrase(
            "{what} is not possible now: {phase_text}.",
            what=what,
            phase_text=PHASE_TEXT[state.phase],
        ),
        False,
    )


def window_violations(state: CardGameState, side: str, card: str) -> list[Violation]:
    """CG-4.3: a card's Optional Abilities are used in the turn it is played, not later. That
    the card is still in play (CG-13.1) is checked with its abilities (abilities.py)."""
    if state.window_open(side, card):
        return []
    name = CATALOGUE.canonical(card)
    message = phrase(
        "{team} can use {name}'s abilities only in the turn it is played.",
        team=team(side),
        name=name,
    )
    return [Violation("CG-4.3", message)]


def _count(coaches: tuple[Coach, ...], name: str) -> tuple[int, int, int]:
    # One card whatever language it was typed in: 大空翼 beside Tsubasa Ozora is the same card
    # twice (domain/names.py).
    key = name_key(name)
    in_play = sum(1 for c in coaches for card in c.area if name_key(card.name) == key)
    gone = sum(1 for c in coaches for n in c.gone if name_key(n) == key)
    motivated = sum(1 for c in coaches for n in c.motivated if name_key(n) == key)
    return in_play, gone, motivated


def card_violations(state: CardGameState, side: str, name: str) -> list[Violation]:
    """Why `side` cannot put `name` into its Play Area; empty when it can."""
    found: list[Violation] = []
    coach = state.coach(side)
    entries = CATALOGUE.entries(name)
    card = CATALOGUE.canonical(name)
    if entries:
        decks = {entry.deck for entry in entries}
        card_class = entries[0].card_class
        if decks <= set(TEAM_DECKS) and side not in decks:
            owner = team(next(iter(decks)))
            found.append(
                Violation(
                    "CG-1.3",
                    phrase(
                        "{card} is a {owner} card: {team} cannot play it.",
                        card=card,
                        owner=owner,
                        team=team(side),
                    ),
                )
            )
        if card_class == "match" and decks == {"2nd-half"} and state.period == 1:
            found.append(
                Violation(
                    "CG-2.2",
                    phrase(
                        "{card} is in the 2nd-half Match deck, unused in the 1st half.", card=card
                    ),
                )
            )
        if state.setup.first_match and CATALOGUE.has_role(card, "first-match-removed"):
            found.append(
                Violation(
                    "CG-2.5", phrase("{card} is removed from the box in a first match.", card=card)
                )
            )
        if card_class in ("special-shot", "special-defense"):
            found.append(
                Violation(
                    "CG-11.2",
                    phrase(
                        "{card} is revealed in a Special Shot, not played from hand.", card=card
                    ),
                )
            )
        if card_class == "yellow-red":
            found.append(
                Violation(
                    "CG-10.1", phrase("a Yellow/Red card is given by an ability, not played.")
                )
            )
        if card_class == "signing" and name_key(card) not in map(name_key, coach.signed):
            found.append(
                Violation(
                    "CG-12.3", phrase("{team} have not signed {card}.", team=team(side), card=card)
                )
            )
    if card == FATIGUE:
        return found + _fatigue_violations(state, side)
    coaches = (state.nankatsu, state.toho) if entries else (coach,)
    in_play, gone, motivated = _count(coaches, card)
    allowed = (CATALOGUE.copies(card) if entries else 1) + motivated
    if in_play + gone >= allowed:
        if in_play:
            # CG-4.3: a coach "plays 1 card from hand to their Play Area"; one physical card
            # cannot be there twice, under either of its names.
            found.append(
                Violation("CG-4.3", phrase("{card} is already in a Play Area.", card=card))
            )
        else:
            found.append(
                Violation(
                    "CG-13.1", phrase("{card} was eliminated: it is back in the box.", card=card)
                )
            )
    return found


def _fatigue_violations(state: CardGameState, side: str) -> list[Violation]:
    coach = state.coach(side)
    in_play = sum(1 for card in coach.area if card.name == FATIGUE)
    if in_play >= coach.fatigue_received:
        return [
            Violation("CG-10.2", phrase("{team} hold no Fatigue card to play.", team=team(side)))
        ]
    return []


def values_violations(shot: int, pass_: int, defense: int, card: str) -> list[Violation]:
    found = []
    if min(shot, pass_, defense) < 0:
        found.append(
            Violation("CG-1.3", phrase("{card}: printed values are 0 or more.", card=card))
        )
    if name_key(card) == name_key(FATIGUE) and (shot or pass_ or defense):
        found.append(
            Violation("CG-10.2", phrase("a Fatigue card has no values: Shot, Pass and Defense 0."))
        )
    return found
