"""The odds of a match against the King with V.A.R.s in hand as first written: every pair
of rolls judged one by one (KP-5.3, KP-6.1). Slow (seconds for a crown against another level,
a V.A.R. each) but plain, so it stays as the definition the fast sweep of
`domain.king_of_the_pitch.odds` is checked against, and as the baseline of `bench/odds.py`."""

from __future__ import annotations

from fractions import Fraction

from domain.king_of_the_pitch.odds import SCALE, SLICES, Roll_, _key, _rerolled, _rolls


def _judged(
    first: Roll_,
    second: Roll_,
    faces: tuple[tuple[int, ...], tuple[int, ...]],
    var: tuple[bool, bool],
) -> int:
    """P(the first team wins) in 1/SCALE once both rolls are down, `var` saying which may still
    re-roll (KP-6.1): the loser re-rolls its lowest die, then the other may, if it now loses."""
    a, b = _key(first), _key(second)
    if a == b:
        return SCALE // 2  # KP-5.4 the shoot-out, even; V.A.R. is not used in a draw
    if a > b:
        if not var[1]:
            return SCALE
        total = 0
        for new_b, weight in _rerolled(second, faces[1]):
            total += weight * _final(a, new_b, first, faces[0], var[0], untouched_first=True)
        return total // SLICES
    if not var[0]:
        return 0
    total = 0
    for new_a, weight in _rerolled(first, faces[0]):
        total += weight * _final(new_a, b, second, faces[1], var[1], untouched_first=False)
    return total // SLICES


def _final(
    a: tuple[int, ...],
    b: tuple[int, ...],
    untouched: Roll_,
    faces: tuple[int, ...],
    may_answer: bool,
    untouched_first: bool,
) -> int:
    """After one team's re-roll (keys `a` of the first team, `b` of the second): the verdict,
    or the other team's answering re-roll when it is now behind and holds a V.A.R. `untouched`
    is that other team's roll, with its `faces`: the first team's when `untouched_first`."""
    if a == b:
        return SCALE // 2
    first_ahead = a > b
    behind = first_ahead != untouched_first  # the untouched team is now behind
    if not behind or not may_answer:
        return SCALE if first_ahead else 0
    total = 0
    for new, weight in _rerolled(untouched, faces):
        x, y = (new, b) if untouched_first else (a, new)
        total += weight * (SCALE if x > y else SCALE // 2 if x == y else 0)
    return total // SLICES


def pairwise_chance(
    faces: tuple[tuple[int, ...], tuple[int, ...]],
    var: tuple[bool, bool],
    known: tuple[Roll_ | None, Roll_ | None] = (None, None),
) -> Fraction:
    """P(the first team wins), every pair of rolls judged in turn."""
    first, second = known
    firsts = [(first, 1)] if first is not None else list(_rolls(faces[0]))
    seconds = [(second, 1)] if second is not None else list(_rolls(faces[1]))
    whole = sum(w for _, w in firsts) * sum(w for _, w in seconds)
    total = sum(wa * wb * _judged(a, b, faces, var) for a, wa in firsts for b, wb in seconds)
    return Fraction(total, whole * SCALE)
