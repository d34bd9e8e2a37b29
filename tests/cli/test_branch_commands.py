"""`touchline match branch`, `branches` and `compare`, and `annotate --glyph`, through click's
runner on each store."""

from __future__ import annotations

import json

from tests.cli.conftest import Run
from tests.cli.test_match_commands import record_opening


def branched(run: Run, match: str, step: int) -> str:
    result = run("match", "branch", match, str(step))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("branch ") and f"from step {step}" in result.output
    return result.output.split()[1]


def test_a_branch_is_started_scored_listed_and_compared(run: Run, new_match: str) -> None:
    record_opening(run, new_match)
    branch = branched(run, new_match, 9)
    for line in ("roll coach=toho value=1", "roll coach=nankatsu value=6"):
        recorded = run("match", "record", branch, *line.split())
        assert recorded.exit_code == 0, recorded.output
    shown = run("match", "show", branch)
    assert f"What-if branch of match {new_match[:8]} from step 9" in shown.output
    assert "Nankatsu 0 – 0 Toho" in shown.output
    listed = run("match", "branches", new_match)
    assert listed.exit_code == 0 and branch[:8] in listed.output and "from step 9" in listed.output
    data = json.loads(run("match", "branches", new_match, "--step", "9", "--json").output)
    assert [b["id"] for b in data] == [branch]
    assert json.loads(run("match", "branches", new_match, "--step", "3", "--json").output) == []
    compared = run("match", "compare", branch[:8])
    assert compared.exit_code == 0, compared.output
    assert "origin" in compared.output and "Nankatsu 0 – 1 Toho" in compared.output
    as_json = json.loads(run("match", "compare", branch, "--json").output)
    assert as_json["step"] == 9 and as_json["branch"]["id"] == branch
    # The branch counts in no listing.
    assert branch[:8] not in run("match", "list").output


def test_compare_prints_each_sides_luck_and_the_branching_rolls_odds(
    run: Run, new_match: str
) -> None:
    record_opening(run, new_match)
    branch = branched(run, new_match, 9)
    for line in ("roll coach=toho value=1", "roll coach=nankatsu value=6"):
        assert run("match", "record", branch, *line.split()).exit_code == 0
    compared = run("match", "compare", branch)
    assert compared.exit_code == 0, compared.output
    assert compared.output.count("luck over the match (goals):") == 2
    assert compared.output.count("odds of step 10, Toho's die in Toho's Shot: Toho score") == 2
    assert "+0.17" in compared.output and "-0.83" in compared.output
    assert "luck of this roll:" in compared.output and "-0.33" in compared.output
    japanese = run("--lang", "ja", "match", "compare", branch).output
    assert japanese.count("試合を通じた運(ゴール): ") == 2
    assert japanese.count("ステップ 10 の確率、") == 2 and "この出目の運: " in japanese
    as_json = json.loads(run("match", "compare", branch, "--json").output)
    assert [s["exact"] for s in as_json["origin"]["luck"]] == ["-1/6", "1/6"]
    assert as_json["branch"]["roll"]["chances"][0]["probability"] == "5/6"


def test_a_branch_from_a_step_the_match_lacks_is_one_line_and_exit_1(
    run: Run, new_match: str
) -> None:
    result = run("match", "branch", new_match, "5")
    assert result.exit_code == 1
    assert result.output.startswith("error: ") and "not a step of this match" in result.output
    not_a_branch = run("match", "compare", new_match)
    assert not_a_branch.exit_code == 1 and "not a branch" in not_a_branch.output


def test_an_annotation_takes_a_glyph_by_name_or_symbol(run: Run, new_match: str) -> None:
    record_opening(run, new_match, ["toss winner=toho", "kickoff coach=toho"])
    by_name = run("match", "annotate", new_match, "2", "bold", "--glyph", "interesting")
    assert by_name.exit_code == 0 and "!? bold" in by_name.output
    by_symbol = run("match", "annotate", new_match, "1", "lucky", "--glyph", "??")
    assert by_symbol.exit_code == 0, by_symbol.output
    log = run("match", "show", new_match, "--log").output
    assert "a blunder" in log and "an interesting decision" in log
    refused = run("match", "annotate", new_match, "1", "hm", "--glyph", "brilliant")
    assert refused.exit_code == 1 and "not a glyph" in refused.output


def test_branches_in_japanese(run: Run, new_match: str) -> None:
    record_opening(run, new_match)
    branch = branched(run, new_match, 9)
    shown = run("--lang", "ja", "match", "show", branch).output
    assert f"試合 {new_match[:8]} のステップ 9 からの「もしも」の分岐" in shown
    listed = run("--lang", "ja", "match", "branches", new_match).output
    assert "ステップ 9 から" in listed and "記録 9 件" in listed
    compared = run("--lang", "ja", "match", "compare", branch[:8]).output
    assert "最初の 9 件の記録は共通" in compared and "元の試合" in compared
    assert "分岐はありません" in run("--lang", "ja", "match", "branches", branch).output


def test_replay_lists_the_branches_made_at_each_step(run: Run, new_match: str) -> None:
    """As the web replay does: under each step, one line per branch started there, with its id
    and who started it; a replay stopped before a branch's step does not list it."""
    record_opening(run, new_match)
    early, late = branched(run, new_match, 3), branched(run, new_match, 9)
    by = run("match", "branches", new_match, "--json")
    starters = {b["id"]: b["started_by"] for b in json.loads(by.output)}
    replayed = run("match", "replay", new_match)
    assert replayed.exit_code == 0, replayed.output
    lines = replayed.output.splitlines()
    for branch in (early, late):
        wanted = f"  what if: branch {branch[:8]} by {starters[branch]} ("
        assert sum(line.startswith(wanted) for line in lines) == 1, replayed.output
    assert replayed.output.index(early[:8]) < replayed.output.index(late[:8])
    stopped = run("match", "replay", new_match, "--to", "5")
    assert early[:8] in stopped.output and late[:8] not in stopped.output
    walked = run("match", "replay", new_match, "--step", input="\n" * 12 + "q\n")
    assert walked.exit_code == 0, walked.output
    assert f"what if: branch {early[:8]}" in walked.output
