"""The penalty shoot-out (TCG-9): 5 kickers each, Shot + d6 against the keeper's Defense + d6.

All 5 kicks each are taken (the source names no early end); level after them, kicks go on in
pairs, the kickers taking turns again in the same order, until one side scores and the other
does not.
"""

from __future__ import annotations

from domain.consequences import DieRolled
from domain.frozen import replace
from domain.phrase import phrase
from domain.ruleset import Consequence, Violation
from domain.tcg import actions as act
from domain.tcg import consequences as tc
from domain.tcg import guards
from domain.tcg.flow import Step, finish
from domain.tcg.judge import DIE_FACES
from domain.tcg.labels import label_key
from domain.tcg.setup import other
from domain.tcg.state import KICKERS, FieldPlayer, ShootOut, TcgState


def _shoot_out(state: TcgState) -> ShootOut:
    assert state.shoot_out is not None
    return state.shoot_out


def check_kickers(state: TcgState, action: act.Kickers) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-9.1", "kickers")
    if problems:
        return problems
    if _shoot_out(state).kickers_of(action.side):
        return [
            Violation(
                "TCG-9.1",
                phrase("{team} have chosen already", team=state.label(action.side)),
                False,
            )
        ]
    if not action.players:
        return [
            Violation("TCG-9.1", phrase("name {kickers} field players", kickers=KICKERS), False)
        ]
    for label in action.players:
        guards.find_player(state, action.side, label, "TCG-9.1", problems)
    if len(action.players) != KICKERS:
        problems.append(
            Violation(
                "TCG-9.1",
                phrase(
                    "{kickers} kickers are needed, not {count}",
                    kickers=KICKERS,
                    count=len(action.players),
                ),
            )
        )
    if len({label_key(label) for label in action.players}) != len(action.players):
        problems.append(Violation("TCG-9.1", phrase("a kicker is named twice")))
    return problems


def apply_kickers(state: TcgState, action: act.Kickers) -> Step:
    side = state.side(action.side)
    labels = tuple(p.label for name in action.players if (p := side.player(name)) is not None)
    shoot = _shoot_out(state)
    shoot = replace(shoot, kickers=(*shoot.kickers, (action.side, labels)))
    phase = "penalties" if len(shoot.kickers) == 2 else "kickers"
    state = replace(state, shoot_out=shoot, phase=phase)
    text = phrase(
        "{team} penalty takers: {join}.", team=state.label(action.side), join=", ".join(labels)
    )
    return state, [tc.Kickers(text, side=action.side, players=tuple(labels))]


def next_kicker(state: TcgState, side: str) -> FieldPlayer:
    shoot = _shoot_out(state)
    labels = shoot.kickers_of(side)
    player = state.side(side).player(labels[shoot.taken(side) % len(labels)])
    assert player is not None
    return player


def check_penalty(state: TcgState, action: act.Penalty) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-9.2", "penalties")
    if problems:
        return problems
    due = _shoot_out(state).next_side
    if action.side != due:
        return [Violation("TCG-9.2", phrase("it is {team}'s kick", team=state.label(due)), False)]
    if len(action.dice) != 2:
        return [
            Violation(
                "TCG-9.2", phrase("a kick needs two dice: the kicker's and the keeper's"), False
            )
        ]
    if not all(1 <= value <= DIE_FACES for value in action.dice):
        return [
            Violation("TCG-2.5", phrase("a die shows 1 to {die_faces}", die_faces=DIE_FACES), False)
        ]
    if state.side(other(action.side)).keeper() is None:
        return [Violation("TCG-8.4", phrase("the opponents have no goalkeeper"), False)]
    return []


def apply_penalty(state: TcgState, action: act.Penalty) -> Step:
    kicker = next_kicker(state, action.side)
    keeper = state.side(other(action.side)).keeper()
    assert keeper is not None
    attack = kicker.card.shot + action.dice[0]
    defense = keeper.card.defense + action.dice[1]
    scored = attack > defense
    shoot = _shoot_out(state)
    shoot = replace(shoot, kicks=(*shoot.kicks, (action.side, scored)))
    state = replace(state, shoot_out=shoot)
    verdict = phrase("scores") if scored else phrase("fails")
    text = phrase(
        "Penalty: {kicker} {verdict} ({attack} against {keeper}'s {defense}).",
        kicker=kicker.label,
        verdict=verdict,
        attack=attack,
        keeper=keeper.label,
        defense=defense,
    )
    kick = tc.ShootOutKick(
        text,
        side=action.side,
        kicker=kicker.label,
        scored=scored,
        dice=tuple(action.dice),
        source=action.source,
        penalties={"home": shoot.scored("home"), "away": shoot.scored("away")},
    )
    # The kicker's die, then the keeper's.
    owners = (action.side, other(action.side)) if len(action.dice) == 2 else ()
    consequences: list[Consequence] = [
        DieRolled(side=side, faces=6, value=value, source=action.source, purpose="penalty")
        for side, value in zip(owners, action.dice, strict=False)
    ]
    consequences.append(kick)
    # TCG-9.3: after 5 kicks each the side with more goals wins; level, the kicks go on in
    # pairs until one side scores and the other fails.
    taken = shoot.taken("home")
    level = shoot.scored("home") == shoot.scored("away")
    if taken == shoot.taken("away") and taken >= KICKERS and not level:
        return finish(state, consequences)
    return state, consequences
