"""Standings as CSV and JSON: the exported fields, their order and their types.

A row is any object with the columns as attributes (the service's `StandingRow`)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from marshmallow import Schema, fields

COLUMNS = (
    "place", "competitor", "played", "won", "drawn", "lost", "goals_for", "goals_against",
    "difference", "points", "decided_by",
)  # fmt: skip


class StandingSchema(Schema):
    place = fields.Integer(required=True)
    competitor = fields.String(required=True)
    played = fields.Integer(required=True)
    won = fields.Integer(required=True)
    drawn = fields.Integer(required=True)
    lost = fields.Integer(required=True)
    goals_for = fields.Integer(required=True)
    goals_against = fields.Integer(required=True)
    difference = fields.Integer(required=True)
    points = fields.Integer(required=True)
    decided_by = fields.String(required=True)


class LeagueTableSchema(Schema):
    league = fields.String(required=True)
    ruleset = fields.String(required=True)
    points = fields.List(fields.Integer(), required=True)
    tiebreak = fields.List(fields.String(), required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True)


def to_json(league: Any, rows: Sequence[Any]) -> str:
    data = {
        "league": league.name,
        "ruleset": league.ruleset,
        "points": list(league.points),
        "tiebreak": list(league.tiebreak),
        "standings": list(rows),
    }
    return json.dumps(LeagueTableSchema().dump(data), indent=2, ensure_ascii=False) + "\n"


def to_csv(rows: Sequence[Any]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in StandingSchema(many=True).dump(rows):
        writer.writerow({c: row[c] for c in COLUMNS})
    return out.getvalue()


def to_table(rows: Sequence[Any], goals_label: str = "goals") -> str:
    head = f"{'#':>3}  {'coach':<18} {'P':>3} {'W':>3} {'D':>3} {'L':>3} "
    head += f"{'GF':>4} {'GA':>4} {'GD':>4} {'Pts':>4}  decided by"
    lines = [head]
    previous = None
    for r in rows:
        place = "" if r.place == previous else str(r.place)
        previous = r.place
        lines.append(
            f"{place:>3}  {r.competitor:<18} {r.played:>3} {r.won:>3} {r.drawn:>3} "
            f"{r.lost:>3} {r.goals_for:>4} {r.goals_against:>4} "
            f"{r.difference:>+4} {r.points:>4}  {r.decided_by}"
        )
    if goals_label != "goals":
        lines.append(f"(GF counts {goals_label})")
    return "\n".join(lines) + "\n"
