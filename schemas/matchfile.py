"""The match file: a versioned, line-oriented text form of one match record (see
docs/match-file.md).

A header of `name: value` lines, then one line per log entry:

    12 by=alice at=2026-11-29T21:05:00+00:00 play coach=toho card="Ken Wakashimazu" defense=4
    13 by=bob at=2026-11-29T21:05:30+00:00 undo 12
    14 by=carol at=2026-11-29T21:06:00+00:00 note 11 text='Ken was offside, we let it go'

`#` starts a comment line; the export writes each entry's consequences as comments so the file
reads like a match report, and the import ignores them (it works them out again).
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates

from domain.match import consequences_of
from domain.notation import format_action, parse_action
from domain.registry import UnknownRuleset, find_ruleset
from domain.ruleset import JSON, MalformedAction

FORMAT = "touchline-match"
VERSION = 1
META_KEYS = ("by", "at", "device", "override", "key")


class MatchFileError(ValueError):
    """A file that cannot be read; the message names the line."""


@dataclass
class MatchFile:
    ruleset: str
    setup: dict[str, JSON]
    created_by: str
    created_at: str
    lines: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    info: dict[str, str] = field(default_factory=dict)
    league: str | None = None


def _check_timestamp(value: str) -> None:
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise ValidationError(f"{value!r} is not an ISO 8601 date and time") from None
    if parsed.tzinfo is None:
        raise ValidationError(f"{value!r} has no UTC offset")


class EntryMetaSchema(Schema):
    """Who entered a line, when, from where, and why it was allowed to break a rule."""

    by = fields.String(required=True, validate=validate.Length(min=1))
    at = fields.String(required=True)
    device = fields.String(load_default=None)
    override = fields.String(load_default=None, validate=validate.Length(min=1))
    key = fields.String(load_default=None, validate=validate.Length(min=1))

    @validates("at")
    def _at(self, value: str, **_: Any) -> None:
        _check_timestamp(value)


class HeaderSchema(Schema):
    format_version = fields.Integer(
        required=True,
        data_key=FORMAT,
        validate=validate.Equal(
            VERSION,
            error="unsupported "
            "format version {input}; this Touchline reads version " + str(VERSION),
        ),
    )
    ruleset = fields.String(required=True)
    setup = fields.Dict(required=True)
    created = fields.Nested(EntryMetaSchema, required=True)
    title = fields.String()
    exported = fields.String()
    source = fields.String()
    result = fields.String()
    league = fields.String(load_default=None, validate=validate.Length(min=1))


def dumps(match: Any, exported_at: str) -> str:
    """Write a match (an aggregate with a log) as a match file."""
    rules = find_ruleset(match.ruleset_name)
    labels = rules.side_labels(rules.make_setup(match.setup))
    result = match.result()
    out = [
        "# Touchline match file: one entry per numbered line; see docs/match-file.md",
        f"{FORMAT}: {VERSION}",
        f"ruleset: {match.ruleset_name}",
        f"setup: {json.dumps(match.setup, sort_keys=True, ensure_ascii=False)}",
        f"created: {_meta({'by': match.created_by, 'at': match.created_at})}",
        *([f"league: {match.league}"] if match.league else []),
        f"title: {' vs '.join(labels.values())}",
        f"source: {match.id}",
        f"exported: {exported_at}",
    ]
    if result is not None:
        out.append(f"result: {result.summary}")
    out.append("")
    for line in match.log:
        meta = _meta({k: line.get(k) for k in META_KEYS})
        if line["type"] == "retraction":
            out.append(f"{line['number']} {meta} undo {line['retracts']}")
            continue
        if line["type"] == "abandonment":
            reason = _quote(line["reason"])
            out.append(f"{line['number']} {meta} abandon reason={reason}")
            continue
        if line["type"] == "annotation":
            text = _quote(line["text"])
            out.append(f"{line['number']} {meta} note {line['on']} text={text}")
            continue
        action = rules.action_from_dict(line["action"])
        out.append(f"{line['number']} {meta} {format_action(rules.codec, action)}")
        for violation in line.get("violations") or []:
            out.append(f"#   ! overridden {violation['rule']}: {violation['message']}")
        out.extend(f"#   → {c.text}" for c in consequences_of(line))
    return "\n".join(out) + "\n"


def loads(text: str) -> MatchFile:
    """Read a match file; raise MatchFileError naming the first bad line."""
    header: dict[str, Any] = {}
    body: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line[0].isdigit():
            body.append((number, line))
        elif body:
            raise MatchFileError(f"line {number}: header line after the first entry: {line!r}")
        else:
            name, colon, value = line.partition(":")
            if not colon:
                raise MatchFileError(f"line {number}: expected 'name: value', got {line!r}")
            header[name.strip()] = value.strip()
    parsed = _load_header(header)
    try:
        rules = find_ruleset(parsed["ruleset"])
    except UnknownRuleset as error:
        raise MatchFileError(f"header: {error}") from None
    lines = [
        (number, _load_line(rules.codec, number, line, index))
        for index, (number, line) in enumerate(body, start=1)
    ]
    created = parsed["created"]
    return MatchFile(
        parsed["ruleset"],
        parsed["setup"],
        created["by"],
        created["at"],
        lines,
        {k: v for k, v in header.items() if k in {"title", "source", "result"}},
        parsed.get("league"),
    )


def _load_header(header: dict[str, Any]) -> dict[str, Any]:
    if FORMAT not in header:
        raise MatchFileError(
            f"not a Touchline match file: the '{FORMAT}: {VERSION}' line is missing"
        )
    raw = dict(header)
    try:
        raw["setup"] = json.loads(raw.get("setup", "null"))
    except json.JSONDecodeError as error:
        raise MatchFileError(f"header setup: not valid JSON ({error})") from None
    raw["created"] = _split_meta(shlex.split(raw.get("created", "")), "header created")[0]
    try:
        return dict(HeaderSchema().load(raw))
    except ValidationError as error:
        raise MatchFileError(f"header: {_messages(error.messages)}") from None


def _load_line(codec: Any, number: int, line: str, expected_number: int) -> dict[str, Any]:
    where = f"line {number}"
    try:
        words = shlex.split(line)
    except ValueError as error:
        raise MatchFileError(f"{where}: {error}") from None
    if words[0] != str(expected_number):
        raise MatchFileError(f"{where}: entry {words[0]} where entry {expected_number} was due")
    raw_meta, rest = _split_meta(words[1:], where)
    try:
        meta = EntryMetaSchema().load(raw_meta)
    except ValidationError as error:
        raise MatchFileError(f"{where}: {_messages(error.messages)}") from None
    if not rest:
        raise MatchFileError(f"{where}: the entry itself is missing")
    entry: dict[str, Any] = {"number": expected_number, **meta}
    if rest[0] == "undo":
        if len(rest) != 2 or not rest[1].isdigit():
            raise MatchFileError(f"{where}: write an undo as 'undo N' (N: the entry it retracts)")
        return {**entry, "type": "retraction", "retracts": int(rest[1])}
    if rest[0] == "abandon":
        reason = rest[1].partition("reason=")[2] if len(rest) == 2 else ""
        if not rest[1:] or not rest[1].startswith("reason=") or not reason.strip():
            raise MatchFileError(f"{where}: write an abandonment as 'abandon reason=WHY'")
        return {**entry, "type": "abandonment", "reason": _unescape(reason)}
    if rest[0] == "note":
        text = rest[2].partition("text=")[2] if len(rest) == 3 else ""
        if len(rest) != 3 or not rest[1].isdigit() or not rest[2].startswith("text="):
            raise MatchFileError(f"{where}: write an annotation as 'note N text=WHAT'")
        return {**entry, "type": "annotation", "on": int(rest[1]), "text": _unescape(text)}
    try:
        action = parse_action(codec, shlex.join(rest))
    except MalformedAction as error:
        raise MatchFileError(f"{where}: {error}") from None
    return {**entry, "type": "entry", "action": action}


def _split_meta(words: list[str], where: str) -> tuple[dict[str, str], list[str]]:
    meta: dict[str, str] = {}
    index = 0
    for index, word in enumerate(words):  # noqa: B007 (the index is read after the loop)
        name, equals, value = word.partition("=")
        if not equals or name not in META_KEYS:
            break
        if name in meta:
            raise MatchFileError(f"{where}: {name} is given twice")
        meta[name] = _unescape(value)
    else:
        index = len(words)
    return meta, words[index:]


def _meta(values: dict[str, Any]) -> str:
    return " ".join(f"{k}={_quote(str(v))}" for k, v in values.items() if v is not None)


# Characters that would end a line of the file (str.splitlines breaks on all of them), written
# as \uXXXX so that a remark typed with line breaks stays one line; a backslash doubles.
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
_ESCAPED = re.compile(r"\\(\\|u[0-9a-f]{4})")


def _quote(value: str) -> str:
    escaped = "".join(
        "\\\\" if c == "\\" else f"\\u{ord(c):04x}" if c in _LINE_BREAKS else c for c in value
    )
    return shlex.quote(escaped)


def _unescape(value: str) -> str:
    return _ESCAPED.sub(lambda m: "\\" if m[1] == "\\" else chr(int(m[1][1:], 16)), value)


def _messages(messages: Any) -> str:
    if isinstance(messages, dict):
        return "; ".join(f"{k}: {_messages(v)}" for k, v in messages.items())
    if isinstance(messages, Iterable) and not isinstance(messages, str):
        return " ".join(str(m) for m in messages)
    return str(messages)
