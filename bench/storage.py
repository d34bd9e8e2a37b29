"""How many bytes a store holds per byte of the match files it holds, per store and length.

    python bench/storage.py [--entries 100 1000 5000] [--entries-per-store 2000] [--postgres URL]

For each length, a fresh store (an SQLite file; a scratch PostgreSQL database when --postgres
or TOUCHLINE_TEST_POSTGRES_URL names a server) records card-game matches of that length entry
by entry through the service, with the read models caught up after each, and the bytes the
store grew by are divided by the bytes of those matches' files (`touchline match export`).
Issue 13's goal: at most 4 at every length, on both stores. The store first holds a short match
of its own, so that every table and index has its first pages: the figure is what more matches
cost, not the fixed cost of a store's first rows.

Two figures per length. "one match" is what the first match of that length adds. A store grows
by whole pages (8 kB on PostgreSQL, 4 kB on SQLite, per table and index), so a short match
mostly pays for the pages its rows open and the next matches fill: the figure the goal is
judged on is "per match", over as many matches of the length as make `--entries-per-store`
entries in all (ten of 100 entries; one of 5,000), as a club's store holds many.

SQLite's figure is its file's size once closed (the write-ahead log folded in); PostgreSQL's is
the total size of the store's tables, their indexes and TOAST included.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.recording import AUTHOR, SETUP, long_match
from bench.stores import add_postgres_option, on_each_store
from schemas.matchfile import dumps
from service.app import Touchline
from service.config import settings_for_url

GOAL = 4.0
WARM_UP = 20  # entries of the match already in the store


def store_bytes(url: str) -> int:
    if url.startswith("sqlite:///"):
        return Path(url.removeprefix("sqlite://")).stat().st_size
    import psycopg

    with psycopg.connect(url) as connection:
        row = connection.execute(
            "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')"
        ).fetchone()
    assert row is not None
    return int(row[0])


@dataclass(frozen=True)
class Growth:
    entries: int
    matches: int
    first_file: int  # bytes of the first match's file
    first_store: int  # bytes the store grew by with the first match
    files: int  # bytes of every match's file
    store: int  # bytes the store grew by with every match
    snapshots: int  # snapshots kept of the last match


def _record_match(app: Touchline, actions: list[dict[str, Any]]) -> tuple[int, int]:
    """Record one match; its file's bytes and the number of snapshots kept of it."""
    match_id = app.create_match("card-game", SETUP, AUTHOR).id
    for action in actions:
        app.record(match_id, action, AUTHOR)
    app._projector().catch_up()
    file_bytes = len(dumps(app.load_record(match_id), AUTHOR.at).encode())
    snapshots = list(app.snapshots.get(app.resolve(match_id))) if app.snapshots else []
    return file_bytes, len(snapshots)


def measure(url: str, actions: list[dict[str, Any]], matches: int) -> Growth:
    settings = settings_for_url(url)
    app = Touchline(settings)
    first = app.create_match("card-game", SETUP, AUTHOR).id
    for action in actions[:WARM_UP]:
        app.record(first, action, AUTHOR)
    app._projector().catch_up()
    app.close()
    before = store_bytes(url)
    app = Touchline(settings)
    first_file, snapshots = _record_match(app, actions)
    app.close()
    after_first = store_bytes(url)
    app = Touchline(settings)
    files = first_file
    for _ in range(matches - 1):
        file_bytes, snapshots = _record_match(app, actions)
        files += file_bytes
    app.close()
    return Growth(
        entries=len(actions),
        matches=matches,
        first_file=first_file,
        first_store=after_first - before,
        files=files,
        store=store_bytes(url) - before,
        snapshots=snapshots,
    )


def report(store: str, growth: Growth) -> None:
    one = growth.first_store / growth.first_file
    ratio = growth.store / growth.files
    verdict = "met" if ratio <= GOAL else "NOT met"
    print(
        f"  {store:<10} {growth.entries:>6} entries   one match: file "
        f"{growth.first_file / 1e3:7.1f} kB, store +{growth.first_store / 1e3:8.1f} kB, "
        f"{one:5.2f}x   per match over {growth.matches:>2}: {ratio:5.2f}x  <= {GOAL}x "
        f"{verdict}   ({growth.snapshots} snapshot(s) kept per match)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument(
        "--entries-per-store",
        type=int,
        default=2000,
        help="record matches of each length until they hold this many entries in all",
    )
    add_postgres_option(parser)
    args = parser.parse_args()
    longest = long_match(max(args.entries))
    print("store bytes per match-file byte (issue 13: <= 4 at any length)")
    for entries in args.entries:
        actions = longest[:entries]
        matches = max(1, args.entries_per_store // entries)
        on_each_store(
            args.postgres,
            lambda store, url, actions=actions, matches=matches: report(
                store, measure(url, actions, matches)
            ),
        )


if __name__ == "__main__":
    main()
