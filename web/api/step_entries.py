"""The entries of the one-step answers, encoded once per match version and kept.

`GET /api/matches/{id}/steps/N` answers every entry up to step N (`entries`), so a walk one
step a request through a 1,000-entry match answers half a million entries: dumping each of
them again by its schema and encoding it again for every step made the walk cost in
proportion to the square of the match's length, in Python. An entry's JSON depends only on
the match at one version (its log and the report's words for it), never on the reader nor
the step, so each is encoded once, as the answer writes it, and a step's answer joins the
texts of its entries. What is left in proportion to the square is copying the answer's bytes,
which the answer's size asks for anyway. A match that moves on has a new version, so an entry
is never written as it was in another version. Kept per web app, for the matches stepped
through last.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from flask import Response, current_app
from flask.json.provider import DefaultJSONProvider

from domain.log import Entry
from schemas.api_matches import StepSchema
from schemas.step_answers import entry_data, replay_data
from service.replay_views import ReplayView

# As many matches as the service keeps replays of (service/replays.py): the ones walked now.
MOST_MATCHES = 64

# (match id, version)
Key = tuple[str, int]

# What Flask's encoder writes out of debug mode.
_COMPACT = (",", ":")
_ENTRIES = StepSchema(only=("entries",))
_THE_REST = StepSchema(exclude=("entries",))


class EncodedEntries:
    """Each match version's entries in force as the one-step answer writes them, in order,
    encoded as far as a step asked for."""

    def __init__(self, most_matches: int = MOST_MATCHES) -> None:
        self.most_matches = most_matches
        self._kept: OrderedDict[Key, list[str]] = OrderedDict()
        self._lock = threading.Lock()

    def joined(
        self,
        key: Key,
        entries: Sequence[Entry],
        step: int,
        encode: Callable[[Sequence[Entry]], list[str]],
    ) -> str:
        """The JSON array of the first `step` of `entries`, the match's at `key`; those not
        encoded yet are encoded with `encode` (the texts of the entries it is given, in order)
        and kept."""
        with self._lock:
            texts = self._kept.get(key)
            if texts is None:
                texts = self._kept[key] = []
                while len(self._kept) > self.most_matches:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
            if len(texts) < step:
                texts.extend(encode(entries[len(texts) : step]))
            return "[" + ",".join(texts[:step]) + "]"


def _compact_encoder() -> DefaultJSONProvider | None:
    """Flask's encoder when it writes an answer as `one_step_answer` splices it: its default
    one, keys sorted, no indentation (out of debug mode, unless told otherwise); else None."""
    provider = current_app.json
    if not isinstance(provider, DefaultJSONProvider) or not provider.sort_keys:
        return None
    compact = provider.compact
    return provider if compact is True or (compact is None and not current_app.debug) else None


def one_step_answer(view: ReplayView, version: int) -> Response | dict[str, Any]:
    """The one-step answer exactly as Flask writes what `StepSchema` dumps of the view, its
    entries written from the texts kept for the match's `version`. Keys sorted put `entries`
    first, so the answer is its array and then the rest of the object. Written otherwise
    (debug mode's indentation), the view's data is handed back for the schema to dump."""
    provider = _compact_encoder()
    if provider is None:
        return replay_data(view)
    kept: EncodedEntries = current_app.extensions.setdefault("encoded_entries", EncodedEntries())

    def encode(entries: Sequence[Entry]) -> list[str]:
        dumped = _ENTRIES.dump({"entries": [entry_data(view, entry) for entry in entries]})
        return [provider.dumps(entry, separators=_COMPACT) for entry in dumped["entries"]]

    entries = kept.joined((view.match_id, version), view.entries, len(view.entries), encode)
    rest = provider.dumps(
        _THE_REST.dump(replay_data(view, with_entries=False)), separators=_COMPACT
    )
    return current_app.response_class(
        f'{{"entries":{entries},{rest[1:]}\n', mimetype=provider.mimetype
    )
