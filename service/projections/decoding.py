"""Stored events decoded for the read side: what the library's mapper makes of them, made
faster for the payloads the library's own JSON transcoder writes.

A rebuild decodes every notification of the log. The mapper (`Mapper.to_domain_event`)
decrypts and decompresses the stored state, parses it with the standard library's `json`
and an object hook called for every JSON object of the payload (a Python call each: an
entry's event holds a dozen), converts the originator id, upcasts and makes the event. The
only objects the hook changes are the `{"_type_": …, "_data_": …}` of a registered
transcoding, and an event of Touchline's holds one of them: its timestamp. So `EventDecoder`
parses the payload with orjson (no hook) and decodes that one object itself, when it can see
from the bytes that it is the only one:

- the transcoder is the library's `JSONTranscoder` (a store set up with another is decoded by
  the mapper, always);
- `"_type_"` occurs once in the payload, as the key of the top-level `timestamp`, and the
  payload holds no `\\u` escape (a key could spell `_type_` with one);
- orjson parses it (it refuses what `json` accepts beyond the standard: NaN, lone surrogates,
  integers past 64 bits);
- the event was stored by its class's present version (an older one needs its upcasters).

Anything else is handed to the mapper as it is, so an event decodes to what the mapper makes
of it in every case (tests/service/projections/test_pj_decoding.py compares the two for every
event of the stores of earlier releases, the golden matches and random payloads).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from eventsourcing.persistence import JSONTranscoder, Mapper, StoredEvent, find_id_convertor
from eventsourcing.utils import resolve_topic

_TYPE_KEY = b'"_type_"'

# By topic: the event's class, its present version, and its id convertor by the id's type.
_Decoding = tuple[type[Any], int, dict[type[Any], Callable[[Any], Any]]]


class EventDecoder:
    """Decodes stored events as `mapper.to_domain_event` does (see the module's doc)."""

    def __init__(self, mapper: Mapper[Any]) -> None:
        self._mapper = mapper
        transcoder = mapper.transcoder
        # Only the library's own transcoder is known to write what this reads.
        self._names = transcoder.names if type(transcoder) is JSONTranscoder else None
        self._cipher = mapper.cipher
        self._compressor = mapper.compressor
        self._topics: dict[str, _Decoding] = {}

    def __call__(self, stored: StoredEvent) -> Any:
        names = self._names
        if names is None:
            return self._mapper.to_domain_event(stored)
        state = stored.state
        if self._cipher:
            state = self._cipher.decrypt(state)
        if self._compressor:
            state = self._compressor.decompress(state)
        if state.count(_TYPE_KEY) != 1 or b"\\u" in state:
            return self._mapper.to_domain_event(stored)
        try:
            event_state = orjson.loads(state)
        except orjson.JSONDecodeError:
            return self._mapper.to_domain_event(stored)
        stamp = event_state.get("timestamp") if type(event_state) is dict else None
        if type(stamp) is not dict or len(stamp) != 2 or "_data_" not in stamp:
            return self._mapper.to_domain_event(stored)
        transcoding = names.get(stamp.get("_type_"))  # type: ignore[arg-type]
        if transcoding is None:
            return self._mapper.to_domain_event(stored)
        decoding = self._topics.get(stored.topic)
        if decoding is None:
            decoding = self._topics[stored.topic] = _decoding_of(stored.topic)
        cls, class_version, convertors = decoding
        if event_state.pop("class_version", 1) != class_version:
            return self._mapper.to_domain_event(stored)  # its upcasters, as the mapper runs them
        event_state["timestamp"] = transcoding.decode(stamp["_data_"])
        id_type = type(stored.originator_id)
        convertor = convertors.get(id_type)
        if convertor is None:
            convertor = convertors[id_type] = find_id_convertor(cls, id_type)  # type: ignore[arg-type]
        event_state["originator_id"] = convertor(stored.originator_id)
        event_state["originator_version"] = stored.originator_version
        event = object.__new__(cls)
        object.__setattr__(event, "__dict__", event_state)
        return event


def _decoding_of(topic: str) -> _Decoding:
    cls = resolve_topic(topic)
    return cls, getattr(cls, "class_version", 1), {}
