"""What a phone downloads of the app's own scripts and styles, and what compressing them costs.

    python bench/static.py [--repeat 200] [--rounds 5]

Through Flask's test client (the app's own cost, without a server or a network), with the
`Accept-Encoding` Chromium sends (`gzip, deflate, br, zstd`):

- bytes: the static files the match page and the replay name, as sent, beside the plain files
  (the baseline: what went before static files were compressed). Goal: at most half.
- requests on a second view: how many of those files the browser must ask about again; the
  baseline is every one (each answered `no-cache`). Goal: none (each `immutable`).
- time: one static answer, compressed as sent, beside the same file asked for plain (no
  Accept-Encoding) in the same run, taking turns; `--rounds` medians of `--repeat` answers
  each, with their spread. Goal: a compressed answer costs under a millisecond more.

No figure here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask.testing import FlaskClient

from tests.opening import OPENING, SETUP, record_text
from web import create_app
from web.static_files import FOREVER

SECRET = "bench-secret-key-of-32-characters-long"
CHROMIUM = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def static_addresses(client: FlaskClient, page: str) -> list[str]:
    html = client.get(page).get_data(as_text=True)
    return sorted(set(re.findall(r'(?:href|src)="(/static/[^"]+)"', html)))


def median_seconds(client: FlaskClient, address: str, headers: dict[str, str], n: int) -> float:
    runs = []
    for _ in range(n):
        started = time.perf_counter()
        client.get(address, headers=headers).get_data()
        runs.append(time.perf_counter() - started)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    from domain.match import Author

    folder = tempfile.mkdtemp()
    app = create_app({"DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3", "SECRET_KEY": SECRET})
    service = app.extensions["touchline"]
    author = Author("bench", "2026-12-01T00:00:00+00:00")
    match_id = service.create_match("card-game", SETUP, author).id
    for line in OPENING:
        record_text(service, match_id, line, author)
    client = app.test_client()
    addresses = sorted(
        set(static_addresses(client, f"/matches/{match_id}"))
        | set(static_addresses(client, f"/matches/{match_id}/replay"))
    )

    print("static files named by the match page and the replay, first view:")
    sent_total = plain_total = asked_again = 0
    for address in addresses:
        answer = client.get(address, headers=CHROMIUM)
        plain = client.get(address.split("?")[0])
        sent, size = len(answer.get_data()), len(plain.get_data())
        sent_total, plain_total = sent_total + sent, plain_total + size
        encoding = answer.headers.get("Content-Encoding", "none")
        asked_again += answer.headers.get("Cache-Control") != FOREVER
        name = address.split("?")[0]
        print(f"  {name:<24} {sent:>7,} B sent ({encoding:<4})  plain {size:>7,} B")
    print(
        f"  total: {sent_total:,} B sent, baseline (plain) {plain_total:,} B: "
        f"{sent_total / plain_total:.2f} of it (goal: at most 0.50)"
    )
    print(
        f"second view: {asked_again} of {len(addresses)} files asked about again "
        f"(baseline: {len(addresses)}, each no-cache; goal: 0)"
    )

    script = next(a for a in addresses if a.split("?")[0].endswith("live.js"))
    extra: list[float] = []
    for _ in range(options.rounds):
        plain = median_seconds(client, script, {}, options.repeat)
        packed = median_seconds(client, script, CHROMIUM, options.repeat)
        extra.append((packed - plain) * 1000)
        print(
            f"  round: {script.split('?')[0]} compressed {packed * 1000:.3f} ms, "
            f"plain {plain * 1000:.3f} ms (baseline)"
        )
    print(
        f"compressing one answer costs {statistics.median(extra):.3f} ms more (median of "
        f"{options.rounds} rounds of {options.repeat}; spread {min(extra):.3f} to "
        f"{max(extra):.3f} ms; goal: under 1 ms)"
    )


if __name__ == "__main__":
    main()
