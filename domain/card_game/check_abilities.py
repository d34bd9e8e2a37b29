"""Checks for Optional Ability effects (CG-4.3, CG-10, CG-11, CG-13)."""

from __future__ import annotations

from domain.card_game.actions import (
    Book,
    ControlAndAdvance,
    Discard,
    Draw,
    Eliminate,
    EndAttack,
    Fatigue,
    Gain,
    Injury,
    SpecialReveal,
    SpecialShot,
    Unbook,
)
from domain.card_game.cards import CATALOGUE
from domain.card_game.identity import not_now, window_violations
from domain.card_game.state import SPECIAL_CARDS, CardGameState, other, team
from domain.phrase import phrase
from domain.ruleset import Violation


def _base(state: CardGameState, side: str, card: str, phases: tuple[str, ...]) -> list[Violation]:
    if state.phase not in phases:
        return [
            not_now(
                "CG-4.3",
                phrase("Using {canonical}'s ability", canonical=CATALOGUE.canonical(card)),
                state,
            )
        ]
    return window_violations(state, side, card)


def _role(card: str, role: str, rule: str, what: str) -> list[Violation]:
    if CATALOGUE.has_role(card, role):
        return []
    return [
        Violation(
            rule,
            phrase(
                "{canonical} has no {what} ability.", canonical=CATALOGUE.canonical(card), what=what
            ),
        )
    ]


ROUND = ("attack", "shooting")


def check_gain(state: CardGameState, action: Gain) -> list[Violation]:
    found = _base(state, action.coach, action.card, ROUND)
    if not action.points:
        found.append(
            Violation("CG-13.1", phrase("name the points gained (shot, pass, defense)."), False)
        )
    return found


def _target(state: CardGameState, side: str, target: str, rule: str) -> list[Violation]:
    if state.coach(side).in_area(target) is None:
        return [
            Violation(
                rule,
                phrase("{target} is not in {team}'s Play Area.", target=target, team=team(side)),
                False,
            )
        ]
    return []


def check_eliminate(state: CardGameState, action: Eliminate) -> list[Violation]:
    found = _base(state, action.coach, action.card, ROUND)
    return found + _target(state, action.target_coach or action.coach, action.target, "CG-13.1")


def check_discard(state: CardGameState, action: Discard) -> list[Violation]:
    found = _base(state, action.coach, action.card, ROUND)
    return found + _target(state, action.target_coach or action.coach, action.target, "CG-13.1")


def check_draw(state: CardGameState, action: Draw) -> list[Violation]:
    found = _base(state, action.coach, action.card, ROUND)
    if action.count < 1:
        found.append(Violation("CG-13.1", phrase("draw at least 1 card."), False))
    return found


def check_end_attack(state: CardGameState, action: EndAttack) -> list[Violation]:
    if state.phase != "attack":
        return [not_now("CG-4.5", phrase("Ending the Attack Phase"), state)]
    return _base(state, action.coach, action.card, ("attack",))


def check_injury(state: CardGameState, action: Injury) -> list[Violation]:
    found = _base(state, action.coach, action.card, ROUND)
    found += _role(action.card, "injury", "CG-10.5", phrase("Injury"))
    victim = other(action.coach)
    if state.coach(victim).hand <= 0:
        found.append(
            Violation(
                "CG-10.5", phrase("{team} have no card in hand to discard.", team=team(victim))
            )
        )
    return found


def check_book(state: CardGameState, action: Book) -> list[Violation]:
    found = _base(state, action.coach, action.card, ROUND)
    if max(action.shot, action.pass_, action.defense) > 0:
        found.append(Violation("CG-10.1", phrase("Yellow/Red penalties are 0 or less.")))
    booking = state.coach(action.target_coach).booking
    if booking is not None and booking.color == "red":
        found.append(
            Violation(
                "CG-10.1",
                phrase("{team} already have a red card.", team=team(action.target_coach)),
                False,
            )
        )
    return found


def check_unbook(state: CardGameState, action: Unbook) -> list[Violation]:
    found = _base(state, action.coach, action.card, ROUND)
    found += _role(action.card, "remove-yellow", "CG-10.1", phrase("Substitution"))
    target = action.target_coach or action.coach
    booking = state.coach(target).booking
    if booking is None:
        found.append(
            Violation("CG-10.1", phrase("{team} have no yellow card.", team=team(target)), False)
        )
    elif booking.color == "red":
        found.append(Violation("CG-10.1", phrase("a red card is permanent."), False))
    return found


def check_fatigue(state: CardGameState, action: Fatigue) -> list[Violation]:
    found = _base(state, action.coach, action.card, ROUND)
    if state.fatigue_supply <= 0:
        found.append(Violation("CG-10.2", phrase("no Fatigue card is left to give."), False))
    return found


def _attacker_only(state: CardGameState, side: str, rule: str, what: str) -> list[Violation]:
    if state.attacker == side:
        return []
    return [
        Violation(
            rule,
            phrase(
                "only the Attacking Coach ({team}) may use {what}.",
                team=team(other(side)),
                what=what,
            ),
        )
    ]


def check_control_and_advance(state: CardGameState, action: ControlAndAdvance) -> list[Violation]:
    if state.phase != "attack":
        return [not_now("CG-10.3", phrase("Control and Advance"), state)]
    found = _base(state, action.coach, action.card, ("attack",))
    found += _role(action.card, "control-and-advance", "CG-10.3", phrase("Control and Advance"))
    return found + _attacker_only(state, action.coach, "CG-10.3", phrase("Control and Advance"))


def check_special_shot(state: CardGameState, action: SpecialShot) -> list[Violation]:
    if state.phase != "attack":
        return [not_now("CG-11.1", phrase("A Special Shot"), state)]
    found = _base(state, action.coach, action.card, ("attack",))
    found += _role(action.card, "special-shot-ability", "CG-11.1", phrase("Special Shot"))
    decks = CATALOGUE.decks(action.card)
    if decks and action.coach not in decks:
        name = CATALOGUE.canonical(action.card)
        found.append(
            Violation(
                "CG-11.1",
                phrase("{name} is not a {team} card.", name=name, team=team(action.coach)),
            )
        )
    return found + _attacker_only(state, action.coach, "CG-11.1", phrase("a Special Shot"))


def check_special_reveal(state: CardGameState, action: SpecialReveal) -> list[Violation]:
    if state.phase != "special-shot" or state.attacker is None:
        return [not_now("CG-11.2", phrase("Revealing Special Shot cards"), state)]
    attacker, defender = state.attacker, other(state.attacker)
    found = _special_card(state, attacker, action.shot, "special-shot", "Special Shot")
    found += _special_card(state, defender, action.defense, "special-defense", "Special Defense")
    info = CATALOGUE.special_defense(action.defense)
    known = info is not None and (
        info.blocks is not None or CATALOGUE.canonical(action.shot) in info.does_not_block
    )
    if not known and action.blocks is None:
        name = CATALOGUE.canonical(action.defense)
        found.append(
            Violation(
                "CG-11.2", phrase("say which shot {name} names (blocks=...).", name=name), False
            )
        )
    return found


def _special_card(
    state: CardGameState, side: str, name: str, card_class: str, what: str
) -> list[Violation]:
    found = []
    card = CATALOGUE.canonical(name)
    entries = CATALOGUE.entries(name)
    if entries and not any(e.card_class == card_class and e.deck == side for e in entries):
        found.append(
            Violation(
                "CG-11.2",
                phrase(
                    "{card} is not a {team} {what} card.", card=card, team=team(side), what=what
                ),
            )
        )
    coach = state.coach(side)
    used = coach.special_shots if card_class == "special-shot" else coach.special_defenses
    if card not in used and len(used) >= SPECIAL_CARDS:
        found.append(
            Violation(
                "CG-1.1",
                phrase(
                    "{team} have only 3 {what} cards: {join}.",
                    team=team(side),
                    what=what,
                    join=", ".join(used),
                ),
            )
        )
    return found
