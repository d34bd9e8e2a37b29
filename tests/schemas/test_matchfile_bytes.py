"""What a match file may be made of: UTF-8 (or UTF-16 with its byte order mark) text of
bounded size, with bounded lines and a setup of bounded depth. Anything else is refused with
an error naming where, never a traceback."""

from __future__ import annotations

import random

import pytest

from schemas.matchfile import MatchFileError, loads
from schemas.matchfile_lines import MAX_FILE_BYTES, MAX_LINE_CHARS
from tests.schemas.files import by_hand, exported_opening

NOTE = "14 by=bob at=2026-11-29T21:10:00+00:00 note 10 text="


def with_line(line: str) -> str:
    """The exported opening with one more line before its end line, edited by hand."""
    return by_hand(exported_opening()).replace("\nend:", f"\n{line}\nend:")


@pytest.mark.parametrize("seed", range(5))
def test_random_bytes_are_not_a_match_file(seed: int) -> None:
    data = random.Random(seed).randbytes(600)
    with pytest.raises(MatchFileError, match=r"^line \d+, column \d+: not UTF-8 text"):
        loads(data)


def test_a_byte_that_is_not_utf8_is_named_by_line_and_column() -> None:
    data = bytearray(exported_opening().encode("utf-8"))
    where = data.index(b"kickoff")
    data[where] |= 0x80  # one flipped bit: 'k' becomes a byte no UTF-8 character starts with
    with pytest.raises(MatchFileError, match=r"^line 14, column 58: not UTF-8 text \(byte 0xeb"):
        loads(bytes(data))


def test_utf16_without_a_byte_order_mark_is_refused_clearly() -> None:
    data = exported_opening().encode("utf-16-le")
    with pytest.raises(MatchFileError, match=r"line 1, column 2: a NUL character.*UTF-16"):
        loads(data)


def test_broken_utf16_is_named() -> None:
    data = b"\xff\xfe" + exported_opening().encode("utf-16-le")[:-1]
    with pytest.raises(MatchFileError, match="not UTF-16 text"):
        loads(data)


@pytest.mark.parametrize("depth", [20, 1_000, 100_000])
def test_a_deeply_nested_setup_is_refused(depth: int) -> None:
    text = by_hand(exported_opening())
    setup = next(line for line in text.splitlines() if line.startswith("setup: "))
    nested = "setup: " + "[" * depth + setup.removeprefix("setup: ") + "]" * depth
    text = text.replace(setup, nested)
    with pytest.raises(MatchFileError, match=r"^line 4: setup: nested deeper than 16 levels"):
        loads(text)


def test_a_setup_holding_half_a_surrogate_pair_is_refused() -> None:
    text = by_hand(exported_opening()).replace('"coach": "Bob"', '"coach": "B\\ud800b"')
    with pytest.raises(MatchFileError, match=r"line 4: setup: .*surrogate"):
        loads(text)


def test_a_text_holding_half_a_surrogate_pair_is_refused() -> None:
    with pytest.raises(MatchFileError, match=r"line 41: \\ud83d is half of a UTF-16 surrogate"):
        loads(with_line(NOTE + "'smile \\ud83d'"))


def test_a_line_too_long_is_refused_naming_it() -> None:
    # 2 MB in one note: reading it once took 40 seconds, before a line had a bound.
    with pytest.raises(MatchFileError) as refusal:
        loads(with_line(NOTE + "x" * 2_000_000))
    assert str(refusal.value) == (
        f"line 41 holds {2_000_000 + len(NOTE):,} characters; a line of a match file may hold "
        f"at most {MAX_LINE_CHARS:,}"
    )


def test_a_line_at_the_bound_is_read() -> None:
    text = "y" * (MAX_LINE_CHARS - len(NOTE))
    parsed = loads(with_line(NOTE + text))
    assert parsed.lines[-1][1].text == text


def test_a_file_too_large_is_refused() -> None:
    notes = "".join(f"\n{NOTE}{'z' * 100}" for _ in range(MAX_FILE_BYTES // 100))
    text = by_hand(exported_opening()).replace("\nend:", f"{notes}\nend:")
    with pytest.raises(MatchFileError, match=r"^the file holds more than 2,097,152 bytes"):
        loads(text.encode("utf-8"))
    with pytest.raises(MatchFileError, match=r"^the file holds more than 2,097,152 bytes"):
        loads(text)
