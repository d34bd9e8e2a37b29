"""The match aggregate's league and abandonment; events stored before them still load."""

from __future__ import annotations

import pytest

from domain.league import League, league_id
from domain.log import Abandonment
from domain.match import Author, MatchAbandoned, MatchRecord
from tests.opening import SETUP

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "test")


def test_a_match_created_without_a_league_has_none() -> None:
    match = MatchRecord("card-game", SETUP, "alice", ALICE.at)
    assert match.league is None and match.abandonment is None


def test_an_old_created_event_without_league_still_replays() -> None:
    created = MatchRecord("card-game", SETUP, "alice", ALICE.at).collect_events()[0]
    del created.__dict__["league"]  # as stored before leagues existed
    replayed = created.mutate(None)
    assert replayed is not None and replayed.league is None


def test_an_abandoned_match_refuses_entries_undo_and_a_second_abandonment() -> None:
    match = MatchRecord("card-game", SETUP, "alice", ALICE.at, "Spring Cup")
    match.record({"kind": "toss", "winner": "toho"}, ALICE)
    line = match.abandon(ALICE, " floodlights failed ")
    assert isinstance(line, Abandonment) and line.reason == "floodlights failed"
    for attempt in (
        lambda: match.record({"kind": "kickoff", "coach": "toho"}, ALICE),
        lambda: match.undo(ALICE),
        lambda: match.abandon(ALICE, "again"),
    ):
        with pytest.raises(MatchAbandoned, match="floodlights failed"):
            attempt()
    assert len(match.effective_entries()) == 1


def test_league_ids_ignore_case_and_spacing() -> None:
    league = League("Spring Cup 2027", "card-game", [3, 1, 0], ["points"], "a", ALICE.at)
    assert league.id == league_id("  spring   CUP 2027 ")
    assert league.rules.points == (3, 1, 0)
