"""`touchline league/stats/projections`: standings exported as CSV and JSON checked field by
field, one-line errors, and the projections' status and rebuild."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from service.app import Touchline
from service.config import settings_for_url
from tests.cli.conftest import Run
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all

LEAGUE = "Spring Cup 2027"
FIELDS = [
    "place", "competitor", "played", "won", "drawn", "lost", "goals_for", "goals_against",
    "difference", "points", "decided_by", "confirmed", "unconfirmed", "disputed",
]  # fmt: skip
# Ann beats Bea 2–0, Bea and Cid draw 1–1 after Extra Time, Cid beats Ann 1–0; no coach has
# confirmed a result yet, and the league counts unconfirmed results.
EXPECTED = [
    [1, "Cid", 2, 1, 1, 0, 2, 1, 1, 4, "points", 0, 2, 0],
    [2, "Ann", 2, 1, 0, 1, 2, 1, 1, 3, "points", 0, 2, 0],
    [3, "Bea", 2, 0, 1, 1, 1, 3, -2, 1, "points", 0, 2, 0],
]


def _league(run: Run, store_url: str) -> None:
    result = run("league", "new", LEAGUE, "--ruleset", "card-game", "--points", "3/1/0")
    assert result.exit_code == 0, result.output
    app = Touchline(settings_for_url(store_url))
    try:
        for seed, (home, away, a, b) in enumerate(
            [("Ann", "Bea", 2, 0), ("Bea", "Cid", 1, 1), ("Cid", "Ann", 1, 0)]
        ):
            setup = setup_for(home, away)
            record_all(app, finished_match(a, b, seed, setup), setup, LEAGUE)
    finally:
        app.close()


def test_standings_export_as_csv_field_by_field(run: Run, store_url: str, tmp_path: Path) -> None:
    _league(run, store_url)
    target = tmp_path / "standings.csv"
    result = run("league", "standings", LEAGUE, "--format", "csv", "-o", str(target))
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert rows[0] == FIELDS
    assert rows[1:] == [[str(v) for v in row] for row in EXPECTED]


def test_standings_export_as_json_field_by_field(run: Run, store_url: str) -> None:
    _league(run, store_url)
    result = run("league", "standings", "spring cup 2027", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["league"] == LEAGUE
    assert data["ruleset"] == "card-game"
    assert data["points"] == [3, 1, 0]
    assert data["tiebreak"] == ["points", "goal-difference", "head-to-head", "goals-for", "wins"]
    assert data["count_unconfirmed"] is True
    assert data["open_disputes"] == []
    assert [[row[f] for f in FIELDS] for row in data["standings"]] == EXPECTED
    assert all(list(row) == FIELDS for row in data["standings"])


def test_standings_table_and_league_list(run: Run, store_url: str) -> None:
    _league(run, store_url)
    table = run("league", "standings", LEAGUE)
    assert table.exit_code == 0
    assert table.output.splitlines()[2].split()[:2] == ["1", "Cid"]
    listed = run("league", "list")
    assert LEAGUE in listed.output and "3 finished of    3" in listed.output


def test_league_errors_are_one_line(run: Run) -> None:
    unknown = run("league", "standings", "Nowhere")
    assert unknown.exit_code == 1
    assert unknown.output.strip().startswith("error: no league called 'Nowhere'")
    bad = run("league", "new", "X", "--ruleset", "card-game", "--tiebreak", "points,luck")
    assert bad.exit_code == 1 and "unknown tie-breaker" in bad.output
    stranger = run("match", "new", "card-game", "--home", "Nankatsu:A", "--away", "Toho:B",
                   "--league", "Nowhere")  # fmt: skip
    assert stranger.exit_code == 1 and "no league called" in stranger.output


def test_stats_and_projection_commands(run: Run, store_url: str) -> None:
    _league(run, store_url)
    coach = run("stats", "coach", "ann")
    assert coach.exit_code == 0 and "coach Ann: 2 match(es)" in coach.output
    assert run("stats", "player", "Nobody").exit_code == 1
    dice = run("stats", "dice", "--coach", "Cid")
    assert dice.exit_code == 0 and "d6 rolled by Cid" in dice.output and "p = " in dice.output
    status = run("projections", "status")
    lines = {line.split()[0]: line for line in status.output.splitlines()}
    assert status.exit_code == 0 and set(lines) == {"summaries", "statistics", "dice", "standings"}
    # Reading a coach (statistics and match history) and dice caught those three up; the
    # standings wait for their readers.
    assert "lag      0" in lines["statistics"] and "lag      0" in lines["dice"]
    assert "lag      0" in lines["summaries"]
    assert "lag      0" not in lines["standings"]
    rebuilt = run("projections", "rebuild", "standings")
    assert rebuilt.exit_code == 0 and "rebuilt standings" in rebuilt.output
    assert run("projections", "rebuild", "nope").exit_code == 1


def test_match_abandon_command(run: Run, new_match: str) -> None:
    result = run("match", "abandon", new_match, "--reason", "fire alarm")
    assert result.exit_code == 0 and "abandoned match" in result.output
    refused = run("match", "record", new_match, "toss", "winner=toho")
    assert refused.exit_code == 1 and "abandoned" in refused.output
