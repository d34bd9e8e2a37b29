"""The one-line notation's words are split as a POSIX shell splits them (the rules of the
standard library's shlex.split), in one pass over the line."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.notation import UnreadableWords, split_words

# The characters the quoting rules are about, drawn often, and any others.
quoting = st.sampled_from([*"ab '\"\\\t\r\n\x0b\x0c=#,", "é", "\u2028", "\x00", "😀"])
lines = st.text(alphabet=quoting, max_size=40) | st.text(max_size=40)


@settings(max_examples=3000)
@given(line=lines)
def test_words_are_split_as_shlex_splits_them(line: str) -> None:
    try:
        expected: list[str] | None = shlex.split(line)
    except ValueError:
        expected = None
    try:
        words: list[str] | None = split_words(line)
    except UnreadableWords:
        words = None
    assert words == expected


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('play toho "Kojiro Hyuga" shot=3', ["play", "toho", "Kojiro Hyuga", "shot=3"]),
        ("card='Ken '\"'\"'SGGK'\"'\"''", ["card=Ken 'SGGK'"]),
        ('"a\\"b\\\\c\\d"', ['a"b\\c\\d']),
        ("a\\ b ''", ["a b", ""]),
    ],
)
def test_quoted_words(line: str, words: list[str]) -> None:
    assert split_words(line) == words


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("play toho 'Kojiro", "no closing quotation \\(the ' at column 11\\)"),
        ('play "a\\"', 'no closing quotation \\(the " at column 6\\)'),
        ("roll toho 5\\", "no escaped character"),
    ],
)
def test_an_unclosed_quote_is_named(line: str, problem: str) -> None:
    with pytest.raises(UnreadableWords, match=problem):
        split_words(line)


def test_a_long_word_is_one_word() -> None:
    # shlex took 40 seconds over a 2 MB word (it grows each word a character at a time).
    assert split_words("'" + "x" * 2_000_000 + "' y") == ["x" * 2_000_000, "y"]
