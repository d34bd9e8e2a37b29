"""How event and snapshot payloads are packed in the store: zlib with a preset dictionary.

An entry's event is a small JSON object (about 700 bytes) that repeats the same field names
every time and carries two 64-digit digests (domain/seal.py): stored as it is, a match's
events alone took 4.6 times the bytes of its match file. zlib on its own does little for
so small a payload (0.59); primed with the field names every event repeats it stores about a
quarter of it, and a snapshot (the whole log) about a twentieth.

The library applies this to every payload it writes and reads (COMPRESSOR_TOPIC), events and
snapshots alike. Payloads written by earlier releases are plain JSON: they start with `{`,
which no packed payload does, and are read as they are. A packed payload starts with the
number of the dictionary it was packed with, so that a later release may add a better one;
the dictionaries below are stored data's key and are never changed.
"""

from __future__ import annotations

import zlib

from eventsourcing.persistence import Compressor

# Dictionary 1: the field names and fixed values of Touchline's events (domain/match.py) as the
# library's JSON transcoder writes them, the commonest last (zlib looks nearest the end first).
_DICTIONARY_1 = (
    b'"kept":[],"withdrawn":[],"rederived":[],"replaces":,"dispute":,"decision":"rules":[],'
    b'"correction":null,"replay_from":null,"replayed":[],"reason":"","on":,"side":"result":'
    b'"sha256":"format_version":1,"checked":false,"lines":"created_by":"created_at":"source":'
    b'"exported":"imported_from":null,"earlier_import":null,"retracts":"ruleset":"setup":'
    b'"league":null,"text":"","data":{"team":"coach":"kind":"value":"dice":[]'
    b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-01T00:00:00.000000+00:00"},'
    b'"link":null,"previous":"","digest":"","action":{"kind":"","coach":""},'
    b'"action_version":1,"by":"","at":"2026-12-01T00:00:00+00:00","device":null,'
    b'"override":null,"violations":[],"key":null,"consequences":[{"kind":"","text":"",'
    b'"data":{}}],"class_version":3}'
)
_DICTIONARIES = {1: _DICTIONARY_1}
_CURRENT = 1
_LEVEL = 6


class PackedJson(Compressor):
    def compress(self, data: bytes) -> bytes:
        packer = zlib.compressobj(_LEVEL, zdict=_DICTIONARIES[_CURRENT])
        return bytes([_CURRENT]) + packer.compress(data) + packer.flush()

    def decompress(self, data: bytes) -> bytes:
        if data[:1] == b"{":
            return data  # as an earlier release stored it
        unpacker = zlib.decompressobj(zdict=_DICTIONARIES[data[0]])
        return unpacker.decompress(data[1:]) + unpacker.flush()
