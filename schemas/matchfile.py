"""The match file: a versioned, line-oriented text form of one match record (see
docs/match-file.md).

A header of `name: value` lines ending with the chain's start, then one line per log entry,
each ending with its chain value, then the end line:

    chain: 6f1d…
    12 by=alice at=2026-11-29T21:05:00+00:00 play coach=toho card=Ken defense=4 chain=…
    13 by=bob at=2026-11-29T21:05:30+00:00 undo 12 chain=…
    14 by=carol at=2026-11-29T21:06:00+00:00 note 11 text='Ken was offside, we let it go' chain=…
    end: entries=14 sha256=9b1e…

The chain (format version 3, schemas.matchfile_chain) names the first line edited since the
export; the header's `seal` is the source match's seal then (docs/seal.md). Format version 4
adds `die=` to an entry the table rolled with a named physical die ("red d6"); version 5 a
note's `glyph=` and the match's what-if branches as variations after its own lines
(`V/0 … branch step=S`, then `V/N …`), and is written only for a match that has either.

`#` starts a comment line; the export writes each entry's consequences as comments so the file
reads like a match report, and the import ignores them (it works them out again). Every text
value is written by the one rule of `schemas.matchfile_values`; the bytes, the size bounds and
the end line are `schemas.matchfile_lines`'. Files of format version 1 (no end line, entries'
fields written as they are), 2 (no chain) and 3 (no die names) are read as they always were.

A match that was itself imported is exported with two more header lines: `imported-from`,
the match it was imported from (as its file claimed), and `imported`, who imported it, when,
and the SHA-256 of the file they imported. Read back, they are claims like `source`
(domain.provenance).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, assert_never

from marshmallow import Schema, ValidationError, fields, validate, validates

from domain.actions import ActionCodec
from domain.branching import Variation
from domain.glyphs import BadGlyph, glyph_named
from domain.log import (
    Abandonment,
    Annotation,
    Author,
    Confirmation,
    Correction,
    Dispute,
    Entry,
    LogLine,
    Retraction,
    Ruling,
)
from domain.notation import (
    UnreadableWords,
    ValueReader,
    action_from_words,
    canonical_fields,
    split_words,
)
from domain.provenance import ClaimedImport, ClaimedSeal, MatchFileFacts, Provenance
from domain.registry import UnknownRuleset, find_ruleset
from domain.rulebook import rule_text
from domain.ruleset import JSON, MalformedAction, Ruleset
from domain.text import NOT_TEXT
from schemas.matchfile_chain import ChainState, chained, without_chain
from schemas.matchfile_chain import check as check_chain
from schemas.matchfile_lines import (
    EndLine,
    Line,
    MatchFileError,
    decode,
    digest,
    end_line,
    read_end_line,
    split_lines,
)
from schemas.matchfile_values import (
    BadValue,
    escape,
    quote,
    quote_value,
    raw_not_text,
    unescape,
    unescape_list,
)

__all__ = ["FORMAT", "VERSION", "MatchFile", "MatchFileError", "dumps", "loads"]

FORMAT = "touchline-match"
VERSION = 5
READABLE_VERSIONS = (1, 2, 3, 4, 5)
# A file that holds neither glyphs nor variations is written as version 4, which releases
# before version 5 read; version 5 adds both.
PLAIN_VERSION = 4
GLYPHS_FROM = VARIATIONS_FROM = 5
# A variation's line: its number, a slash, and the line's number in the branch (0: its start).
_VARIATION_LINE = re.compile(r"([0-9]{1,9})/([0-9]{1,9})(?= |$)")
# The first version whose lines carry the chain (schemas.matchfile_chain).
CHAINED = 3
META_KEYS = ("by", "at", "device", "link", "override", "key", "die")
IMPORTED_KEYS = ("by", "at", "sha256")
SEAL_KEYS = ("version", "digest")
# Real setups nest three or four levels; deeper JSON is refused before anything walks it.
MAX_SETUP_DEPTH = 16
# What the JSON of a setup writes as \uXXXX beyond JSON's own escapes (see matchfile_values).
_JSON_NOT_TEXT = re.compile(f"[{NOT_TEXT}]")
CHANGED = "checksum mismatch: the file was changed after export"


@dataclass
class MatchFile:
    ruleset: str
    setup: dict[str, JSON]
    created_by: str
    created_at: str
    # Each log line with the number of the file's line it was read from.
    lines: list[tuple[int, LogLine]] = field(default_factory=list)
    info: dict[str, str] = field(default_factory=dict)
    league: str | None = None
    version: int = VERSION
    # Whether the file carried a checksum, which then matched: an exported file, unchanged.
    checked: bool = False
    # The SHA-256 of the bytes read (of the text's UTF-8 when given text).
    sha256: str = ""
    # What the header claims about where the match comes from (domain.provenance).
    source: str | None = None
    exported: str | None = None
    imported_from: str | None = None
    earlier_import: ClaimedImport | None = None
    # Whether the per-line chain held, and where it first broke (format version 3 on).
    chain: ChainState = field(default_factory=lambda: ChainState(None))
    # The source match's seal at export, as the header claims it.
    seal: ClaimedSeal | None = None
    # Its what-if branches (format version 5 on), after its own lines.
    variations: list[Variation] = field(default_factory=list)

    def facts(self) -> MatchFileFacts:
        """The file as an import records it: what it was, and what it claims."""
        return MatchFileFacts(
            sha256=self.sha256,
            format_version=self.version,
            checked=self.checked,
            created_by=self.created_by,
            created_at=self.created_at,
            source=self.source,
            exported=self.exported,
            imported_from=self.imported_from,
            earlier_import=self.earlier_import,
            chain=self.chain.held,
            chain_break=self.chain.line,
            seal=self.seal,
        )


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
    link = fields.String(load_default=None, validate=validate.Length(min=1))
    override = fields.String(load_default=None, validate=validate.Length(min=1))
    key = fields.String(load_default=None, validate=validate.Length(min=1))
    # The physical die the table rolled the entry with ("red d6"; format 4 on).
    die = fields.String(load_default=None, validate=validate.Length(min=1))

    @validates("at")
    def _at(self, value: str, **_: Any) -> None:
        _check_timestamp(value)


class ImportedSchema(Schema):
    """Who imported the match the file was exported from, when, and that file's SHA-256."""

    by = fields.String(required=True, validate=validate.Length(min=1))
    at = fields.String(required=True)
    sha256 = fields.String(
        required=True,
        validate=validate.Regexp("^[0-9a-f]{64}$", error="not 64 lower-case hexadecimal digits"),
    )

    @validates("at")
    def _at(self, value: str, **_: Any) -> None:
        _check_timestamp(value)


class SealClaimSchema(Schema):
    """The source match's seal when the file was exported: its version and digest."""

    version = fields.Integer(required=True, strict=False, validate=validate.Range(min=1))
    digest = fields.String(
        required=True,
        validate=validate.Regexp("^[0-9a-f]{64}$", error="not 64 lower-case hexadecimal digits"),
    )


class HeaderSchema(Schema):
    format_version = fields.Integer(required=True, data_key=FORMAT)
    ruleset = fields.String(required=True)
    setup = fields.Dict(required=True)
    created = fields.Nested(EntryMetaSchema, required=True)
    title = fields.String()
    exported = fields.String(load_default=None)
    source = fields.String(load_default=None, validate=validate.Length(min=1))
    result = fields.String()
    league = fields.String(load_default=None, validate=validate.Length(min=1))
    imported_from = fields.String(
        load_default=None, validate=validate.Length(min=1), data_key="imported-from"
    )
    imported = fields.Nested(ImportedSchema, load_default=None)
    seal = fields.Nested(SealClaimSchema, load_default=None)
    chain = fields.String(
        load_default=None,
        validate=validate.Regexp("^[0-9a-f]{64}$", error="not 64 lower-case hexadecimal digits"),
    )

    @validates("exported")
    def _exported(self, value: str | None, **_: Any) -> None:
        if value is not None:
            _check_timestamp(value)


# -- writing ---------------------------------------------------------------------------


def dumps(match: Any, exported_at: str, variations: Sequence[Variation] = ()) -> str:
    """Write a match (an aggregate with a log) as a match file, with its what-if branches as
    `variations` after its own lines (domain.branching); a file with neither variations nor
    glyphs is written as version 4, which earlier releases read."""
    rules = find_ruleset(match.ruleset_name)
    labels = rules.side_labels(rules.make_setup(match.setup))
    result = match.result()
    out = [
        "# Touchline match file: one entry per numbered line; see docs/match-file.md",
        f"{FORMAT}: {_version_for(match, variations)}",
        f"ruleset: {quote(match.ruleset_name)}",
        f"setup: {_setup_json(match.setup)}",
        f"created: {_meta({'by': match.created_by, 'at': match.created_at})}",
        *([f"league: {quote(match.league)}"] if match.league else []),
        f"title: {quote(' vs '.join(labels.values()))}",
        f"source: {quote(str(match.id))}",
        *_provenance_lines(match.provenance),
        f"exported: {quote(exported_at)}",
    ]
    if result is not None:
        out.append(f"result: {quote(result.summary)}")
    seal = getattr(match, "seal", None)  # a match sealed since it was stored has one
    if seal is not None:
        out.append(f"seal: {_meta({'version': match.version, 'digest': seal})}")
    out.append("")
    for line in match.log:
        out.extend(_entry_lines(rules, line))
    for number, variation in enumerate(variations, start=1):
        out.extend(_variation_lines(rules, number, variation))
    out = chained(out)
    out.append(end_line(out, len(match.log)))
    return "\n".join(out) + "\n"


def _version_for(match: Any, variations: Sequence[Variation]) -> int:
    """The oldest version that holds the match: 4 unless it carries glyphs or variations."""
    lines = [*match.log, *(line for v in variations for _, line in v.lines)]
    judged = any(isinstance(line, Annotation) and line.glyph for line in lines)
    return VERSION if judged or variations else PLAIN_VERSION


def _variation_lines(rules: Ruleset, number: int, variation: Variation) -> list[str]:
    """A variation: its start (`V/0 … branch step=S source=ID`), then each of the branch's
    own lines as the match's are written, numbered `V/N`."""
    started = variation.started
    meta = {"by": started.by, "at": started.at, "device": started.device, "link": started.link}
    where = {"step": variation.step, "source": variation.source}
    out = [f"{number}/0 {_meta(meta)} branch {_meta(where)}"]
    for _, line in variation.lines:
        first, *comments = _entry_lines(rules, line)
        out.extend([f"{number}/{first}", *comments])
    return out


def _provenance_lines(provenance: Provenance | None) -> list[str]:
    """An imported match's origin and import, so that its source chain stays honest: the
    file's `source` is this match, imported from the match its own file claimed."""
    if provenance is None:
        return []
    origin = provenance.file.origin
    importer = provenance.importer
    imported = {"by": importer.by, "at": importer.at, "sha256": provenance.file.sha256}
    return [
        *([f"imported-from: {quote(origin)}"] if origin is not None else []),
        f"imported: {_meta(imported)}",
    ]


def _entry_lines(rules: Ruleset, line: LogLine) -> list[str]:
    meta = {"by": line.by, "at": line.at, "device": line.device, "link": line.link}
    if isinstance(line, Entry):
        meta["override"] = line.override
    die = line.die_label if isinstance(line, Entry) else None  # a correction's too
    start = f"{line.number} {_meta({**meta, 'key': line.key, 'die': die})}"
    match line:
        case Retraction():
            return [f"{start} undo {line.retracts}"]
        case Abandonment():
            return [f"{start} abandon reason={quote(line.reason)}"]
        case Annotation():
            judged = f" glyph={quote(line.glyph)}" if line.glyph else ""
            return [f"{start} note {line.on} text={quote(line.text)}{judged}"]
        case Correction():
            named = {
                "reason": line.reason,
                "dispute": line.dispute,
                "keep": _numbers(line.kept),
                "withdraw": _numbers(line.withdrawn),
            }
            return _action_lines(rules, f"{start} correct {line.replaces} {_meta(named)} as", line)
        case Entry():
            return _action_lines(rules, start, line)
        case Dispute():
            on = "result" if line.on is None else line.on
            return [f"{start} dispute {on} reason={quote(line.reason)}"]
        case Ruling():
            named = {
                "decision": line.decision,
                "rules": ",".join(line.rules),
                "from": line.replay_from,
                "text": line.text or None,
            }
            return [
                f"{start} ruling {line.dispute} {_meta(named)}",
                *(f"#   {rule}: {escape(rule_text(rules, rule))}" for rule in line.rules),
            ]
        case Confirmation():
            return [f"{start} confirm {quote(line.side)}"]
        case _:
            assert_never(line)


def _numbers(numbers: Iterable[int]) -> str | None:
    return ",".join(str(n) for n in numbers) or None


def _action_lines(rules: Ruleset, start: str, line: Entry) -> list[str]:
    # Written from the stored dict as it is, not through the codec: a record kept from an
    # earlier release exports even if today's checks would refuse one of its values.
    words = [line.kind]
    words.extend(f"{k}={quote_value(v)}" for k, v in canonical_fields(rules.codec, line.action))
    return [
        f"{start} {' '.join(words)}",
        *(f"#   ! overridden {escape(v.rule)}: {escape(v.message)}" for v in line.violations),
        *(f"#   → {escape(c.text)}" for c in line.consequences if c.text),
    ]


def _meta(values: dict[str, Any]) -> str:
    return " ".join(f"{k}={quote(str(v))}" for k, v in values.items() if v is not None)


def _setup_json(setup: dict[str, JSON]) -> str:
    # JSON escapes backslashes, quotes and controls below U+0020 itself; what else the value
    # rule escapes is written in JSON's own \uXXXX form, which reads back the same.
    text = json.dumps(setup, sort_keys=True, ensure_ascii=False)
    return _JSON_NOT_TEXT.sub(lambda found: f"\\u{ord(found[0]):04x}", text)


# -- reading ---------------------------------------------------------------------------


def loads(data: str | bytes) -> MatchFile:
    """Read a match file; raise MatchFileError naming the first bad line.

    A file of version 2 or later must end with its end line; when that carries a checksum,
    the lines it covers must give it, or the file is refused as changed (naming the first
    edited line when the file's chain names it, else the line that no longer reads). The
    answer says which version was read, whether it was checked, and whether its chain held.
    """
    text = decode(data)
    received = data if isinstance(data, bytes) else text.encode("utf-8")
    lines = split_lines(text)
    version = _version(lines)
    end: EndLine | None = None
    if version == 1:
        content = [line for line in lines if line.carries_content]
    else:
        content, end = _sealed_content(lines, complete=text.endswith("\n"))
    chain = ChainState(None)
    if version >= CHAINED:
        assert end is not None
        chain = check_chain(lines[: end.number - 1])
    intact = end is None or end.sha256 is None or end.sha256 == digest(c.text for c in content)
    # Where a changed file was changed: the first edited line, when its chain names it.
    edited = f": {chain.describe()}" if chain.held is False else ""
    try:
        parsed = _parse(content, version)
        if end is not None and end.entries is not None and end.entries != len(parsed.lines):
            raise MatchFileError(
                f"line {end.number}: the end line counts {end.entries} entries, but the file "
                f"holds {len(parsed.lines)}"
            )
    except MatchFileError as error:
        if intact:
            raise
        raise MatchFileError(f"{CHANGED}{edited}; {error}") from None
    if not intact:
        assert end is not None
        first, last = (content[0].number, content[-1].number) if content else (1, 1)
        where = (
            edited
            or f": lines {first}-{last} no longer give the checksum of its end line "
            f"(line {end.number})"
        )
        raise MatchFileError(
            f"{CHANGED}{where}. To import a file changed on purpose, make its end line "
            "'end:' alone; it then imports as unchecked"
        )
    parsed.version = version
    parsed.chain = chain
    parsed.checked = end is not None and end.sha256 is not None
    parsed.sha256 = hashlib.sha256(received).hexdigest()
    return parsed


def _version(lines: list[Line]) -> int:
    for line in lines:
        if not line.carries_content:
            continue
        if line.text[0].isdigit() or line.is_end:
            break
        name, colon, value = line.text.partition(":")
        if colon and name.strip() == FORMAT:
            version = value.strip()
            if not (version.isascii() and version.isdigit() and len(version) < 10):
                raise MatchFileError(f"line {line.number}: {FORMAT} must be a number")
            if int(version) not in READABLE_VERSIONS:
                raise MatchFileError(
                    f"line {line.number}: unsupported format version {version}; this "
                    f"Touchline reads versions {' and '.join(map(str, READABLE_VERSIONS))}"
                )
            return int(version)
    raise MatchFileError(
        f"not a Touchline match file: the '{FORMAT}: {PLAIN_VERSION}' line is missing"
    )


def _sealed_content(lines: list[Line], complete: bool) -> tuple[list[Line], EndLine]:
    """The lines before a version 2 file's end line that carry the match, and the end line."""
    at = next((index for index, line in enumerate(lines) if line.is_end), None)
    if at is None:
        # A file that ends with a line feed was cut between lines (split leaves an empty
        # last piece); one that does not was cut inside its last line.
        where = f"after line {len(lines) - 1}" if complete else f"inside line {len(lines)}"
        raise MatchFileError(f"the file ends before its end line: it was cut {where}")
    end = lines[at]
    for line in lines[at + 1 :]:
        if line.carries_content:
            what = "an entry" if line.text[0].isdigit() else "a line"
            raise MatchFileError(
                f"line {line.number}: {what} after the end line (line {end.number}); entries "
                "added by hand go above it, and the end line becomes 'end:' alone"
            )
    return [line for line in lines[:at] if line.carries_content], read_end_line(end)


def _parse(content: list[Line], version: int) -> MatchFile:
    header: dict[str, Line] = {}
    body: list[Line] = []
    for line in content:
        if version >= 2:
            problem = raw_not_text(line.text)
            if problem:
                raise MatchFileError(f"line {line.number}, {problem}")
        if line.text[0].isdigit():
            body.append(without_chain(line)[0] if version >= CHAINED else line)
        elif body:
            raise MatchFileError(
                f"line {line.number}: header line after the first entry: {_shown(line.text)}"
            )
        else:
            name, colon, value = line.text.partition(":")
            name = name.strip()
            if not colon:
                raise MatchFileError(
                    f"line {line.number}: expected 'name: value', got {_shown(line.text)}"
                )
            if name in header:
                raise MatchFileError(
                    f"line {line.number}: {name} is given twice (also on line "
                    f"{header[name].number})"
                )
            header[name] = Line(line.number, value.strip())
    parsed = _load_header(header, version)
    try:
        rules = find_ruleset(parsed["ruleset"])
    except UnknownRuleset as error:
        raise MatchFileError(f"line {header['ruleset'].number}: {error}") from None
    read_value = None if version == 1 else _value_reader(rules.codec)
    main, variation_lines = _main_and_variations(body, version)
    lines = [
        (line.number, _load_line(rules.codec, line, index, read_value, version))
        for index, line in enumerate(main, start=1)
    ]
    variations = _load_variations(rules.codec, variation_lines, read_value, version)
    created = parsed["created"]
    imported = parsed["imported"]
    seal = parsed["seal"]
    return MatchFile(
        parsed["ruleset"],
        parsed["setup"],
        created["by"],
        created["at"],
        lines,
        {k: v for k, v in parsed.items() if k in {"title", "source", "result"}},
        parsed.get("league"),
        source=parsed["source"],
        exported=parsed["exported"],
        imported_from=parsed["imported_from"],
        earlier_import=None if imported is None else ClaimedImport(**imported),
        seal=None if seal is None else ClaimedSeal(seal["version"], seal["digest"]),
        variations=variations,
    )


def _main_and_variations(body: list[Line], version: int) -> tuple[list[Line], list[Line]]:
    """The match's own lines, and those of its variations after them (`V/N …`)."""
    main: list[Line] = []
    variations: list[Line] = []
    for line in body:
        if _VARIATION_LINE.match(line.text):
            if version < VARIATIONS_FROM:
                raise MatchFileError(
                    f"line {line.number}: variations are lines of format version "
                    f"{VARIATIONS_FROM} files; this file says it is of version {version}"
                )
            variations.append(line)
        elif variations:
            raise MatchFileError(
                f"line {line.number}: a line of the match after its variations: the match's "
                "own lines come first"
            )
        else:
            main.append(line)
    return main, variations


def _load_variations(
    codec: ActionCodec, lines: list[Line], read_value: ValueReader | None, version: int
) -> list[Variation]:
    """Each variation from its start line `V/0 … branch step=S [source=ID]` and its lines
    `V/N`, numbered on from the step (the branch's lines 1 to S are the match's entries)."""
    found: list[Variation] = []
    for line in lines:
        matched = _VARIATION_LINE.match(line.text)
        assert matched is not None
        number, at = int(matched[1]), int(matched[2])
        rest = Line(line.number, line.text[len(matched[1]) + 1 :])
        if at == 0:
            if number != len(found) + 1:
                raise MatchFileError(
                    f"line {line.number}: variation {number} where variation "
                    f"{len(found) + 1} was due"
                )
            found.append(_variation_start(rest))
            continue
        if not found or number != len(found):
            raise MatchFileError(
                f"line {line.number}: a line of variation {number} outside it: a variation "
                f"starts with its line {number}/0"
            )
        variation = found[-1]
        expected = variation.step + len(variation.lines) + 1
        loaded = _load_line(codec, rest, expected, read_value, version)
        found[-1] = replace(variation, lines=(*variation.lines, (line.number, loaded)))
    return found


def _variation_start(line: Line) -> Variation:
    where = f"line {line.number}"
    words = _words(line)
    raw_meta, rest = _split_meta(words[1:], where)
    if not rest or rest[0] != "branch":
        raise MatchFileError(
            f"{where}: write a variation's start as 'V/0 by=NAME at=TIMESTAMP branch step=S "
            "[source=ID]'"
        )
    named, left = _named(rest[1:], {"step", "source"}, where)
    if left or not _is_number(named.get("step", "")):
        raise MatchFileError(f"{where}: a variation names the step it starts from (step=S)")
    try:
        meta = EntryMetaSchema().load(raw_meta)
    except ValidationError as error:
        raise MatchFileError(f"{where}: {_messages(error.messages)}") from None
    if meta["override"] is not None or meta["die"] is not None or meta["key"] is not None:
        raise MatchFileError(f"{where}: a variation's start names who started it, and when")
    source = named.get("source") or None
    started = Author(meta["by"], meta["at"], meta["device"], meta["link"])
    return Variation(int(named["step"]), started, source, (), at_line=line.number)


def _load_header(header: dict[str, Line], version: int) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for name, line in header.items():
        if name == "setup":
            raw[name] = _setup(line)
        elif name == "created":
            meta, rest = _split_meta(_words(line), f"line {line.number}")
            if rest:
                raise MatchFileError(
                    f"line {line.number}: write created as 'by=NAME at=TIMESTAMP', not "
                    f"{_shown(line.text)}"
                )
            raw[name] = meta
        elif name == "seal" and version >= CHAINED:
            meta, rest = _split_meta(_words(line), f"line {line.number}", SEAL_KEYS)
            if rest:
                raise MatchFileError(
                    f"line {line.number}: write seal as 'version=N digest=HEX', not "
                    f"{_shown(line.text)}"
                )
            raw[name] = meta
        elif name in {"seal", "chain"} and version < CHAINED:
            raise MatchFileError(
                f"line {line.number}: {name} is a line of format version {CHAINED} files; "
                f"this file says it is of version {version}"
            )
        elif name == "imported":
            meta, rest = _split_meta(_words(line), f"line {line.number}", IMPORTED_KEYS)
            if rest:
                raise MatchFileError(
                    f"line {line.number}: write imported as 'by=NAME at=TIMESTAMP "
                    f"sha256=HEX', not {_shown(line.text)}"
                )
            raw[name] = meta
        elif version == 1:
            raw[name] = line.text  # version 1 wrote these as they were
        else:
            raw[name] = _one_value(line, name)
    try:
        return dict(HeaderSchema().load(raw))
    except ValidationError as error:
        raise MatchFileError(_header_messages(error.messages, header)) from None


def _setup(line: Line) -> Any:
    where = f"line {line.number}: setup"
    try:
        setup = json.loads(line.text)
    except RecursionError:
        raise MatchFileError(f"{where}: nested deeper than {MAX_SETUP_DEPTH} levels") from None
    except ValueError as error:
        raise MatchFileError(f"{where}: not valid JSON ({error})") from None
    problem = _json_problem(setup, 0)
    if problem:
        raise MatchFileError(f"{where}: {problem}")
    return setup


def _json_problem(value: Any, depth: int) -> str | None:
    if depth > MAX_SETUP_DEPTH:
        return f"nested deeper than {MAX_SETUP_DEPTH} levels"
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return "a text holds half of a UTF-16 surrogate pair, which is not a character"
        return None
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return None
    for item in items:
        problem = _json_problem(item, depth + 1)
        if problem:
            return problem
    return None


def _one_value(line: Line, name: str) -> str:
    words = _words(line)
    if len(words) > 1:
        raise MatchFileError(
            f"line {line.number}: {name} takes one value; quote one with spaces "
            f"({name}: {_cut(quote(line.text))})"
        )
    return _unescaped(words[0] if words else "", f"line {line.number}")


def _load_line(
    codec: ActionCodec,
    line: Line,
    expected_number: int,
    read_value: ValueReader | None,
    version: int = VERSION,
) -> LogLine:
    where = f"line {line.number}"
    words = _words(line)
    if words[0] != str(expected_number):
        raise MatchFileError(
            f"{where}: entry {_cut(words[0])} where entry {expected_number} was due"
        )
    raw_meta, rest = _split_meta(words[1:], where)
    try:
        meta = EntryMetaSchema().load(raw_meta)
    except ValidationError as error:
        raise MatchFileError(f"{where}: {_messages(error.messages)}") from None
    if not rest:
        raise MatchFileError(f"{where}: the entry itself is missing")
    override = meta.pop("override")
    die = meta.pop("die")
    common: dict[str, Any] = {"number": expected_number, **meta}
    if die is not None and (not rest or not _names_an_entry(rest[0])):
        raise MatchFileError(f"{where}: die= names the die of an entry, not of this line")
    if rest[0] == "undo":
        if len(rest) != 2 or not _is_number(rest[1]):
            raise MatchFileError(f"{where}: write an undo as 'undo N' (N: the entry it retracts)")
        return Retraction(**common, retracts=int(rest[1]))
    if rest[0] == "abandon":
        reason = rest[1].partition("reason=")[2] if len(rest) == 2 else ""
        if not rest[1:] or not rest[1].startswith("reason=") or not reason.strip():
            raise MatchFileError(f"{where}: write an abandonment as 'abandon reason=WHY'")
        return Abandonment(**common, reason=_unescaped(reason, where))
    if rest[0] in _SETTLING:
        settled = _SETTLING[rest[0]](codec, common, override, rest[1:], where, read_value)
        # A correction is an entry in its own right: it names its die as an entry does.
        return replace(settled, die_label=die) if isinstance(settled, Correction) else settled
    if rest[0] == "note":
        return _note_line(common, rest[1:], where, version)
    try:
        action = action_from_words(codec, rest, read_value)
    except (MalformedAction, BadValue) as error:
        raise MatchFileError(f"{where}: {error}") from None
    return Entry(**common, action=action, override=override, die_label=die)


def _note_line(common: dict[str, Any], words: list[str], where: str, version: int) -> LogLine:
    """`note N text=WHAT`, and from format version 5 ` glyph=NAME` after it."""
    number, rest = (words[0], words[1:]) if words else ("", [])
    named, left = _named(rest, {"text", "glyph"} if version >= GLYPHS_FROM else {"text"}, where)
    if not _is_number(number) or left or "text" not in named or next(iter(named)) != "text":
        shape = " [glyph=NAME]" if version >= GLYPHS_FROM else ""
        raise MatchFileError(f"{where}: write an annotation as 'note N text=WHAT{shape}'")
    glyph_name = named.get("glyph")
    try:
        glyph = glyph_named(glyph_name)
    except BadGlyph as error:
        raise MatchFileError(f"{where}: {error}") from None
    if glyph_name is not None and glyph is None:
        raise MatchFileError(f"{where}: glyph= names a glyph; leave it out for none")
    return Annotation(
        **common, on=int(number), text=named["text"], glyph=None if glyph is None else glyph.name
    )


def _names_an_entry(word: str) -> bool:
    """Whether a line's first word after its meta starts an entry (an action's kind, or a
    correction, an entry in its own right), not another kind of line: only an entry was
    rolled with a die."""
    return word == "correct" or word not in ("undo", "abandon", "note", *_SETTLING)


def _named(words: list[str], allowed: set[str], where: str) -> tuple[dict[str, str], list[str]]:
    """The leading `name=value` words of a line (each name once, of `allowed`), and the rest."""
    named: dict[str, str] = {}
    for index, word in enumerate(words):
        name, equals, value = word.partition("=")
        if not equals or name not in allowed:
            return named, words[index:]
        if name in named:
            raise MatchFileError(f"{where}: {name} is given twice")
        named[name] = _unescaped(value, where)
    return named, []


def _number_list(text: str | None, where: str, name: str) -> tuple[int, ...]:
    if not text:
        return ()
    items = text.split(",")
    if not all(_is_number(item) for item in items):
        raise MatchFileError(f"{where}: {name} lists entry numbers, as 5,6")
    return tuple(int(item) for item in items)


def _dispute_line(
    codec: ActionCodec,
    common: dict[str, Any],
    override: str | None,
    words: list[str],
    where: str,
    read_value: ValueReader | None,
) -> LogLine:
    named, rest = _named(words[1:], {"reason"}, where) if words else ({}, [])
    on = words[0] if words else ""
    if rest or not (on == "result" or _is_number(on)) or not named.get("reason", "").strip():
        raise MatchFileError(f"{where}: write a dispute as 'dispute N reason=WHY' (N or result)")
    return Dispute(**common, on=None if on == "result" else int(on), reason=named["reason"])


def _ruling_line(
    codec: ActionCodec,
    common: dict[str, Any],
    override: str | None,
    words: list[str],
    where: str,
    read_value: ValueReader | None,
) -> LogLine:
    named, rest = _named(words[1:], {"decision", "rules", "from", "text"}, where)
    if not words or not _is_number(words[0]) or rest or "decision" not in named:
        raise MatchFileError(
            f"{where}: write a ruling as 'ruling D decision=stands|corrected|replay "
            "rules=ID,ID [from=N] [text=WHY]'"
        )
    replay_from = named.get("from")
    if replay_from is not None and not _is_number(replay_from):
        raise MatchFileError(f"{where}: from names the entry play is replayed from")
    return Ruling(
        **common,
        dispute=int(words[0]),
        decision=named["decision"],
        rules=tuple(rule for rule in named.get("rules", "").split(",") if rule),
        text=named.get("text", ""),
        replay_from=None if replay_from is None else int(replay_from),
    )


def _correction_line(
    codec: ActionCodec,
    common: dict[str, Any],
    override: str | None,
    words: list[str],
    where: str,
    read_value: ValueReader | None,
) -> LogLine:
    named, rest = _named(words[1:], {"reason", "dispute", "keep", "withdraw"}, where)
    if (
        not words
        or not _is_number(words[0])
        or not rest
        or rest[0] != "as"
        or not named.get("reason", "").strip()
    ):
        raise MatchFileError(
            f"{where}: write a correction as 'correct N reason=WHY [keep=5,6] [withdraw=7] "
            "as ENTRY'"
        )
    dispute = named.get("dispute")
    if dispute is not None and not _is_number(dispute):
        raise MatchFileError(f"{where}: dispute names the dispute's line number")
    try:
        action = action_from_words(codec, rest[1:], read_value)
    except (MalformedAction, BadValue) as error:
        raise MatchFileError(f"{where}: {error}") from None
    return Correction(
        **common,
        action=action,
        override=override,
        replaces=int(words[0]),
        reason=named["reason"],
        dispute=None if dispute is None else int(dispute),
        kept=_number_list(named.get("keep"), where, "keep"),
        withdrawn=_number_list(named.get("withdraw"), where, "withdraw"),
    )


def _confirmation_line(
    codec: ActionCodec,
    common: dict[str, Any],
    override: str | None,
    words: list[str],
    where: str,
    read_value: ValueReader | None,
) -> LogLine:
    if len(words) != 1:
        raise MatchFileError(f"{where}: write a confirmation as 'confirm SIDE'")
    return Confirmation(**common, side=_unescaped(words[0], where), result={})


# The lines that settle what happened: the word that starts them, and their reader.
_SETTLING = {
    "dispute": _dispute_line,
    "ruling": _ruling_line,
    "correct": _correction_line,
    "confirm": _confirmation_line,
}


def _value_reader(codec: ActionCodec) -> ValueReader:
    """Version 2 values: unescaped, and a list field's items split at their commas."""
    lists: dict[str, set[str]] = {}

    def read(kind: str, name: str, text: str) -> JSON:
        if kind not in lists:
            lists[kind] = {spec.name for spec in codec.describe(kind) if spec.type == "list"}
        if name in lists[kind]:
            items: list[JSON] = list(unescape_list(text))
            return items
        return unescape(text)

    return read


def _split_meta(
    words: list[str], where: str, names: tuple[str, ...] = META_KEYS
) -> tuple[dict[str, str], list[str]]:
    meta: dict[str, str] = {}
    index = 0
    for index, word in enumerate(words):  # noqa: B007 (the index is read after the loop)
        name, equals, value = word.partition("=")
        if not equals or name not in names:
            break
        if name in meta:
            raise MatchFileError(f"{where}: {name} is given twice")
        meta[name] = _unescaped(value, where)
    else:
        index = len(words)
    return meta, words[index:]


def _words(line: Line) -> list[str]:
    try:
        return split_words(line.text)
    except UnreadableWords as error:
        raise MatchFileError(f"line {line.number}: {error}") from None


def _unescaped(text: str, where: str) -> str:
    try:
        return unescape(text)
    except BadValue as error:
        raise MatchFileError(f"{where}: {error}") from None


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) < 10


def _shown(text: str) -> str:
    """Text from the file, quoted and cut short for an error message."""
    return repr(_cut(text))


def _cut(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _header_messages(messages: Any, header: dict[str, Line]) -> str:
    if not isinstance(messages, dict):
        return f"header: {_messages(messages)}"
    return "; ".join(
        f"line {header[name].number}: {name}: {_messages(problem)}"
        if name in header
        else f"header: {name}: {_messages(problem)}"
        for name, problem in messages.items()
    )


def _messages(messages: Any) -> str:
    if isinstance(messages, dict):
        return "; ".join(f"{k}: {_messages(v)}" for k, v in messages.items())
    if isinstance(messages, Iterable) and not isinstance(messages, str):
        return " ".join(str(m) for m in messages)
    return str(messages)
