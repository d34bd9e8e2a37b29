"""The `touchline match` commands through click's runner, on each store."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from tests.cli.conftest import Run
from tests.opening import OPENING
from tests.schemas.files import by_hand, entry_lines


def record_opening(run: Run, match_id: str, lines: list[str] = OPENING) -> None:
    for line in lines:
        result = run("match", "record", match_id, *shlex.split(line))
        assert result.exit_code == 0, result.output


def test_new_prints_the_id_and_what_comes_next(run: Run) -> None:
    result = run(
        "match",
        "new",
        "card-game",
        "--home",
        "Nankatsu:Alice",
        "--away",
        "Toho:Bob",
        "--option",
        "motivation",
    )
    assert result.exit_code == 0, result.output
    assert "created match" in result.output
    assert "toss" in result.output


def test_bad_team_option_is_a_usage_error(run: Run) -> None:
    result = run("match", "new", "card-game", "--home", "Nankatsu", "--away", "Toho:Bob")
    assert result.exit_code == 2
    assert "TEAM:COACH" in result.output


def test_bad_setup_is_one_line_and_exit_1(run: Run) -> None:
    result = run("match", "new", "card-game", "--home", "Toho:A", "--away", "Toho:B")
    assert result.exit_code == 1
    assert result.output.startswith("error: ")
    assert "Traceback" not in result.output


def test_record_show_and_json(run: Run, new_match: str) -> None:
    record_opening(run, new_match)
    shown = run("match", "show", new_match[:8], "--json")
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.output)
    assert data["situation"]["score"] == {"nankatsu": 0, "toho": 1}
    assert len(data["log"]) == len(OPENING)
    text = run("match", "show", new_match, "--log")
    assert "Kojiro Hyuga" in text.output


def test_a_refused_entry_exits_3_with_the_rule_and_stores_nothing(run: Run, new_match: str) -> None:
    record_opening(run, new_match, OPENING[:2])
    result = run("match", "record", new_match, "draft", "coach=toho", "source=pitch")
    assert result.exit_code == 3
    assert "CG-4.2" in result.output
    assert "nothing was stored" in result.output
    data = json.loads(run("match", "show", new_match, "--json").output)
    assert len(data["log"]) == 2


def test_override_records_the_reason(run: Run, new_match: str) -> None:
    record_opening(run, new_match, OPENING[:4])
    result = run(
        "match",
        "record",
        new_match,
        "play",
        "toho",
        "Yuzo Morisaki",
        "shot=0",
        "pass=0",
        "defense=3",
        "--override",
        "house rule",
    )
    assert result.exit_code == 0, result.output
    assert "overridden" in result.output and "house rule" in result.output


def test_question_mark_lets_the_app_roll(run: Run, new_match: str) -> None:
    record_opening(run, new_match, OPENING[:9])
    result = run("match", "record", new_match, "roll", "toho", "?")
    assert result.exit_code == 0, result.output
    assert "source=app" in result.output


def test_undo_and_list(run: Run, new_match: str) -> None:
    record_opening(run, new_match, OPENING[:3])
    result = run("match", "undo", new_match)
    assert result.exit_code == 0, result.output
    # In words, as the log reads the line (and as the prompt's undo says it).
    assert "retracted entry 3: Nankatsu draft a card from the Pitch" in result.output
    assert "source=pitch" not in result.output
    listed = run("match", "list")
    assert new_match[:8] in listed.output and "2 entries" in listed.output


def shown_lines(output: str) -> list[int]:
    """The numbers of the log lines a replay printed at the start of a line, in order (0: the
    kick-off)."""
    return [int(found) for found in re.findall(r"^[! ] {0,3}(\d+)  ", output, re.MULTILINE)]


def test_replay_to_a_line(run: Run, new_match: str) -> None:
    record_opening(run, new_match)
    result = run("match", "replay", new_match, "--to", "2")
    assert result.exit_code == 0, result.output
    assert shown_lines(result.output) == [1, 2], result.output
    out_of_range = run("match", "replay", new_match, "--to", "99")
    assert out_of_range.exit_code == 1 and "out of range" in out_of_range.output
    assert "the log has lines 0 to 11" in out_of_range.output


def test_replay_step_by_step_stops_on_q(run: Run, new_match: str) -> None:
    record_opening(run, new_match)
    result = run("match", "replay", new_match, "--step", input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert shown_lines(result.output) == [0, 1, 2], result.output


def test_replay_step_by_step_goes_back_with_b(run: Run, new_match: str) -> None:
    """Issue 13: `replay --step` walks both ways; the input ending ends the walk quietly."""
    record_opening(run, new_match)
    result = run("match", "replay", new_match, "--step", "--to", "2", input="\n\nb\n")
    assert result.exit_code == 0, result.output
    assert shown_lines(result.output) == [0, 1, 2, 1], result.output
    assert "b back, g/G goal" in result.output and "Aborted" not in result.output


def test_export_then_import_gives_the_same_match(run: Run, new_match: str, tmp_path: Path) -> None:
    record_opening(run, new_match)
    run("match", "undo", new_match)
    exported = tmp_path / "match.touchline"
    assert run("match", "export", new_match, "-o", str(exported)).exit_code == 0
    imported = run("match", "import", str(exported))
    assert imported.exit_code == 0, imported.output
    new_id = imported.output.split()[2]
    again = tmp_path / "again.touchline"
    run("match", "export", new_id, "-o", str(again))
    # Entry for entry, but for their chain values, which follow from the headers too.
    assert entry_lines(exported.read_text()) == entry_lines(again.read_text())


def test_a_broken_file_imports_nothing_and_names_the_line(
    run: Run, new_match: str, tmp_path: Path
) -> None:
    record_opening(run, new_match)
    text = run("match", "export", new_match).output
    broken = tmp_path / "broken.touchline"
    # Edited by hand (so without the export's checksum): the rules find the broken entry.
    broken.write_text(by_hand(text).replace("roll coach=toho value=5", "roll coach=toho value=0"))
    before = run("match", "list").output
    result = run("match", "import", str(broken))
    assert result.exit_code == 1
    bad_line = next(
        i for i, line in enumerate(broken.read_text().splitlines(), 1) if "value=0" in line
    )
    assert f"line {bad_line}" in result.output and "nothing was imported" in result.output
    assert run("match", "list").output == before


def test_play_takes_entries_and_explains_refusals(run: Run, new_match: str) -> None:
    session = "\n".join([*OPENING[:2], "draft coach=toho source=pitch", "", "undo", "quit"])
    result = run("match", "play", new_match, input=session + "\n")
    assert result.exit_code == 0, result.output
    assert "CG-4.2" in result.output
    assert "retracted entry 2" in result.output
    data = json.loads(run("match", "show", new_match, "--json").output)
    assert [line["type"] for line in data["log"]] == ["entry", "entry", "retraction"]


def test_unknown_match_is_one_line(run: Run) -> None:
    result = run("match", "show", "deadbeef")
    assert result.exit_code == 1
    assert result.output.startswith("error: no match")


def test_a_king_of_the_pitch_game_with_three_teams(run: Run) -> None:
    created = run(
        "match",
        "new",
        "king-of-the-pitch",
        "--team",
        "blue:Alice",
        "--team",
        "green:Bob",
        "--team",
        "red:Chen",
        "--setting",
        "crowns=3",
    )
    assert created.exit_code == 0, created.output
    match_id = created.output.split()[2]
    for entry in (["roll", "blue", "2"], ["roll", "green", "?"], ["roll", "red", "dice=9"]):
        run("match", "record", match_id, *entry)
    refused = run("match", "record", match_id, "roll", "red", "dice=9")
    assert refused.exit_code == 3 and "KP-" in refused.output
    data = json.loads(run("match", "show", match_id, "--json").output)
    assert [line["action"]["team"] for line in data["log"]] == ["blue", "green"]
    assert data["log"][1]["action"]["source"] == "app"
    assert set(data["situation"]["score"]) == {"blue", "green", "red"}


def test_too_few_teams_are_refused(run: Run) -> None:
    result = run("match", "new", "king-of-the-pitch", "--team", "blue:Alice")
    assert result.exit_code == 1 and "error:" in result.output


def test_king_of_the_pitch_shorthands_for_captains_and_crowns(run: Run) -> None:
    teams = [arg for colour in ("blue", "green", "yellow", "red") for arg in
             ("--team", f"{colour}:{colour.title()}")]  # fmt: skip
    created = run("match", "new", "king-of-the-pitch", *teams, "--captains", "--crowns", "3")
    assert created.exit_code == 0, created.output
    data = json.loads(run("match", "show", created.output.split()[2], "--json").output)
    assert data["setup"]["options"] == ["captains"]
    assert data["setup"]["settings"]["crowns"] == "3"


def test_a_league_match_imports_elsewhere_with_no_league(
    run: Run, new_match: str, tmp_path: Path
) -> None:
    assert run("league", "new", "Cup", "--ruleset", "card-game").exit_code == 0
    created = run("match", "new", "card-game", "--home", "Nankatsu:A", "--away", "Toho:B",
                  "--league", "Cup")  # fmt: skip
    league_match = created.output.split()[2]
    exported = tmp_path / "cup.touchline"
    run("match", "export", league_match, "-o", str(exported))
    edited = by_hand(exported.read_text()).replace("league: Cup", "league: Elsewhere")
    exported.write_text(edited)
    refused = run("match", "import", str(exported))
    assert refused.exit_code == 1 and "nothing was imported" in refused.output
    imported = run("match", "import", str(exported), "--no-league")
    assert imported.exit_code == 0, imported.output
    # The file's match is one the Cup counts already: a league counts a match once.
    again = run("match", "import", str(exported), "--league", "Cup")
    assert again.exit_code == 4, again.output
    assert "which league 'Cup' already counts" in again.output
