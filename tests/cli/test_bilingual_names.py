"""Names typed in Japanese at the command line: `--home 南葛：翼` (a full-width colon, as a
Japanese keyboard types it), sides and cards in either language, and the same card under its
two names refused by the rule that refuses a card twice (CG-4.3)."""

from __future__ import annotations

import json

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
