"""`touchline stats coach|team|dice` print the match history, each game's record and
head-to-head, and the dice per source and named die; `match record --die` and the prompt's
`die NAME` name the die a table roll was made with."""

from __future__ import annotations

import shlex

from click.testing import CliRunner

from cli.main import cli
from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from tests.cli.conftest import Run
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all
from tests.service.test_golden_matches import CASES, golden_lines

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
RULESET, FULL_MATCH, SETUP = CASES[0][:3]


def with_app(store_url: str) -> Touchline:
    return Touchline(settings_for_url(store_url))


def test_a_coach_s_record_head_to_head_and_matches(run: Run, store_url: str) -> None:
    app = with_app(store_url)
    try:
        for home, away, score in [("Ann", "Bea", (2, 0)), ("Bea", "Ann", (1, 1))]:
            setup = setup_for(home, away)
            record_all(app, finished_match(*score, sum(score), setup), setup)
        ids = [m.match_id[:8] for m in app.coach_history("Ann").matches]
    finally:
        app.close()
    result = run("stats", "coach", "ann")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "coach Ann: 2 match(es)" in out
    assert "Captain Tsubasa: The Card Game:" in out
    assert "played 2: won 1 (50%), drawn 1 (50%), lost 0 (0%); 3 goals" in out
    assert "Bea (Captain Tsubasa: The Card Game): met 2: won 1, drawn 1, lost 0" in out
    for short in ids:
        assert short in out
    assert "Nankatsu vs Bea (Toho)  2–0  won" in out
    team = run("stats", "team", "Toho")
    assert team.exit_code == 0 and "Toho vs Nankatsu (Ann)" in team.output


def test_a_game_ranked_by_placing_prints_placings(run: Run, store_url: str) -> None:
    ruleset, name, setup = CASES[4][:3]  # King of the Pitch, five teams
    app = with_app(store_url)
    try:
        match = app.create_match(ruleset, setup, ALICE)
        for line in golden_lines(name):
            app.record(match.id, parse_entry(ruleset, line), ALICE)
    finally:
        app.close()
    result = run("stats", "coach", "Dana")
    assert result.exit_code == 0, result.output
    assert "placings over 1 ranked game(s): 1st 1x; 3 crowns" in result.output
    history = result.output.split("King of the Pitch:\n", 1)[1]
    assert "Alice (King of the Pitch): met 1: ahead 1, level 0, behind 0" in history
    assert "1st of 5" in history and "won" not in history and "played" not in history


def test_match_record_names_the_die_and_dice_show_it_apart(run: Run, store_url: str) -> None:
    new = run("match", "new", RULESET, "--home", "Nankatsu:Alice", "--away", "Toho:Bob")
    match = new.output.split()[2]
    lines = golden_lines(FULL_MATCH)
    first_roll = next(n for n, line in enumerate(lines) if line.startswith("roll"))
    for line in lines[:first_roll]:
        assert run("match", "record", match, *shlex.split(line)).exit_code == 0
    bad = run("match", "record", match, "roll", "nankatsu", "5", "--die", "red\td6")
    assert bad.exit_code == 1
    assert bad.output.startswith("error: the die's label") and "Traceback" not in bad.output
    named = run("match", "record", match, "roll", "nankatsu", "5", "--die", "red d6")
    assert named.exit_code == 0, named.output
    dice = run("stats", "dice")
    assert dice.exit_code == 0
    assert "by source and die:\ntable, red d6: d6, 1 rolls" in dice.output


def test_the_prompt_names_the_die_for_the_rolls_after(store_url: str) -> None:
    app = with_app(store_url)
    try:
        match = app.create_match(RULESET, SETUP, ALICE)
        lines = golden_lines(FULL_MATCH)
        first_roll = next(n for n, line in enumerate(lines) if line.startswith("roll"))
        for line in lines[:first_roll]:
            app.record(match.id, parse_entry(RULESET, line), ALICE)
    finally:
        app.close()
    typed = "die red\x07\ndie Blue d6\nroll nankatsu 5\ndie\nroll toho 2\nquit\n"
    result = CliRunner().invoke(
        cli, ["--database", store_url, "--by", "alice", "match", "play", match.id], input=typed
    )
    assert result.exit_code == 0, result.output
    assert "! the die's label holds the control character U+0007" in result.output
    assert "the table's rolls are recorded as made with 'Blue d6'" in result.output
    assert "no die named" in result.output
    app = with_app(store_url)
    try:
        log = app.load_record(match.id).effective_entries()
        assert [entry.die_label for entry in log[-2:]] == ["Blue d6", None]
    finally:
        app.close()
