"""`touchline match play`: a refused entry is recorded only on a person's explicit yes and reason.

Piped input and lines typed ahead are entries and commands, never an answer to the override
question (CG-4.2 is the draft-order rule the refused entry breaks).
"""

from __future__ import annotations

import json

import pytest

import cli.play
from tests.cli.conftest import Run

OUT_OF_ORDER = ["toss nankatsu", "kickoff nankatsu", "draft nankatsu pitch"]


def entries(run: Run, match_id: str) -> list[dict[str, object]]:
    log = json.loads(run("match", "show", match_id, "--json").output)["log"]
    return [line for line in log if line["type"] == "entry"]


def test_piped_input_never_overrides_a_refusal(run: Run, new_match: str) -> None:
    session = "\n".join([*OUT_OF_ORDER, "quit"]) + "\n"
    result = run("match", "play", new_match, input=session)
    assert result.exit_code == 0, result.output
    assert "CG-4.2" in result.output and "--override REASON" in result.output
    recorded = entries(run, new_match)
    assert [line["action"]["kind"] for line in recorded] == ["toss", "kickoff"]
    assert all(line["override"] is None for line in recorded)


def test_the_next_entry_typed_ahead_is_not_taken_as_a_reason(run: Run, new_match: str) -> None:
    session = "\n".join([*OUT_OF_ORDER, "draft toho pitch", "quit"]) + "\n"
    run("match", "play", new_match, input=session)
    recorded = entries(run, new_match)
    # The typed-ahead line is recorded as what it is: Toho's legal draft, not a reason.
    assert [line["override"] for line in recorded] == [None, None, None]
    assert recorded[-1]["action"]["coach"] == "toho"


@pytest.fixture
def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    flushed: list[int] = []
    monkeypatch.setattr(cli.play, "stdin_is_terminal", lambda: True)
    monkeypatch.setattr(cli.play, "discard_typed_ahead", lambda: flushed.append(1))
    return flushed


def test_at_a_terminal_an_explicit_yes_and_a_reason_record_it(
    run: Run, new_match: str, at_a_terminal: list[int]
) -> None:
    session = "\n".join([*OUT_OF_ORDER, "yes", "we agreed Nankatsu drafts first", "quit"])
    result = run("match", "play", new_match, input=session + "\n")
    assert result.exit_code == 0, result.output
    assert at_a_terminal == [1]
    recorded = entries(run, new_match)
    assert recorded[-1]["action"]["kind"] == "draft"
    assert recorded[-1]["override"] == "we agreed Nankatsu drafts first"
    assert recorded[-1]["violations"][0]["rule"] == "CG-4.2"


@pytest.mark.parametrize(
    "answers",
    [
        ["quit"],  # not a yes
        ["draft toho pitch"],  # an entry is not a yes
        ["", "yes"],  # the default is no
        ["yes", "draft toho pitch"],  # an entry is not a reason
        ["yes", "undo"],  # a command is not a reason
        ["yes", ""],  # no reason
    ],
)
def test_at_a_terminal_anything_but_yes_and_a_reason_records_nothing(
    run: Run, new_match: str, at_a_terminal: list[int], answers: list[str]
) -> None:
    session = "\n".join([*OUT_OF_ORDER, *answers, "quit"])
    run("match", "play", new_match, input=session + "\n")
    recorded = entries(run, new_match)
    assert all(line["override"] is None for line in recorded)
    assert [line["action"]["kind"] for line in recorded].count("draft") <= 1
    assert not any(
        line["action"]["kind"] == "draft" and line["action"]["coach"] == "nankatsu"
        for line in recorded
    )
