"""How fast entries are recorded and matches loaded, against bare eventsourcing, per store.

    python bench/recording.py [--entries 600] [--postgres URL]

For each store (the embedded SQLite file; PostgreSQL when --postgres or
TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be created), it
records one long card-game match entry by entry through the service (load, check, apply, save,
as at the table), then saves the same event payloads through a bare eventsourcing aggregate
with the same load-and-save pattern and no rules. It then times loading the finished match.
All figures come from the same run, so the ratios compare like with like.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from domain.log import to_data
from domain.match import Author
from domain.registry import find_ruleset
from service.app import Touchline
from service.config import settings_for_url

SETUP = {"home": {"team": "Nankatsu", "coach": "Alice"}, "away": {"team": "Toho", "coach": "Bob"}}
AUTHOR = Author("bench", "2026-11-29T21:00:00+00:00", "bench")


class Bare(Aggregate):
    """The same events with no rules: what eventsourcing costs on its own."""

    @event("Created")
    def __init__(self) -> None:
        self.count = 0

    @event("EntryRecorded")
    def record(self, payload: dict[str, Any]) -> None:
        self.count += 1


class BareApp(Application[uuid.UUID]):
    name = "bare"


def long_match(entries: int, seed: int = 7) -> list[dict[str, Any]]:
    """A legal card-game log of `entries` entries, from the engine's own "what comes next".

    The attacker wins every Pass, so the match stays in injury time for as long as needed.
    """
    rules = find_ruleset("card-game")
    state = rules.initial_state(rules.make_setup(SETUP))
    chooser = random.Random(seed)
    actions: list[dict[str, Any]] = []
    while len(actions) < entries:
        options: dict[str, Any] = {}
        for expected in rules.expected(state):
            options.setdefault(expected.kind, expected)
        action = _choose(options, state, chooser, len(actions))
        parsed = rules.action_from_dict(action)
        assert not rules.check(state, parsed), (action, rules.check(state, parsed))
        state = rules.apply(state, parsed).state
        actions.append(action)
    return actions


def _choose(options: dict[str, Any], state: Any, chooser: random.Random, n: int) -> dict[str, Any]:
    for kind in ("toss", "kickoff", "et-kickoff", "draft", "declare", "roll", "resolve"):
        if kind in options:
            expected = options[kind]
            action = {"kind": kind, **expected.fixed}
            for name, values in expected.choices.items():
                action.setdefault(name, chooser.choice(list(values)))
            if kind == "declare":
                action["action"] = "pass"
            if kind == "roll":
                action["value"] = 6 if action["coach"] == state.attacker else 1
            return action
    if "play" in options and chooser.random() < 0.6:
        side = options["play"].fixed["coach"]
        attacking = side == state.attacker
        return {
            "kind": "play",
            "coach": side,
            "card": f"{side} player {n}",
            "shot": chooser.randint(0, 3),
            "pass": chooser.randint(2, 3) if attacking else 0,
            "defense": 0 if attacking else chooser.randint(0, 1),
        }
    if "pass" in options:
        return {"kind": "pass", **options["pass"].fixed}
    if "spend" in options:
        return {"kind": "spend", **options["spend"].fixed, "points": 0}
    raise RuntimeError(f"the driver has no move among {sorted(options)}")


def timed(function: Callable[[], Any]) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def bench_store(url: str, actions: list[dict[str, Any]], loads: int) -> dict[str, float]:
    settings = settings_for_url(url)
    app = Touchline(settings)
    match_id = app.create_match("card-game", SETUP, AUTHOR).id
    record_s = timed(lambda: [app.record(match_id, a, AUTHOR) for a in actions])
    payloads = [to_data(line) for line in app.load_record(match_id).log]

    env = {k: v for k, v in settings.env.items() if k != "IS_SNAPSHOTTING_ENABLED"}
    bare = BareApp(env=env)
    bare_agg = Bare()
    bare.save(bare_agg)

    def bare_record() -> None:
        for payload in payloads:
            aggregate = bare.repository.get(bare_agg.id)
            aggregate.record(payload)
            bare.save(aggregate)

    bare_s = timed(bare_record)
    service_load = statistics.median(timed(lambda: app.get_match(match_id)) for _ in range(loads))
    service_load_no_snapshot = statistics.median(
        timed(lambda: _load_from_events(app, match_id)) for _ in range(loads)
    )
    bare_load = statistics.median(
        timed(lambda: bare.repository.get(bare_agg.id)) for _ in range(loads)
    )
    app.close()
    bare.close()
    return {
        "entries": len(actions),
        "service_per_s": len(actions) / record_s,
        "bare_per_s": len(payloads) / bare_s,
        "service_load_ms": service_load * 1000,
        "service_load_events_only_ms": service_load_no_snapshot * 1000,
        "bare_load_ms": bare_load * 1000,
    }


def _load_from_events(app: Touchline, match_id: str) -> Any:
    """Load without the snapshot: every stored event replayed, then the game folded."""
    events = app.events.get(uuid.UUID(match_id))
    aggregate = None
    for stored in events:
        aggregate = stored.mutate(aggregate)
    assert aggregate is not None
    return aggregate.game


@contextmanager
def scratch_postgres(admin_url: str) -> Iterator[str]:
    import psycopg

    name = f"touchline_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlsplit(admin_url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def report(store: str, r: dict[str, float]) -> None:
    print(f"\n{store}: a {int(r['entries'])}-entry match")
    print(f"  recorded through the service   {r['service_per_s']:8.1f} entries/s")
    print(f"  bare eventsourcing save        {r['bare_per_s']:8.1f} events/s")
    print(f"  ratio service / bare           {r['service_per_s'] / r['bare_per_s']:8.2f}")
    print(f"  load (snapshot + fold + view)  {r['service_load_ms']:8.1f} ms")
    print(f"  load from events, no snapshot  {r['service_load_events_only_ms']:8.1f} ms")
    print(f"  bare load of the same events   {r['bare_load_ms']:8.1f} ms")
    print(f"  ratio load / bare load         {r['service_load_ms'] / r['bare_load_ms']:8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=600)
    parser.add_argument("--loads", type=int, default=15, help="loads to time (median)")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("TOUCHLINE_TEST_POSTGRES_URL"),
        help="admin URL of a PostgreSQL server for a scratch database",
    )
    args = parser.parse_args()
    actions = long_match(args.entries)
    with tempfile.TemporaryDirectory() as folder:
        report("SQLite", bench_store(f"sqlite:///{folder}/bench.sqlite3", actions, args.loads))
    if args.postgres:
        with scratch_postgres(args.postgres) as url:
            report("PostgreSQL", bench_store(url, actions, args.loads))
    else:
        print("\nPostgreSQL: skipped (give --postgres URL or set TOUCHLINE_TEST_POSTGRES_URL)")


if __name__ == "__main__":
    main()
