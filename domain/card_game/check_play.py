"""Checks for the Attack Phase turns: play, pass, and the advanced motivate and sign."""

from __future__ import annotations

from domain.card_game.actions import Motivate, Pass, Play, Sign
from domain.card_game.cards import CATALOGUE
from domain.card_game.identity import (
    card_violations,
    not_now,
    values_violations,
    window_violations,
)
from domain.card_game.piles import affordable
from domain.card_game.state import MOTIVATION_CARDS, CardGameState, team
from domain.phrase import phrase
from domain.ruleset import Violation


def _turn_violations(state: CardGameState, side: str) -> list[Violation]:
    rnd = state.round
    if side in rnd.passed:
        return [
            Violation(
                "CG-4.3",
                phrase("{team} passed and play no more cards this round.", team=team(side)),
            )
        ]
    if rnd.ended_early:
        return [Violation("CG-4.5", phrase("an ability ended this Attack Phase."))]
    if rnd.turn is not None and rnd.turn != side:
        return [Violation("CG-4.3", phrase("it is {team}'s turn.", team=team(rnd.turn)))]
    return []


def _limit_violation(state: CardGameState) -> list[Violation]:
    if state.cards_in_play >= state.card_limit:
        # CG-4.4 the limit of 9; CG-9.2 names the 7 of Extra Time, so the refusal cites it there.
        return [
            Violation(
                "CG-9.2" if state.extra_time else "CG-4.4",
                phrase(
                    "the Play Areas already hold {cards_in_play} cards (limit {card_limit}).",
                    cards_in_play=state.cards_in_play,
                    card_limit=state.card_limit,
                ),
            )
        ]
    return []


def check_play(state: CardGameState, action: Play) -> list[Violation]:
    if state.phase != "attack":
        return [not_now("CG-4.3", phrase("Playing a card"), state)]
    side = action.coach
    if state.coach(side).hand <= 0:
        return [Violation("CG-4.3", phrase("{team} have no card in hand.", team=team(side)), False)]
    found = []
    if action.via is None:
        found += _turn_violations(state, side)
    else:
        found += window_violations(state, side, action.via)
    found += _limit_violation(state)
    found += card_violations(state, side, action.card)
    found += values_violations(action.shot, action.pass_, action.defense, action.card)
    return found


def check_pass(state: CardGameState, action: Pass) -> list[Violation]:
    if state.phase != "attack":
        return [not_now("CG-4.3", phrase("Passing"), state)]
    if state.attack_over and action.coach not in state.round.passed:
        return [Violation("CG-4.4", phrase("the Attack Phase is over."))]
    return _turn_violations(state, action.coach)


def _cost_violation(state: CardGameState, side: str, cost: tuple[str, ...]) -> list[Violation]:
    if affordable(state.coach(side).bank, cost):
        return []
    wanted = ", ".join(f"{cost.count(p)} {p}" for p in sorted(set(cost)))
    return [
        Violation(
            "CG-2.3",
            phrase("{team} cannot pay {wanted} from their bank.", team=team(side), wanted=wanted),
        )
    ]


def check_motivate(state: CardGameState, action: Motivate) -> list[Violation]:
    if not state.setup.has("motivation"):
        return [Violation("CG-12.1", phrase("Motivation is not an option in this match."), False)]
    if state.phase not in ("attack", "shooting"):
        return [not_now("CG-12.1", phrase("Motivating a player"), state)]
    side = action.coach
    coach = state.coach(side)
    played = coach.in_area(action.card)
    if played is None:
        name = CATALOGUE.canonical(action.card)
        return [
            Violation(
                "CG-12.1",
                phrase("{name} is not in {team}'s Play Area.", name=name, team=team(side)),
                False,
            )
        ]
    found = []
    if CATALOGUE.card_class(played.name) not in (None, "initial"):
        found.append(
            Violation("CG-12.1", phrase("{played} has no Motivation card.", played=played.name))
        )
    if played.motivated:
        found.append(
            Violation("CG-12.1", phrase("{played} is already motivated.", played=played.name))
        )
    if len(coach.motivated) >= MOTIVATION_CARDS:
        found.append(
            Violation(
                "CG-12.1", phrase("{team} have used their 4 Motivation cards.", team=team(side))
            )
        )
    found += values_violations(action.shot, action.pass_, action.defense, played.name)
    return found + _cost_violation(state, side, action.cost)


def check_sign(state: CardGameState, action: Sign) -> list[Violation]:
    if not state.setup.has("signings"):
        return [Violation("CG-12.3", phrase("Signings are not an option in this match."), False)]
    if state.phase != "attack":
        return [not_now("CG-12.3", phrase("Signing a player"), state)]
    side = action.coach
    name = CATALOGUE.canonical(action.card)
    if name not in state.shown_signings:
        return [
            Violation(
                "CG-12.3", phrase("{name} is not among the Signing cards shown.", name=name), False
            )
        ]
    if any(name in state.coach(s).signed for s in ("nankatsu", "toho")):
        return [Violation("CG-12.3", phrase("{name} has already been signed.", name=name), False)]
    found = []
    own_window = any(s == side for s, _ in state.round.windows)
    if not own_window and (state.round.turn != side or side in state.round.passed):
        found.append(
            Violation("CG-12.3", phrase("{team} sign only during their own turn.", team=team(side)))
        )
    found += _cost_violation(state, side, action.cost)
    found += values_violations(action.shot, action.pass_, action.defense, name)
    if not CATALOGUE.has_role(name, "goalkeeper"):
        if state.cards_in_play >= state.card_limit:
            found.append(
                Violation(
                    "CG-12.3", phrase("the card limit is reached: {name} cannot join.", name=name)
                )
            )
        return found
    if action.replaces is None:
        return [
            *found,
            Violation(
                "CG-12.3", phrase("{name} must replace a goalkeeper already played.", name=name)
            ),
        ]
    replaced = state.coach(side).in_area(action.replaces)
    if replaced is None:
        message = phrase(
            "{replaces} is not in {team}'s Play Area.", replaces=action.replaces, team=team(side)
        )
        return [*found, Violation("CG-12.3", message, False)]
    if not CATALOGUE.has_role(replaced.name, "goalkeeper"):
        found.append(
            Violation("CG-12.3", phrase("{replaced} is not a goalkeeper.", replaced=replaced.name))
        )
    return found
