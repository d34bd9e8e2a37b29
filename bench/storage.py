"""How many bytes a store holds per byte of the match files it holds, per store and length.

    python bench/storage.py [--entries 100 1000 5000] [--postgres URL]

For each length, a fresh store (an SQLite file; a scratch PostgreSQL database when --postgres
or TOUCHLINE_TEST_POSTGRES_URL names a server) records one card-game match entry by entry
through the service, with its read models caught up, and the bytes the store grew by are
divided by the bytes of that match's file (`touchline match export`). Issue 13's goal: at most
4 at every length, on both stores. The store first holds a short match of its own, so that
every table and index has its first pages: the figure is what one more match costs, not the
fixed cost of a store's first rows.

SQLite's figure is its file's size once closed (the write-ahead log folded in); PostgreSQL's is
the total size of the store's tables, their indexes and TOAST included.
"""

from __future__ import annotations

import argparse
import sys
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


def measure(url: str, actions: list[dict[str, Any]]) -> dict[str, float]:
    settings = settings_for_url(url)
    app = Touchline(settings)
    first = app.create_match("card-game", SETUP, AUTHOR).id
    for action in actions[:WARM_UP]:
        app.record(first, action, AUTHOR)
    app._projector().catch_up()
    app.close()
    before = store_bytes(url)
    app = Touchline(settings)
    match_id = app.create_match("card-game", SETUP, AUTHOR).id
    for action in actions:
        app.record(match_id, action, AUTHOR)
    app._projector().catch_up()
    file_bytes = len(dumps(app.load_record(match_id), AUTHOR.at).encode())
    snapshots = list(app.snapshots.get(app.resolve(match_id))) if app.snapshots else []
    app.close()
    after = store_bytes(url)
    return {
        "entries": len(actions),
        "file": file_bytes,
        "store": after - before,
        "snapshots": len(snapshots),
    }


def report(store: str, r: dict[str, float]) -> None:
    ratio = r["store"] / r["file"]
    verdict = "met" if ratio <= GOAL else "NOT met"
    print(
        f"  {store:<10} {int(r['entries']):>6} entries   file {r['file'] / 1e3:9.1f} kB   "
        f"store +{r['store'] / 1e3:10.1f} kB   {ratio:6.2f}x  <= {GOAL}x {verdict}"
        f"   ({int(r['snapshots'])} snapshot(s) kept)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[100, 1000, 5000])
    add_postgres_option(parser)
    args = parser.parse_args()
    longest = long_match(max(args.entries))
    print("store bytes per match-file byte (issue 13: <= 4 at any length)")
    for entries in args.entries:
        actions = longest[:entries]
        on_each_store(
            args.postgres,
            lambda store, url, actions=actions: report(store, measure(url, actions)),
        )


if __name__ == "__main__":
    main()
