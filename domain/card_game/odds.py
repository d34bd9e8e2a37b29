"""The exact odds of a Shooting/Passing Phase (CG-5) and its goalkeeper's save (CG-10.4).

What the dice decide: each coach adds a d6 to a fixed total (CG-5.4), the higher wins and a tie
goes to the attacker (CG-5.5); with Assured Success a 6 against a 1 wins whatever the totals
(CG-12.2). After a won Shot a saving goalkeeper rolls: 1 caught, 2–3 corner, 4–6 goal
(CG-10.4). An unused re-roll card (CG-10.6) re-rolls any die of the phase, the save included.

Re-rolls are choices, so the odds assume a policy (docs/analysis.md): once the dice are down
the coach the dice now favour least may re-roll first; each coach re-rolls the die that raises
their own chance the most (the attacker's chance of scoring a Shot, or of keeping the ball
with a Pass) knowing the other answers in the same way, and keeps the dice when no re-roll
raises it strictly; when both keep, a pending save is rolled and re-rolls may go on. The game
is small (dice, counts of re-rolls left, whose move) and solved exactly by enumeration.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import replace as _replace
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from domain.card_game.actions import Reroll, Roll, Save
from domain.card_game.cards import CATALOGUE
from domain.card_game.check_shooting import spend_due
from domain.card_game.shooting import card_total
from domain.card_game.state import CardGameState, other, team
from domain.declarations import DiceOdds
from domain.odds import LIVE_ODDS, ONE, ZERO, Odds, goal_difference, odds_of
from domain.phrase import phrase

FACES = range(1, 7)
SIXTH = Fraction(1, 6)

# The outcomes of a phase, from the attacker's side.
GOAL, CORNER, CAUGHT, DEFENDED, KEPT = "goal", "corner", "caught", "defended", "kept"
Dist = tuple[tuple[str, Fraction], ...]


@dataclass(frozen=True)
class Phase:
    """A Shooting/Passing Phase as the dice meet it: the totals before the dice (cards and
    points spent), the options in play, and the dice already down (None: not rolled)."""

    action: str  # "shot" or "pass"
    attack: int
    defense: int
    assured_success: bool = False
    keeper: bool = False  # the defender has a saving goalkeeper in play
    attacker_rerolls: int = 0  # unused re-roll cards in each coach's play area
    defender_rerolls: int = 0
    attacker_die: int | None = None
    defender_die: int | None = None
    save: int | None = None


def attacker_wins(phase: Phase, a: int, d: int) -> bool:
    """CG-5.5 a tie goes to the attacker; CG-12.2 a 6 against a 1 wins outright."""
    if phase.assured_success and {a, d} == {1, 6}:
        return a == 6
    return phase.attack + a >= phase.defense + d


def outcome_chances(phase: Phase) -> dict[str, Fraction]:
    """How the phase ends, outcome → exact probability, the dice not yet down averaged over
    their six faces and the re-rolls left used as the policy says."""
    return dict(_chances(phase))


# Worked out once per phase: a match meets the same few again and again (the steps of a
# 1,000-entry match ask for 248 phases, 64 of them different), and summing exact fractions
# over the dice was about a fifth of walking it through the steps API.
@lru_cache(maxsize=4096)
def _chances(phase: Phase) -> tuple[tuple[str, Fraction], ...]:
    found: dict[str, Fraction] = {}
    attackers = FACES if phase.attacker_die is None else (phase.attacker_die,)
    defenders = FACES if phase.defender_die is None else (phase.defender_die,)
    weight = Fraction(1, len(attackers) * len(defenders))
    for a in attackers:
        for d in defenders:
            for outcome, p in _opened(phase, a, d, phase.save):
                found[outcome] = found.get(outcome, ZERO) + weight * p
    return tuple(found.items())


def _opened(phase: Phase, a: int, d: int, save: int | None) -> Dist:
    spec = (phase.action, phase.attack, phase.defense, phase.assured_success, phase.keeper)
    mover = 1 if attacker_wins(phase, a, d) else 0  # the side the dice favour least moves first
    return _game(spec, a, d, save, phase.attacker_rerolls, phase.defender_rerolls, mover, False)


def _aim(spec: tuple[Any, ...], dist: Dist) -> Fraction:
    """The attacker's aim: to score a Shot, to keep the ball with a Pass."""
    wanted = GOAL if spec[0] == "shot" else KEPT
    return sum((p for o, p in dist if o == wanted), ZERO)


@cache
def _game(
    spec: tuple[Any, ...],
    a: int,
    d: int,
    save: int | None,
    ra: int,
    rd: int,
    mover: int,
    passed: bool,
) -> Dist:
    """The phase's outcome under the policy, with `mover` (0 attacker, 1 defender) to decide
    whether to re-roll; `passed`: the other coach has just kept the dice."""
    keep = (
        _settle(spec, a, d, save, ra, rd)
        if passed
        else _game(spec, a, d, save, ra, rd, 1 - mover, True)
    )
    best, best_aim = keep, _aim(spec, keep)
    left = ra if mover == 0 else rd
    if left == 0:
        return best
    ra2, rd2 = (ra - 1, rd) if mover == 0 else (ra, rd - 1)
    dice = ["attacker", "defender"] + (["save"] if save is not None else [])
    for which in dice:
        outcomes: dict[str, Fraction] = {}
        for v in FACES:
            na, nd, ns = (
                (v if which == "attacker" else a),
                (v if which == "defender" else d),
                (v if which == "save" else save),
            )
            for o, p in _game(spec, na, nd, ns, ra2, rd2, 1 - mover, False):
                outcomes[o] = outcomes.get(o, ZERO) + SIXTH * p
        option = tuple(sorted(outcomes.items()))
        aim = _aim(spec, option)
        if (mover == 0 and aim > best_aim) or (mover == 1 and aim < best_aim):
            best, best_aim = option, aim
    return best


def _settle(spec: tuple[Any, ...], a: int, d: int, save: int | None, ra: int, rd: int) -> Dist:
    """Both coaches keep the dice: the verdict, and a pending save rolled (re-rolls may follow)."""
    action, attack, defense, assured, keeper = spec
    wins = attacker_wins(Phase(action, attack, defense, assured), a, d)
    if not wins:
        return ((DEFENDED, ONE),)
    if action == "pass":
        return ((KEPT, ONE),)
    if save is None:
        if not keeper:
            return ((GOAL, ONE),)
        outcomes: dict[str, Fraction] = {}
        for v in FACES:
            # After the save the defender, whom a goal would hurt, may re-roll first.
            for o, p in _game(spec, a, d, v, ra, rd, 1, False):
                outcomes[o] = outcomes.get(o, ZERO) + SIXTH * p
        return tuple(sorted(outcomes.items()))
    return ((CAUGHT if save <= 1 else CORNER if save <= 3 else GOAL, ONE),)


def phase_of(state: CardGameState) -> Phase | None:
    """The phase in progress once both coaches decided their spend, else None."""
    shot = state.round.shooting
    attacker = state.attacker
    if state.phase != "shooting" or shot is None or shot.declared is None or attacker is None:
        return None
    if spend_due(state) is not None:
        return None
    defender = other(attacker)
    used = set(shot.rerolls_used)

    def rerolls(side: str) -> int:
        area = state.coach(side).area
        return sum(
            1
            for card in area
            if CATALOGUE.has_role(card.name, "re-roll") and (side, card.name) not in used
        )

    return Phase(
        action=shot.declared,
        attack=card_total(state.coach(attacker), shot.declared) + (shot.attacker_spent or 0),
        defense=card_total(state.coach(defender), "defense") + (shot.defender_spent or 0),
        assured_success=state.setup.has("assured-success"),
        keeper=any(
            CATALOGUE.has_role(card.name, "goalkeeper-save") for card in state.coach(defender).area
        ),
        attacker_rerolls=rerolls(attacker),
        defender_rerolls=rerolls(defender),
        attacker_die=shot.attacker_roll,
        defender_die=shot.defender_roll,
        save=shot.save,
    )


def _odds(state: CardGameState, phase: Phase, roll: str) -> Odds:
    attacker = state.attacker
    assert attacker is not None
    words = _words(team(attacker), team(other(attacker)))
    chances = outcome_chances(phase)
    expected = {side: Fraction(goals) for side, goals in state.score.items()}
    if phase.action == "shot":
        expected[attacker] += chances.get(GOAL, ZERO)
    return odds_of(roll, {words[o]: p for o, p in chances.items()}, goal_difference(expected))


def _words(attacker: str, defender: str) -> Mapping[str, str]:
    return {
        GOAL: phrase("{attacker} score", attacker=attacker),
        CORNER: phrase("corner for {attacker}", attacker=attacker),
        CAUGHT: phrase("{defender}'s goalkeeper catches", defender=defender),
        DEFENDED: phrase("{defender} win the ball", defender=defender),
        KEPT: phrase("{attacker} keep the ball", attacker=attacker),
    }


def before(state: CardGameState, action: Any) -> Odds | None:
    """The odds of the roll `action` records, from the situation before it."""
    phase = phase_of(state)
    if phase is None or state.attacker is None:
        return None
    attacker = state.attacker
    what = phrase("Shot") if phase.action == "shot" else phrase("Pass")
    if isinstance(action, Roll):
        if action.coach == attacker:
            phase = _replace(phase, attacker_die=None)
        else:
            phase = _replace(phase, defender_die=None)
        return _odds(
            state,
            phase,
            phrase(
                "{coach}'s die in {attacker}'s {what}",
                coach=team(action.coach),
                attacker=team(attacker),
                what=what,
            ),
        )
    if isinstance(action, Save):
        return _odds(
            state, _replace(phase, save=None), phrase("{coach}'s save", coach=team(action.coach))
        )
    if isinstance(action, Reroll):
        name = CATALOGUE.canonical(action.card)
        if not CATALOGUE.has_role(name, "re-roll"):
            return None
        mine = action.coach == attacker
        phase = _replace(
            phase,
            attacker_rerolls=max(0, phase.attacker_rerolls - (1 if mine else 0)),
            defender_rerolls=max(0, phase.defender_rerolls - (0 if mine else 1)),
        )
        if action.die == "save":
            phase = _replace(phase, save=None)
            rolled = phrase("the save")
        elif action.die == attacker:
            phase = _replace(phase, attacker_die=None)
            rolled = phrase("{coach}'s die", coach=team(action.die))
        else:
            phase = _replace(phase, defender_die=None)
            rolled = phrase("{coach}'s die", coach=team(action.die))
        return _odds(state, phase, phrase("{card} re-rolls {rolled}", card=name, rolled=rolled))
    return None


def awaited(state: CardGameState) -> Odds | None:
    """The odds of the phase from where it stands, before the next die (the live page)."""
    phase = phase_of(state)
    if phase is None or state.attacker is None:
        return None
    what = phrase("Shot") if phase.action == "shot" else phrase("Pass")
    return _odds(
        state, phase, phrase("{attacker}'s {what}", attacker=team(state.attacker), what=what)
    )


def worth(state: CardGameState) -> dict[str, Fraction]:
    """Each side's goal difference, with the goal a Shot in progress is still expected to
    bring."""
    held = {side: Fraction(goals) for side, goals in state.score.items()}
    phase = phase_of(state)
    if phase is not None and phase.action == "shot" and state.attacker is not None:
        held[state.attacker] += outcome_chances(phase).get(GOAL, ZERO)
    return goal_difference(held)


ODDS = DiceOdds(
    unit="goals",
    before=before,
    awaited=awaited,
    worth=worth,
    live=lambda setup: setup.has(LIVE_ODDS),
)
