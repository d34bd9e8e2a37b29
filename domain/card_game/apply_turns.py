"""Applying Attack Phase turns: play and pass (CG-4.3), motivate (CG-12.1), sign (CG-12.3)."""

from __future__ import annotations

from domain.card_game import consequences as cc
from domain.card_game.actions import Motivate, Pass, Play, Sign
from domain.card_game.cards import CATALOGUE, FATIGUE
from domain.card_game.flow import Step
from domain.card_game.piles import discard, pay
from domain.card_game.state import CardGameState, PlayedCard, Round, other, team
from domain.frozen import replace
from domain.phrase import phrase
from domain.ruleset import Consequence


def _next_turn(rnd: Round, side: str) -> str | None:
    """CG-4.3: turns alternate; a coach who passed is skipped for the rest of the round."""
    for candidate in (other(side), side):
        if candidate not in rnd.passed:
            return candidate
    return None


def _values(card: PlayedCard) -> str:
    return phrase(
        "Shot {shot}, Pass {pass_}, Defense {defense}",
        shot=card.shot,
        pass_=card.pass_,
        defense=card.defense,
    )


def apply_play(state: CardGameState, action: Play) -> Step:
    if state.phase != "attack":
        raise ValueError("cards are played only in the Attack Phase")
    side = action.coach
    name = CATALOGUE.canonical(action.card)
    card = PlayedCard(name, action.shot, action.pass_, action.defense)
    if name == FATIGUE:
        card = PlayedCard(name)
    coach = state.coach(side)
    coach = replace(coach, hand=max(0, coach.hand - 1), area=(*coach.area, card))
    rnd = state.round
    if action.via is None:
        rnd = replace(rnd, windows=((side, name),), turn=_next_turn(rnd, side))
    else:
        # "Play card" happens inside the turn of the card whose ability it is (CG-13.1).
        rnd = replace(rnd, windows=(*rnd.windows, (side, name)))
    state = replace(state.with_coach(coach), round=rnd)
    via = f" through {CATALOGUE.canonical(action.via)}" if action.via else ""
    text = phrase(
        "{team} play {name} ({values}){via}.",
        team=team(side),
        name=name,
        values=_values(card),
        via=via,
    )
    played = cc.Played(
        text,
        side=side,
        player=name,
        shot=card.shot,
        pass_=card.pass_,
        defense=card.defense,
        cards_in_play=state.cards_in_play,
    )
    return state, [played]


def apply_pass(state: CardGameState, action: Pass) -> Step:
    if state.phase != "attack":
        raise ValueError("passing happens only in the Attack Phase")
    side = action.coach
    rnd = state.round
    passed = rnd.passed if side in rnd.passed else (*rnd.passed, side)
    rnd = replace(rnd, passed=passed, windows=())
    rnd = replace(rnd, turn=_next_turn(rnd, side))
    state = replace(state, round=rnd)
    return state, [cc.Passed(phrase("{team} pass.", team=team(side)), team=side)]


def apply_motivate(state: CardGameState, action: Motivate) -> Step:
    side = action.coach
    coach = state.coach(side)
    played = coach.in_area(action.card)
    if played is None:
        raise ValueError(f"{action.card} is not in the Play Area")
    motivated = PlayedCard(played.name, action.shot, action.pass_, action.defense, motivated=True)
    area = tuple(motivated if card is played else card for card in coach.area)
    # The Initial card goes back to the box; its Motivation card joins the coach's cards.
    coach = replace(
        coach,
        area=area,
        bank=pay(coach.bank, action.cost),
        eliminated=coach.eliminated + 1,
        owned=coach.owned + 1,
        gone=(*coach.gone, played.name),
        motivated=(*coach.motivated, played.name),
    )
    rnd = replace(state.round, windows=(*state.round.windows, (side, played.name)))
    state = replace(state.with_coach(coach), round=rnd)
    text = phrase(
        "{team} motivate {played} ({values}).",
        team=team(side),
        played=played.name,
        values=_values(motivated),
    )
    return state, [cc.Motivated(text, team=side, card=played.name, cost=tuple(action.cost))]


def apply_sign(state: CardGameState, action: Sign) -> Step:
    side = action.coach
    name = CATALOGUE.canonical(action.card)
    coach = state.coach(side)
    consequences: list[Consequence] = []
    if action.replaces is not None and CATALOGUE.has_role(name, "goalkeeper"):
        replaced = coach.in_area(action.replaces)
        if replaced is not None:
            # Interpretation: the replaced goalkeeper goes to its owner's discard pile.
            coach = discard(coach, replaced.name)
            consequences.append(
                cc.Discarded(
                    phrase("{replaced} makes way for {name}.", replaced=replaced.name, name=name),
                    side=side,
                    player=replaced.name,
                )
            )
    card = PlayedCard(name, action.shot, action.pass_, action.defense, signed=True)
    coach = replace(
        coach,
        area=(*coach.area, card),
        bank=pay(coach.bank, action.cost),
        owned=coach.owned + 1,
        signed=(*coach.signed, name),
    )
    rnd = replace(state.round, windows=(*state.round.windows, (side, name)))
    state = replace(state.with_coach(coach), round=rnd)
    text = phrase(
        "{team} sign {name} ({values}).", team=team(side), name=name, values=_values(card)
    )
    signed = cc.Signed(text, team=side, card=name, cost=tuple(action.cost))
    return state, [signed, *consequences]
