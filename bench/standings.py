"""How fast a league's table is read, when nothing changed and right after an entry.

    python bench/standings.py [--matches 10000] [--entries 20] [--postgres URL]

Issue 13's goal: the standings of a 10,000-match league are read in under 50 ms, also right
after an entry in one of its matches. For each store (the embedded SQLite file; PostgreSQL when
--postgres or TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be
created) it generates a league of `--matches` finished card-game matches as bench/rebuild.py
does, reads the table once (the first reader computes it), starts one more league match, and
then times, in the same run, medians of `--entries` runs:

- the baseline: reading the table when nothing changed since the last read;
- recording an entry in the live league match, then reading the table (the entry's time is
  not counted: only the read, which must first catch the read model up with the entry);
- the same after the live match's last entry, which does change the table (it is finished).

No figure here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.rebuild import AUTHOR, LEAGUE, generate
from bench.stores import add_postgres_option, on_each_store
from service.app import Touchline
from service.config import settings_for_url
from tests.service.projections.pj_driver import finished_match, setup_for

GOAL_MS = 50.0


def read_ms(app: Touchline) -> float:
    start = time.perf_counter()
    app.standings(LEAGUE)
    return (time.perf_counter() - start) * 1000


def bench_store(url: str, matches: int, entries: int) -> dict[str, float]:
    app = Touchline(settings_for_url(url))
    generate(app, matches)
    app.standings(LEAGUE)
    setup = setup_for("Newcomer", "Coach 0")
    actions = finished_match(1, 0, seed=99, setup=setup)
    live = app.create_match("card-game", setup, AUTHOR, LEAGUE).id
    unchanged = statistics.median(read_ms(app) for _ in range(entries))
    after_entry = []
    for action in actions[: min(entries, len(actions) - 1)]:
        app.record(live, action, AUTHOR)
        after_entry.append(read_ms(app))
    for action in actions[len(after_entry) : -1]:
        app.record(live, action, AUTHOR)
    app.standings(LEAGUE)
    app.record(live, actions[-1], AUTHOR)
    after_result = read_ms(app)
    app.close()
    return {
        "matches": matches,
        "unchanged": unchanged,
        "after_entry": statistics.median(after_entry),
        "after_entry_max": max(after_entry),
        "after_result": after_result,
    }


def report(store: str, r: dict[str, float]) -> None:
    print(f"\n{store}: a league of {int(r['matches'])} finished matches and one live one")
    print(f"  baseline: read, nothing changed       {r['unchanged']:8.1f} ms")
    for name, key in (
        ("read right after an entry (median)", "after_entry"),
        ("read right after an entry (worst)", "after_entry_max"),
        ("read after the entry that ends it", "after_result"),
    ):
        verdict = "met" if r[key] < GOAL_MS else "NOT met"
        ratio = r[key] / r["unchanged"]
        print(
            f"  {name:38}{r[key]:8.1f} ms  ({ratio:5.1f}× baseline)  goal < {GOAL_MS:.0f} ms "
            f"({verdict})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--entries", type=int, default=20)
    add_postgres_option(parser)
    args = parser.parse_args()
    on_each_store(
        args.postgres,
        lambda store, url: report(store, bench_store(url, args.matches, args.entries)),
    )


if __name__ == "__main__":
    main()
