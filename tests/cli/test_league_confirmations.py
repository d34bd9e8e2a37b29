"""`touchline league show|standings` and `match list` say where each result stands with the
coaches: confirmed of finished per competitor, disputed results marked until ruled, the open
disputes listed, and what the league's setting counts."""

from __future__ import annotations

import pytest

from service.app import Touchline
from service.config import settings_for_url
from tests.cli.conftest import Run
from tests.service.projections.pj_confirmations import (
    LEAGUE,
    RESULT_DISPUTE,
    TOSS_DISPUTE,
    MixedLeague,
    count_unconfirmed,
    mixed_league,
)


@pytest.fixture
def league(store_url: str) -> MixedLeague:
    app = Touchline(settings_for_url(store_url))
    try:
        return mixed_league(app)
    finally:
        app.close()


def counting(store_url: str, counted: bool) -> None:
    app = Touchline(settings_for_url(store_url))
    try:
        count_unconfirmed(app, LEAGUE, counted)
    finally:
        app.close()


def rows(output: str) -> dict[str, list[str]]:
    """The table's rows by competitor: P, Conf and Pts."""
    found = {}
    for line in output.splitlines():
        words = line.split()
        for index, word in enumerate(words[:2]):
            if word in {"Ann", "Bea", "Cid", "Dan", "Eve"}:
                found[word] = [words[index + 1], words[index + 2], words[index + 9]]
    return found


def test_the_table_shows_confirmed_of_finished_and_marks_disputed_results(
    run: Run, store_url: str, league: MixedLeague
) -> None:
    shown = run("league", "standings", LEAGUE)
    assert shown.exit_code == 0, shown.output
    assert rows(shown.output) == {
        "Cid": ["2", "0/2!", "4"],
        "Ann": ["2", "1/2!", "3"],
        "Bea": ["2", "1/2", "1"],
        "Dan": ["0", "0/0", "0"],
        "Eve": ["0", "0/0", "0"],
    }
    assert "Unconfirmed results count in this table, disputed ones too." in shown.output
    counting(store_url, False)
    shown = run("league", "standings", LEAGUE)
    assert rows(shown.output)["Ann"] == ["1", "1/2!", "3"]
    assert rows(shown.output)["Cid"] == ["0", "0/2!", "0"]
    assert "Only results every coach confirmed count in this table." in shown.output


def test_league_show_lists_matches_by_result_status_and_the_open_disputes(
    run: Run, league: MixedLeague
) -> None:
    shown = run("league", "show", "autumn cup")
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0] == (
        "Autumn Cup (card-game): points 3/1/0, tie-breakers points, goal-difference, "
        "head-to-head, goals-for, wins; unconfirmed results count"
    )
    heading = lines.index("Open disputes (disputed until ruled):")
    matches = lines[lines.index("Matches:") + 1 : heading]
    by_match = {line.split()[0]: line for line in matches}
    assert "finished, confirmed" in by_match[league.confirmed[:8]]
    assert "finished, unconfirmed (awaiting Cid)" in by_match[league.unconfirmed[:8]]
    assert "finished, disputed until ruled" in by_match[league.disputed[:8]]
    assert "in progress, 1 dispute open" in by_match[league.in_play[:8]]
    disputes = lines[heading + 1 :]
    assert disputes == [
        f"  {league.disputed[:8]}  line {league.result_dispute}: the result of Nankatsu (Cid) "
        f"vs Toho (Ann), by coach at 2026-11-30T10:00:00+00:00: {RESULT_DISPUTE}",
        f"  {league.in_play[:8]}  line {league.toss_dispute}: entry 1 of Nankatsu (Dan) vs "
        f"Toho (Eve), by coach at 2026-11-30T10:30:00+00:00: {TOSS_DISPUTE}",
    ]


def test_match_list_says_where_each_result_stands(run: Run, league: MixedLeague) -> None:
    listed = run("match", "list")
    assert listed.exit_code == 0, listed.output
    by_match = {line.split()[0]: line for line in listed.output.splitlines()}
    assert by_match[league.confirmed[:8]].endswith("[confirmed]")
    assert by_match[league.unconfirmed[:8]].endswith("[unconfirmed (awaiting Cid)]")
    assert by_match[league.disputed[:8]].endswith("[disputed until ruled]")
    assert by_match[league.in_play[:8]].endswith("[1 dispute open]")


def test_a_league_with_nothing_yet(run: Run) -> None:
    assert run("league", "new", "Quiet Cup", "--ruleset", "card-game").exit_code == 0
    shown = run("league", "show", "Quiet Cup")
    assert shown.exit_code == 0, shown.output
    assert "No matches yet." in shown.output and "Open disputes" not in shown.output
    assert run("league", "show", "Nowhere").exit_code == 1
