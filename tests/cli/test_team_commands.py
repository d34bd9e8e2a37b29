"""`touchline team check` and TCG matches from team-list files, through click's runner."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli.main import cli
from tests.cli.conftest import Run

TEAMS = Path(__file__).parent.parent / "domain" / "tcg" / "teams"


def test_a_legal_team_list_passes() -> None:
    result = CliRunner().invoke(cli, ["team", "check", str(TEAMS / "nankatsu.toml")])
    assert result.exit_code == 0, result.output
    assert "legal (60 cards)" in result.output


def test_every_breach_is_reported_at_once_with_its_rule() -> None:
    result = CliRunner().invoke(cli, ["team", "check", str(TEAMS / "breach_many.toml")])
    assert result.exit_code == 3
    for rule in ("TCG-2.1", "TCG-2.2", "TCG-2.3"):
        assert rule in result.output


def test_the_open_point_of_tcg_2_2_is_an_option() -> None:
    whole = CliRunner().invoke(cli, ["team", "check", str(TEAMS / "breach_name_limit.toml")])
    assert whole.exit_code == 3 and "TCG-2.2" in whole.output
    bad = CliRunner().invoke(
        cli, ["team", "check", "--name-limits", "half", str(TEAMS / "nankatsu.toml")]
    )
    assert bad.exit_code == 2


def test_a_file_that_is_not_toml_is_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "team.toml"
    broken.write_text("name = [\n")
    result = CliRunner().invoke(cli, ["team", "check", str(broken)])
    assert result.exit_code == 1
    assert result.output.startswith("error: ") and "not valid TOML" in result.output


def test_a_tcg_match_from_two_team_files(run: Run) -> None:
    created = run(
        "match", "new", "tcg",
        "--home", f"{TEAMS / 'nankatsu.toml'}:Alice",
        "--away", str(TEAMS / "toho.toml"),
    )  # fmt: skip
    assert created.exit_code == 0, created.output
    match_id = created.output.split()[2]
    data = json.loads(run("match", "show", match_id, "--json").output)
    assert data["labels"] == {"home": "Nankatsu (Alice)", "away": "Toho (away coach)"}
    assert data["situation"]["score"] == {"home": 0, "away": 0}
    placed = run("match", "record", match_id, "place", "home", "Yuzo Morisaki", "goal")
    assert placed.exit_code == 0, placed.output


def test_an_illegal_team_list_cannot_start_a_match(run: Run) -> None:
    result = run(
        "match", "new", "tcg",
        "--home", str(TEAMS / "breach_deck_size.toml"),
        "--away", str(TEAMS / "toho.toml"),
    )  # fmt: skip
    assert result.exit_code == 1
    assert "home: TCG-2.1" in result.output
