"""The prompt's history file keeps only printable lines, and only the most recent ones."""

from __future__ import annotations

from cli.prompt_line import HISTORY_LENGTH, clean_history, keepable


def test_a_line_with_a_control_character_or_nothing_in_it_is_not_kept() -> None:
    assert keepable("play toho 'Kojiro Hyuga' shot=3")
    assert not keepable("toss\x1b[31m winner=toho")
    assert not keepable("toss\u202e winner=toho")  # a bidirectional override
    assert not keepable("   ")


def test_history_is_bounded_to_the_most_recent_lines() -> None:
    lines = [f"roll toho {n}" for n in range(HISTORY_LENGTH + 5)] + ["\x07"]
    kept = clean_history(lines)
    assert len(kept) == HISTORY_LENGTH
    assert kept[-1] == f"roll toho {HISTORY_LENGTH + 4}" and kept[0] == "roll toho 5"
