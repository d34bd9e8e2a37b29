"""`touchline match import`: an imported match says who imported it and from which file, in
`match show` and `match list`; the same match imported twice into one league counts once."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.cli.conftest import Run
from tests.schemas.files import by_hand

FULL_MATCH = Path(__file__).parent.parent / "schemas" / "v1" / "card_game_full_match.touchline"
FULL_MATCH_SOURCE = "b2765ff5-2946-44e6-844e-969ad1c2d01f"


def imported_id(output: str) -> str:
    assert output.startswith("imported match "), output
    return output.split()[2]


def test_the_same_file_imported_three_times_into_a_league_counts_once(run: Run) -> None:
    assert run("league", "new", "Cup", "--ruleset", "card-game").exit_code == 0
    first = run("match", "import", str(FULL_MATCH), "--league", "Cup")
    assert first.exit_code == 0, first.output
    match_id = imported_id(first.output)
    for _ in range(2):
        again = run("match", "import", str(FULL_MATCH), "--league", "cup")
        assert again.exit_code == 4, again.output
        assert f"already imported into league 'Cup' as match {match_id}" in again.output
    table = run("league", "standings", "Cup", "--format", "csv").output.splitlines()
    alice = next(line for line in table if ",Alice," in line)
    assert alice.startswith("1,Alice,1,1,0,0,"), table
    points = table[0].split(",").index("points")
    assert alice.split(",")[points] == "3", table
    assert len(run("match", "list").output.splitlines()) == 1


def test_a_hand_edited_file_shows_who_imported_it(run: Run, tmp_path: Path) -> None:
    text = FULL_MATCH.read_text("utf-8").replace(
        "31 by=alice at=2026-11-29T21:00:31+00:00", "31 by=bob at=2026-11-29T21:00:31+00:00"
    )
    path = tmp_path / "edited.touchline"
    path.write_bytes(by_hand(text).encode("utf-8"))
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    result = run("--by", "carol", "match", "import", str(path))
    assert result.exit_code == 0, result.output
    match_id = imported_id(result.output)

    shown = run("match", "show", match_id, "--log").output
    assert "imported" in shown.splitlines()[0]
    assert "imported by carol at " in shown
    assert f"from file sha256 {digest}" in shown
    assert f"claims source {FULL_MATCH_SOURCE}" in shown
    line_31 = next(line for line in shown.splitlines() if line.lstrip().startswith("31  "))
    assert "[bob (per the file), 2026-11-29T21:00:31+00:00]" in line_31

    listed = run("match", "list").output
    assert "  imported" in listed, listed


def test_a_match_scored_here_is_not_labelled_imported(run: Run, new_match: str) -> None:
    assert "imported" not in run("match", "show", new_match, "--log").output
    assert "imported" not in run("match", "list").output
