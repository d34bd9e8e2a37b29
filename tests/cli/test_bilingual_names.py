"""Names typed in Japanese at the command line: `--home 南葛：翼` (a full-width colon, as a
Japanese keyboard types it), sides and cards in either language, and the same card under its
two names refused by the rule that refuses a card twice (CG-4.3)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cli.new_match import _split_seat
from tests.cli.conftest import Run


def _created(run: Run, *teams: str) -> str:
    result = run("match", "new", "card-game", *teams)
    assert result.exit_code == 0, result.output
    return result.output.split()[2]


def test_cg_2_a_japanese_team_and_coach_with_a_full_width_colon(run: Run) -> None:
    match = _created(run, "--home", "南葛：翼", "--away", "東邦:日向")
    shown = json.loads(run("match", "show", match, "--json").output)
    assert shown["setup"]["home"] == {"team": "Nankatsu", "coach": "翼"}
    assert shown["setup"]["away"] == {"team": "Toho", "coach": "日向"}
    assert "Nankatsu (翼)" in run("match", "show", match).output


def test_cg_4_3_tsubasa_ozora_and_his_japanese_name_are_one_card(run: Run) -> None:
    match = _created(run, "--home", "Nankatsu:Alice", "--away", "Toho:Bob")
    for line in (
        ["toss", "東邦"],
        ["kickoff", "東邦"],
        ["draft", "南葛", "deck"],
        ["draft", "toho", "deck"],
        ["play", "toho", "Kojiro Hyuga", "3", "1", "0"],
        ["play", "nankatsu", "Tsubasa Ozora", "3", "3", "1"],
        ["pass", "toho"],
    ):
        result = run("match", "record", match, *line)
        assert result.exit_code == 0, result.output
    refused = run("match", "record", match, "play", "南葛", "大空翼", "3", "3", "1")
    assert refused.exit_code != 0
    assert "CG-4.3: 大空翼 is already in a Play Area." in refused.output
    assert "Traceback" not in refused.output
    log = json.loads(run("match", "show", match, "--json").output)["log"]
    # Sides are stored as the game spells them; a card as it was typed.
    assert log[0]["action"]["winner"] == "toho"
    assert [line["action"]["coach"] for line in log[1:3]] == ["toho", "nankatsu"]


def test_a_japanese_card_name_is_stored_as_typed(run: Run) -> None:
    match = _created(run, "--home", "南葛:翼", "--away", "東邦:日向")
    for line in (
        ["toss", "toho"],
        ["kickoff", "toho"],
        ["draft", "nankatsu", "deck"],
        ["draft", "toho", "deck"],
        ["play", "東邦", "日向小次郎", "3", "1", "0"],
    ):
        result = run("match", "record", match, *line)
        assert result.exit_code == 0, result.output
    log = json.loads(run("match", "show", match, "--json").output)["log"]
    assert log[-1]["action"]["card"] == "日向小次郎"


def _no_colon(text: str) -> bool:
    return all(unicodedata.normalize("NFKC", c) != ":" for c in text)


@given(
    st.text(max_size=30).filter(_no_colon),
    st.sampled_from([":", "：", "﹕"]),
    st.text(max_size=30),
)
def test_team_coach_splits_at_the_first_colon_of_any_width_keeping_both_as_typed(
    team: str, colon: str, coach: str
) -> None:
    assert _split_seat(f"{team}{colon}{coach}") == (team, ":", coach)
    assert _split_seat(team) == (team, "", "")


def test_a_match_in_japanese_exports_and_imports_as_typed(run: Run, tmp_path: Path) -> None:
    match = _created(run, "--home", "南葛：翼", "--away", "東邦:日向")
    for line in (
        ["toss", "東邦"],
        ["kickoff", "toho"],
        ["draft", "南葛", "deck"],
        ["draft", "toho", "deck"],
        ["play", "東邦", "日向小次郎", "3", "1", "0"],
        ["play", "南葛", "大空翼", "3", "3", "1"],
    ):
        assert run("match", "record", match, *line).exit_code == 0
    exported = tmp_path / "match.touchline"
    assert run("match", "export", match, "-o", str(exported)).exit_code == 0
    text = exported.read_text("utf-8")
    assert "card='大空翼'" in text and "coach=toho" in text
    imported = run("match", "import", str(exported))
    assert imported.exit_code == 0, imported.output
    again = imported.output.split()[2]
    log = json.loads(run("match", "show", again, "--json").output)["log"]
    assert [entry["action"].get("card") for entry in log][-2:] == ["日向小次郎", "大空翼"]
