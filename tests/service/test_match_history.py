"""A coach's and a team's match history: every match with its opponents, score and result,
the record of each game (won, drawn and lost, or the places finished in), and head-to-head,
on both stores."""

from __future__ import annotations

import pytest

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from service.errors import BadInput, NothingKnown
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did

CARD_GAME = "Captain Tsubasa: The Card Game"
KING = "King of the Pitch"
TCG = "Captain Tsubasa TCG (2002)"


def record_golden(app: Touchline, alice: Author) -> None:
    for ruleset, name, setup, *_ in CASES:
        match = app.create_match(ruleset, setup, alice)
        for line in golden_lines(name):
            record_as_the_table_did(app, match.id, parse_entry(ruleset, line), alice)


def test_the_golden_matches_make_alices_history(app: Touchline, alice: Author) -> None:
    record_golden(app, alice)
    history = app.coach_history("ALICE")
    assert history.name == "Alice"
    assert len(history.matches) == len(CASES)
    records = {record.game: record for record in history.records}
    # The full match 3–2 won, the first match 1–2 lost (Alice is Nankatsu in both).
    card = records[CARD_GAME]
    assert (card.played, card.won, card.drawn, card.lost, card.scored) == (2, 1, 0, 1, 4)
    assert card.win_rate == 0.5
    # Both TCG matches lost, one on penalties after 1–1.
    tcg = records[TCG]
    assert (tcg.played, tcg.won, tcg.drawn, tcg.lost) == (2, 0, 0, 2)
    assert tcg.win_rate == 0.0
    # King of the Pitch ranks by placing: 2nd of 2, 1st of 3, 3rd (shared) of 5; crowns summed.
    king = records[KING]
    assert king.by_placing and king.scored_as == "crowns"
    assert (king.played, king.places, king.scored) == (3, ((1, 1), (2, 1), (3, 1)), 9)
    assert (king.won, king.drawn, king.lost) == (0, 0, 0)
    placings = sorted(m.placing for m in history.matches if m.game == KING)
    assert placings == ["1st of 3", "2nd of 2", "3rd of 5"]
    assert all(m.outcome is None for m in history.matches if m.game == KING)
    meetings = {
        (h.game, h.opponent): (h.met, h.ahead, h.level, h.behind) for h in history.head_to_head
    }
    assert meetings == {
        (CARD_GAME, "Bob"): (2, 1, 0, 1),
        (TCG, "Bob"): (2, 0, 0, 2),
        # Bob was green: behind Alice (3 teams), ahead (2 teams), level (shared 3rd of 5).
        (KING, "Bob"): (3, 1, 1, 1),
        (KING, "Chen"): (2, 1, 0, 1),
        (KING, "Dana"): (1, 0, 0, 1),
        (KING, "Emil"): (1, 1, 0, 0),
    }


def test_a_team_history_meets_teams(app: Touchline, alice: Author) -> None:
    record_golden(app, alice)
    toho = app.team_history("toho")
    assert toho.name == "Toho"
    assert {h.opponent for h in toho.head_to_head} == {"Nankatsu"}
    # Toho in both card-game matches and both TCG matches (its team list is called Toho).
    records = {record.game: record for record in toho.records}
    assert (records[CARD_GAME].won, records[CARD_GAME].lost) == (1, 1)
    assert (records[TCG].won, records[TCG].lost) == (2, 0)
    assert app.team_history("green").records[0].places == ((1, 1), (3, 2))


def play(app: Touchline, home: str, away: str, score: tuple[int, int], league: str | None) -> None:
    setup = setup_for(home, away)
    record_all(app, finished_match(*score, sum(score) * 7 + score[0], setup), setup, league)


def test_a_small_league_gives_each_coach_a_record_and_head_to_head(app: Touchline) -> None:
    app.create_league("Spring", "card-game", Author("organizer", "2026-11-29T20:00:00+00:00"))
    play(app, "Ann", "Ben", (2, 1), "Spring")
    play(app, "Ben", "Ann", (1, 1), "Spring")
    play(app, "Cat", "Ann", (0, 3), "Spring")
    play(app, "Ann", "Cat", (1, 0), None)
    # In progress, and abandoned: listed, counted in no record.
    unfinished = finished_match(1, 0, 5, setup_for("Ann", "Ben"))[:12]
    record_all(app, unfinished, setup_for("Ann", "Ben"), "Spring")
    abandoned = record_all(app, unfinished, setup_for("Ann", "Cat"), "Spring")
    abandoned.abandon(Author("referee", "2026-11-29T22:00:00+00:00"), "rain")
    app.save(abandoned)

    ann = app.coach_history("Ann")
    assert len(ann.matches) == 6
    assert {m.league for m in ann.matches} == {"Spring", None}
    statuses = sorted(m.status for m in ann.matches)
    assert statuses == ["abandoned", "finished", "finished", "finished", "finished", "in progress"]
    assert all(m.outcome is None for m in ann.matches if m.status != "finished")
    (record,) = ann.records
    assert (record.played, record.won, record.drawn, record.lost) == (4, 3, 1, 0)
    assert record.win_rate == 0.75 and record.draw_rate == 0.25 and record.loss_rate == 0.0
    assert record.scored == 2 + 1 + 3 + 1
    meetings = {h.opponent: (h.met, h.ahead, h.level, h.behind) for h in ann.head_to_head}
    assert meetings == {"Ben": (2, 1, 1, 0), "Cat": (2, 2, 0, 0)}
    ben = app.coach_history("ben").matches
    ben_vs = {m.score: m.outcome for m in ben if m.status == "finished"}
    assert ben_vs == {"2–1": "lost", "1–1": "drawn"}
    assert app.coach_history("Cat").records[0].lost == 2
    # Ann's own goals first, wherever she sat: the score line reads home first.
    shown = sorted((m.score, m.shown_score) for m in ann.matches if m.status == "finished")
    assert shown == [("0–3", "3–0"), ("1–0", "1–0"), ("1–1", "1–1"), ("2–1", "2–1")]
    assert app.history_names("coach") == ["Ann", "Ben", "Cat"]


def test_an_unknown_coach_or_kind_is_refused(app: Touchline, alice: Author) -> None:
    record_golden(app, alice)
    with pytest.raises(NothingKnown, match="no coach called 'Zed'"):
        app.coach_history("Zed")
    with pytest.raises(BadInput):
        app.history("player", "Tsubasa Ozora")
