"""Applying Optional Ability effects (CG-10, CG-11, CG-13)."""

from __future__ import annotations

from domain.card_game import consequences as cc
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
from domain.card_game.flow import Step, finish_round
from domain.card_game.piles import discard, discard_play_area, draw, eliminate
from domain.card_game.state import Booking, CardGameState, other, team
from domain.frozen import replace
from domain.names import name_key
from domain.phrase import phrase
from domain.ruleset import Consequence


def apply_gain(state: CardGameState, action: Gain) -> Step:
    side = action.coach
    coach = state.coach(side)
    bank, lost = coach.bank, 0
    cap = state.setup.bank_cap
    for point in action.points:
        if cap is not None and bank.get(point) >= cap:
            lost += 1
        else:
            bank = bank.set(point, bank.get(point) + 1)
    state = state.with_coach(replace(coach, bank=bank))
    gained = ", ".join(action.points)
    banked = {"shot": bank.shot, "pass": bank.pass_, "defense": bank.defense}
    consequences: list[Consequence] = [
        cc.PointsGained(
            phrase("{team} bank {gained}.", team=team(side), gained=gained),
            team=side,
            points=tuple(action.points),
            bank=banked,
        )
    ]
    if lost:
        consequences.append(
            cc.BankCapped(
                phrase(
                    "{team} have no token left for {lost} point(s): they are lost (at most "
                    "{cap} per type).",
                    team=team(side),
                    lost=lost,
                    cap=cap,
                ),
                team=side,
                lost=lost,
                cap=cap,
            )
        )
    return state, consequences


def apply_eliminate(state: CardGameState, action: Eliminate) -> Step:
    side = action.target_coach or action.coach
    coach = state.coach(side)
    target = coach.in_area(action.target)
    if target is None:
        raise ValueError(f"{action.target} is not in the Play Area")
    state = state.with_coach(eliminate(coach, target.name))
    text = phrase(
        "{target} ({team}) is eliminated and goes back to the box.",
        target=target.name,
        team=team(side),
    )
    return state, [cc.Eliminated(text, side=side, player=target.name)]


def apply_discard(state: CardGameState, action: Discard) -> Step:
    side = action.target_coach or action.coach
    coach = state.coach(side)
    target = coach.in_area(action.target)
    if target is None:
        raise ValueError(f"{action.target} is not in the Play Area")
    state = state.with_coach(discard(coach, target.name))
    text = phrase(
        "{target} ({team}) goes to the discard pile.", target=target.name, team=team(side)
    )
    return state, [cc.Discarded(text, side=side, player=target.name)]


def apply_draw(state: CardGameState, action: Draw) -> Step:
    drawn = draw(state.coach(action.coach), action.count)
    state = state.with_coach(drawn.coach)
    text = phrase("{team} draw {count}.", team=team(action.coach), count=drawn.count)
    counts: dict[str, dict[str, int]] = {
        action.coach: {"drawn": drawn.count, "reshuffles": drawn.reshuffles}
    }
    return state, [cc.CardsDrawn(text, by_side=counts)]


def apply_end_attack(state: CardGameState, action: EndAttack) -> Step:
    state = replace(state, round=replace(state.round, ended_early=True))
    name = CATALOGUE.canonical(action.card)
    text = phrase("{name} ends the Attack Phase.", name=name)
    return state, [cc.AttackEnded(text, team=action.coach, card=name)]


def apply_injury(state: CardGameState, action: Injury) -> Step:
    victim = other(action.coach)
    coach = state.coach(victim)
    if coach.hand > 0:
        coach = replace(coach, hand=coach.hand - 1, discard=coach.discard + 1)
    state = state.with_coach(coach)
    what = CATALOGUE.canonical(action.discarded) if action.discarded else phrase("a random card")
    text = phrase("Injury: {team} discard {what} from their hand.", team=team(victim), what=what)
    return state, [cc.Injured(text, team=victim, card=what if action.discarded else None)]


def apply_book(state: CardGameState, action: Book) -> Step:
    coach = state.coach(action.target_coach)
    if coach.booking is not None and coach.booking.color == "red":
        raise ValueError("a red card is permanent")
    color = "yellow" if coach.booking is None else "red"
    booking = Booking(color, action.shot, action.pass_, action.defense)
    state = state.with_coach(replace(coach, booking=booking))
    # One template a colour: `Yellow` and `Red` alone are King of the Pitch's team colours.
    said = dict(
        team=team(action.target_coach),
        shot=booking.shot,
        pass_=booking.pass_,
        defense=booking.defense,
    )
    text = (
        phrase("Yellow card for {team} (Shot {shot}, Pass {pass_}, Defense {defense}).", **said)
        if color == "yellow"
        else phrase("Red card for {team} (Shot {shot}, Pass {pass_}, Defense {defense}).", **said)
    )
    booked = cc.BOOKINGS[color](
        text,
        side=action.target_coach,
        shot=booking.shot,
        pass_=booking.pass_,
        defense=booking.defense,
    )
    return state, [booked]


def apply_unbook(state: CardGameState, action: Unbook) -> Step:
    target = action.target_coach or action.coach
    coach = state.coach(target)
    state = state.with_coach(replace(coach, booking=None))
    text = phrase("{team}'s yellow card is removed.", team=team(target))
    return state, [cc.YellowRemoved(text, team=target)]


def apply_fatigue(state: CardGameState, action: Fatigue) -> Step:
    coach = state.coach(action.target_coach)
    coach = replace(
        coach,
        owned=coach.owned + 1,
        fatigue_received=coach.fatigue_received + 1,
        hand=coach.hand + (action.into == "hand"),
        deck=coach.deck + (action.into == "deck"),
        discard=coach.discard + (action.into == "discard"),
    )
    state = replace(state.with_coach(coach), fatigue_supply=max(0, state.fatigue_supply - 1))
    where = {
        "hand": phrase("hand"),
        "deck": phrase("draw deck"),
        "discard": phrase("discard pile"),
    }[action.into]
    text = phrase(
        "{team} receive a Fatigue card into their {where}.",
        team=team(action.target_coach),
        where=where,
    )
    return state, [cc.Fatigued(text, team=action.target_coach, into=action.into)]


def _remove_from_match(state: CardGameState, side: str, card: str) -> tuple[CardGameState, str]:
    coach = state.coach(side)
    played = coach.in_area(card)
    name = played.name if played else CATALOGUE.canonical(card)
    return state.with_coach(eliminate(coach, name)), name


def apply_control_and_advance(state: CardGameState, action: ControlAndAdvance) -> Step:
    side = action.coach
    state, name = _remove_from_match(state, side, action.card)
    text = phrase(
        "{name}: {team} keep the ball after a successful Pass; a new round starts.",
        name=name,
        team=team(side),
    )
    done = cc.ControlAndAdvance(text, team=side, card=name)
    state, more = finish_round(state, None, state.attacker or side)
    return state, [done, *more]


def apply_special_shot(state: CardGameState, action: SpecialShot) -> Step:
    side = action.coach
    state, name = _remove_from_match(state, side, action.card)
    for each in ("nankatsu", "toho"):
        state = state.with_coach(discard_play_area(state.coach(each)))
    state = replace(state, phase="special-shot", round=replace(state.round, windows=()))
    text = phrase("{team} go for a Special Shot with {name}!", team=team(side), name=name)
    return state, [cc.SpecialShot(text, side=side, player=name)]


def apply_special_reveal(state: CardGameState, action: SpecialReveal) -> Step:
    if state.attacker is None or state.phase != "special-shot":
        raise ValueError("no Special Shot is being revealed")
    attacker, defender = state.attacker, other(state.attacker)
    shot = CATALOGUE.canonical(action.shot)
    defense = CATALOGUE.canonical(action.defense)
    info = CATALOGUE.special_defense(defense)
    if info is not None and info.blocks is not None:
        named = info.blocks
    elif info is not None and shot in info.does_not_block:
        named = None
    else:
        named = CATALOGUE.canonical(action.blocks) if action.blocks else None
    blocked = named is not None and name_key(named) == name_key(shot)
    att, dfn = state.coach(attacker), state.coach(defender)
    if shot not in att.special_shots:
        state = state.with_coach(replace(att, special_shots=(*att.special_shots, shot)))
    if defense not in dfn.special_defenses:
        state = state.with_coach(replace(dfn, special_defenses=(*dfn.special_defenses, defense)))
    outcome = "blocked" if blocked else "not stopped"
    text = phrase(
        "{team}'s {shot} against {team2}'s {defense}: {outcome}.",
        team=team(attacker),
        shot=shot,
        team2=team(defender),
        defense=defense,
        outcome=outcome,
    )
    revealed = cc.SpecialRevealed(
        text, attacker=attacker, shot=shot, defense=defense, blocked=blocked
    )
    state, more = finish_round(state, None if blocked else attacker, defender)
    return state, [revealed, *more]
