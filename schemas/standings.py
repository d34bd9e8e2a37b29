"""Standings as CSV, JSON and a text table: the exported fields, their order and their types.

A row is any object with the columns as attributes (the service's `StandingRow`), a dispute
any object with the fields of `OpenDisputeSchema` (the service's `OpenDispute`)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from marshmallow import Schema, fields

# The confirmation counts come last so that a spreadsheet reading the earlier columns by
# position reads them as before.
COLUMNS = (
    "place", "competitor", "played", "won", "drawn", "lost", "goals_for", "goals_against",
    "difference", "points", "decided_by", "confirmed", "unconfirmed", "disputed",
)  # fmt: skip


class StandingSchema(Schema):
    place = fields.Integer(required=True)
    competitor = fields.String(required=True)
    played = fields.Integer(required=True, metadata={"description": "Results counted in the table"})
    won = fields.Integer(required=True)
    drawn = fields.Integer(required=True)
    lost = fields.Integer(required=True)
    goals_for = fields.Integer(required=True)
    goals_against = fields.Integer(required=True)
    difference = fields.Integer(required=True)
    points = fields.Integer(required=True)
    decided_by = fields.String(required=True)
    confirmed = fields.Integer(
        required=True, metadata={"description": "Finished matches every coach confirmed"}
    )
    unconfirmed = fields.Integer(
        required=True,
        metadata={"description": "Finished matches awaiting a coach's confirmation"},
    )
    disputed = fields.Integer(
        required=True,
        metadata={"description": "Finished matches with a dispute open: disputed until ruled"},
    )


class OpenDisputeSchema(Schema):
    match_id = fields.String(required=True)
    title = fields.String(required=True)
    dispute = fields.Integer(
        required=True, metadata={"description": "The dispute's line number in the match's log"}
    )
    entry = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The disputed entry's line number; null: the result"},
    )
    reason = fields.String(required=True)
    by = fields.String(required=True)
    at = fields.String(required=True)


class LeagueTableSchema(Schema):
    league = fields.String(required=True)
    ruleset = fields.String(required=True)
    points = fields.List(fields.Integer(), required=True)
    tiebreak = fields.List(fields.String(), required=True)
    count_unconfirmed = fields.Boolean(
        required=True,
        metadata={
            "description": "Whether results the coaches have not all confirmed (disputed ones "
            "included) count in the table"
        },
    )
    standings = fields.List(fields.Nested(StandingSchema), required=True)
    open_disputes = fields.List(
        fields.Nested(OpenDisputeSchema),
        required=True,
        metadata={"description": "Disputes no referee has ruled on yet, oldest first"},
    )


def table_data(league: Any, rows: Sequence[Any], disputes: Sequence[Any]) -> dict[str, Any]:
    """The JSON download's and the API's answer, before it is dumped."""
    return {
        "league": league.name,
        "ruleset": league.ruleset,
        "points": list(league.points),
        "tiebreak": list(league.tiebreak),
        "count_unconfirmed": league.count_unconfirmed,
        "standings": list(rows),
        "open_disputes": list(disputes),
    }


def to_json(league: Any, rows: Sequence[Any], disputes: Sequence[Any]) -> str:
    data = LeagueTableSchema().dump(table_data(league, rows, disputes))
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def to_csv(rows: Sequence[Any]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in StandingSchema(many=True).dump(rows):
        writer.writerow({c: row[c] for c in COLUMNS})
    return out.getvalue()


def confirmed_of(row: Any) -> str:
    """`2/3`: results every coach confirmed, of the competitor's finished matches."""
    return f"{row.confirmed}/{row.confirmed + row.unconfirmed + row.disputed}"


def counting(count_unconfirmed: bool) -> str:
    """What the table counts, in a sentence."""
    if count_unconfirmed:
        return "Unconfirmed results count in this table, disputed ones too."
    return "Only results every coach confirmed count in this table."


def to_table(
    rows: Sequence[Any], goals_label: str = "goals", count_unconfirmed: bool = True
) -> str:
    head = f"{'#':>3}  {'coach':<18} {'P':>3} {'Conf':>6} {'W':>3} {'D':>3} {'L':>3} "
    head += f"{'GF':>4} {'GA':>4} {'GD':>4} {'Pts':>4}  decided by"
    lines = [head]
    previous = None
    for r in rows:
        place = "" if r.place == previous else str(r.place)
        previous = r.place
        marked = confirmed_of(r) + ("!" if r.disputed else " ")
        lines.append(
            f"{place:>3}  {r.competitor:<18} {r.played:>3} {marked:>6} {r.won:>3} "
            f"{r.drawn:>3} {r.lost:>3} {r.goals_for:>4} {r.goals_against:>4} "
            f"{r.difference:>+4} {r.points:>4}  {r.decided_by}"
        )
    if goals_label != "goals":
        lines.append(f"(GF counts {goals_label})")
    lines.append(
        "Conf: results every coach confirmed, of those finished; ! one disputed until ruled."
    )
    lines.append(counting(count_unconfirmed))
    return "\n".join(lines) + "\n"
