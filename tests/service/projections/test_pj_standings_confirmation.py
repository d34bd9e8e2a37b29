"""Standings know confirmed results from unconfirmed and disputed ones, on both stores: each
row counts its competitor's results by confirmation, the league's `count_unconfirmed` decides
what counts, a correction that changes a goal changes the table, and a rebuild of the read
models from the first event gives the same table."""

from __future__ import annotations

from uuid import UUID

import pytest

from domain.match import Author, CorrectionRequest
from service.app import Touchline
from service.errors import ResultAlreadyConfirmed
from service.projections import projector_for
from service.projections.summaries import COLUMNS
from tests.service.projections.pj_confirmations import (
    COACH,
    COUNTING_ALL,
    COUNTING_CONFIRMED,
    LEAGUE,
    RESULT_DISPUTE,
    TOSS_DISPUTE,
    count_unconfirmed,
    missed_last_shot,
    mixed_league,
    table,
)
from tests.service.projections.pj_driver import setup_for
from tests.service.projections.pj_helpers import AUTHOR, fresh_fold, record_all, snapshot

REFEREE = Author("rita", "2026-11-30T12:00:00+00:00", "test")


def test_a_league_counts_unconfirmed_and_disputed_results_unless_told_otherwise(
    app: Touchline,
) -> None:
    mixed_league(app)
    assert app.find_league(LEAGUE).count_unconfirmed
    assert table(app) == COUNTING_ALL
    count_unconfirmed(app, LEAGUE, False)
    assert not app.find_league(LEAGUE).count_unconfirmed
    assert table(app) == COUNTING_CONFIRMED
    count_unconfirmed(app, LEAGUE, True)
    assert table(app) == COUNTING_ALL


@pytest.mark.parametrize("counted", [True, False])
def test_each_row_counts_its_results_by_confirmation_under_either_setting(
    app: Touchline, counted: bool
) -> None:
    mixed_league(app)
    count_unconfirmed(app, LEAGUE, counted)
    for row in app.standings(LEAGUE):
        others = row.unconfirmed + row.disputed
        assert row.played == row.confirmed + (others if counted else 0)
        assert row.won + row.drawn + row.lost == row.played
    assert [league.count_unconfirmed for league in app.leagues()] == [counted]


def test_the_league_lists_its_matches_results_and_open_disputes(app: Touchline) -> None:
    league = mixed_league(app)
    matches = {m.match_id: m for m in app.league_matches(LEAGUE)}
    assert {
        match_id: (m.status, m.result_status, m.awaiting, m.open_disputes)
        for match_id, m in matches.items()
    } == {
        league.confirmed: ("finished", "confirmed", (), 0),
        league.unconfirmed: ("finished", "unconfirmed", ("Cid",), 0),
        league.disputed: ("finished", "disputed", ("Cid", "Ann"), 1),
        league.in_play: ("in progress", "in-play", (), 1),
    }
    disputes = app.league_disputes(LEAGUE)
    assert [(d.match_id, d.dispute, d.entry, d.reason, d.by) for d in disputes] == [
        (league.disputed, league.result_dispute, None, RESULT_DISPUTE, "coach"),
        (league.in_play, league.toss_dispute, 1, TOSS_DISPUTE, "coach"),
    ]
    assert disputes[0].title == "Nankatsu (Cid) vs Toho (Ann)"
    listed = {s.id: (s.result_status, s.awaiting, s.open_disputes) for s in app.list_matches()}
    assert listed == {
        match_id: (m.result_status, m.awaiting, m.open_disputes) for match_id, m in matches.items()
    }


def test_a_ruling_ends_the_dispute_and_the_confirmations_decide_again(app: Touchline) -> None:
    league = mixed_league(app)
    count_unconfirmed(app, LEAGUE, False)
    app.rule(league.disputed, league.result_dispute, "stands", ["CG-5.4"], "", REFEREE)
    assert app.league_disputes(LEAGUE)[0].match_id == league.in_play
    disputed = next(m for m in app.league_matches(LEAGUE) if m.match_id == league.disputed)
    assert (disputed.result_status, disputed.open_disputes) == ("unconfirmed", 0)
    assert table(app)[1][1:] == ("Cid", 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    app.confirm(league.disputed, "nankatsu", COACH)
    app.confirm(league.disputed, "toho", COACH)
    assert table(app)[0][1:] == ("Cid", 1, 1, 0, 0, 1, 0, 3, 1, 1, 0)


def test_a_correction_that_changes_a_goal_changes_the_standings(app: Touchline) -> None:
    app.create_league(LEAGUE, "card-game", AUTHOR)
    setup = setup_for("Ann", "Bea")
    actions, roll = missed_last_shot(setup)
    match_id = str(record_all(app, actions, setup, LEAGUE).id)
    assert table(app) == [
        (1, "Ann", 1, 0, 1, 0, 1, 1, 1, 0, 1, 0),
        (1, "Bea", 1, 0, 1, 0, 1, 1, 1, 0, 1, 0),
    ]
    app.correct(match_id, roll, {**actions[roll - 1], "value": 6}, "the die showed a 6", AUTHOR)
    assert app.get_match(match_id).result.scores == {"nankatsu": 2, "toho": 1}  # type: ignore[union-attr]
    assert table(app) == [
        (1, "Ann", 1, 1, 0, 0, 2, 1, 3, 0, 1, 0),
        (2, "Bea", 1, 0, 0, 1, 1, 2, 0, 0, 1, 0),
    ]
    assert app.coach_stats("Ann").counts["goals"] == 2


def test_a_ruling_that_corrects_a_confirmed_result_leaves_the_confirmations_behind(
    app: Touchline,
) -> None:
    app.create_league(LEAGUE, "card-game", AUTHOR)
    count_unconfirmed(app, LEAGUE, False)
    setup = setup_for("Ann", "Bea")
    actions, roll = missed_last_shot(setup)
    match_id = str(record_all(app, actions, setup, LEAGUE).id)
    app.confirm(match_id, "nankatsu", COACH)
    app.confirm(match_id, "toho", COACH)
    assert [r[1:3] + r[8:] for r in table(app)] == [("Ann", 1, 1, 1, 0, 0), ("Bea", 1, 1, 1, 0, 0)]
    corrected = {**actions[roll - 1], "value": 6}
    with pytest.raises(ResultAlreadyConfirmed):
        app.correct(match_id, roll, corrected, "the die showed a 6", AUTHOR)
    dispute = app.dispute(match_id, roll, "the die showed a 6", COACH).line.number
    assert [r[1:3] + r[8:] for r in table(app)] == [("Ann", 0, 0, 0, 0, 1), ("Bea", 0, 0, 0, 0, 1)]
    app.rule(match_id, dispute, "corrected", ["CG-5.4"], "", REFEREE,
             correction=CorrectionRequest(roll, corrected))  # fmt: skip
    # The coaches confirmed a draw: the 2–1 win awaits their confirmation, and counts only then.
    assert [r[1:3] + r[8:] for r in table(app)] == [("Ann", 0, 0, 0, 1, 0), ("Bea", 0, 0, 0, 1, 0)]
    app.confirm(match_id, "nankatsu", COACH)
    app.confirm(match_id, "toho", COACH)
    assert table(app) == [
        (1, "Ann", 1, 1, 0, 0, 2, 1, 3, 1, 0, 0),
        (2, "Bea", 1, 0, 0, 1, 1, 2, 0, 1, 0, 0),
    ]


def test_a_rebuild_from_the_first_event_gives_the_same_tables(app: Touchline) -> None:
    league = mixed_league(app)
    count_unconfirmed(app, LEAGUE, False)
    app.rule(league.in_play, league.toss_dispute, "stands", ["CG-3.1"], "", REFEREE)
    before = snapshot(projector_for(app))
    standings, disputes = table(app), app.league_disputes(LEAGUE)
    app.rebuild_projections()
    assert snapshot(projector_for(app)) == before
    assert (table(app), app.league_disputes(LEAGUE)) == (standings, disputes)


def test_the_fold_agrees_with_the_match_on_where_each_result_stands(app: Touchline) -> None:
    """The read side judges the folded result (no rule replayed); the match, replaying its
    rules, must judge the same, confirmations left behind by a correction included."""
    league = mixed_league(app)
    setup = setup_for("Fay", "Gus")
    actions, roll = missed_last_shot(setup)
    corrected = str(record_all(app, actions, setup, LEAGUE).id)
    app.confirm(corrected, "toho", COACH)
    app.correct(corrected, roll, {**actions[roll - 1], "value": 6}, "the die showed a 6", AUTHOR)
    app.confirm(corrected, "nankatsu", COACH)
    states = {}
    for match_id in (league.confirmed, league.unconfirmed, league.disputed, league.in_play,
                     corrected):  # fmt: skip
        # fresh_fold asserts that the fold's result agrees with the match's own.
        folded = fresh_fold(app, UUID(match_id))
        states[match_id] = folded["summary"][COLUMNS.index("result_status")]
    assert list(states.values()) == ["confirmed", "unconfirmed", "disputed", "in-play",
                                     "unconfirmed"]  # fmt: skip
    assert app.load_record(corrected).result_status().awaiting == ("toho",)
