"""CG-5 the Shooting/Passing Phase: totals, the winner, late options (re-roll, save)."""

from __future__ import annotations

from dataclasses import dataclass

from domain.card_game import consequences as cc
from domain.card_game.cards import CATALOGUE
from domain.card_game.flow import Step, finish_round
from domain.card_game.state import CardGameState, Coach, Shooting, other, team
from domain.phrase import phrase
from domain.ruleset import Consequence


def card_total(coach: Coach, point: str) -> int:
    """The play's printed values, yellow/red penalties included (CG-10.1)."""
    total = sum(card.value(point) for card in coach.area)
    if coach.booking is not None:
        total += coach.booking.value(point)
    return total


def shooting(state: CardGameState) -> Shooting:
    return state.round.shooting or Shooting()


@dataclass(frozen=True)
class Verdict:
    """Who wins a Shooting or Passing Phase as it stands, on both totals."""

    attacker: str
    action: str
    attack_total: int
    defense_total: int
    attacker_wins: bool
    assured_success: bool


def verdict(state: CardGameState) -> Verdict | None:
    """CG-5.5 the winner once both dice are down; a tie goes to the attacker."""
    shot = shooting(state)
    attacker = state.attacker
    if (
        attacker is None
        or shot.declared is None
        or shot.attacker_roll is None
        or shot.defender_roll is None
    ):
        return None
    defender = other(attacker)
    attack = card_total(state.coach(attacker), shot.declared)
    attack += (shot.attacker_spent or 0) + shot.attacker_roll
    # CG-5.1 the defender's Defense values; CG-5.2 the attacker's declared Shot or Pass; then
    # CG-5.3 the points spent and CG-5.4 the dice. The rulebook's worked example (CG-5.7) comes
    # out of these sums.
    defense = card_total(state.coach(defender), "defense")
    defense += (shot.defender_spent or 0) + shot.defender_roll
    # CG-12.2 Assured Success (an option): a 6 against a 1 wins whatever the totals.
    dice = {shot.attacker_roll, shot.defender_roll}
    assured = state.setup.has("assured-success") and dice == {1, 6}
    wins = shot.attacker_roll == 6 if assured else attack >= defense
    return Verdict(attacker, shot.declared, attack, defense, wins, assured)


def save_possible(state: CardGameState) -> bool:
    """CG-10.4: the defender's goalkeeper may try a save after losing against a Shot."""
    found = verdict(state)
    if found is None or found.action != "shot" or not found.attacker_wins:
        return False
    if shooting(state).save is not None:
        return False
    return any(
        CATALOGUE.has_role(card.name, "goalkeeper-save")
        for card in state.coach(other(found.attacker)).area
    )


def rerolls_available(state: CardGameState) -> tuple[tuple[str, str], ...]:
    """CG-10.6: unused re-roll cards in either play area, while a die of this round exists."""
    shot = shooting(state)
    if shot.attacker_roll is None and shot.defender_roll is None:
        return ()
    found = []
    for side in ("nankatsu", "toho"):
        for card in state.coach(side).area:
            used = (side, card.name) in shot.rerolls_used
            if not used and CATALOGUE.has_role(card.name, "re-roll"):
                found.append((side, card.name))
    return tuple(found)


def rolled_dice(state: CardGameState) -> tuple[str, ...]:
    shot = shooting(state)
    attacker = state.attacker or "nankatsu"
    dice = []
    if shot.attacker_roll is not None:
        dice.append(attacker)
    if shot.defender_roll is not None:
        dice.append(other(attacker))
    if shot.save is not None:
        dice.append("save")
    return tuple(sorted(dice))


def settle_if_final(state: CardGameState) -> Step:
    """Resolve at once when both dice are down and nobody has a late option left."""
    if verdict(state) is None or save_possible(state) or rerolls_available(state):
        return state, []
    return settle(state)


def settle(state: CardGameState) -> Step:
    found = verdict(state)
    if found is None:
        return state, []
    shot = shooting(state)
    attacker, defender = found.attacker, other(found.attacker)
    winner = attacker if found.attacker_wins else defender
    action = phrase("Shot") if found.action == "shot" else phrase("Pass")
    how = phrase(" (assured success: a 6 against a 1)") if found.assured_success else ""
    consequences: list[Consequence] = [
        cc.PhaseResolved(
            phrase(
                "{team}'s {action} {attack_total} against {team2}'s Defense "
                "{defense_total}: {team3} win the phase{how}.",
                team=team(attacker),
                action=action,
                attack_total=found.attack_total,
                team2=team(defender),
                defense_total=found.defense_total,
                team3=team(winner),
                how=how,
            ),
            attacker=attacker,
            action=found.action,
            attack_total=found.attack_total,
            defense_total=found.defense_total,
            dice={attacker: shot.attacker_roll, defender: shot.defender_roll},
            spent={attacker: shot.attacker_spent or 0, defender: shot.defender_spent or 0},
            winner=winner,
            assured_success=found.assured_success,
        )
    ]
    if not found.attacker_wins:
        state, more = finish_round(state, None, defender)
        return state, consequences + more
    if found.action == "pass":
        state, more = finish_round(state, None, attacker)
        return state, consequences + more
    scorer: str | None = attacker
    new_attacker = defender
    if shot.save is not None:
        scorer, new_attacker, outcome = _save_outcome(shot.save, attacker)
        consequences.append(
            cc.GoalkeeperSave(
                phrase(
                    "{team}'s goalkeeper rolls {save}: {outcome}.",
                    team=team(defender),
                    save=shot.save,
                    outcome=SAVE_OUTCOMES.get(outcome, outcome),
                ),
                team=defender,
                value=shot.save,
                outcome=outcome,
            )
        )
    state, more = finish_round(state, scorer, new_attacker)
    return state, consequences + more


# A save's outcome as the goalkeeper's sentence says it.
SAVE_OUTCOMES = {"caught": phrase("caught"), "corner": phrase("corner"), "goal": phrase("goal")}


def _save_outcome(value: int, attacker: str) -> tuple[str | None, str, str]:
    """CG-10.4: 1 caught, 2–3 corner, 4–6 goal."""
    if value <= 1:
        return None, other(attacker), "caught"
    if value <= 3:
        return None, attacker, "corner"
    return attacker, other(attacker), "goal"
