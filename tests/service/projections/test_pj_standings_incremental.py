"""Issue 13: the standings view keeps each competitor's tally and the head-to-head points
result by result, adding a match's part and taking its old part away when its status, coaches
or result change. Whatever happens to a league's matches, in any order, its table is the one
the pure `domain.standings.standings` computes from the league's results from scratch."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from domain.league import league_id, make_rules
from domain.match import Author
from domain.standings import standings
from service.app import Touchline
from service.projections import projector_for
from service.projections.standings import _decode
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import AUTHOR, record_all

LEAGUE = "Incremental Cup"
COACHES = ("Ann", "Bea", "Cid", "Dan")
COACH = Author("coach", "2026-11-30T10:00:00+00:00", "test")
SCORES = [(1, 0), (0, 1), (2, 2), (0, 0), (3, 1), (1, 1)]


def from_scratch(app: Touchline) -> list[tuple[Any, ...]]:
    """The table the pure function gives from every stored result of the league."""
    projector = projector_for(app)
    projector.catch_up(("standings",))
    league = app.find_league(LEAGUE)
    rules = make_rules(league.ruleset, league.points, league.tiebreak)
    rules = type(rules)(rules.ruleset, rules.points, rules.tiebreak, league.count_unconfirmed)
    with projector.db.transaction(commit=False) as sql:
        rows = sql.rows("SELECT status, coaches, result FROM league_matches WHERE league = ?",
                        (LEAGUE,))  # fmt: skip
    results = [_decode(r["result"]) for r in rows if r["result"] is not None]
    entrants = sorted(
        {c for r in rows if r["status"] != "abandoned" for c in json.loads(r["coaches"])}
    )
    return [
        (p.place, *tuple(p.to_dict().values())[1:]) for p in standings(rules, results, entrants)
    ]


def kept(app: Touchline) -> list[tuple[Any, ...]]:
    return [
        (r.place, r.competitor, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against,
         r.difference, r.points, r.decided_by, r.confirmed, r.unconfirmed, r.disputed)
        for r in app.standings(LEAGUE)
    ]  # fmt: skip


def play(app: Touchline, chooser: random.Random) -> str:
    home, away = chooser.sample(COACHES, 2)
    setup = setup_for(home, away)
    score = chooser.choice(SCORES)
    actions = finished_match(*score, seed=chooser.randrange(1000), setup=setup)
    return str(record_all(app, actions, setup, LEAGUE).id)


def change_settings(app: Touchline, chooser: random.Random) -> None:
    found: Any = app.repository.get(league_id(LEAGUE))
    points = chooser.choice([[3, 1, 0], [2, 1, 0], [1, 0, 0]])
    tiebreak = chooser.choice(
        [None, ["points", "goal-difference", "head-to-head"], ["points", "wins"]]
    )
    rules = make_rules("card-game", points, tiebreak)
    found.change_settings(rules, chooser.random() < 0.5, "olga", AUTHOR.at, None)
    app.save(found)


@pytest.mark.parametrize("seed", range(4))
def test_the_kept_table_is_the_one_computed_from_scratch_after_every_change(
    app: Touchline, seed: int
) -> None:
    chooser = random.Random(seed)
    app.create_league(LEAGUE, "card-game", AUTHOR)
    matches = [play(app, chooser) for _ in range(5)]
    assert kept(app) == from_scratch(app)
    for _ in range(14):
        move = chooser.choice(["play", "undo", "abandon", "settings", "confirm", "dispute"])
        target = chooser.choice(matches)
        status = app.get_match(target).status
        if move == "play":
            matches.append(play(app, chooser))
        elif move == "undo" and status != "abandoned":
            app.undo(target, AUTHOR)
        elif move == "abandon" and status != "abandoned":
            app.abandon(target, AUTHOR, "the table was needed")
        elif move == "settings":
            change_settings(app, chooser)
        elif move == "confirm" and status == "finished":
            app.confirm(target, chooser.choice(["nankatsu", "toho"]), COACH)
        elif move == "dispute" and status == "finished":
            app.dispute(target, None, "the last roll fell off the table", COACH)
        assert kept(app) == from_scratch(app), move
    # A rebuild, which only ever adds, agrees with the table kept by adding and taking away.
    before = kept(app)
    projector_for(app).rebuild(("standings",))
    assert kept(app) == before
