"""`touchline match dispute|rule|correct|confirm`, and how `match show --log` and `match replay`
show what they wrote, through click's runner on each store. A refusal stores nothing."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from tests.cli.conftest import Run
from tests.opening import OPENING, SETUP
from tests.service.projections.pj_helpers import record_all
from tests.service.test_card_lists import TWO_PLAYS

GOLDEN = Path(__file__).parent.parent / "domain" / "card_game" / "golden" / "first_match.txt"
# The rulebook's first match, which Toho (Bob) win 2-1.
FIRST_MATCH = {
    "home": {"team": "Toho", "coach": "Bob"},
    "away": {"team": "Nankatsu", "coach": "Alice"},
    "variant": "first-match",
}
SCORER = Author("alice", "2026-11-29T20:00:00+00:00", "cli@table")


@pytest.fixture
def app(store_url: str) -> Iterator[Touchline]:
    touchline = Touchline(settings_for_url(store_url))
    yield touchline
    touchline.close()


@pytest.fixture
def opened(app: Touchline) -> str:
    """A card-game match with the shared opening: Toho score with entry 11 (roll 5 against 2)."""
    match_id = app.create_match("card-game", SETUP, SCORER).id
    for line in OPENING:
        app.record(match_id, parse_entry("card-game", line), SCORER)
    return match_id


@pytest.fixture
def finished(app: Touchline) -> str:
    """The rulebook's first match, played to its end: Toho win 2-1."""
    lines = [line for line in GOLDEN.read_text().splitlines() if line and line[0] != "#"]
    actions = [parse_entry("card-game", line) for line in lines]
    return str(record_all(app, actions, FIRST_MATCH).id)


def shown(run: Run, match_id: str) -> dict[str, Any]:
    result = run("match", "show", match_id, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def ok(run: Run, *args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.output


def refused(run: Run, match_id: str, *args: str, exit_code: int = 1) -> str:
    """Run a command that must be refused, and check that it stored nothing."""
    before = shown(run, match_id)["version"]
    result = run(*args)
    assert result.exit_code == exit_code, result.output
    assert "Traceback" not in result.output
    assert shown(run, match_id)["version"] == before
    return result.output


# -- disputes -------------------------------------------------------------------------------


def test_a_dispute_is_open_in_the_log_and_in_show(run: Run, opened: str) -> None:
    output = ok(
        run, "match", "dispute", opened, "10", "--reason", "the die rolled off", "--by", "bob"
    )
    assert re.search(r"recorded +12  dispute 10: the die rolled off \(open\)   \[bob, ", output)
    text = ok(run, "match", "show", opened, "--log")
    assert "Open disputes:\n   12  dispute 10: the die rolled off (open)" in text
    assert shown(run, opened)["result_status"]["open_disputes"] == [12]


def test_a_dispute_on_no_entry_or_on_a_result_not_there_yet_is_refused(
    run: Run, opened: str
) -> None:
    output = refused(run, opened, "match", "dispute", opened, "99", "--reason", "x")
    assert "error: line 99 is not an entry of this match" in output
    output = refused(run, opened, "match", "dispute", opened, "result", "--reason", "x")
    assert "no result yet" in output
    output = refused(run, opened, "match", "dispute", opened, "10", "--reason", " ")
    assert "say what is disputed" in output
    assert run("match", "dispute", opened, "ten", "--reason", "x").exit_code == 2


def test_a_retried_dispute_records_once(run: Run, opened: str) -> None:
    ok(run, "match", "dispute", opened, "10", "--reason", "off the table", "--key", "d1")
    again = ok(run, "match", "dispute", opened, "10", "--reason", "off the table", "--key", "d1")
    assert again.startswith("already recorded with key d1, nothing new stored:")
    assert [line["type"] for line in shown(run, opened)["log"]].count("dispute") == 1
    output = refused(run, opened, "match", "dispute", opened, "9", "--reason", "x", "--key", "d1")
    assert "the idempotency key 'd1' was used for line 12" in output


# -- rulings --------------------------------------------------------------------------------


def test_a_ruling_that_corrects_shows_the_rule_text_and_the_struck_entry(
    run: Run, opened: str
) -> None:
    ok(run, "match", "annotate", opened, "10", "the die fell off the table")
    ok(run, "match", "dispute", opened, "10", "--reason", "rolled off", "--by", "bob")
    output = ok(
        run,
        "--by",
        "rita",
        "match",
        "rule",
        opened,
        "13",
        "corrected",
        "--rule",
        "cg-5.4",
        "--text",
        "a die off the table is rolled again",
        "--as",
        "roll toho 1",
    )
    assert "14  correct 10 as roll coach=toho value=1: a die off the table" in output
    assert "15  ruling on 13: corrected (CG-5.4): a die off the table" in output
    assert "CG-5.4: Both roll their die simultaneously and add it." in output

    log = ok(run, "match", "show", opened, "--log")
    corrected = r"\(corrected by line 14: a die off the table is rolled again\)"
    marks = r"  ✎ note  ⚠ disputed   \[alice, "
    assert re.search(r"\n   10  Toho roll 5 " + corrected + marks, log)
    assert "13  Dispute of line 10: rolled off (ruled by line 15)  ⚠ disputed   [bob, " in log
    ruling = "15  Ruling on dispute 13: corrected by line 14 (CG-5.4): a die off the table is"
    assert f"{ruling} rolled again  ⚖ ruling   [rita, " in log
    assert "Open disputes" not in log

    replay = ok(run, "match", "replay", opened)
    step = replay[replay.index("\n   14  ") : replay.index("\n   11  ")]
    assert "14  Correction of line 10: Toho roll 1 (a die off the table is rolled again)" in step
    assert "replaces    10  Toho roll 5 (corrected by line 14: a die off" in step
    # What was said about the entry it replaced stays with it.
    assert "12  Note on line 10: the die fell off the table" in step
    assert "13  Dispute of line 10: rolled off (ruled by line 15)" in step
    assert "CG-5.4: Both roll their die simultaneously and add it." in step


def test_a_ruling_cites_only_rules_of_the_game_and_only_open_disputes(
    run: Run, opened: str
) -> None:
    ok(run, "match", "dispute", opened, "5", "--reason", "Hyuga's shot is 4")
    output = refused(run, opened, "match", "rule", opened, "12", "stands", "--rule", "CG-99.1")
    assert "'CG-99.1' is not a rule of Captain Tsubasa" in output
    output = refused(run, opened, "match", "rule", opened, "5", "stands", "--rule", "CG-1.3")
    assert "line 5 is not a dispute of this match" in output
    output = refused(
        *(run, opened, "match", "rule", opened, "12", "stands", "--rule", "CG-1.3", "--from", "5"),
        exit_code=2,
    )
    assert "--from goes with replay" in output
    ok(run, "match", "rule", opened, "12", "stands", "--rule", "CG-1.3")
    output = refused(run, opened, "match", "rule", opened, "12", "stands", "--rule", "CG-1.3")
    assert "dispute 12 was already ruled on" in output


def test_a_ruling_to_replay_takes_the_entries_out_and_the_replay_shows_them(
    run: Run, opened: str
) -> None:
    ok(run, "match", "dispute", opened, "9", "--reason", "Toho declared a pass")
    output = ok(run, "match", "rule", opened, "12", "replay", "--rule", "CG-5.2", "--from", "9")
    assert "taken out of force: 9, 10, 11" in output
    log = ok(run, "match", "show", opened, "--log")
    assert "    9  Toho declare a Shot (replayed by the ruling on line 13)" in log
    replay = ok(run, "match", "replay", opened)
    assert "\n    8  Nankatsu pass" in replay and "\n    9  " not in replay
    replayed = "9  Toho declare a Shot (replayed by the ruling on line 13)"
    assert f"then     {replayed}" in replay
    # The dispute and its ruling stay with the entry they are about.
    assert "12  Dispute of line 9: Toho declared a pass (ruled by line 13)" in replay


def test_stepping_through_shows_a_dispute_at_its_step(run: Run, opened: str) -> None:
    ok(run, "match", "dispute", opened, "2", "--reason", "Nankatsu kicked off")
    result = run("match", "replay", opened, "--step", "--to", "3", input="\n\n\n")
    assert result.exit_code == 0, result.output
    output = result.output
    step = output[output.index("\n    2  Toho kick off") : output.index("\n    3  ")]
    assert "12  Dispute of line 2: Nankatsu kicked off (open)" in step


# -- corrections ----------------------------------------------------------------------------


def test_a_correction_that_makes_entries_illegal_lists_them_and_stores_nothing(
    run: Run, opened: str
) -> None:
    args = ("match", "correct", opened, "2", "--as", "kickoff nankatsu", "--reason", "misread")
    output = refused(run, opened, *args, exit_code=3)
    assert "the correction makes later entries illegal; nothing was stored" in output
    assert "    3  draft coach=nankatsu source=pitch" in output
    assert "CG-4.2: the Defending Coach drafts first" in output
    assert "--keep 3 (played on as an override) or --withdraw 3" in output
    assert "CG-5.2: only the Attacking Coach (Nankatsu) declares. (cannot be overridden)" in output
    assert "--withdraw 9 (it cannot be kept)" in output
    assert "e.g. --keep 3 --keep 5 --withdraw 9 --withdraw 10 --withdraw 11" in output

    refused(run, opened, *args, "--keep", "9", "--withdraw", "3,5,10,11")
    output = ok(run, *args, "--keep", "3", "--keep", "5", "--withdraw", "9,10,11")
    assert "kept as overrides: 3, 5" in output and "withdrawn: 9, 10, 11" in output

    log = ok(run, "match", "show", opened, "--log")
    kept = "!   3  Nankatsu draft a card from the Pitch (kept by correction 12)  ⚑ override"
    assert kept in log
    assert "! overridden CG-4.2: the Defending Coach drafts first" in log
    assert "reason: misread" in log
    assert "    9  Toho declare a Shot (withdrawn by correction 12)" in log
    assert "    2  Toho kick off (corrected by line 12: misread)" in log
    replay = ok(run, "match", "replay", opened)
    assert f"\n{kept}" in replay
    assert "then    11  Nankatsu roll 2 (withdrawn by correction 12)" in replay


def test_a_correction_must_change_something_and_be_legal(run: Run, opened: str) -> None:
    output = refused(
        run, opened, "match", "correct", opened, "10", "--as", "roll toho 5", "--reason", "x"
    )
    assert "entry 10 already records exactly this" in output
    output = refused(
        *(run, opened, "match", "correct", opened, "10", "--as", "roll toho ?", "--reason", "x"),
        exit_code=2,
    )
    assert "write every value" in output
    output = refused(
        run,
        opened,
        "match",
        "correct",
        opened,
        "3",
        "--as",
        "draft toho pitch",
        "--reason",
        "x",
        exit_code=3,
    )
    assert "CG-4.2" in output


def test_overridden_entries_are_marked_in_the_log_and_the_replay(run: Run, opened: str) -> None:
    ok(run, "match", "record", opened, "draft", "nankatsu", "pitch", "--override", "house rule")
    log = ok(run, "match", "show", opened, "--log")
    overridden = "!  12  Nankatsu draft a card from the Pitch  ⚑ override   [alice, "
    assert f"\n{overridden}" in log
    assert "      ! overridden CG-4.2: " in log and "        reason: house rule" in log
    replay = ok(run, "match", "replay", opened)
    assert f"\n{overridden}" in replay
    assert "      ! overridden CG-4.2: " in replay


def test_a_note_on_an_undone_entry_stays_with_it_in_the_replay(run: Run, opened: str) -> None:
    ok(run, "match", "record", opened, "draft", "toho", "deck")
    ok(run, "match", "annotate", opened, "12", "the wrong deck")
    ok(run, "match", "undo", opened)
    replay = ok(run, "match", "replay", opened)
    after = replay[replay.index("\n   11  ") :]
    assert "then    12  Toho draft the top card of the Match deck (undone by line 14)" in after
    assert "13  Note on line 12: the wrong deck" in after


# -- confirmations --------------------------------------------------------------------------


def test_confirming_before_the_end_is_refused(run: Run, opened: str) -> None:
    output = refused(run, opened, "match", "confirm", opened, "toho")
    assert "the match has no result yet" in output


def test_each_coach_confirms_then_only_a_ruling_corrects(run: Run, finished: str) -> None:
    show = ok(run, "match", "show", finished)
    assert "Result: Toho win 2–1." in show and "Result unconfirmed; awaiting toho, nankatsu" in show
    output = ok(run, "match", "confirm", finished, "toho", "--by", "bob")
    assert "confirm result for toho" in output and "result: Toho win 2–1." in output
    assert "awaiting confirmation by nankatsu" in output
    refused(run, finished, "match", "confirm", finished, "juventus")
    output = ok(run, "match", "confirm", finished, "nankatsu", "--by", "alice")
    assert output.endswith("the result is confirmed\n")
    assert "Result confirmed; confirmed by toho, nankatsu" in ok(run, "match", "show", finished)

    args = ("match", "correct", finished, "30", "--as", "roll nankatsu 1", "--reason", "misread")
    output = refused(run, finished, *args, "--withdraw", "32", exit_code=4)
    assert "only a referee's ruling may correct it now" in output

    ok(run, "match", "dispute", finished, "30", "--reason", "the die showed 1", "--by", "bob")
    ruling = (
        *("match", "rule", finished, "89", "corrected", "--rule", "CG-5.4"),
        *("--as", "roll nankatsu 1", "--withdraw", "32"),
    )
    output = ok(run, *ruling)
    assert "withdrawn: 32" in output
    data = shown(run, finished)
    assert data["result"]["summary"] == "Toho win 2–0."
    # The coaches confirmed 2-1: the corrected result awaits them again.
    assert data["result_status"]["state"] == "unconfirmed"
    replay = ok(run, "match", "replay", finished)
    assert "the result:\n" in replay
    assert "87  Toho confirm the result: Toho win 2–1.  ✓ result confirmed   [bob, " in replay
    assert "Result unconfirmed; awaiting toho, nankatsu" in replay


# -- the match file -------------------------------------------------------------------------


def test_a_match_with_disputes_rulings_and_corrections_exports_and_imports_equal(
    run: Run, opened: str, tmp_path: Path
) -> None:
    for command in [
        "match dispute {m} 10 --reason 'off the table' --by bob",
        "match rule {m} 12 corrected --rule CG-5.4 --as 'roll toho 1' --text 'rolled again'",
        "match correct {m} 2 --as 'kickoff nankatsu' --reason misread --keep 3,5 "
        "--withdraw 9,11,13",
        "match dispute {m} 4 --reason 'drafted from the pitch'",
        "match rule {m} 16 stands --rule CG-4.2",
        "match annotate {m} 4 'checked with both coaches'",
    ]:
        ok(run, *shlex.split(command.format(m=opened)))
    path = tmp_path / "settled.touchline"
    ok(run, "match", "export", opened, "-o", str(path))
    output = ok(run, "match", "import", str(path))
    imported = output.split()[2]
    original, copy = shown(run, opened), shown(run, imported)
    assert copy["log"] == original["log"]
    assert copy["result_status"] == original["result_status"]
    assert copy["situation"] == original["situation"]


def test_cg_1_3_a_correction_typing_other_values_than_the_cards_exits_3_naming_it(
    run: Run, app: Touchline
) -> None:
    match_id = app.create_match("card-game", SETUP, SCORER).id
    for line in TWO_PLAYS:
        app.record(match_id, parse_entry("card-game", line), SCORER)
    args = ("match", "correct", match_id, "14", "--as", "play toho 'Kojiro Hyuga' 3 2 0")
    output = refused(run, match_id, *args, "--reason", "misread", exit_code=3)
    assert "CG-1.3: Kojiro Hyuga prints Shot 3, Pass 1, Defense 0 (as recorded earlier" in output
    output = ok(run, *args, "--reason", "misread", "--override", "another edition")
    assert "line 15" in output


def test_a_corrected_roll_keeps_its_die_and_die_names_another(run: Run, app: Touchline) -> None:
    match_id = app.create_match("card-game", SETUP, SCORER).id
    for number, line in enumerate(OPENING, start=1):
        label = "red d6" if number == 10 else None
        app.record(match_id, parse_entry("card-game", line), SCORER, die_label=label)
    ok(run, "match", "correct", match_id, "10", "--as", "roll toho 1", "--reason", "misread")
    assert app.load_record(match_id).log[-1].die_label == "red d6"
    args = ("match", "correct", match_id, "12", "--as", "roll toho 2", "--reason", "again")
    ok(run, *args, "--die", "blue d6")
    assert app.load_record(match_id).log[-1].die_label == "blue d6"
