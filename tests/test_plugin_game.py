"""A game from outside the application's packages plugs in by registering itself: Dice Football
(tests/plugin_game/) is created, scored, replayed, exported, imported and counted through the
command line, the JSON API and the web pages, with no file outside its package knowing it."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from flask import Flask
from flask.testing import FlaskClient

from cli.main import cli
from domain import consequences
from domain.match import Author, MatchRecord
from domain.notation import parse_action
from domain.registry import find_ruleset, ruleset_names
from service.projections.fold import fold
from tests.links import use
from tests.plugin_game import plugged_in  # noqa: F401 (the fixture)
from tests.web.conftest import SECRET, become_scorer, post_form
from web import create_app

pytestmark = pytest.mark.usefixtures("plugged_in")

GAME = "dice-football"
SETUP = {
    "home": {"team": "Reds", "coach": "Alice"},
    "away": {"team": "Blues", "coach": "Bob"},
    "settings": {"goal-on": "4"},
}
# Reds kick off, roll a 4 and score; Blues roll a 2 and the referee ends it: 1–0.
PLAY = ["kickoff home", "roll home 4", "goal home", "roll away 2", "full-time"]
FINAL = "Reds (Alice) 1–0 Blues (Bob)"

Run = Callable[..., Result]


@pytest.fixture
def run(sqlite_url: str) -> Run:
    runner = CliRunner()

    def invoke(*args: str) -> Result:
        result = runner.invoke(cli, ["--database", sqlite_url, "--by", "alice", *args])
        assert result.exit_code == 0, result.output
        return result

    return invoke


@pytest.fixture
def app(sqlite_url: str) -> Flask:
    return use(create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": SECRET, "TESTING": True}))


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _created(result: Result) -> str:
    return result.output.split()[2]


def test_registration_is_all_it_takes() -> None:
    assert GAME in ruleset_names()


def test_the_command_line_creates_scores_replays_exports_and_imports(
    run: Run, tmp_path: Path
) -> None:
    help_text = run("match", "new", "--help").output
    assert "--goal-on VALUE" in help_text and "Dice Football: --setting goal-on=VALUE." in help_text
    assert "roll SIDE VALUE" in run("rules", GAME).output

    match_id = _created(
        run("match", "new", GAME, "--home", "Reds:Alice", "--away", "Blues:Bob", "--goal-on", "4")
    )
    for line in PLAY:
        run("match", "record", match_id, *line.split())
    shown = run("match", "show", match_id).output
    assert FINAL in shown and "Reds (Alice) 1–0 Blues (Bob)\nphase over" in shown

    replayed = run("match", "replay", match_id, "--to", "3").output
    # A game that words none of its entries reads as its notation in words, with the marks.
    assert re.search(r"\n    3  Reds: goal  ◉ goal   \[alice, ", replayed), replayed
    assert "\n    4  " not in replayed
    assert "→ Goal for Reds (Alice): 1–0." in replayed

    path = tmp_path / "dice.touchline"
    run("match", "export", match_id, "-o", str(path))
    assert f"ruleset: {GAME}\n" in path.read_text(encoding="utf-8")
    copy = _created(run("match", "import", str(path)))
    assert copy != match_id
    assert FINAL in run("match", "show", copy).output


def test_the_api_creates_scores_replays_exports_and_imports(client: FlaskClient) -> None:
    listed = {r["name"]: r for r in client.get("/api/rulesets").get_json()}
    assert listed[GAME]["title"] == "Dice Football"

    answer = client.post("/api/matches", json={"ruleset": GAME, "setup": SETUP, "by": "alice"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    match_id = answer.get_json()["match"]["id"]
    scorer = {"Authorization": f"Bearer {answer.get_json()['scorer_token']}"}
    for line in PLAY:
        written = client.post(
            f"/api/matches/{match_id}/entries", json={"text": line, "by": "alice"}, headers=scorer
        )
        assert written.status_code == 201, written.get_data(as_text=True)

    match = client.get(f"/api/matches/{match_id}").get_json()
    assert match["situation"]["score"] == {"home": 1, "away": 0}
    assert match["result"]["summary"] == FINAL
    step = client.get(f"/api/matches/{match_id}/steps/3").get_json()
    assert step["situation"]["score"] == {"home": 1, "away": 0}

    exported = client.get(f"/api/matches/{match_id}/export").get_data()
    imported = client.post("/api/matches/import", data=exported, content_type="text/plain")
    assert imported.status_code == 201, imported.get_data(as_text=True)
    assert imported.get_json()["match_file"]["checked"] is True


def test_the_web_pages_create_score_and_replay(client: FlaskClient) -> None:
    form = client.get("/matches/new").get_data(as_text=True)
    assert '<fieldset class="ruleset-fields" data-ruleset="dice-football">' in form
    assert '<select id="df-goal-on" name="df-goal-on" aria-describedby="df-goal-on-help">' in form
    assert "<strong>5</strong>: a 5 or more scores" in form

    created = post_form(
        client,
        "/matches/new",
        {
            "ruleset": GAME,
            "df-home-team": "Reds",
            "df-home-coach": "Alice",
            "df-away-team": "Blues",
            "df-away-coach": "Bob",
            "df-goal-on": "4",
        },
    )
    assert created.status_code == 303, created.get_data(as_text=True)
    match_id = re.search(r"/matches/([0-9a-f-]+)/created", created.headers["Location"])
    assert match_id is not None
    match_id = match_id.group(1)

    become_scorer(client, match_id)
    for version, entry in enumerate(
        [{"kind": "kickoff", "side": "home"}, {"kind": "roll", "side": "home", "value": "4"}],
        start=1,
    ):
        posted = post_form(
            client,
            f"/matches/{match_id}/entries",
            {**entry, "expected_version": str(version)},
        )
        assert posted.status_code == 303, posted.get_data(as_text=True)

    # Its own glance template, from its package; the situation drawn generically.
    live = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert "Dice Football · play" in live
    assert 'name="kind" value="goal"' in live
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'class="situation situation-view"' in page
    assert "<dt>Last roll</dt><dd>4</dd>" in page
    replay = client.get(f"/matches/{match_id}/replay?at=1").get_data(as_text=True)
    assert "Reds (Alice) kicks off." in replay


def test_its_matches_count_in_stats_and_standings(run: Run, client: FlaskClient) -> None:
    run("league", "new", "Dice", "--ruleset", GAME)
    match_id = _created(
        run(
            "match", "new", GAME, "--home", "Reds:Alice", "--away", "Blues:Bob",
            "--goal-on", "4", "--league", "Dice",
        )
    )  # fmt: skip
    for line in PLAY:
        run("match", "record", match_id, *line.split())

    standings = client.get("/api/leagues/Dice/standings").get_json()
    rows = {row["competitor"]: row for row in standings["standings"]}
    alice, bob = rows["Alice"], rows["Bob"]
    assert (alice["place"], alice["played"], alice["won"], alice["points"]) == (1, 1, 1, 3)
    assert (alice["goals_for"], alice["goals_against"]) == (1, 0)
    assert (bob["place"], bob["played"], bob["lost"], bob["points"]) == (2, 1, 1, 0)
    table = run("league", "standings", "Dice").output
    # Played 1, of which no result confirmed yet (0/1): the league counts unconfirmed ones.
    assert re.search(r"1  Alice +1 +0/1 +1 +0 +0 +1 +0 +\+1 +3  points", table), table
    assert re.search(r"2  Bob +1 +0/1 +0 +0 +1 +0 +1 +-1 +0  points", table), table
    page = client.get("/leagues/Dice").get_data(as_text=True)
    assert '<th scope="row"><a href="/stats/coaches/Alice">Alice</a></th>' in page
    assert "<td>finished</td>\n      <td>1–0</td>" in page

    # Its goal and its full time count with this game's meaning, not with the TCG's, whose
    # goal and end of match are stored in the same form (a goal there also wins a battle).
    assert _counts(run("stats", "coach", "Alice").output) == {
        "goals": 1,
        "matches won": 1,
        "possession won": 1,
    }
    assert _counts(run("stats", "coach", "Bob").output) == {"matches lost": 1}
    assert _counts(run("stats", "team", "Reds").output)["goals"] == 1
    coach_page = client.get("/stats/coaches/Alice").get_data(as_text=True)
    assert '<tr><th scope="row">matches won</th><td class="num">1</td></tr>' in coach_page
    index = client.get("/stats").get_data(as_text=True)
    assert '<a href="/stats/coaches/Alice">Alice</a>' in index

    # Each roll is one d6 of the side that rolled it: Alice's 4, Bob's 2.
    dice = run("stats", "dice").output
    assert dice.startswith("d6: 2 rolls\n"), dice
    assert _faces(dice) == {1: 0, 2: 1, 3: 0, 4: 1, 5: 0, 6: 0}
    assert _faces(run("stats", "dice", "--coach", "Alice").output)[4] == 1
    assert _faces(run("stats", "dice", "--coach", "Bob").output) == {
        1: 0, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0
    }  # fmt: skip
    dice_page = client.get("/stats/dice").get_data(as_text=True)
    assert "face 1: 0, face 2: 1, face 3: 0, face 4: 1, face 5: 0, face 6: 0" in dice_page

    listed = run("match", "list").output
    assert re.search(rf"{match_id[:8]} +{GAME} +finished +1–0 +5 entries", listed), listed


@pytest.mark.parametrize("tcg_first", [True, False])
def test_its_consequences_fold_with_its_own_meaning_whichever_game_declared_first(
    tcg_first: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The TCG stores its goal and its end of match in the same form as Dice Football; the
    fold reads each game's own types, in whatever order the games were imported."""
    find_ruleset("tcg")
    for kind in ("goal", "match-ended"):
        declared = consequences._DECLARED[kind]
        ordered = sorted(declared, key=lambda t: t.__module__.startswith("domain.tcg") != tcg_first)
        monkeypatch.setitem(consequences._DECLARED, kind, ordered)
    author = Author("alice", "2026-11-29T21:00:00+00:00", "test")
    match = MatchRecord(GAME, SETUP, author.by, author.at)
    for line in PLAY:
        match.record(parse_action(find_ruleset(GAME).codec, line), author)

    folded = fold(match)
    alice = {stat: n for (kind, name, stat), n in folded.stats.items() if name == "Alice"}
    assert alice == {"goals": 1, "matches_won": 1, "possession_won": 1}
    assert (folded.score, folded.finished, folded.winner) == ("1–0", True, "Alice")


def _counts(stats: str) -> dict[str, int]:
    """The statistics `touchline stats coach|team` prints, by name: the indented lines right
    under the first (the record, head-to-head and matches follow them)."""
    lines = stats.splitlines()[1:]
    counts = "\n".join(line for line in itertools.takewhile(lambda x: x.startswith("  "), lines))
    found = re.findall(r"^  (\S.*?) +(\d+)$", counts, re.MULTILINE)
    return {name: int(count) for name, count in found}


def _faces(dice: str) -> dict[int, int]:
    """How often each face came up, as `touchline stats dice` prints it for one die type
    (before the same by source and die)."""
    totals = dice.split("by source and die:")[0]
    return {int(face): int(n) for face, n in re.findall(r"^  (\d+): +(\d+) ", totals, re.MULTILINE)}
