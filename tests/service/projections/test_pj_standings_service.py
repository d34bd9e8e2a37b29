"""League standings through the service: draws after Extra Time, abandoned matches, corrected
entries, leagues refusing strangers; on both stores."""

from __future__ import annotations

from typing import Any

import pytest

from domain.match import Author
from service.app import Touchline
from service.errors import BadInput, LeagueExists, LeagueNotFound
from service.projections import projector_for
from service.projections import standings as standings_view
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import AUTHOR, record_all, snapshot

LEAGUE = "Spring Cup 2027"


def summaries(app: Touchline) -> list[dict[str, Any]]:
    """The summaries view's rows, as the read model holds them (with the winner)."""
    return snapshot(projector_for(app))["summaries"]


def points(app: Touchline) -> dict[str, tuple[int, int, int, int, int]]:
    return {
        r.competitor: (r.played, r.won, r.drawn, r.lost, r.points) for r in app.standings(LEAGUE)
    }


@pytest.fixture
def league(app: Touchline) -> str:
    return app.create_league(LEAGUE, "card-game", AUTHOR).name


def play(app: Touchline, home: str, away: str, a: int, b: int, seed: int = 0) -> str:
    setup = setup_for(home, away)
    return str(record_all(app, finished_match(a, b, seed, setup), setup, LEAGUE).id)


def test_a_draw_after_extra_time_counts_as_a_draw(app: Touchline, league: str) -> None:
    play(app, "Ann", "Bea", 1, 1)
    summary = summaries(app)[0]
    assert (summary["status"], summary["score"], summary["winner"]) == ("finished", "1–1", None)
    assert points(app) == {"Ann": (1, 0, 1, 0, 1), "Bea": (1, 0, 1, 0, 1)}


def test_an_abandoned_match_does_not_count(app: Touchline, league: str) -> None:
    play(app, "Ann", "Bea", 2, 0)
    abandoned = play(app, "Cid", "Ann", 3, 0, seed=1)
    assert points(app)["Cid"] == (1, 1, 0, 0, 3)
    app.abandon(abandoned, Author("referee", "2026-11-30T10:00:00+00:00"), "played with 12")
    assert points(app) == {"Ann": (1, 1, 0, 0, 3), "Bea": (1, 0, 0, 1, 0)}
    assert {s["status"] for s in summaries(app)} == {"finished", "abandoned"}


def test_a_retracted_entry_changes_the_standings(app: Touchline, league: str) -> None:
    match_id = play(app, "Ann", "Bea", 1, 0)
    assert points(app)["Ann"] == (1, 1, 0, 0, 3)
    # The final entry is corrected: the match is no longer over, so it no longer counts.
    last = app.load_record(match_id).effective_entries()[-1].action
    app.undo(match_id, AUTHOR)
    assert points(app) == {"Ann": (0, 0, 0, 0, 0), "Bea": (0, 0, 0, 0, 0)}
    app.record(match_id, last, AUTHOR)
    assert points(app)["Ann"] == (1, 1, 0, 0, 3)


def test_matches_join_only_a_known_league_of_their_ruleset(app: Touchline, league: str) -> None:
    with pytest.raises(LeagueNotFound):
        app.create_match("card-game", setup_for("A", "B"), AUTHOR, league="Autumn Cup")
    app.create_league("Crown Cup", "king-of-the-pitch", AUTHOR)
    with pytest.raises(BadInput, match="for king-of-the-pitch matches"):
        app.create_match("card-game", setup_for("A", "B"), AUTHOR, league="crown cup")
    with pytest.raises(LeagueExists):
        app.create_league("spring  CUP 2027", "card-game", AUTHOR)
    view = app.create_match("card-game", setup_for("A", "B"), AUTHOR, league="spring cup 2027")
    assert app.load_record(view.id).league == LEAGUE


def test_an_abandoned_match_takes_no_more_entries(app: Touchline) -> None:
    match = app.create_match("card-game", setup_for("A", "B"), AUTHOR)
    app.abandon(match.id, AUTHOR, "rain")
    with pytest.raises(BadInput, match="abandoned"):
        app.record(match.id, {"kind": "toss", "winner": "toho"}, AUTHOR)
    with pytest.raises(BadInput, match="abandoned"):
        app.abandon(match.id, AUTHOR, "again")
    assert app.get_match(match.id).status == "abandoned"


def test_statistics_follow_the_entries(app: Touchline) -> None:
    setup = setup_for("Ann", "Bea")
    record_all(app, finished_match(2, 1, 3, setup), setup)
    ann, nankatsu = app.coach_stats("ann"), app.team_stats("Nankatsu")
    assert ann.matches == 1 and ann.counts["goals"] == 2 and ann.counts["matches_won"] == 1
    assert nankatsu.counts == ann.counts
    assert app.coach_stats("Bea").counts["goals"] == 1
    rolls = sum(f.rolls for f in app.dice("Ann"))
    assert (
        rolls
        == ann.counts["shots_tried"]
        + ann.counts.get("passes_tried", 0)
        + ann.counts["defenses_tried"]
    )


def recomputations(app: Touchline, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    counted: list[str] = []
    real = standings_view._recompute

    def counting(sql: Any, league: str) -> None:
        counted.append(league)
        real(sql, league)

    monkeypatch.setattr(standings_view, "_recompute", counting)
    return counted


def test_an_entry_that_changes_no_standing_leaves_the_table_as_it_is(
    app: Touchline, league: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: a league is recomputed only when one of its matches' status, coaches or
    result changes, not after every entry in every one of its matches."""
    play(app, "Ann", "Bea", 1, 0)
    setup = setup_for("Cid", "Dan")
    actions = finished_match(2, 0, 3, setup)
    live = app.create_match("card-game", setup, AUTHOR, LEAGUE).id
    app.record(live, actions[0], AUTHOR)
    before = points(app)
    counted = recomputations(app, monkeypatch)
    for action in actions[1:-1]:
        app.record(live, action, AUTHOR)
        assert points(app) == before
    assert counted == []
    app.record(live, actions[-1], AUTHOR)
    assert points(app)["Cid"] == (1, 1, 0, 0, 3)
    assert counted == [LEAGUE]
