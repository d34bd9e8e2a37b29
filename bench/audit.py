"""How long a league's audit takes, against loading every match of the league as a page does.

    python bench/audit.py [--matches 300] [--entries 150] [--postgres URL]

For each store (the embedded SQLite file; PostgreSQL when --postgres or
TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be created), it
fills one league with card-game matches of `--entries` entries each, stored as if scored at
the table (a snapshot every 50 events). Every match holds a dispute and a ruling; every tenth
a correction that keeps and withdraws later entries. It then times, in a fresh process's
application (nothing cached), the league's whole audit, its overrides alone, and loading
every match with `get_match` (snapshot, the game state folded, the view), all in one run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench.recording import AUTHOR, SETUP, long_match
from bench.stores import add_postgres_option, on_each_store
from domain.match import CorrectionRequest, MatchRecord
from domain.rejudge import DecisionsNeeded
from service.app import Touchline
from service.config import settings_for_url

LEAGUE = "Bench League"
SNAPSHOT_EVERY = 50


def timed(function: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    answer = function()
    return time.perf_counter() - start, answer


def stored_match(app: Touchline, actions: list[dict[str, Any]], settle: bool) -> None:
    """One league match saved as scoring saves it, a snapshot every 50 events."""
    match = MatchRecord.start("card-game", SETUP, AUTHOR, LEAGUE)
    for action in actions:
        match.record(action, AUTHOR)
        if match.version % SNAPSHOT_EVERY == 0:
            app.save(match)
    disputed = match.dispute(10, "the die rolled off the table", AUTHOR)
    match.rule(disputed.number, "stands", ["CG-5.4"], "it landed flat", AUTHOR)
    if settle:
        other = "toho" if actions[1]["coach"] == "nankatsu" else "nankatsu"
        request = CorrectionRequest(2, {"kind": "kickoff", "coach": other})
        try:
            match.correct(request, AUTHOR, "the other side kicked off")
        except DecisionsNeeded as needed:
            decisions = {i.number: "keep" if i.keepable else "withdraw" for i in needed.illegal}
            for _ in range(5):  # a decision may make later entries legal or illegal again
                try:
                    match.correct(
                        CorrectionRequest(2, request.action, decisions=decisions),
                        AUTHOR,
                        "the other side kicked off",
                    )
                    break
                except DecisionsNeeded as again:
                    decisions.update(
                        {i.number: "keep" if i.keepable else "withdraw" for i in again.illegal}
                    )
    app.save(match)


def bench_store(url: str, matches: int, entries: int) -> dict[str, float]:
    settings = settings_for_url(url)
    writer = Touchline(settings)
    writer.create_league(LEAGUE, "card-game", AUTHOR)
    actions = long_match(entries)
    for n in range(matches):
        stored_match(writer, actions, settle=n % 10 == 0)
    writer.league_matches(LEAGUE)  # the read models catch up before anything is timed
    writer.close()

    reader = Touchline(settings)
    whole_s, whole = timed(lambda: reader.league_audit(LEAGUE))
    overrides_s, overrides = timed(lambda: reader.league_audit(LEAGUE, ["override"]))
    ids = [m.match_id for m in reader.league_matches(LEAGUE)]
    pages_s, _ = timed(lambda: [reader.get_match(i) for i in ids])
    reader.close()
    return {
        "matches": len(ids),
        "items": len(whole.items),
        "overrides": len(overrides.items),
        "audit_s": whole_s,
        "overrides_s": overrides_s,
        "pages_s": pages_s,
    }


def report(store: str, entries: int, r: dict[str, float]) -> None:
    print(f"\n{store}: a league of {int(r['matches'])} matches of {entries} entries")
    print(f"  the league's audit ({int(r['items'])} items)     {r['audit_s']:8.2f} s")
    print(f"  its overrides alone ({int(r['overrides'])} items)   {r['overrides_s']:8.2f} s")
    per_match = r["audit_s"] / r["matches"] * 1000
    print(f"  per match                              {per_match:8.2f} ms")
    print(f"  get_match of every match, for scale    {r['pages_s']:8.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--entries", type=int, default=150)
    add_postgres_option(parser)
    args = parser.parse_args()
    on_each_store(
        args.postgres,
        lambda store, url: report(
            store, args.entries, bench_store(url, args.matches, args.entries)
        ),
    )


if __name__ == "__main__":
    main()
