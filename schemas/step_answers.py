"""The JSON of a run of replay steps, built directly rather than dumped field by field.

A walk through a 1,000-entry match asks for 1,000 steps: marshmallow dumping each of them (and
Flask sorting every key of the answer) cost a fifth of the walk. These build exactly what
`StepRunSchema` and `StepChangeRunSchema` dump (tests/web/test_api_step_runs.py compares
them), and those schemas still describe the answers in /api/openapi.json.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from domain.log import Entry
from domain.luck import Roll
from domain.provenance import Provenance
from domain.situation_changes import REMOVE, Change
from schemas.api_matches import ProvenanceSchema, fraction_text
from service.replay_views import ReplayView, StepChangeRun, StepRun
from service.views import line_data

_PROVENANCE = ProvenanceSchema()


def replay_data(view: ReplayView, with_entries: bool = True) -> dict[str, Any]:
    """What `StepSchema` dumps: the view, its entries with their words in the report (or
    without them, for an answer that writes them from texts kept: web/api/step_entries.py)."""
    data: dict[str, Any] = {
        "match_id": view.match_id,
        "ruleset": view.ruleset,
        "title": view.title,
        "step": view.step,
        "total": view.total,
        "entry": None if view.entry is None else entry_data(view, view.entry),
        "situation": view.situation,
        "text": view.text,
        "imported": view.imported,
    }
    if with_entries:
        data["entries"] = [entry_data(view, entry) for entry in view.entries]
    return data


def step_run_data(run: StepRun) -> dict[str, Any]:
    """The answer's data; each step's situation already encoded (`encoded`), so that it is
    dropped as soon as the next step is made (service.views.FoldedSteps)."""
    return {
        **_envelope(run),
        "steps": [
            {
                "step": step.step,
                "entry": None if step.entry is None else line_data(step.entry, step.said),
                "situation": encoded(step.situation),
                "text": step.text,
                "odds": None if step.odds is None else roll_data(step.odds),
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
                "odds": None if step.odds is None else roll_data(step.odds),
            }
            for step in run.steps
        ],
    }


def entry_data(view: ReplayView, entry: Entry) -> dict[str, Any]:
    """An entry of the view with its words in the match report."""
    return line_data(entry, view.said.get(entry.number))


def roll_data(roll: Roll) -> dict[str, Any]:
    """What `RollOddsSchema` dumps of a roll: a walk answers every roll of the match, and
    dumping each by the schema was a tenth of building the steps' answers."""
    odds = roll.odds
    return {
        "step": roll.step,
        "roll": odds.roll,
        "certain": odds.certain,
        "chances": [
            {
                "outcome": chance.outcome,
                "probability": fraction_text(chance.probability),
                "value": float(chance.probability),
            }
            for chance in odds.chances
        ],
        "luck": {side: float(amount) for side, amount in roll.luck.items()},
    }


def change_data(change: Change) -> dict[str, Any]:
    if change.op == REMOVE:
        return {"op": change.op, "path": change.path}
    return {"op": change.op, "path": change.path, "value": change.value}


class Encoded:
    """A part of an answer already encoded as JSON, written within it as it is. (Not a
    dataclass: orjson would write a dataclass's fields rather than ask `_as_fragment`.)"""

    __slots__ = ("json",)

    def __init__(self, json: bytes) -> None:
        self.json = json


def encoded(value: Any) -> Encoded:
    """`value` as JSON, to be written as it is within an answer (`as_json`)."""
    return Encoded(as_json(value))


def as_json(data: Any) -> bytes:
    """Compact JSON in UTF-8, keys in the order built (a client reads them by name).

    orjson rather than the standard library's encoder: a walk through a 1,000-entry match
    answers 2 MB of situations, which took `json.dumps` 38–50 ms, as long as folding the match,
    and orjson 7–9 ms. Keys that are not strings are written as strings, as `json` does; text
    that is no UTF-8 (a lone surrogate, which a JSON body may carry in as `\\ud800`) is written
    escaped by `json`, as before. An `Encoded` part is written as it is."""
    try:
        return orjson.dumps(data, default=_as_fragment, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return json.dumps(data, separators=(",", ":"), default=_as_value).encode()


def _as_fragment(value: Any) -> orjson.Fragment:
    if isinstance(value, Encoded):
        return orjson.Fragment(value.json)
    raise TypeError(f"{type(value).__name__} is not JSON")


def _as_value(value: Any) -> Any:
    if isinstance(value, Encoded):
        return json.loads(value.json)
    raise TypeError(f"{type(value).__name__} is not JSON")


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
