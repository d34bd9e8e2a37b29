"""How fast the read side rebuilds, against reading and decoding the same notifications.

    python bench/rebuild.py [--matches 150,1000,3000] [--runs 3] [--postgres URL]
                            [--before FOLDER] [--stores SQLite,PostgreSQL]

For each store (the embedded SQLite file; PostgreSQL when --postgres or
TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be created) it
grows a card-game league of finished matches between ten coaches (each match recorded
through the match aggregate, so every entry is checked by the rules, and saved in batches)
to each size in turn, and at each size times, `--runs` times, one right after the other:

- the baseline, the raw rate: every notification selected in batches and decoded into a
  domain event by the application's mapper, as the library's own notification log reader
  and process applications do (`NotificationLogReader.select` selects the notifications,
  `Mapper.to_domain_event` decodes each), in batches of the size the rebuild folds
  (selecting in the reader's default sections of 10 is about a quarter slower);
- a rebuild of all four projections (drop, replay from the first event, in batches), plus
  computing the league table once at the end, as the first reader would.

It prints each run's ratio (per second of wall time, and of this process's CPU time, which a
shared machine moves less), their median and spread beside the goal (issue 13: a rebuild at
least half the raw rate, and not falling as the league grows). With `--before FOLDER` (a
checkout of earlier code) each run also has that code time the raw read and its own rebuild
of the same store, in a process of its own, right before this code's: the two ratios are
then taken in the same moments, each code with its own batch size (its default, unless
`--batch` is given). No figure here is asserted anywhere; compare the ratios,
not the absolute numbers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stores import add_postgres_option, on_each_store
from domain.match import Author, MatchRecord
from service.app import Touchline
from service.config import settings_for_url
from service.projections import projector_for
from service.projections.projector import DEFAULT_BATCH
from service.projections.standings import refresh
from tests.service.projections.pj_driver import finished_match, setup_for

AUTHOR = Author("bench", "2026-11-29T21:00:00+00:00", "bench")
LEAGUE = "Bench League"
COACHES = [f"Coach {n}" for n in range(10)]
SCORES = [(1, 0), (0, 1), (2, 1), (1, 1), (0, 2), (3, 0), (0, 0), (2, 2)]
SAVE_BATCH = 50
GOAL = 0.5


def generate(app: Touchline, matches: int, first: int = 0) -> int:
    """Record league matches `first` to `matches` (the league made with the first); return
    the number of events stored."""
    if first == 0:
        app.create_league(LEAGUE, "card-game", AUTHOR)
    # The engine replays the same few score lines; only the coaches change.
    scripts = {score: finished_match(*score, seed=i) for i, score in enumerate(SCORES)}
    pending: list[MatchRecord] = []
    for n in range(first, matches):
        home, away = COACHES[n % 10], COACHES[(n * 3 + 1 + n // 10) % 10]
        if home == away:
            away = COACHES[(n + 5) % 10]
        setup = setup_for(home, away)
        record = MatchRecord("card-game", setup, AUTHOR.by, AUTHOR.at, LEAGUE)
        for action in scripts[SCORES[n % len(SCORES)]]:
            record.record(action, AUTHOR)
        pending.append(record)
        if len(pending) == SAVE_BATCH:
            app.save(*pending)
            pending = []
    if pending:
        app.save(*pending)
    return int(app.recorder.max_notification_id() or 0)


class Rate:
    """Events per second of wall time, and per second of this process's CPU time: on a
    shared machine the second moves less (on SQLite it is all of the work; on PostgreSQL it
    leaves out the server's)."""

    def __init__(self, events: int) -> None:
        self.events = events
        self.wall = time.perf_counter()
        self.cpu = time.process_time()

    def stop(self) -> tuple[float, float]:
        wall = time.perf_counter() - self.wall
        cpu = time.process_time() - self.cpu
        return self.events / wall, self.events / cpu


def raw_read(app: Touchline, batch: int, events: int) -> tuple[float, float]:
    start = 1
    rate = Rate(events)
    while True:
        notes = app.recorder.select_notifications(start, batch)
        if not notes:
            break
        for note in notes:
            app.mapper.to_domain_event(note)
        start = notes[-1].id + 1
    return rate.stop()


def rebuild_rate(app: Touchline, batch: int, events: int) -> tuple[float, float]:
    projector = projector_for(app, batch)
    rate = Rate(events)
    projector.rebuild()
    # The league table is computed when first read after a change: count it in.
    with projector.db.transaction() as sql:
        refresh(sql)
    return rate.stop()


# Run by the earlier checkout's own code (its bench/rebuild.py has both functions).
BEFORE = """
import json, sys
sys.path.insert(0, ".")
from bench.rebuild import raw_read, rebuild_rate
from domain.registry import find_ruleset
from service.app import Touchline
from service.config import settings_for_url
find_ruleset("card-game")  # loaded before timing, as in the process that grew the league
app = Touchline(settings_for_url(sys.argv[1]))
events = int(sys.argv[3])
if sys.argv[2] == "default":
    from service.projections.projector import DEFAULT_BATCH as batch
else:
    batch = int(sys.argv[2])
print(json.dumps([raw_read(app, batch, events), rebuild_rate(app, batch, events)]))
app.close()
"""


def before_rates(
    folder: str, url: str, batch: int | None, events: int
) -> list[tuple[float, float]]:
    """The raw read and the rebuild, timed by the code in `folder` in a process of its own,
    in batches of `batch` notifications (None: that code's own default)."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            BEFORE,
            url,
            "default" if batch is None else str(batch),
            str(events),
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    return [(float(wall), float(cpu)) for wall, cpu in json.loads(done.stdout.splitlines()[-1])]


def bench_store(
    store: str,
    url: str,
    sizes: list[int],
    batch: int | None,
    runs: int,
    before: str | None = None,
) -> None:
    """Grow the league to each size and time both sides at each; `batch` None: each code's
    default batch."""
    app = Touchline(settings_for_url(url))
    ours = DEFAULT_BATCH if batch is None else batch
    made = 0
    for matches in sizes:
        began = time.perf_counter()
        events = generate(app, matches, made)
        made = matches
        generated = time.perf_counter() - began
        raws: list[tuple[float, float]] = []
        rebuilds: list[tuple[float, float]] = []
        earlier: list[float] = []  # the earlier code's ratios, wall then CPU, run by run
        for _ in range(runs):  # the two sides in turn, so that a busy moment weighs on both
            if before is not None:
                (raw_wall, raw_cpu), (re_wall, re_cpu) = before_rates(before, url, batch, events)
                earlier += [re_wall / raw_wall, re_cpu / raw_cpu]
            raws.append(raw_read(app, ours, events))
            rebuilds.append(rebuild_rate(app, ours, events))
        projector = projector_for(app, ours)
        with projector.db.transaction(commit=False) as sql:
            places = sql.value("SELECT COUNT(*) FROM league_standings")
            played = sql.value("SELECT SUM(played) FROM league_standings")
        print(f"\n{store}: a league of {matches} matches, {events} events "
              f"(grown in {generated:.1f} s, rules checked), batches of {ours}")  # fmt: skip
        for clock, side in (("wall", 0), ("CPU", 1)):
            raw = [r[side] for r in raws]
            rebuilt = [r[side] for r in rebuilds]
            ratios = [r / w for r, w in zip(rebuilt, raw, strict=True)]
            print(f"  per second of {clock} time:")
            print(f"    baseline: read + decode notifications  {_runs(raw)} events/s")
            print(f"    rebuild all four projections           {_runs(rebuilt)} events/s")
            print(f"    ratio rebuild / raw read               "
                  f"{' '.join(f'{r:6.2f}' for r in ratios)}")  # fmt: skip
            print(f"      median {statistics.median(ratios):.2f}, spread {min(ratios):.2f}-"
                  f"{max(ratios):.2f} over {runs} runs; goal >= {GOAL}x: "
                  f"{'met' if statistics.median(ratios) >= GOAL else 'not met'}")  # fmt: skip
            if earlier:
                print(f"    the code in {before}, each run just before: ratio "
                      f"{' '.join(f'{r:6.2f}' for r in earlier[side::2])}")  # fmt: skip
        print(f"  standings: {places} coaches, {played} coach-matches counted", flush=True)
    app.close()


def _runs(rates: list[float]) -> str:
    return " ".join(f"{r:6.0f}" for r in rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches",
        type=lambda text: sorted(int(n) for n in text.split(",")),
        default=[150, 1000, 3000],
        help="league sizes to measure, comma-separated; the league grows from one to the next",
    )
    parser.add_argument("--runs", type=int, default=3, help="runs of each side at each size")
    parser.add_argument(
        "--batch",
        type=int,
        help=f"per batch, both sides (default: each code's own, {DEFAULT_BATCH} here)",
    )
    parser.add_argument(
        "--before", help="a checkout of earlier code to time on the same stores, run by run"
    )
    parser.add_argument(
        "--stores",
        default="SQLite,PostgreSQL",
        help="which stores to measure, comma-separated (two processes may measure one each)",
    )
    add_postgres_option(parser)
    args = parser.parse_args()
    chosen = {name.strip().casefold() for name in args.stores.split(",")}

    def measure(store: str, url: str) -> None:
        if store.casefold() in chosen:
            bench_store(store, url, args.matches, args.batch, args.runs, args.before)

    on_each_store(args.postgres, measure)


if __name__ == "__main__":
    main()
