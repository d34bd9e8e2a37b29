"""Issue 14: `match replay --step` jumps to a line, a goal or a half, both ways."""

from __future__ import annotations

import pytest

from cli.replay_walk import Marks, Move, move
from domain.log_index import LogIndex, Positions
from tests.cli.conftest import Run
from tests.cli.test_match_commands import record_opening, shown_lines
from tests.service.test_timeline import GOLDEN, recorded

MARKS = Marks(goals=(3, 8), halves=(0, 6))
# A log of ten entries and no other line: line N is step N.
LINES = Positions(tuple(range(11)), tuple(range(11)), {n: n for n in range(1, 11)}, 10)


@pytest.mark.parametrize(
    ("answer", "at", "expected"),
    [
        ("", 2, Move(3)),
        ("b", 2, Move(1)),
        ("b", 0, Move(0)),
        ("q", 2, Move(None)),
        ("", 10, Move(None)),  # Enter at the last step ends the walk
        ("g", 3, Move(8)),
        ("G", 8, Move(3)),
        ("h", 1, Move(6)),
        ("H", 7, Move(6)),
        ("H", 6, Move(0)),
        ("7", 0, Move(7)),
        ("0", 9, Move(0)),
    ],
)
def test_each_key_moves_where_it_says(answer: str, at: int, expected: Move) -> None:
    assert move(answer, at, 10, MARKS, LINES) == expected


@pytest.mark.parametrize(
    ("answer", "at", "note"),
    [
        ("g", 8, "no goal after line 8"),
        ("G", 3, "no goal before line 3"),
        ("h", 6, "no half after line 6"),
        ("11", 4, "there is no line 11: the log has lines 0 to 10"),
        ("x", 4, "'x' is not a way to walk"),
    ],
)
def test_a_place_that_is_not_there_keeps_the_step_and_says_why(
    answer: str, at: int, note: str
) -> None:
    went = move(answer, at, 10, MARKS, LINES)
    assert went.to == at and went.note.startswith(note)


def test_a_goal_beyond_the_last_step_walked_to_is_not_jumped_to() -> None:
    assert move("g", 3, 7, MARKS, LINES).note == "no goal after line 3"


def test_the_marks_of_a_whole_match_are_its_goals_and_its_halves() -> None:
    name = "card_game/golden/full_match.txt"
    steps = LogIndex(recorded(name).log).steps()
    marks = Marks.of(steps)
    _, _, scores = GOLDEN[name]
    assert len(marks.goals) == sum(scores.values())
    # The golden match is drawn after two halves and goes to Extra Time's two halves.
    assert marks.halves[0] == 0 and len(marks.halves) == 4, marks.halves
    assert all(0 < goal < len(steps) for goal in marks.goals)


def test_the_walk_jumps_to_the_goal_to_a_step_and_says_when_a_key_means_nothing(
    run: Run, new_match: str
) -> None:
    record_opening(run, new_match)
    result = run("match", "replay", new_match, "--step", input="g\n5\nx\nq\n")
    assert result.exit_code == 0, result.output
    assert shown_lines(result.output) == [0, 11, 5], result.output
    assert "GOAL" in result.output or "scores" in result.output
    assert "'x' is not a way to walk" in result.output
