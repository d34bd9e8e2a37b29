"""The exact odds of a match against the King (KP-5, KP-6.1) and of its penalty shoot-out.

What the dice decide: each team rolls the dice of its level (KP-5.2: 1 to 4 d6, the crown's d8
besides); the highest dice are compared, equal ones cancel pairwise, and a team with dice left
when the other has none wins (KP-5.3). A team that loses and declared V.A.R. re-rolls its lowest
die, and then the other may do the same if it declared one and now loses (KP-6.1); nothing is
a choice there, so the odds assume no policy. A draw goes to a penalty shoot-out, 1d6 each
until one is higher (KP-5.4), which either team wins with probability 1/2 from its start.

Comparing dice highest first with equal ones cancelling is comparing the rolls sorted highest
first as words, a longer word beating its own beginning: 6-4-1 beats 6-4, which beats 6-3-6.
So a roll is enumerated as its sorted values (`domain.odds.sorted_rolls`: 1,008 ways for the
crown's 4d6 + 1d8 instead of 10,368 ordered ones), and a match without a V.A.R. is one pass over
the two sorted lists.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import accumulate
from typing import Any

from domain.declarations import DiceOdds
from domain.king_of_the_pitch.actions import Penalty, Reroll, Roll
from domain.king_of_the_pitch.dice import lowest_die
from domain.king_of_the_pitch.state import Duel, KingState
from domain.odds import ZERO, Odds, odds_of, sorted_rolls
from domain.phrase import phrase

HALF = Fraction(1, 2)
# A roll as the dice show it, in the order they were rolled (the d8 last).
Roll_ = tuple[int, ...]


def _key(dice: Roll_) -> tuple[int, ...]:
    return tuple(sorted(dice, reverse=True))


def beats(first: Roll_, second: Roll_) -> int:
    """1 when `first` wins KP-5.3's comparison, -1 when `second` does, 0 for a draw."""
    a, b = _key(first), _key(second)
    return (a > b) - (a < b)


@cache
def _rolls(faces: tuple[int, ...]) -> tuple[tuple[Roll_, int], ...]:
    """Every roll of these dice with its number of ways, the d8 (if any) kept last so that the
    V.A.R. finds its lowest die as the rules do (a d6 before the d8 on equal values)."""
    d6 = tuple(f for f in faces if f == 6)
    other = tuple(f for f in faces if f != 6)
    found: list[tuple[Roll_, int]] = []
    for low, ways in sorted_rolls(d6).items():
        if other:
            for high, more in sorted_rolls(other).items():
                found.append((low + high, ways * more))
        else:
            found.append((low, ways))
    return tuple(found)


def _total(faces: tuple[int, ...]) -> int:
    whole = 1
    for size in faces:
        whole *= size
    return whole


@cache
def _sorted_keys(faces: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The rolls' comparison keys in order, with the running count of ways up to each."""
    counts: dict[tuple[int, ...], int] = {}
    for dice, ways in _rolls(faces):
        key = _key(dice)
        counts[key] = counts.get(key, 0) + ways
    keys = tuple(sorted(counts))
    return keys, tuple(accumulate(counts[k] for k in keys))


def _against(dice: Roll_, faces: tuple[int, ...]) -> Fraction:
    """P(a team rolling `dice` wins) against an unknown roll of `faces`, neither holding a
    V.A.R.: the rolls it beats, and half of those it draws with (the shoot-out)."""
    keys, running = _sorted_keys(faces)
    key = _key(dice)
    below, upto = bisect_left(keys, key), bisect_right(keys, key)
    lower = running[below - 1] if below else 0
    equal = (running[upto - 1] if upto else 0) - lower
    return Fraction(2 * lower + equal, 2 * _total(faces))


# Chances are counted in whole numbers of 1/SCALE: a re-roll's face is 4/24 of a d6 or 3/24 of
# the d8, at most two re-rolls follow each other, and a draw is worth a half.
PER_FACE = {6: 4, 8: 3}
SLICES = 24
SCALE = 2 * SLICES * SLICES

# A roll as the V.A.R. sees it: its comparison key, its number of ways, and the keys its
# re-roll can turn it into, each with its weight in twenty-fourths.
_State = tuple[tuple[int, ...], int, tuple[tuple[tuple[int, ...], int], ...]]


@cache
def _rerolled(dice: Roll_, faces: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """KP-6.1: the lowest die re-rolled; each new roll's comparison key, with its weight in
    twenty-fourths."""
    index = lowest_die(dice, faces)
    size = faces[index]
    return tuple(
        (_key((*dice[:index], value, *dice[index + 1 :])), PER_FACE[size])
        for value in range(1, size + 1)
    )


def _states(rolls: list[tuple[Roll_, int]], faces: tuple[int, ...]) -> list[_State]:
    """The rolls merged where they are the same to the V.A.R.: the same key and the same
    re-rolled keys (rolls differing only in the order of their dice)."""
    merged: dict[tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], int], ...]], int] = {}
    for dice, ways in rolls:
        state = (_key(dice), _rerolled(dice, faces))
        merged[state] = merged.get(state, 0) + ways
    return [(key, ways, rerolls) for (key, rerolls), ways in merged.items()]


@cache
def _level_states(faces: tuple[int, ...]) -> list[_State]:
    return _states(list(_rolls(faces)), faces)


class _Tally:
    """Ways counted at each rank of the comparison order, with sums over ranks up to any
    rank in logarithmic time (a Fenwick tree): the sweep below adds and asks in turns."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.tree = [0] * (size + 1)
        self.at = [0] * (size + 1)

    def add(self, rank: int, ways: int) -> None:
        self.at[rank] += ways
        while rank <= self.size:
            self.tree[rank] += ways
            rank += rank & -rank

    def upto(self, rank: int) -> int:
        total = 0
        while rank > 0:
            total += self.tree[rank]
            rank -= rank & -rank
        return total


def _leader_wins(
    leaders: list[_State],
    trailers: list[_State],
    rank: Mapping[tuple[int, ...], int],
    trailer_var: bool,
    leader_var: bool,
) -> int:
    """Σ, over the pairs of rolls where the leader's is ahead, of their ways times SCALE times
    P(the leader wins): the trailer re-rolls if it holds a V.A.R. (KP-6.1), wins back the
    match on a higher key, draws on an equal one (the shoot-out, a half), and on a higher one
    the leader answers with its own re-roll if it holds one.

    Leaders are taken in the comparison order; each trailer behind the current leader has
    its re-rolled keys added to a tally by rank once, so a leader's chance is a few sums
    over ranks rather than a pass over every trailing roll: O((n + m)·faces·log) instead of
    O(n·m·faces²)."""
    leaders = sorted(leaders, key=lambda state: rank[state[0]])
    trailers = sorted(trailers, key=lambda state: rank[state[0]])
    tally = _Tally(len(rank))
    behind = 0  # the ways of the trailers added so far
    j = 0
    total = 0
    for key, ways, rerolls in leaders:
        r = rank[key]
        while j < len(trailers) and rank[trailers[j][0]] < r:
            _, trailing, answers = trailers[j]
            behind += trailing
            if trailer_var:
                for new, weight in answers:
                    tally.add(rank[new], trailing * weight)
            j += 1
        if not trailer_var:
            total += ways * behind * SCALE
            continue
        # The trailer's re-roll falls below the leader's key (won), on it (a half) ...
        part = 2 * SLICES * tally.upto(r - 1) + SLICES * tally.at[r]
        if leader_var:
            # ... or above it: the leader re-rolls and must land above (or on) the new key.
            above = tally.upto(r)
            for new, weight in rerolls:
                t = rank[new]
                if t > r:
                    part += weight * (2 * (tally.upto(t - 1) - above) + tally.at[t])
        total += ways * part
    return total


def _chance_with_var(
    firsts: list[_State], seconds: list[_State], var: tuple[bool, bool]
) -> Fraction:
    """P(the first team wins) over every pair of these rolls, V.A.R.s in hand: the pairs the
    first leads, the drawn pairs (a half), and the pairs the second leads less the second's
    chance in them."""
    keys = {key for key, _, _ in firsts} | {key for key, _, _ in seconds}
    for _, _, rerolls in (*firsts, *seconds):
        keys.update(new for new, _ in rerolls)
    rank = {key: index for index, key in enumerate(sorted(keys), start=1)}
    second_ways: dict[tuple[int, ...], int] = {}
    for key, ways, _ in seconds:
        second_ways[key] = second_ways.get(key, 0) + ways
    drawn = sum(ways * second_ways.get(key, 0) for key, ways, _ in firsts)
    whole = sum(w for _, w, _ in firsts) * sum(w for _, w, _ in seconds)
    ahead = _leader_wins(firsts, seconds, rank, var[1], var[0])
    behind_ways = whole - drawn - _pairs_ahead(firsts, seconds, rank)
    lost = _leader_wins(seconds, firsts, rank, var[0], var[1])
    total = ahead + drawn * (SCALE // 2) + behind_ways * SCALE - lost
    return Fraction(total, whole * SCALE)


def _pairs_ahead(
    leaders: list[_State], trailers: list[_State], rank: Mapping[tuple[int, ...], int]
) -> int:
    """The ways of the pairs of rolls where the leader's key is ahead."""
    return _leader_wins(leaders, trailers, rank, False, False) // SCALE


@cache
def match_chance(
    faces: tuple[tuple[int, ...], tuple[int, ...]],
    var: tuple[bool, bool] = (False, False),
    known: tuple[Roll_ | None, Roll_ | None] = (None, None),
) -> Fraction:
    """P(the first team wins the match, shoot-out included) for the dice of each team's
    level, the V.A.R.s each still holds and either roll already down."""
    first, second = known
    if first is None and second is None and faces[0] == faces[1] and var[0] == var[1]:
        # The same dice and the same V.A.R.s: the two teams are exchangeable, so even.
        return HALF
    if not any(var) and (first is None or second is None):
        if first is not None:
            return _against(first, faces[1])
        if second is not None:
            return 1 - _against(second, faces[0])
        return sum(
            (
                Fraction(ways, _total(faces[0])) * _against(dice, faces[1])
                for dice, ways in _rolls(faces[0])
            ),
            ZERO,
        )
    firsts = _states([(first, 1)], faces[0]) if first is not None else _level_states(faces[0])
    seconds = _states([(second, 1)], faces[1]) if second is not None else _level_states(faces[1])
    return _chance_with_var(firsts, seconds, var)


def kick_chance(first_kick: int | None) -> Fraction:
    """P(the team that kicked `first_kick` wins the shoot-out), the other's kick to come;
    with no kick down, either team's chance: 1/2."""
    if first_kick is None:
        return HALF
    return Fraction(first_kick - 1, 6) + Fraction(1, 6) * HALF


def _duel_chance(
    duel: Duel, known: tuple[Roll_ | None, Roll_ | None], var: tuple[bool, bool]
) -> Fraction:
    faces = (duel.faces_of(duel.challenger), duel.faces_of(duel.king))
    return match_chance(faces, var, known)


def _var_left(duel: Duel) -> tuple[bool, bool]:
    return tuple(t in duel.var and t not in duel.rerolled for t in duel.teams)  # type: ignore[return-value]


def _challenger_chance(state: KingState, action: Any | None) -> tuple[str, Fraction] | None:
    """What is rolled and the challenger's chance of winning the match, from the situation
    before `action` (None: before whatever roll the situation waits for)."""
    duel = state.duel
    if duel is None or not duel.faces:
        return None
    challenger, king = duel.teams
    if state.phase == "roll" and (action is None or isinstance(action, Roll)):
        known = (duel.dice_of(challenger), duel.dice_of(king))
        if action is not None:
            known = (None, known[1]) if action.team == challenger else (known[0], None)
        chance = _duel_chance(duel, known, _var_left(duel))
        if action is None:
            return phrase("the dice of both teams"), chance
        return phrase("the dice of {team}", team=state.label(action.team)), chance
    if (
        state.phase == "var"
        and duel.var_due is not None
        and (action is None or isinstance(action, Reroll))
    ):
        dice = {t: tuple(duel.dice_of(t) or ()) for t in duel.teams}
        due = duel.var_due
        faces = duel.faces_of(due)
        index = lowest_die(dice[due], faces)
        left = tuple(t in duel.var and t not in duel.rerolled and t != due for t in duel.teams)
        chance = ZERO
        for value in range(1, faces[index] + 1):
            new = (*dice[due][:index], value, *dice[due][index + 1 :])
            known = (new, dice[king]) if due == challenger else (dice[challenger], new)
            chance += Fraction(1, faces[index]) * _duel_chance(duel, known, left)  # type: ignore[arg-type]
        return phrase("the V.A.R. re-roll of {team}", team=state.label(due)), chance
    if state.phase == "shoot-out" and (action is None or isinstance(action, Penalty)):
        kicks = dict(duel.penalties)
        if action is not None:
            kicks.pop(action.team, None)
        if not kicks:
            chance = HALF
        else:
            ((kicker, value),) = kicks.items()
            mine = kick_chance(value)
            chance = mine if kicker == challenger else 1 - mine
        return phrase("a penalty shoot-out kick"), chance
    return None


def _odds(state: KingState, action: Any | None) -> Odds | None:
    found = _challenger_chance(state, action)
    if found is None or state.duel is None:
        return None
    roll, chance = found
    challenger, king = state.duel.teams
    return odds_of(
        roll,
        {
            phrase("{team} win the match", team=state.label(challenger)): chance,
            phrase("{team} win the match", team=state.label(king)): 1 - chance,
        },
    )


def before(state: KingState, action: Any) -> Odds | None:
    """The odds of the roll `action` records, from the situation before it."""
    if not isinstance(action, Roll | Reroll | Penalty):
        return None
    return _odds(state, action)


def awaited(state: KingState) -> Odds | None:
    """The odds of the match against the King from where it stands (the live page)."""
    return _odds(state, None)


def worth(state: KingState) -> Mapping[str, Fraction]:
    """Each team's crowns, with its chance of winning the match in progress: the winner
    places a crown (KP-5.6)."""
    held = {colour: Fraction(crowns) for colour, crowns in state.score.items()}
    found = _challenger_chance(state, None)
    if found is not None and state.duel is not None:
        _, chance = found
        held[state.duel.challenger] += chance
        held[state.duel.king] += 1 - chance
    return held


ODDS = DiceOdds(
    unit="crowns",
    before=before,
    awaited=awaited,
    worth=worth,
    live=lambda setup: setup.live_odds,
)
