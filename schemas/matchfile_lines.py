"""A match file as numbered lines: its bytes decoded, its size bounded, and (from format
version 2) the end line that shows it arrived whole and as it was exported.

The end line closes every version 2 file, and names how many entries came before it and the
SHA-256 of the lines that carry the match:

    end: entries=11 sha256=4f3c…

The checksum covers every line above the end line that is neither blank nor a comment, each
without the white space around it and followed by a line feed, encoded as UTF-8: comments
may be added, line endings and the file's encoding may change, anything else shows. A file
written or extended by hand has an end line without a checksum (`end:`); it is read all the
same, and reported unchecked.
"""

from __future__ import annotations

import codecs
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from domain.notation import UnreadableWords, split_words

# A match file is a few dozen kilobytes; these bounds keep a hostile one from holding a
# server thread (the web app's request bodies are bounded at 2 MiB as well).
MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_LINE_CHARS = 256 * 1024

END = "end"
_HEX_DIGEST = re.compile("[0-9a-f]{64}")
_COUNT = re.compile("[0-9]{1,9}")


class MatchFileError(ValueError):
    """A file that cannot be read; the message names the line."""


@dataclass(frozen=True)
class Line:
    number: int  # counted from 1, as an editor shows it
    text: str  # without the white space around it

    @property
    def carries_content(self) -> bool:
        """Neither blank nor a comment: the lines a checksum covers."""
        return bool(self.text) and not self.text.startswith("#")

    @property
    def is_end(self) -> bool:
        name, colon, _ = self.text.partition(":")
        return bool(colon) and name.strip() == END


@dataclass(frozen=True)
class EndLine:
    """What a version 2 file's end line says; a hand-written one may say neither."""

    number: int
    entries: int | None
    sha256: str | None


def decode(data: bytes | str) -> str:
    """The file's text: UTF-8 (a byte order mark is allowed), or UTF-16 with its byte order
    mark, as Windows tools write it. Anything else is refused, naming the line."""
    if isinstance(data, str):
        _check_size(len(data.encode("utf-8", "surrogatepass")))
        try:
            data.encode("utf-8")
        except UnicodeEncodeError as error:
            raise MatchFileError(
                f"{_where(data, error.start)}: half of a UTF-16 surrogate pair "
                f"(U+{ord(data[error.start]):04X}) is not a character"
            ) from None
        return data.removeprefix("\ufeff")
    _check_size(len(data))
    utf16 = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    encoding = "utf-16" if utf16 else "utf-8-sig"
    # UTF-16 without a byte order mark holds a NUL byte beside every ASCII letter.
    nul = -1 if utf16 else data.find(b"\x00")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        if 0 <= nul < error.start:
            raise MatchFileError(_nul_at(data, nul)) from None
        raise MatchFileError(
            f"{_where_in(data, error.start, encoding)}: not {_name(encoding)} text (byte "
            f"0x{data[error.start]:02x} {error.reason}); a match file is UTF-8 text"
        ) from None
    if nul >= 0:
        raise MatchFileError(_nul_at(data, nul))
    return text


def split_lines(text: str) -> list[Line]:
    """Every line of the text, numbered; a line longer than the bound is refused."""
    lines = [Line(number, raw.strip()) for number, raw in enumerate(text.split("\n"), start=1)]
    for line in lines:
        if len(line.text) > MAX_LINE_CHARS:
            raise MatchFileError(
                f"line {line.number} holds {len(line.text):,} characters; a line of a match "
                f"file may hold at most {MAX_LINE_CHARS:,}"
            )
    return lines


def digest(texts: Iterable[str]) -> str:
    """The checksum of the lines that carry the match, as the end line writes it."""
    sha = hashlib.sha256()
    for text in texts:
        sha.update(text.encode("utf-8"))
        sha.update(b"\n")
    return sha.hexdigest()


def end_line(lines: Iterable[str], entries: int) -> str:
    """The end line for a file whose lines so far are `lines`."""
    covered = [line for line in (Line(0, raw.strip()) for raw in lines) if line.carries_content]
    return f"{END}: entries={entries} sha256={digest(line.text for line in covered)}"


def read_end_line(line: Line) -> EndLine:
    where = f"line {line.number} (the end line)"
    try:
        words = split_words(line.text.partition(":")[2])
    except UnreadableWords as error:
        raise MatchFileError(f"{where}: {error}") from None
    values: dict[str, str] = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals or name not in {"entries", "sha256"}:
            raise MatchFileError(
                f"{where}: write it 'end: entries=N sha256=CHECKSUM', or 'end:' alone for a "
                f"file written by hand; not {word!r}"
            )
        if name in values:
            raise MatchFileError(f"{where}: {name} is given twice")
        values[name] = value
    entries = values.get("entries")
    if entries is not None and not _COUNT.fullmatch(entries):
        raise MatchFileError(f"{where}: entries must be a number, not {entries!r}")
    sha256 = values.get("sha256")
    if sha256 is not None and not _HEX_DIGEST.fullmatch(sha256):
        raise MatchFileError(f"{where}: sha256 must be 64 hexadecimal digits")
    return EndLine(line.number, None if entries is None else int(entries), sha256)


def _check_size(size: int) -> None:
    if size > MAX_FILE_BYTES:
        raise MatchFileError(
            f"the file holds more than {MAX_FILE_BYTES:,} bytes (2 MiB), the most a match "
            "file may hold"
        )


def _nul_at(data: bytes, offset: int) -> str:
    return (
        f"{_where_in(data, offset, 'utf-8')}: a NUL character; a match file is UTF-8 text (is "
        "this UTF-16 without a byte order mark?)"
    )


def _where_in(data: bytes, offset: int, encoding: str) -> str:
    before = data[:offset].decode(encoding, "replace")
    return _where(before, len(before))


def _where(text_before: str, offset: int) -> str:
    line_start = text_before.rfind("\n", 0, offset) + 1
    return f"line {text_before.count(chr(10), 0, offset) + 1}, column {offset - line_start + 1}"


def _name(encoding: str) -> str:
    return "UTF-16" if encoding == "utf-16" else "UTF-8"
