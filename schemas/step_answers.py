"""The JSON of a run of replay steps, built directly rather than dumped field by field.

A walk through a 1,000-entry match asks for 1,000 steps: marshmallow dumping each of them (and
Flask sorting every key of the answer) cost a fifth of the walk. These build exactly what
`StepRunSchema` and `StepChangeRunSchema` dump (tests/web/test_api_step_runs.py compares
them), and those schemas still describe the answers in /api/openapi.json.
"""

from __future__ import annotations

import json
from typing import Any

from domain.log import Entry
from domain.provenance import Provenance
from domain.situation_changes import REMOVE, Change
from schemas.api_matches import ProvenanceSchema
from service.views import ReplayView, StepChangeRun, StepRun, line_data

_PROVENANCE = ProvenanceSchema()


def replay_data(view: ReplayView) -> dict[str, Any]:
    """What `StepSchema` dumps: the view, its entries with their words in the report."""
    return {
        "match_id": view.match_id,
        "ruleset": view.ruleset,
        "title": view.title,
        "step": view.step,
        "total": view.total,
        "entry": _entry(view, view.entry),
        "situation": view.situation,
        "text": view.text,
        "entries": [_entry(view, entry) for entry in view.entries],
        "imported": view.imported,
    }


def step_run_data(run: StepRun) -> dict[str, Any]:
    return {
        **_envelope(run),
        "steps": [
            {
                "step": step.step,
                "entry": None if step.entry is None else line_data(step.entry, step.said),
                "situation": step.situation,
                "text": step.text,
            }
            for step in run.steps
        ],
    }


def step_change_run_data(run: StepChangeRun) -> dict[str, Any]:
    return {
        **_envelope(run),
        "situation": run.situation,
        "steps": [
            {
                "step": step.step,
                "entry": None if step.entry is None else line_data(step.entry, step.said),
                "changes": [change_data(change) for change in step.changes],
                "text": step.text,
            }
            for step in run.steps
        ],
    }


def _entry(view: ReplayView, entry: Entry | None) -> dict[str, Any] | None:
    return None if entry is None else line_data(entry, view.said.get(entry.number))


def change_data(change: Change) -> dict[str, Any]:
    if change.op == REMOVE:
        return {"op": change.op, "path": change.path}
    return {"op": change.op, "path": change.path, "value": change.value}


def as_json(data: dict[str, Any]) -> str:
    """Compact JSON, keys in the order built (a client reads them by name)."""
    return json.dumps(data, separators=(",", ":"))


def _envelope(run: StepRun | StepChangeRun) -> dict[str, Any]:
    return {
        "match_id": run.match_id,
        "ruleset": run.ruleset,
        "title": run.title,
        "total": run.total,
        "from": run.first,
        "to": run.last,
        "imported": _provenance(run.imported),
    }


def _provenance(imported: Provenance | None) -> dict[str, Any] | None:
    if imported is None:
        return None
    dumped: dict[str, Any] = _PROVENANCE.dump(imported.to_data())
    return dumped
