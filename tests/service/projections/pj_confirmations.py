"""A league whose results stand differently with their coaches, shared by the service, CLI and
web tests: confirmed, awaiting a confirmation, disputed, and a match in play with a dispute.

Autumn Cup (card game, 3/1/0):
- Ann beats Bea 2–0: both coaches confirmed;
- Bea and Cid draw 1–1 after Extra Time: Bea confirmed, Cid not yet (unconfirmed);
- Cid beats Ann 1–0: Ann disputes the result (disputed until ruled);
- Dan and Eve are playing: Eve disputes the toss (entry 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.league import league_id
from domain.match import Author
from service.app import Touchline
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import AUTHOR, record_all

LEAGUE = "Autumn Cup"
COACH = Author("coach", "2026-11-30T10:00:00+00:00", "test")
ORGANISER = Author("olga", "2026-11-30T11:00:00+00:00", "test")
RESULT_DISPUTE = "the last die rolled off the table"
TOSS_DISPUTE = "the coin landed on its edge"

# (competitor, played, won, drawn, lost, goals for, goals against, points, confirmed,
# unconfirmed, disputed), best first, places shared as `place` says.
COUNTING_ALL = [
    (1, "Cid", 2, 1, 1, 0, 2, 1, 4, 0, 1, 1),
    (2, "Ann", 2, 1, 0, 1, 2, 1, 3, 1, 0, 1),
    (3, "Bea", 2, 0, 1, 1, 1, 3, 1, 1, 1, 0),
    (4, "Dan", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (4, "Eve", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
]
# Only Ann's win over Bea is confirmed by both coaches.
COUNTING_CONFIRMED = [
    (1, "Ann", 1, 1, 0, 0, 2, 0, 3, 1, 0, 1),
    (2, "Cid", 0, 0, 0, 0, 0, 0, 0, 0, 1, 1),
    (2, "Dan", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (2, "Eve", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (5, "Bea", 1, 0, 0, 1, 0, 2, 0, 1, 1, 0),
]


@dataclass(frozen=True)
class MixedLeague:
    confirmed: str
    unconfirmed: str
    disputed: str
    in_play: str
    result_dispute: int  # the dispute's line in the disputed match
    toss_dispute: int  # the dispute's line in the match in play


def mixed_league(app: Touchline) -> MixedLeague:
    app.create_league(LEAGUE, "card-game", AUTHOR)
    ids = []
    for seed, (home, away, a, b) in enumerate(
        [("Ann", "Bea", 2, 0), ("Bea", "Cid", 1, 1), ("Cid", "Ann", 1, 0)]
    ):
        setup = setup_for(home, away)
        ids.append(str(record_all(app, finished_match(a, b, seed, setup), setup, LEAGUE).id))
    confirmed, unconfirmed, disputed = ids
    app.confirm(confirmed, "nankatsu", COACH)
    app.confirm(confirmed, "toho", COACH)
    app.confirm(unconfirmed, "nankatsu", COACH)
    result_dispute = app.dispute(disputed, None, RESULT_DISPUTE, COACH).line.number
    in_play = app.create_match("card-game", setup_for("Dan", "Eve"), AUTHOR, league=LEAGUE).id
    app.record(in_play, {"kind": "toss", "winner": "toho"}, AUTHOR)
    later = Author(COACH.by, "2026-11-30T10:30:00+00:00", COACH.device)
    toss_dispute = app.dispute(in_play, 1, TOSS_DISPUTE, later).line.number
    return MixedLeague(confirmed, unconfirmed, disputed, in_play, result_dispute, toss_dispute)


def count_unconfirmed(app: Touchline, league: str, count: bool) -> None:
    """Change the league's setting, as its organiser would."""
    found: Any = app.repository.get(league_id(league))
    found.change_settings(found.rules, count, ORGANISER.by, ORGANISER.at, None)
    app.save(found)


def table(app: Touchline, league: str = LEAGUE) -> list[tuple[Any, ...]]:
    return [
        (r.place, r.competitor, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against,
         r.points, r.confirmed, r.unconfirmed, r.disputed)
        for r in app.standings(league)
    ]  # fmt: skip


def missed_last_shot(setup: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
    """A 1–1 draw after Extra Time whose last phase is a Shot that missed (1 against 6), and
    the line number of the shooter's roll: rolled as a 6, the Shot scores and wins 2–1."""
    actions = finished_match(1, 1, 0, setup)
    declared = max(i for i, a in enumerate(actions) if a["kind"] == "declare")
    actions[declared] = {**actions[declared], "action": "shot"}
    roll = declared + 1
    assert actions[roll]["kind"] == "roll" and actions[roll]["value"] == 1
    return actions, roll + 1
