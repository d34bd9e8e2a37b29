"""An audit as text, CSV and JSON: the exported fields, their order and their types.

The CSV and JSON forms keep every text exactly as recorded (a reason's line breaks
included); the CSV writes each cell so that no spreadsheet runs it as a formula
(schemas.spreadsheet_cells). The text form is for the terminal: one line per item, each
text on one line, with nothing in it that a terminal would act on.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from marshmallow import Schema, fields

from domain.audit import AuditFilter, AuditItem
from domain.text import NOT_TEXT
from schemas.spreadsheet_cells import cell
from service.audit import LEAGUE, MATCH, AuditTrail

COLUMNS = (
    "match", "title", "line", "kind", "by", "at", "device", "link", "entries", "rules",
    "reason", "detail",
)  # fmt: skip

# What the text form shows as one space: runs of white space and anything that is not text.
_NOT_ONE_LINE = re.compile(f"(?:\\s|[{NOT_TEXT}])+")


class AuditItemSchema(Schema):
    match = fields.String(required=True, metadata={"description": "The match's id"})
    title = fields.String(required=True, metadata={"description": "The match's title"})
    line = fields.Integer(
        required=True, metadata={"description": "The number of the log line that recorded it"}
    )
    kind = fields.String(required=True, metadata={"example": "override"})
    by = fields.String(required=True)
    at = fields.String(required=True, metadata={"description": "ISO 8601 with its UTC offset"})
    device = fields.String(required=True, allow_none=True)
    link = fields.String(
        required=True, allow_none=True, metadata={"description": "The access link's id"}
    )
    entries = fields.List(
        fields.Integer(), required=True, metadata={"description": "The entries it is about"}
    )
    rules = fields.List(fields.String(), required=True, metadata={"example": ["CG-4.2"]})
    reason = fields.String(required=True, metadata={"description": "The reason given, or ''"})
    detail = fields.String(required=True, metadata={"description": "What it did, in a sentence"})


class AuditFilterSchema(Schema):
    kinds = fields.List(fields.String(), required=True, metadata={"description": "[]: all"})
    by = fields.String(required=True, allow_none=True)
    since = fields.String(required=True, allow_none=True)
    until = fields.String(required=True, allow_none=True)


class AuditSchema(Schema):
    scope = fields.String(required=True, metadata={"description": "match or league"})
    match = fields.String(required=True, allow_none=True, metadata={"description": "Its id"})
    league = fields.String(required=True, allow_none=True)
    title = fields.String(required=True)
    filter = fields.Nested(AuditFilterSchema, required=True)
    matches = fields.Integer(required=True, metadata={"description": "How many matches were read"})
    count = fields.Integer(required=True, metadata={"description": "How many items follow"})
    items = fields.List(fields.Nested(AuditItemSchema), required=True)


def audit_data(trail: AuditTrail) -> dict[str, Any]:
    """The audit as the JSON form and the API answer it (AuditSchema)."""
    data = {
        "scope": trail.scope,
        "match": trail.name if trail.scope == MATCH else None,
        "league": trail.name if trail.scope == LEAGUE else None,
        "title": trail.title,
        "filter": filter_data(trail.filter),
        "matches": trail.matches,
        "count": len(trail.items),
        "items": list(trail.items),
    }
    dumped: dict[str, Any] = AuditSchema().dump(data)
    return dumped


def filter_data(wanted: AuditFilter) -> dict[str, Any]:
    return {
        "kinds": list(wanted.kinds),
        "by": wanted.by,
        "since": None if wanted.since is None else wanted.since.isoformat(),
        "until": None if wanted.until is None else wanted.until.isoformat(),
    }


def to_json(trail: AuditTrail) -> str:
    return json.dumps(audit_data(trail), indent=2, ensure_ascii=False) + "\n"


def to_csv(trail: AuditTrail) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for item in trail.items:
        writer.writerow([cell(text) for text in csv_row(item)])
    return out.getvalue()


def csv_row(item: AuditItem) -> list[str]:
    """An item's cells before escaping: numbers as digits, lists space-separated, none as ''."""
    return [
        item.match,
        item.title,
        str(item.line),
        item.kind,
        item.by,
        item.at,
        item.device or "",
        item.link or "",
        " ".join(str(n) for n in item.entries),
        " ".join(item.rules),
        item.reason,
        item.detail,
    ]


def to_text(trail: AuditTrail) -> str:
    """A heading, then one line per item: when, match and line, kind, who, what and why."""
    what = "match" if trail.scope == MATCH else "league"
    matches = f" across {trail.matches} matches" if trail.scope == LEAGUE else ""
    count = len(trail.items)
    head = f"audit of {what} {one_line(trail.title)}: {count} item{'s' * (count != 1)}{matches}"
    lines = [head + describe_filter(trail.filter)]
    lines.extend(text_line(item) for item in trail.items)
    return "\n".join(lines) + "\n"


def text_line(item: AuditItem) -> str:
    where = ", ".join(
        part
        for part in (
            item.device and one_line(item.device),
            item.link and f"link {one_line(item.link)}",
        )
        if part
    )
    who = one_line(item.by) + (f" ({where})" if where else "")
    rules = f"  [{' '.join(item.rules)}]" if item.rules else ""
    reason = f"  reason: {one_line(item.reason)}" if item.reason else ""
    return (
        f"{item.at}  {item.match[:8]} {item.line:>4}  {item.kind:<12}  {who}{rules}  "
        f"{one_line(item.detail)}{reason}"
    )


def describe_filter(wanted: AuditFilter) -> str:
    parts = []
    if wanted.kinds:
        parts.append(f"kind {'/'.join(wanted.kinds)}")
    if wanted.by is not None:
        parts.append(f"by {one_line(wanted.by)}")
    if wanted.since is not None:
        parts.append(f"since {wanted.since.isoformat()}")
    if wanted.until is not None:
        parts.append(f"until {wanted.until.isoformat()}")
    return f" ({', '.join(parts)})" if parts else ""


def one_line(text: str) -> str:
    """Text on one line for a terminal: line breaks, tabs and control characters as spaces."""
    return _NOT_ONE_LINE.sub(" ", text).strip()
