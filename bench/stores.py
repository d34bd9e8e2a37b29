"""What every bench script shares: the `--postgres` option and running once per store.

Each script measures the embedded SQLite file in a scratch folder and, when `--postgres` or
TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be created, the
same on PostgreSQL, printing each store's figures as soon as they are measured.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench.recording import scratch_postgres


def add_postgres_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--postgres",
        default=os.environ.get("TOUCHLINE_TEST_POSTGRES_URL"),
        help="admin URL of a PostgreSQL server for a scratch database",
    )


def on_each_store(postgres: str | None, measure_and_report: Callable[[str, str], None]) -> None:
    """Call `measure_and_report(store name, database URL)` for SQLite, then PostgreSQL."""
    with tempfile.TemporaryDirectory() as folder:
        measure_and_report("SQLite", f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
    if postgres:
        with scratch_postgres(postgres) as url:
            measure_and_report("PostgreSQL", url)
    else:
        print("\nPostgreSQL: skipped (give --postgres URL or set TOUCHLINE_TEST_POSTGRES_URL)")
