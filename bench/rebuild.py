"""How fast the read side rebuilds, against reading and decoding the same notifications.

    python bench/rebuild.py [--matches 1000] [--postgres URL]

For each store (the embedded SQLite file; PostgreSQL when --postgres or
TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be created) it
generates a card-game league of finished matches between ten coaches (each match recorded
through the match aggregate, so every entry is checked by the rules, and saved in batches),
then times, in the same run:

- the raw rate: every notification selected in batches and decoded into a domain event;
- a rebuild of all four projections (drop, replay from the first event, in batches), plus
  computing the league table once at the end, as the first reader would.

No figure here is asserted anywhere; compare the ratio, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stores import add_postgres_option, on_each_store
from domain.match import Author, MatchRecord
from service.app import Touchline
from service.config import settings_for_url
from service.projections import projector_for
from service.projections.standings import refresh
from tests.service.projections.pj_driver import finished_match, setup_for

AUTHOR = Author("bench", "2026-11-29T21:00:00+00:00", "bench")
LEAGUE = "Bench League"
COACHES = [f"Coach {n}" for n in range(10)]
SCORES = [(1, 0), (0, 1), (2, 1), (1, 1), (0, 2), (3, 0), (0, 0), (2, 2)]
SAVE_BATCH = 50


def generate(app: Touchline, matches: int) -> int:
    """Record `matches` finished league matches; return the number of events stored."""
    app.create_league(LEAGUE, "card-game", AUTHOR)
    # The engine replays the same few score lines; only the coaches change.
    scripts = {score: finished_match(*score, seed=i) for i, score in enumerate(SCORES)}
    pending: list[MatchRecord] = []
    for n in range(matches):
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


def raw_read(app: Touchline, batch: int) -> float:
    start, count = 1, 0
    began = time.perf_counter()
    while True:
        notes = app.recorder.select_notifications(start, batch)
        if not notes:
            break
        for note in notes:
            app.mapper.to_domain_event(note)
        count += len(notes)
        start = notes[-1].id + 1
    return count / (time.perf_counter() - began)


def bench_store(url: str, matches: int, batch: int) -> dict[str, Any]:
    app = Touchline(settings_for_url(url))
    began = time.perf_counter()
    events = generate(app, matches)
    generated = time.perf_counter() - began
    raw = raw_read(app, batch)
    projector = projector_for(app, batch)
    began = time.perf_counter()
    projector.rebuild()
    # The league table is computed when first read after a change: count it in.
    with projector.db.transaction() as sql:
        refresh(sql)
    rebuild = events / (time.perf_counter() - began)
    with projector.db.transaction(commit=False) as sql:
        places = sql.value("SELECT COUNT(*) FROM league_standings")
        played = sql.value("SELECT SUM(played) FROM league_standings")
    app.close()
    return {
        "matches": matches,
        "events": events,
        "generate_s": generated,
        "raw_per_s": raw,
        "rebuild_per_s": rebuild,
        "places": places,
        "played": played,
    }


def report(store: str, r: dict[str, Any]) -> None:
    print(f"\n{store}: a league of {r['matches']} matches, {r['events']} events")
    print(f"  generated (rules checked, saved)  {r['generate_s']:9.1f} s")
    print(f"  read + decode notifications       {r['raw_per_s']:9.0f} events/s")
    print(f"  rebuild all four projections      {r['rebuild_per_s']:9.0f} events/s")
    print(f"  ratio rebuild / raw read           {r['rebuild_per_s'] / r['raw_per_s']:9.2f}")
    print(f"  standings: {r['places']} coaches, {r['played']} coach-matches counted")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--batch", type=int, default=500, help="notifications per batch")
    add_postgres_option(parser)
    args = parser.parse_args()
    on_each_store(
        args.postgres,
        lambda store, url: report(store, bench_store(url, args.matches, args.batch)),
    )


if __name__ == "__main__":
    main()
