"""How fast a replay steps through a long match, against loading it once, per store.

    python bench/replay.py [--entries 1000] [--rounds 3] [--without-one-per-request]
                           [--postgres URL] [--before FOLDER] [--browser]

Issue 13's goal: stepping through every step of a 1,000-entry match costs at most twice the
time to load the match once. For each store (the embedded SQLite file; PostgreSQL when
--postgres or TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be
created) it records one long card-game match through the service, then, in the same run:

- the baseline: loading the match once (`Touchline.get_match`, its situation folded) in a
  process that has never seen it (a fresh application on the same store), median of 5;
- every step, forward and then back, of one walk (`Touchline.replayed(...).view_at`, what `match
  replay --step` does), starting in a fresh application, so the first load is counted too;
- the same through `Touchline.replay` step by step (what the web frames and the steps API
  call), which also asks the store for the match's version at each step;
- the same walk through the web replay frames (GET /matches/<id>/replay/frame?at=N) and the
  steps API one step per request (GET /api/matches/<id>/steps/N) with Flask's test client,
  which add templates and JSON per step to the service's work;
- the steps API in runs (GET /api/matches/<id>/steps?from=N&to=M, 200 steps a request), the
  same steps told as changes (GET /api/matches/<id>/step-changes?from=N&to=M), and the web
  frames in runs as the replay page's script fetches them (GET
  /matches/<id>/replay/frames?from=N&to=M, 32 frames a request), each walk in a fresh web app,
  so its first load is counted too, and the frames once more in the same app (a second
  reader, the match and its drawn situations kept). The fresh app first answers the same
  request for another, short match: compiling the templates and the first request's set-up
  are the process's cost, paid once, not the match's. A walk the code measured does not
  have (404) is left out.

Each walk is timed between two loads of the baseline, and printed beside the goal as a
multiple of their mean: on a machine shared with other work, a moment of load then weighs on
both sides of the ratio, not on one. Every walk is done `--rounds` times (3), and the median
of its ratios printed, in wall time and in this process's CPU time (which other work on the
machine disturbs less; on PostgreSQL it leaves out the server's, on both sides), and the
least CPU time of the walk over the least of its loads' (`least`), the figure a saturated
machine disturbs least, with both CPU times beside it (a change that also makes the load
cheaper shows there, not in the ratio); and beside them the garbage collector's part of each
walk (`gc.callbacks`): the CPU time of its collections and how many of each generation (0, 1
and 2, the last a sweep of everything not frozen), medians over the rounds.
`--without-one-per-request` leaves out the walks one step a request through the web (the
frames and the steps API), which take minutes on a long match; `--only walk,runs,changes`
walks only those (by the names `walk`, `service`, `frames`, `api`, `runs`, `changes` and
`frame-runs`, the last with its second reader), for a quicker measurement of a few.
`--browser` also times, in headless Chromium, the page's script showing each step from the
runs it fetched, this checkout's and FOLDER's (bench/replay_browser.py), beside a load.
With `--before FOLDER` (a checkout of an earlier revision, e.g. made with `git worktree add`)
every round is walked twice, each time in a process of its own: once by this checkout's code
and once by FOLDER's, on the same stored match, taking turns which goes first, and both are
printed, each walk beside the loads its own process timed (this checkout records the match).
A process freezes what it started with out of the collector's full sweeps, as `touchline`
commands and the web app do (service/frozen_heap.py), when the checkout walked does so.
Nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
# A round walked for another checkout (`--round-of`) imports that checkout's code.
CODE = Path(sys.argv[sys.argv.index("--round-of") + 1]) if "--round-of" in sys.argv else HERE
sys.path.insert(0, str(CODE))


import service.app  # noqa: E402
from service.app import Touchline  # noqa: E402
from service.config import settings_for_url  # noqa: E402
from web import create_app  # noqa: E402

# The code walked is the checkout's named, not another one installed beside it.
assert Path(service.app.__file__).resolve().is_relative_to(CODE.resolve()), service.app.__file__

GOAL = 2.0
# Steps a request asks for: the most one run of the API, and of the web frames, holds.
RUN = 200
FRAMES = 32
# The short match a fresh web app answers first, before the walk is timed.
WARM_ENTRIES = 40


# (wall seconds, this process's CPU seconds, and for a walk the collector's: its CPU seconds
# and its collections of generations 0, 1 and 2)
Timing = tuple[float, ...]


class Collector:
    """The garbage collector's collections while it is watching, by generation, and the CPU
    time they took (`gc.callbacks`)."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.cpu = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.counts[info["generation"]] += 1
            self.cpu += time.process_time() - self._started


def timed(function: Callable[..., Any], *arguments: Any) -> Timing:
    collector = Collector()
    gc.callbacks.append(collector)
    start, cpu = time.perf_counter(), time.process_time()
    try:
        function(*arguments)
    finally:
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        gc.callbacks.remove(collector)
    return (wall, cpu, collector.cpu, *map(float, collector.counts))


def walk_with(walker: Any, steps: range) -> None:
    for step in steps:
        walker.view_at(step)


def step_by_step(app: Touchline, match_id: str, steps: range) -> None:
    for step in steps:
        app.replay(match_id, step)


def started_as_a_command() -> None:
    """What a command does once it has opened the application, in a checkout that does it:
    freeze what the process holds out of the collector's sweeps (service/frozen_heap.py; the
    web app's factory does it too, so the walks through Flask get it either way)."""
    try:
        from service.frozen_heap import freeze_what_started
    except ImportError:
        return
    freeze_what_started()


@dataclass
class Figures:
    entries: int
    # Each walk, per round: its timing, and the mean of the two loads beside it.
    walks: dict[str, list[tuple[Timing, Timing]]] = field(default_factory=dict)
    loads: list[float] = field(default_factory=list)


def record_matches(url: str, actions: list[dict[str, Any]]) -> tuple[str, str, int]:
    """The long match and a short one to warm a fresh web app with; and the long one's steps."""
    from bench.recording import AUTHOR, SETUP

    writer = Touchline(settings_for_url(url))
    match_id = writer.create_match("card-game", SETUP, AUTHOR).id
    for action in actions:
        writer.record(match_id, action, AUTHOR)
    warm_id = writer.create_match("card-game", SETUP, AUTHOR).id
    for action in actions[:WARM_ENTRIES]:
        writer.record(warm_id, action, AUTHOR)
    total = writer.replay(match_id).total
    writer.close()
    return str(match_id), str(warm_id), total


def bench_store(
    url: str,
    entries: int,
    ids: tuple[str, str, int],
    one_per_request: bool = True,
    rounds: int = 1,
    only: frozenset[str] | None = None,
) -> Figures:
    """`rounds` rounds of every walk of the recorded match, in this process."""
    settings = settings_for_url(url)
    match_id, warm_id, total = ids

    def fresh() -> Touchline:
        app = Touchline(settings)
        started_as_a_command()
        return app

    figures = Figures(entries)

    def load_once() -> Timing:
        app = fresh()
        took = timed(app.get_match, match_id)
        app.close()
        figures.loads.append(took[0])
        return took

    for _ in range(3):
        load_once()
    walks = {"forward": range(total + 1), "back": range(total, -1, -1)}

    def beside_load(key: str, function: Callable[..., Any], *arguments: Any) -> None:
        """Time a walk between two loads; its baseline is their mean."""
        before = load_once()
        walk = timed(function, *arguments)
        after = load_once()
        load = ((before[0] + after[0]) / 2, (before[1] + after[1]) / 2)
        figures.walks.setdefault(key, []).append((walk, load))

    for _ in range(rounds):
        walk_all(url, match_id, warm_id, total, walks, beside_load, one_per_request, only)
    return figures


def rounds_in_turn(
    url: str,
    entries: int,
    ids: tuple[str, str, int],
    one_per_request: bool,
    rounds: int,
    codes: dict[str, Path],
    only: frozenset[str] | None = None,
) -> dict[str, Figures]:
    """Each round walked once by each checkout's code, each in a fresh process, taking turns
    which goes first; the figures of each checkout."""
    figures = {side: Figures(entries) for side in codes}
    sides = list(codes)
    for number in range(rounds):
        for side in sides if number % 2 == 0 else reversed(sides):
            command = [sys.executable, str(Path(__file__).resolve())]
            command += ["--round-of", str(codes[side]), "--url", url]
            command += ["--ids", ",".join(map(str, ids)), "--entries", str(entries)]
            if not one_per_request:
                command.append("--without-one-per-request")
            if only is not None:
                command += ["--only", ",".join(sorted(only))]
            env = {**os.environ, "PYTHONPATH": str(codes[side])}
            done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise SystemExit(f"{side}: the round failed\n{done.stderr[-3000:]}")
            walked = json.loads(done.stdout.splitlines()[-1])
            kept = figures[side]
            kept.loads.extend(walked["loads"])
            for key, timings in walked["walks"].items():
                kept.walks.setdefault(key, []).extend(
                    (tuple(walk), tuple(load)) for walk, load in timings
                )
    return figures


def walk_all(
    url: str,
    match_id: str,
    warm_id: str,
    total: int,
    walks: dict[str, range],
    beside_load: Callable[..., None],
    one_per_request: bool,
    only: frozenset[str] | None = None,
) -> None:
    """One round: every walk (those named in `only`, when given), each beside its two loads."""

    def chosen(name: str) -> bool:
        return only is None or name in only

    def fresh() -> Touchline:
        return Touchline(settings_for_url(url))

    def one_walk(app: Touchline, steps: range) -> None:
        walk_with(app.replayed(match_id), steps)

    for way, steps in walks.items():
        if chosen("walk"):
            app = fresh()
            beside_load(f"walk {way}", one_walk, app, steps)
            app.close()
        if chosen("service"):
            app = fresh()
            beside_load(f"service {way}", step_by_step, app, match_id, steps)
            app.close()

    flask = create_app({"DATABASE_URL": url, "SECRET_KEY": "b" * 64, "TESTING": True})
    client = flask.test_client()

    def get_all(path: str, steps: range) -> None:
        for step in steps:
            answer = client.get(path.format(step=step))
            assert answer.status_code == 200, answer.status_code

    for way, steps in walks.items() if one_per_request else ():
        if chosen("frames"):
            frame = f"/matches/{match_id}/replay/frame?at={{step}}"
            beside_load(f"frames {way}", get_all, frame, steps)
        if chosen("api"):
            api = f"/api/matches/{match_id}/steps/{{step}}"
            beside_load(f"api {way}", get_all, api, steps)
    flask.extensions["touchline"].close()

    runs = {
        "runs": ("/api/matches/{match}/steps?from={first}&to={last}", RUN),
        "changes": ("/api/matches/{match}/step-changes?from={first}&to={last}", RUN),
        "frame runs": ("/matches/{match}/replay/frames?from={first}&to={last}", FRAMES),
        # As the page's script asks when it holds the game's twin of its situation template
        # (web/situation_scripts.py): each step's situation as data, drawn in the browser. A
        # checkout without twins answers it with the drawn frames.
        "script runs": (
            "/matches/{match}/replay/frames?situations=data&from={first}&to={last}",
            FRAMES,
        ),
    }
    for key, (path, size) in runs.items():
        if not chosen(key.replace(" ", "-")):
            continue
        for way in walks:
            flask = create_app({"DATABASE_URL": url, "SECRET_KEY": "b" * 64, "TESTING": True})
            client = flask.test_client()
            warm = client.get(
                path.format(match=str(warm_id), first=0, last=min(size, WARM_ENTRIES) - 1)
            )
            if warm.status_code == 404:
                flask.extensions["touchline"].close()
                break
            assert warm.status_code == 200, warm.get_data(as_text=True)[:300]
            walked = path.replace("{match}", str(match_id))
            backwards = way == "back"
            beside_load(f"{key} {way}", walk_in_runs, client, walked, size, total, backwards)
            if key in ("frame runs", "script runs"):
                # Another reader walking the same way, the match and its drawings kept.
                again = "again" if key == "frame runs" else "script again"
                beside_load(f"{again} {way}", walk_in_runs, client, walked, size, total, backwards)
            flask.extensions["touchline"].close()


def walk_in_runs(client: Any, path: str, size: int, total: int, backwards: bool) -> None:
    """Every step, `size` a request, forward from the kick-off or back from the end, as the
    replay page's script asks for them (back from a step: the run of steps before it)."""
    if backwards:
        bounds = [(max(0, last - size + 1), last) for last in range(total, -1, -size)]
    else:
        bounds = [(first, min(first + size - 1, total)) for first in range(0, total + 1, size)]
    for first, last in bounds:
        answer = client.get(path.format(first=first, last=last))
        assert answer.status_code == 200, answer.status_code


# The walks `--only` names.
WALKS = ("walk", "service", "frames", "api", "runs", "changes", "frame-runs", "script-runs")

PATHS = (
    ("one walk (match replay --step)", "walk"),
    ("Touchline.replay, step by step", "service"),
    ("the web frames, one a request", "frames"),
    ("the web frames, runs of 32", "frame runs"),
    ("  the same, a second reader", "again"),
    ("the frames as the script asks, runs of 32", "script runs"),
    ("  the same, a second reader", "script again"),
    ("the steps API, step by step", "api"),
    ("the steps API, runs of 200", "runs"),
    ("the steps API's changes, runs of 200", "changes"),
)


def report(store: str, figures: Figures) -> None:
    loads = figures.loads
    rounds = max(len(kept) for kept in figures.walks.values())
    print(f"\n{store}: a {figures.entries}-entry match, medians of {rounds} round(s)")
    print(
        f"  baseline: load once, fresh process {statistics.median(loads) * 1000:9.1f} ms median "
        f"({min(loads) * 1000:.0f}–{max(loads) * 1000:.0f} ms over the run)"
    )
    print(
        f"  {'every step through':37}{'way':>8}{'time':>9}{'load':>8}{'× load':>8}"
        f"{'CPU ×':>8}{'least':>8}{'(CPU ms':>9}{'of load)':>10}{'gc ms':>8}{'gc 0/1/2':>12}"
        f"   goal ≤ {GOAL:.0f}× (wall; CPU)"
    )
    for name, key in PATHS:
        for way in ("forward", "back"):
            kept = figures.walks.get(f"{key} {way}")
            if not kept:
                continue
            took = statistics.median(walk[0] for walk, _ in kept)
            load = statistics.median(base[0] for _, base in kept)
            wall = statistics.median(walk[0] / base[0] for walk, base in kept)
            cpu = statistics.median(walk[1] / base[1] for walk, base in kept)
            # The least CPU time of the walk over the least of its loads: what the machine's
            # other work disturbs least.
            least_walk = min(walk[1] for walk, _ in kept)
            least_load = min(base[1] for _, base in kept)
            least = least_walk / least_load
            # The collector's CPU time during the walk and its collections by generation,
            # medians over the rounds.
            collected = statistics.median(walk[2] for walk, _ in kept) * 1000
            counts = "/".join(
                f"{statistics.median(walk[3 + generation] for walk, _ in kept):.0f}"
                for generation in range(3)
            )
            verdict = "; ".join("met" if ratio <= GOAL else "NOT met" for ratio in (wall, cpu))
            print(
                f"  {name:37}{way:>8}{took * 1000:6.0f} ms{load * 1000:5.0f} ms{wall:7.1f}×"
                f"{cpu:7.1f}×{least:7.1f}×{least_walk * 1000:7.0f} ms{least_load * 1000:7.0f} ms"
                f"{collected:5.0f} ms{counts:>12}   {verdict}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--without-one-per-request", action="store_true")
    parser.add_argument("--rounds", type=int, default=3, help="walk everything this many times")
    parser.add_argument("--before", metavar="FOLDER", help="an earlier checkout to walk too")
    parser.add_argument("--only", metavar="WALKS", help="walk only these, e.g. walk,runs,changes")
    parser.add_argument(
        "--browser", action="store_true", help="also time the browser showing every step"
    )
    # One round in a process of its own, for `--before`: the code's root, the store, the ids.
    parser.add_argument("--round-of", help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--ids", help=argparse.SUPPRESS)
    if "--round-of" not in sys.argv:
        from bench.stores import add_postgres_option

        add_postgres_option(parser)
    args = parser.parse_args()
    every = not args.without_one_per_request
    only = None if args.only is None else frozenset(args.only.split(","))
    unknown = sorted((only or frozenset()) - set(WALKS))
    if unknown:
        parser.error(f"--only: no walk named {', '.join(unknown)} (walks: {', '.join(WALKS)})")
    if args.round_of:
        match_id, warm_id, total = args.ids.split(",")
        ids = (match_id, warm_id, int(total))
        walked = bench_store(args.url, args.entries, ids, every, 1, only)
        print(json.dumps({"loads": walked.loads, "walks": walked.walks}))
        return

    from bench.recording import long_match
    from bench.stores import on_each_store

    actions = long_match(args.entries)

    def measure_and_report(store: str, url: str) -> None:
        ids = record_matches(url, actions)
        if args.browser:
            from bench.replay_browser import browser_walks

            print(f"\n{store}: a {len(actions)}-entry match")
            before = Path(args.before).resolve() if args.before else None
            browser_walks(url, ids[0], ids[2], args.rounds, before)
        if not args.before:
            report(store, bench_store(url, len(actions), ids, every, args.rounds, only))
            return
        codes = {"this checkout": HERE, "before": Path(args.before).resolve()}
        sides = rounds_in_turn(url, len(actions), ids, every, args.rounds, codes, only)
        for side, figures in sides.items():
            report(f"{store}, {side} ({codes[side]})", figures)

    on_each_store(args.postgres, measure_and_report)


if __name__ == "__main__":
    main()
