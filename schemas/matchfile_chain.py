"""The per-line chain of a match file (format version 3; docs/match-file.md, docs/seal.md).

The end line's checksum shows that a file changed somewhere; the chain names where. The
header's last line, `chain: HEX`, is the SHA-256 of the header lines above it that carry
content (as the end line counts them); every entry line then ends with `chain=HEX`, the
SHA-256 of the chain value before it (the header's for the first entry), a line feed, and the
line's own text without that word:

    chain: 6f1d…                                  sha256(header lines)
    1 by=alice at=… toss winner=toho chain=9a0c…  sha256("6f1d…\\n1 by=alice at=… toss …")
    2 by=alice at=… kickoff coach=toho chain=41be…  sha256("9a0c…\\n2 by=alice …")

Reading the file, each value is worked out again from the text; the first line whose value
does not follow (or that carries none) is the first line edited since the export. Comments
and blank lines are outside the chain, as they are outside the checksum. Anyone can work the
chain out again after editing a file: it names an edit made without doing so, and the
header's `seal` is what to compare with the source installation (docs/seal.md).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from schemas.matchfile_lines import Line, digest

CHAIN = "chain"
# Exactly one space before it: a line whose space became a tab no longer carries its value.
_CHAIN_WORD = re.compile(r" chain=([0-9a-f]{64})$")


@dataclass(frozen=True)
class ChainState:
    """Whether a file's chain held: True, False (with the first line that breaks it and why),
    or None when the file carries no chain at all (format versions 1 and 2, or written by
    hand)."""

    held: bool | None
    line: int | None = None
    reason: str = ""

    def describe(self) -> str:
        if self.held is None:
            return "the file carries no chain"
        if self.held:
            return "every line's chain value holds"
        return f"line {self.line} was edited after export: {self.reason}"


def link(previous: str, text: str) -> str:
    """The chain value of a line of `text` after the chain value `previous`."""
    return hashlib.sha256(f"{previous}\n{text}".encode()).hexdigest()


def anchor(header: Sequence[str]) -> str:
    """The header's chain value: the checksum of its lines that carry content."""
    return digest(header)


def chained(lines: Sequence[str]) -> list[str]:
    """A file's lines (header, blank lines, comments and entries, before the end line) with
    the header's chain line and each entry's chain value written in."""
    header = [line for line in lines if _carries_content(line) and not line[0].isdigit()]
    first_entry = next((i for i, line in enumerate(lines) if line[:1].isdigit()), len(lines))
    previous = anchor(header)
    out = [*_before_blank(lines[:first_entry], f"{CHAIN}: {previous}")]
    for line in lines[first_entry:]:
        if line[:1].isdigit():
            previous = link(previous, line)
            line = f"{line} {CHAIN}={previous}"
        out.append(line)
    return out


def _before_blank(lines: Sequence[str], chain_line: str) -> list[str]:
    """The header with its chain line after its last line that carries content."""
    last = max((i for i, line in enumerate(lines) if _carries_content(line)), default=-1)
    return [*lines[: last + 1], chain_line, *lines[last + 1 :]]


def _carries_content(text: str) -> bool:
    return Line(0, text.strip()).carries_content


def without_chain(line: Line) -> tuple[Line, str | None]:
    """An entry line without its chain word, and the chain value it carried (None if none)."""
    found = _CHAIN_WORD.search(line.text)
    if found is None:
        return line, None
    return Line(line.number, line.text[: found.start()]), found[1]


def is_chain_line(line: Line) -> bool:
    name, colon, _ = line.text.partition(":")
    return bool(colon) and name.strip() == CHAIN


def check(lines: Sequence[Line]) -> ChainState:
    """Work out a version 3 file's chain again over its lines before the end line, and say
    whether it held or which line first breaks it.

    The header runs to its chain line (or, without one, to the first entry); every line after
    it that carries content is an entry line, and so is a comment that carries a chain value
    (an entry line turned into a comment)."""
    content = [line for line in lines if line.carries_content or _commented_entry(line)]
    stated_at = next((i for i, line in enumerate(content) if is_chain_line(line)), None)
    if stated_at is None:
        stated_at = next(
            (i - 1 for i, line in enumerate(content) if line.text[0].isdigit()), len(content) - 1
        )
        stated = None
    else:
        stated = content[stated_at]
    header, entries = content[: stated_at + 1], content[stated_at + 1 :]
    values = [without_chain(line) for line in entries]
    if stated is None:
        if all(value is None for _, value in values):
            return ChainState(None)
        where = header[-1].number if header else 1
        return ChainState(False, where, "the header's chain line is missing")
    above = [line.text for line in header[:-1] if line.carries_content]
    previous = stated.text.partition(":")[2].strip()
    if previous != anchor(above):
        first = header[0].number
        return ChainState(
            False,
            stated.number,
            f"the header (lines {first}-{stated.number}) no longer gives its chain value",
        )
    for line, value in values:
        if value is None:
            return ChainState(False, line.number, "it carries no chain value")
        if not line.carries_content or not line.text[0].isdigit():
            return ChainState(False, line.number, "it is no longer an entry line")
        expected = link(previous, line.text)
        if value != expected:
            return ChainState(
                False,
                line.number,
                "its chain value does not follow from its text and the lines before it",
            )
        previous = expected
    return ChainState(True)


def _commented_entry(line: Line) -> bool:
    return line.text.startswith("#") and without_chain(line)[1] is not None
