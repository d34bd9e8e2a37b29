"""`--key` on the command line: a retried command records once; a key reused for a different
command is refused in one line."""

from __future__ import annotations

import json

from tests.cli.conftest import Run


def test_an_entry_s_key_given_to_undo_is_one_line_and_retracts_nothing(
    run: Run, new_match: str
) -> None:
    assert run("match", "record", new_match, "toss", "toho", "--key", "K1").exit_code == 0
    undo = run("match", "undo", new_match, "--key", "K1")
    assert undo.exit_code == 1, undo.output
    assert undo.output.startswith("error: the idempotency key 'K1' was used for line 1")
    assert "Traceback" not in undo.output and len(undo.output.splitlines()) == 1
    log = json.loads(run("match", "show", new_match, "--json").output)["log"]
    assert [line["type"] for line in log] == ["entry"]


def test_a_retried_record_says_it_was_already_recorded(run: Run, new_match: str) -> None:
    assert run("match", "record", new_match, "toss", "toho", "--key", "K1").exit_code == 0
    again = run("match", "record", new_match, "toss", "toho", "--key", "K1")
    assert again.exit_code == 0 and "already recorded with key K1" in again.output
    other = run("match", "record", new_match, "toss", "nankatsu", "--key", "K1")
    assert other.exit_code == 1 and "a different request needs a new key" in other.output
