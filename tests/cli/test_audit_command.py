"""`touchline audit MATCH | --league NAME`: text, CSV and JSON, the filters, and refusals."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.cli.conftest import Run

OPENING = [
    "toss winner=toho",
    "kickoff coach=toho",
]


def league_match(run: Run, league: str | None, home: str = "Nankatsu:Alice") -> str:
    """A match of the league (None: of no league) after the toss and the kick-off."""
    joins = ["--league", league] if league else []
    result = run("match", "new", "card-game", "--home", home, "--away", "Toho:Bob", *joins)
    assert result.exit_code == 0, result.output
    match_id = result.output.split()[2]
    for line in OPENING:
        assert run("match", "record", match_id, *line.split()).exit_code == 0
    return match_id


def overridden(run: Run, match_id: str, reason: str = "we let Toho draft first") -> None:
    """CG-4.2: Toho drafts before the Defending Coach; the table plays on."""
    result = run(
        "match", "record", match_id, "draft", "coach=toho", "source=deck", "--override", reason
    )
    assert result.exit_code == 0, result.output


def test_the_audit_of_a_match_is_one_line_per_item(run: Run) -> None:
    assert run("league", "new", "Cup", "--ruleset", "card-game").exit_code == 0
    match_id = league_match(run, "Cup")
    overridden(run, match_id)
    assert run("match", "undo", match_id).exit_code == 0
    result = run("audit", match_id[:6])
    assert result.exit_code == 0, result.output
    head, override, undo = result.output.splitlines()
    assert head == "audit of match Nankatsu (Alice) vs Toho (Bob): 2 items"
    assert f"{match_id[:8]}    3  override      alice (cli@" in override
    assert "[CG-4.2]" in override and override.endswith("reason: we let Toho draft first")
    assert f"{match_id[:8]}    4  retraction    alice" in undo
    assert undo.endswith("undo of entry 3: draft coach=toho source=deck")


def test_kind_finds_every_override_across_a_league(run: Run) -> None:
    assert run("league", "new", "Cup", "--ruleset", "card-game").exit_code == 0
    first = league_match(run, "Cup", "Nankatsu:Ann")
    second = league_match(run, "Cup", "Nankatsu:Cid")
    elsewhere = league_match(run, None, "Nankatsu:Eve")
    overridden(run, elsewhere, "no league's business")
    overridden(run, first, "first reason")
    overridden(run, second, "second reason")
    assert run("match", "undo", second).exit_code == 0
    result = run("audit", "--league", "cup", "--kind", "override")
    assert result.exit_code == 0, result.output
    head, *items = result.output.splitlines()
    assert head == "audit of league Cup: 2 items across 2 matches (kind override)"
    # Made within the same second, the two come in the league's order of matches.
    reasons = sorted(item.rsplit("reason: ", 1)[1] for item in items)
    assert reasons == ["first reason", "second reason"]
    assert elsewhere[:8] not in result.output
    several = run("audit", "--league", "Cup", "--kind", "override,retraction", "--kind", "ruling")
    assert several.output.splitlines()[0].endswith("(kind override/ruling/retraction)")
    assert len(several.output.splitlines()) == 4


def test_by_and_dates_filter_the_items(run: Run) -> None:
    assert run("league", "new", "Cup", "--ruleset", "card-game").exit_code == 0
    match_id = league_match(run, "Cup")
    overridden(run, match_id)
    assert run("audit", match_id, "--by", "ALICE").output.count(" override ") == 1
    assert run("audit", match_id, "--by", "bob").output.splitlines()[1:] == []
    assert run("audit", match_id, "--until", "2020-01-01").output.splitlines()[1:] == []
    future = run("audit", match_id, "--since", "2999-01-01T00:00")
    assert future.output.splitlines() == [
        "audit of match Nankatsu (Alice) vs Toho (Bob): 0 items (since 2999-01-01T00:00:00+00:00)"
    ]


def test_the_csv_keeps_every_text_and_runs_no_formula(run: Run) -> None:
    assert run("league", "new", "Cup", "--ruleset", "card-game").exit_code == 0
    match_id = league_match(run, "Cup")
    overridden(run, match_id, '=HYPERLINK("http://evil.example","see")')
    result = run("audit", match_id, "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output, newline="")))
    assert [row["kind"] for row in rows] == ["override"]
    assert rows[0]["reason"] == "'" + '=HYPERLINK("http://evil.example","see")'
    assert (rows[0]["line"], rows[0]["entries"], rows[0]["rules"]) == ("3", "3", "CG-4.2")


def test_json_and_a_file(run: Run, tmp_path: Path) -> None:
    assert run("league", "new", "Cup", "--ruleset", "card-game").exit_code == 0
    match_id = league_match(run, "Cup")
    overridden(run, match_id)
    out = tmp_path / "audit.json"
    result = run("audit", "--league", "Cup", "--format", "json", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "wrote 1 audit items to" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["scope"], data["league"], data["matches"], data["count"]) == (
        "league",
        "Cup",
        1,
        1,
    )
    [item] = data["items"]
    assert (item["match"], item["kind"], item["by"], item["rules"]) == (
        match_id,
        "override",
        "alice",
        ["CG-4.2"],
    )
    csv_file = tmp_path / "audit.csv"
    assert run("audit", match_id, "--format", "csv", "-o", str(csv_file)).exit_code == 0
    assert csv_file.read_bytes().count(b"\r\n") == 2  # RFC 4180 line ends, kept as written


def test_a_match_or_a_league_but_not_both_nor_neither(run: Run, new_match: str) -> None:
    neither = run("audit")
    assert neither.exit_code == 2 and "name a MATCH or a --league NAME" in neither.output
    both = run("audit", new_match, "--league", "Cup")
    assert both.exit_code == 2


def test_refusals_are_one_line_and_exit_1(run: Run, new_match: str) -> None:
    unknown_kind = run("audit", new_match, "--kind", "overrides")
    assert unknown_kind.exit_code == 1
    assert unknown_kind.output.startswith("error: kind: 'overrides' is not a kind of audit item")
    bad_date = run("audit", new_match, "--since", "30/11/2026")
    assert bad_date.exit_code == 1 and "since: '30/11/2026' is not a date" in bad_date.output
    assert run("audit", "--league", "No Such Cup").exit_code == 1
    assert run("audit", "ffffffff").exit_code == 1
