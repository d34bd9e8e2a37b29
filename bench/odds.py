"""How long King of the Pitch's exact odds take with V.A.R.s in hand, against judging every pair.

    python bench/odds.py [--without-baseline]

The goal: every case the game can reach computed in under 50 ms the first time in a process
(the replay page and the steps API compute a whole match's luck on their first request). For
each pair of levels (the crown's d8 included) and each holding of V.A.R.s, with no roll down
yet (the costliest: every roll of both teams), it times `match_chance` with its caches
emptied (the least CPU time of 3, which other work on a shared machine disturbs less than
wall time), and prints the slowest case per holding beside the goal. The baseline, in the same
run, is the first definition (`domain.king_of_the_pitch.odds_reference`: every pair of rolls
judged one by one) on every case with a crown and a V.A.R.: its slowest, and the sweep's time
on that case; every result of the two must agree.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from domain.king_of_the_pitch import odds  # noqa: E402
from domain.king_of_the_pitch.odds_reference import pairwise_chance  # noqa: E402
from domain.king_of_the_pitch.values import LEVEL_DICE  # noqa: E402

GOAL_MS = 50.0
VARS = [(True, True), (True, False), (False, True), (False, False)]


def _cold() -> None:
    for cached in (odds.match_chance, odds._rolls, odds._sorted_keys, odds._rerolled):
        cached.cache_clear()
    odds._level_states.cache_clear()


def _timed(faces: tuple[tuple[int, ...], tuple[int, ...]], var: tuple[bool, bool]) -> float:
    _cold()
    start = time.process_time()
    odds.match_chance(faces, var)
    return (time.process_time() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--without-baseline", action="store_true")
    args = parser.parse_args()
    print(f"{'V.A.R.s held':<22}{'slowest case':<20}{'CPU ms':>8}{'goal ms':>10}")
    for var in VARS:
        slowest = max(
            (
                (min(_timed((LEVEL_DICE[a], LEVEL_DICE[b]), var) for _ in range(3)), a, b)
                for a in LEVEL_DICE
                for b in LEVEL_DICE
            ),
        )
        ms, a, b = slowest
        print(f"{var!s:<22}{a + ' v ' + b:<20}{ms:>8.1f}{GOAL_MS:>10.0f}")
    if args.without_baseline:
        return
    # The baseline: every case with a crown and a V.A.R., judged pair by pair (seconds each).
    worst = (0.0, 0.0, "")
    for a in LEVEL_DICE:
        for b in LEVEL_DICE:
            if "crown" not in (a, b):
                continue
            for var in VARS[:3]:
                if a == b and var[0] == var[1]:
                    continue  # exchangeable teams: 1/2 at once, nothing is enumerated
                faces = (LEVEL_DICE[a], LEVEL_DICE[b])
                _cold()
                start = time.process_time()
                slow = pairwise_chance(faces, var)
                baseline = (time.process_time() - start) * 1000
                fast = _timed(faces, var)
                assert odds.match_chance(faces, var) == slow, (a, b, var)
                worst = max(worst, (baseline, fast, f"{a} v {b} {var}"))
    baseline, fast, case = worst
    print(
        f"baseline, every pair judged, slowest case ({case}): {baseline:.0f} CPU ms; "
        f"the sweep on it: {fast:.1f} CPU ms ({baseline / fast:.0f}x); all results equal"
    )


if __name__ == "__main__":
    main()
