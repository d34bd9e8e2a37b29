"""An exported match file ends with an end line and a checksum: a file cut short or changed
on the way is refused, naming what is wrong, instead of importing as another match. A file
written by hand, or by a release before format version 2, is read unchecked."""

from __future__ import annotations

import codecs
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemas.matchfile import MatchFile, MatchFileError, loads
from tests.schemas.files import by_hand, exported_opening

ENTRY_12 = "12 by=alice at=2026-11-29T21:00:00+00:00 device='phone 1' note 5 text="


@cache
def exported() -> str:
    return exported_opening()


def same_match(a: MatchFile, b: MatchFile) -> bool:
    """The same match, wherever its lines are in the file."""

    def match(file: MatchFile) -> tuple[object, ...]:
        entries = [line for _, line in file.lines]
        return (file.ruleset, file.setup, file.created_by, file.created_at, file.league, entries)

    return match(a) == match(b)


def test_an_exported_file_is_read_as_checked() -> None:
    parsed = loads(exported())
    assert (parsed.version, parsed.checked, len(parsed.lines)) == (4, True, 13)
    assert parsed.chain.held is True


def test_a_file_cut_after_any_line_is_refused_naming_the_line() -> None:
    lines = exported().splitlines(keepends=True)
    for kept in range(1, len(lines)):
        with pytest.raises(MatchFileError) as refusal:
            loads("".join(lines[:kept]))
        message = str(refusal.value)
        if kept == 1:  # the comment alone: not even the version line
            assert "not a Touchline match file" in message
        else:
            assert message == f"the file ends before its end line: it was cut after line {kept}"


def test_a_header_alone_is_a_cut_file() -> None:
    header = exported().split("\n\n", 1)[0] + "\n"
    with pytest.raises(MatchFileError, match="ends before its end line: it was cut after line 10"):
        loads(header)


def test_a_file_cut_inside_a_line_says_so() -> None:
    text = exported()
    cut = text[: text.index(ENTRY_12) + 20]
    with pytest.raises(MatchFileError, match=r"it was cut inside line 39$"):
        loads(cut)


def test_a_changed_value_is_a_checksum_mismatch() -> None:
    changed = exported().replace("roll coach=toho value=5", "roll coach=toho value=6")
    with pytest.raises(MatchFileError) as refusal:
        loads(changed)
    message = str(refusal.value)
    assert message.startswith("checksum mismatch: the file was changed after export")
    assert "line 32 was edited after export" in message and "'end:' alone" in message


def test_a_changed_line_that_no_longer_reads_is_named() -> None:
    changed = exported().replace(" kickoff coach=toho", " kick coach=toho")
    with pytest.raises(
        MatchFileError,
        match=r"^checksum mismatch: the file was changed after export: line 14 was edited after "
        r"export: .*; line 14: unknown entry kind 'kick'",
    ):
        loads(changed)


def test_removed_entries_are_named_by_the_count() -> None:
    lines = exported().splitlines(keepends=True)
    without_13 = "".join(line for line in lines if not line.startswith("13 by="))
    with pytest.raises(MatchFileError, match="counts 13 entries, but the file holds 12"):
        loads(without_13)


@settings(max_examples=300, deadline=None)
@given(bit=st.integers(min_value=0))
def test_a_flipped_bit_is_refused_or_changes_nothing(bit: int) -> None:
    data = bytearray(exported().encode("utf-8"))
    bit %= len(data) * 8
    data[bit // 8] ^= 1 << (bit % 8)
    try:
        flipped = loads(bytes(data))
    except MatchFileError:
        return
    # A flip inside a comment leaves the match as it was: the import gives the same match.
    assert same_match(flipped, loads(exported())) and flipped.checked


def test_comments_line_endings_and_encodings_keep_a_file_checked() -> None:
    text = exported()
    commented = text.replace("\n2 by=", "\n# the kick-off was late\n2 by=")
    for variant in (
        commented,
        text.replace("\n", "\r\n"),
        codecs.BOM_UTF8 + text.encode("utf-8"),
        codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
        codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
    ):
        parsed = loads(variant)
        assert parsed.checked and same_match(parsed, loads(text))


def test_a_file_extended_by_hand_reads_unchecked() -> None:
    extended = by_hand(exported()).replace(
        "\nend:", "\n14 by=bob at=2026-11-29T21:10:00+00:00 note 10 text='written later'\nend:"
    )
    parsed = loads(extended)
    assert (parsed.version, parsed.checked, len(parsed.lines)) == (4, False, 14)
    assert (parsed.chain.held, parsed.chain.line) == (False, 41)  # the line added by hand
    assert parsed.lines[-1][1].text == "written later"


def test_a_hand_written_end_line_may_count_the_entries() -> None:
    counted = by_hand(exported()).replace("\nend:", "\nend: entries=13")
    assert not loads(counted).checked
    with pytest.raises(MatchFileError, match="line 41: the end line counts 12 entries"):
        loads(counted.replace("entries=13", "entries=12"))


@pytest.mark.parametrize(
    ("end", "reason"),
    [
        ("end: entries=13 sha256=abc", "sha256 must be 64 hexadecimal digits"),
        ("end: entries=thirteen", "entries must be a number"),
        ("end: checksum=0", "write it 'end: entries=N sha256=CHECKSUM'"),
        ("end: entries=13 entries=13", "entries is given twice"),
        ("end: 'unclosed", "line 41 \\(the end line\\): no closing quotation"),
    ],
)
def test_a_malformed_end_line_is_named(end: str, reason: str) -> None:
    with pytest.raises(MatchFileError, match=reason):
        loads(by_hand(exported()).replace("\nend:\n", f"\n{end}\n"))


def test_only_comments_may_follow_the_end_line() -> None:
    text = exported() + "\n# signed: the referee\n"
    assert loads(text).checked
    late = exported() + "14 by=bob at=2026-11-29T21:10:00+00:00 note 10 text=late\n"
    with pytest.raises(MatchFileError, match="line 42: an entry after the end line \\(line 41\\)"):
        loads(late)
