"""The JSON API's requests and answers about matches: what a client sends to create one and to
write to it, and how a match, a replay step and a log line look when they come back."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from domain.glyphs import GLYPH_NAMES, GLYPHS
from domain.log import DECISIONS, LogLine
from domain.match import CONFIRMED, DISPUTED, IN_PLAY, UNCONFIRMED
from domain.provenance import Provenance
from domain.registry import ruleset_names
from domain.rejudge import KEEP, WITHDRAW
from domain.rulebook import MAX_CITED
from domain.text import DIE_LABEL_LIMIT, NAME_LIMIT, NOTE_LIMIT, REASON_LIMIT
from schemas.api import LONG_TEXT, check_encodable, json_object, text_field
from schemas.validation_messages import ACTION_OR_TEXT
from service.views import line_data


class RegisteredRuleset(validate.OneOf):
    """One of the games registered when the request comes (the document lists those known when
    it was made)."""

    def __init__(self) -> None:
        super().__init__(())

    @property  # type: ignore[override]
    def choices(self) -> tuple[str, ...]:
        return ruleset_names()

    @choices.setter
    def choices(self, _: Any) -> None:
        pass  # always the registry's names

    @property
    def choices_text(self) -> str:
        return ", ".join(self.choices)

    @choices_text.setter
    def choices_text(self, _: Any) -> None:
        pass


# -- answers -------------------------------------------------------------------------

RESULT_STATUSES = (IN_PLAY, UNCONFIRMED, CONFIRMED, DISPUTED)


# What every log line the API answers carries beside its stored data (`number`, `type`,
# `action`, …): the line as the match report words it (domain/report.py), the same words the
# pages and `touchline match show --log` show.
LINE_WORDS = {
    "sentence": {
        "type": "string",
        "description": "The line in words, as the match report reads it",
        "example": "Toho: Kojiro Hyuga (Shot 3, Pass 1)",
    },
    "notation": {
        "type": "string",
        "description": "The line in the one-line notation (what `text` takes for an entry)",
        "example": "play coach=toho card='Kojiro Hyuga' shot=3 pass=1",
    },
    "marks": {
        "type": "array",
        "description": "What is worth seeing at a glance on the line, in order: `kind` is one "
        "of goal, booking, dice, override, note, dispute, correction, undo, ruling, "
        "confirmation, abandonment, or what took an entry out of force (undone, corrected, "
        "withdrawn, replayed); `words` is what to read aloud (never the symbol alone)",
        "items": {
            "type": "object",
            "required": ["kind", "symbol", "words"],
            "properties": {
                "kind": {"type": "string", "example": "booking"},
                "symbol": {"type": "string", "example": "▮"},
                "words": {"type": "string", "example": "yellow card"},
            },
        },
    },
    "told": {
        "type": "array",
        "items": {"type": "string"},
        "description": "What followed from an entry in force, in words (its consequences)",
        "example": ["GOAL for Toho — Nankatsu 0–1 Toho"],
    },
    "period": {
        "type": "string",
        "description": "The heading of the stretch of play the line was written in",
        "example": "1st half, round 2",
    },
}


class LogLineField(fields.Dict):
    """A log line (`domain.log`), answered as its plain data (a JSON object) with its words in
    the match report (`LINE_WORDS`)."""

    def __init__(self, said_from: str | None = None, **kwargs: Any) -> None:
        # `said_from`: the attribute of the object dumped that holds the line's words (a
        # `domain.report.PlacedLine`), when the line is a `LogLine` rather than its data.
        self.said_from = said_from
        metadata = {
            "properties": LINE_WORDS,
            "required": list(LINE_WORDS),
            "additionalProperties": True,
            **kwargs.pop("metadata", {}),
        }
        super().__init__(metadata=metadata, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if isinstance(value, LogLine):
            said = getattr(obj, self.said_from, None) if self.said_from else None
            value = line_data(value, said)
        return super()._serialize(value, attr, obj, **kwargs)  # type: ignore[no-untyped-call]


class ClaimedImportSchema(Schema):
    by = fields.String(required=True)
    at = fields.String(required=True)
    sha256 = fields.String(required=True)


class ClaimedSealSchema(Schema):
    version = fields.Integer(required=True, metadata={"description": "The event it sealed"})
    digest = fields.String(required=True, metadata={"description": "SHA-256, hexadecimal"})


class ClaimsSchema(Schema):
    """What the imported file says; none of it is checked against anything."""

    source = fields.String(
        required=True, allow_none=True, metadata={"description": "The id it was exported from"}
    )
    exported = fields.String(required=True, allow_none=True)
    created_by = fields.String(required=True)
    created_at = fields.String(required=True)
    imported_from = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The match its source was itself imported from"},
    )
    earlier_import = fields.Nested(
        ClaimedImportSchema,
        required=True,
        allow_none=True,
        metadata={"description": "Who imported its source, when, from which file"},
    )
    seal = fields.Nested(
        ClaimedSealSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The seal the file says its source match had at export (format 3); "
            "compare it with the source installation's GET /api/matches/{id}/seal"
        },
    )


class ProvenanceSchema(Schema):
    """Who imported a match, when, from which file, and what that file claims."""

    by = fields.String(required=True, metadata={"description": "Who imported it"})
    at = fields.String(required=True)
    device = fields.String(required=True, allow_none=True)
    link = fields.String(required=True, allow_none=True)
    sha256 = fields.String(
        required=True, metadata={"description": "SHA-256 of the exact bytes imported"}
    )
    format_version = fields.Integer(required=True)
    checked = fields.Boolean(
        required=True, metadata={"description": "The file's export checksum matched"}
    )
    chain = fields.Boolean(
        required=True,
        allow_none=True,
        metadata={
            "description": "The file's per-line chain held (false: a line was edited after "
            "export, see chain_break); null for a file that carries none (before format 3)"
        },
    )
    chain_break = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The file's first line that breaks its chain, or null"},
    )
    lines = fields.Integer(
        required=True,
        metadata={
            "description": "Log lines 1 to this came from the file: their by and at are what "
            "the file says"
        },
    )
    claims = fields.Nested(ClaimsSchema, required=True)


class ProvenanceField(fields.Nested):
    """An imported match's provenance (`domain.provenance`), or null for one scored here."""

    def __init__(self, **options: Any) -> None:
        super().__init__(
            ProvenanceSchema,
            required=True,
            allow_none=True,
            metadata={"description": "Where an imported match came from; null if scored here"},
            **options,
        )

    # marshmallow's Nested names the value otherwise than Field, whose signature mypy compares.
    def _serialize(  # type: ignore[override]
        self, nested_obj: Any, attr: Any, obj: Any, **kwargs: Any
    ) -> Any:
        if isinstance(nested_obj, Provenance):
            nested_obj = nested_obj.to_data()
        return super()._serialize(nested_obj, attr, obj, **kwargs)  # type: ignore[no-untyped-call]


class MatchSummarySchema(Schema):
    id = fields.String(required=True)
    ruleset = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.String(required=True)
    score = fields.String(required=True)
    entries = fields.Integer(required=True)
    created_at = fields.String(required=True)
    last_entry_at = fields.String(required=True, allow_none=True)
    result_status = fields.String(
        required=True,
        validate=validate.OneOf(RESULT_STATUSES),
        metadata={
            "description": "Where the result stands with the coaches: in-play until there is "
            "one, then unconfirmed, confirmed (by every coach) or disputed (a dispute is open)"
        },
    )
    awaiting = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The coaches who have not confirmed the result yet"},
    )
    open_disputes = fields.Integer(
        required=True, metadata={"description": "Disputes no referee has ruled on yet"}
    )
    imported = ProvenanceField()


class ExpectedSchema(Schema):
    """One kind of entry that may legally come next, with the fields already decided."""

    kind = fields.String(required=True)
    prompt = fields.String(required=True)
    by = fields.String(required=True, allow_none=True)
    fixed = fields.Dict(required=True)
    choices = fields.Dict(required=True)
    random = fields.List(fields.String(), required=True)
    dice = fields.Dict(required=True)


class ResultStatusSchema(Schema):
    """Where the match's result stands (`domain.match.ResultStatus`)."""

    state = fields.String(
        required=True,
        validate=validate.OneOf(["in-play", "unconfirmed", "confirmed", "disputed"]),
        metadata={
            "description": "in-play before there is a result (or once abandoned); disputed "
            "while a dispute is open; confirmed once every side confirmed the result the "
            "rules give now"
        },
    )
    confirmed_by = fields.List(
        fields.String(), required=True, metadata={"description": "Sides that confirmed it"}
    )
    awaiting = fields.List(
        fields.String(), required=True, metadata={"description": "Sides yet to confirm it"}
    )
    open_disputes = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "The line number of every dispute not ruled on yet"},
    )


class BranchOriginSchema(Schema):
    """The match and step a what-if branch starts from, and who started it."""

    origin = fields.String(required=True, metadata={"description": "The origin match's id"})
    step = fields.Integer(required=True, metadata={"description": "The step it starts from"})
    entry = fields.Integer(
        required=True, metadata={"description": "The origin's entry at that step (0: kick-off)"}
    )
    by = fields.String(required=True)
    at = fields.String(required=True)


class MatchSchema(Schema):
    id = fields.String(required=True)
    version = fields.Integer(
        required=True, metadata={"description": "Send it back as expected_version"}
    )
    ruleset = fields.String(required=True)
    title = fields.String(required=True)
    setup = fields.Dict(required=True)
    labels = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    created_by = fields.String(required=True)
    created_at = fields.String(required=True)
    status = fields.String(required=True, metadata={"example": "in progress"})
    result = fields.Dict(required=True, allow_none=True)
    situation = fields.Dict(required=True)
    expected = fields.List(fields.Nested(ExpectedSchema), required=True)
    result_status = fields.Nested(ResultStatusSchema, required=True)
    log = fields.List(
        LogLineField(),
        required=True,
        metadata={
            "description": "Every line: entries, retractions, annotations, the abandonment, "
            "disputes, rulings (with the text of each rule cited), corrections and "
            "confirmations"
        },
    )
    imported = ProvenanceField()
    branch = fields.Nested(
        BranchOriginSchema,
        required=True,
        allow_none=True,
        metadata={"description": "Where a what-if branch starts; null for any other match"},
    )


class CreatedMatchSchema(Schema):
    match = fields.Nested(MatchSchema, required=True)
    scorer_token = fields.String(
        required=True,
        metadata={
            "description": "A new scorer link's token for the creator: send it as "
            "`Authorization: Bearer …` to write (revocable, see docs/access.md)"
        },
    )
    scorer_url = fields.String(
        required=True,
        metadata={"description": "The scorer link (/in/…), for the phone at the table"},
    )
    links = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class StepSchema(Schema):
    match_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    title = fields.String(required=True)
    step = fields.Integer(required=True)
    total = fields.Integer(required=True)
    entry = LogLineField(required=True, allow_none=True)
    situation = fields.Dict(required=True)
    text = fields.String(required=True)
    entries = fields.List(LogLineField(), required=True)
    imported = ProvenanceField()


def fraction_text(value: Fraction) -> str:
    """An exact probability or luck as text: "7/12", "0", "-1/4"."""
    return str(value)


class ChanceSchema(Schema):
    outcome = fields.String(required=True, metadata={"description": "The outcome, in words"})
    probability = fields.Function(
        lambda chance: fraction_text(chance.probability),
        required=True,
        metadata={"type": "string", "description": "Exact, as a reduced fraction: '7/12'"},
    )
    value = fields.Function(
        lambda chance: float(chance.probability),
        required=True,
        metadata={"type": "number", "description": "The probability as a decimal"},
    )


class RollOddsSchema(Schema):
    """A roll's exact odds from the situation before it, and the luck it brought each side
    (docs/analysis.md)."""

    step = fields.Integer(required=True, metadata={"description": "The step the roll made"})
    roll = fields.String(
        required=True, attribute="odds.roll", metadata={"description": "What is rolled"}
    )
    certain = fields.Boolean(
        required=True,
        attribute="odds.certain",
        metadata={"description": "One outcome is sure: a battle the dice do not decide"},
    )
    chances = fields.List(
        fields.Nested(ChanceSchema),
        required=True,
        attribute="odds.chances",
        metadata={"description": "Each outcome's chance, most likely first; they sum to 1"},
    )
    luck = fields.Function(
        lambda roll: {side: float(amount) for side, amount in roll.luck.items()},
        required=True,
        metadata={
            "type": "object",
            "additionalProperties": {"type": "number"},
            "description": "By side: what the roll brought less what was expected, in the "
            "game's unit; empty for a certain outcome",
        },
    )


class MatchLuckSchema(Schema):
    """Every roll of a match with its odds and luck, and each side's luck over the match."""

    unit = fields.String(
        required=True, metadata={"description": "What luck is counted in: 'goals', 'crowns'"}
    )
    sides = fields.List(fields.String(), required=True)
    total = fields.Function(
        lambda luck: {side: float(amount) for side, amount in luck.total().items()},
        required=True,
        metadata={
            "type": "object",
            "additionalProperties": {"type": "number"},
            "description": "By side: its luck over the whole match, in `unit`",
        },
    )
    exact = fields.Function(
        lambda luck: {side: fraction_text(amount) for side, amount in luck.total().items()},
        required=True,
        metadata={
            "type": "object",
            "additionalProperties": {"type": "string"},
            "description": "`total` exactly, as reduced fractions",
        },
    )
    rolls = fields.List(fields.Nested(RollOddsSchema), required=True)


class StepOfRunSchema(Schema):
    step = fields.Integer(required=True)
    entry = LogLineField(
        said_from="said",
        required=True,
        allow_none=True,
        metadata={"description": "The entry that made this step; null at the kick-off (0)"},
    )
    situation = fields.Dict(required=True)
    text = fields.String(required=True)
    odds = fields.Nested(
        RollOddsSchema,
        allow_none=True,
        metadata={"description": "The roll this step's entry made; null for any other entry"},
    )


class StepRunSchema(Schema):
    match_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    title = fields.String(required=True)
    total = fields.Integer(required=True, metadata={"description": "Steps run from 0 to total"})
    first = fields.Integer(required=True, data_key="from")
    last = fields.Integer(required=True, data_key="to")
    steps = fields.List(fields.Nested(StepOfRunSchema), required=True)
    imported = ProvenanceField()


class StepRunQuerySchema(Schema):
    first = fields.Integer(
        data_key="from",
        load_default=0,
        validate=validate.Range(min=0),
        metadata={"description": "The first step of the run (0: the kick-off)"},
    )
    last = fields.Integer(
        data_key="to",
        load_default=None,
        validate=validate.Range(min=0),
        metadata={
            "description": "The last step of the run, included; default: as many as one run "
            "holds (200), up to the end"
        },
    )


class SituationChangeSchema(Schema):
    """One JSON Patch operation (RFC 6902) on the situation of the step before."""

    op = fields.String(required=True, validate=validate.OneOf(["add", "remove", "replace"]))
    path = fields.String(
        required=True,
        metadata={"description": "A JSON Pointer (RFC 6901) into the situation; '' is all of it"},
    )
    value = fields.Raw(
        allow_none=True,
        metadata={
            "description": "What is added or put in place (any JSON value); absent for remove"
        },
    )


class StepChangeSchema(Schema):
    step = fields.Integer(required=True)
    entry = LogLineField(
        said_from="said",
        required=True,
        allow_none=True,
        metadata={"description": "The entry that made this step; null at the kick-off (0)"},
    )
    changes = fields.List(
        fields.Nested(SituationChangeSchema),
        required=True,
        metadata={
            "description": "What turns the step before's situation into this step's, applied "
            "in order; empty for the run's first step, whose situation is the run's `situation`"
        },
    )
    text = fields.String(required=True)
    odds = fields.Nested(
        RollOddsSchema,
        allow_none=True,
        metadata={"description": "The roll this step's entry made; null for any other entry"},
    )


class StepChangeRunSchema(Schema):
    match_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    title = fields.String(required=True)
    total = fields.Integer(required=True, metadata={"description": "Steps run from 0 to total"})
    first = fields.Integer(required=True, data_key="from")
    last = fields.Integer(required=True, data_key="to")
    situation = fields.Dict(
        required=True, metadata={"description": "The whole situation at step `from`"}
    )
    steps = fields.List(fields.Nested(StepChangeSchema), required=True)
    imported = ProvenanceField()


class WrittenSchema(Schema):
    entry = LogLineField(required=True, metadata={"description": "The log line written"})
    version = fields.Integer(required=True, metadata={"description": "The match's version now"})


# -- requests ------------------------------------------------------------------------


def _by() -> fields.String:
    return text_field(
        NAME_LIMIT, required=True, metadata={"description": "Who enters it", "example": "alice"}
    )


def _key() -> fields.String:
    return text_field(
        load_default=None,
        allow_none=True,
        metadata={"description": "Idempotency key: a retry with the same key writes nothing"},
    )


def _expected_version() -> fields.Integer:
    return fields.Integer(
        strict=True,
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0),
        metadata={"description": "Refuse with 409 unless the match is still at this version"},
    )


class NewMatchSchema(Schema):
    ruleset = fields.String(
        required=True, validate=RegisteredRuleset(), metadata={"example": "card-game"}
    )
    setup = json_object(
        required=True,
        metadata={
            "description": "The ruleset's setup, as `touchline match new` builds it",
            "example": {
                "home": {"team": "Nankatsu", "coach": "Alice"},
                "away": {"team": "Toho", "coach": "Bob"},
            },
        },
    )
    league = text_field(NAME_LIMIT, load_default=None, allow_none=True)
    by = _by()


class NewEntrySchema(Schema):
    """One entry, as a JSON action or in the one-line notation: exactly one of the two."""

    action = json_object(
        load_default=None,
        allow_none=True,
        metadata={"example": {"kind": "roll", "coach": "toho", "value": 5}},
    )
    text = text_field(
        LONG_TEXT,
        load_default=None,
        allow_none=True,
        metadata={
            "description": "A value written ? is rolled by the app",
            "example": "roll toho 5",
        },
    )
    by = _by()
    override = text_field(
        REASON_LIMIT,
        load_default=None,
        allow_none=True,
        metadata={"description": "Why the table plays on through a broken rule"},
    )
    key = _key()
    expected_version = _expected_version()
    roll = fields.Boolean(
        load_default=False, metadata={"description": "Let the app fill the chance fields"}
    )
    die_label = text_field(
        DIE_LABEL_LIMIT,
        load_default=None,
        allow_none=True,
        metadata={
            "description": "The physical die the table rolled with, for the fairness of each "
            "die (ignored for the app's own rolls)",
            "example": "red d6",
        },
    )

    @validates_schema
    def _one_form(self, data: dict[str, Any], **_: Any) -> None:
        if (data.get("action") is None) == (data.get("text") is None):
            raise ValidationError(ACTION_OR_TEXT)


class UndoSchema(Schema):
    by = _by()
    key = _key()
    expected_version = _expected_version()


class AnnotationSchema(Schema):
    on = fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(min=0),
        metadata={"description": "The entry's number; 0 is the kick-off"},
    )
    text = text_field(NOTE_LIMIT, required=True)
    glyph = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(GLYPH_NAMES),
        metadata={
            "description": "A judgement of the entry: "
            + ", ".join(f"{g.name} ({g.symbol}, {g.meaning})" for g in GLYPHS)
        },
    )
    by = _by()
    key = _key()


def _entry_number(description: str, **options: Any) -> fields.Integer:
    return fields.Integer(
        strict=True,
        validate=validate.Range(min=1),
        metadata={"description": description},
        **options,
    )


class CorrectedEntrySchema(Schema):
    """What a correction puts at the place of entry `replaces`: a JSON action or the one-line
    notation (exactly one of the two), and what becomes of the later entries it makes illegal."""

    replaces = _entry_number("The entry corrected: its number in the log", required=True)
    action = json_object(
        load_default=None,
        allow_none=True,
        metadata={"example": {"kind": "roll", "coach": "toho", "value": 4}},
    )
    text = text_field(
        LONG_TEXT,
        load_default=None,
        allow_none=True,
        metadata={"description": "The entry in the one-line notation", "example": "roll toho 4"},
    )
    override = text_field(
        REASON_LIMIT,
        load_default=None,
        allow_none=True,
        metadata={"description": "Why the corrected entry stands although it breaks a rule"},
    )
    decisions = fields.Dict(
        keys=fields.Integer(validate=validate.Range(min=1)),
        values=fields.String(validate=validate.OneOf([KEEP, WITHDRAW])),
        load_default=dict,
        metadata={
            "description": "Each later entry the correction makes illegal (the 422 answer "
            "lists them): keep it as an override, or withdraw it",
            "example": {"13": "keep", "14": "withdraw"},
        },
    )
    # Blank is allowed here, unlike an entry's: it says the corrected entry names no die.
    die_label = fields.String(
        load_default=None,
        allow_none=True,
        validate=[validate.Length(max=DIE_LABEL_LIMIT), check_encodable],
        metadata={
            "description": "The physical die the corrected entry was rolled with; left out "
            "or null keeps the die the replaced entry named, an empty string names none",
            "example": "red d6",
        },
    )

    @validates_schema
    def _one_form(self, data: dict[str, Any], **_: Any) -> None:
        if (data.get("action") is None) == (data.get("text") is None):
            raise ValidationError(ACTION_OR_TEXT)


class NewDisputeSchema(Schema):
    on = _entry_number(
        "The entry disputed; null disputes the match's result", required=True, allow_none=True
    )
    reason = text_field(REASON_LIMIT, required=True)
    by = _by()
    key = _key()


class NewRulingSchema(Schema):
    dispute = _entry_number("The dispute ruled on: its line number", required=True)
    decision = fields.String(required=True, validate=validate.OneOf(DECISIONS))
    rules = fields.List(
        text_field(),
        required=True,
        validate=validate.Length(min=1, max=MAX_CITED),
        metadata={"description": "Rule IDs of the game's digest", "example": ["CG-5.4"]},
    )
    text = fields.String(
        load_default="",
        validate=[validate.Length(max=REASON_LIMIT), check_encodable],
        metadata={"description": "The ruling in words"},
    )
    correction = fields.Nested(
        CorrectedEntrySchema,
        load_default=None,
        allow_none=True,
        metadata={"description": "corrected: what the entry becomes"},
    )
    replay_from = _entry_number(
        "replay: the entry play is replayed from (default: the disputed one)",
        load_default=None,
        allow_none=True,
    )
    by = _by()
    key = _key()


class NewCorrectionSchema(CorrectedEntrySchema):
    reason = text_field(REASON_LIMIT, required=True)
    by = _by()
    key = _key()
    expected_version = _expected_version()


class NewConfirmationSchema(Schema):
    side = text_field(
        NAME_LIMIT,
        required=True,
        metadata={"description": "The side confirming, as the actions name it", "example": "toho"},
    )
    by = _by()
    key = _key()


class AbandonSchema(Schema):
    by = _by()
    reason = text_field(REASON_LIMIT, required=True)


class ImportQuerySchema(Schema):
    by = text_field(
        NAME_LIMIT,
        load_default=None,
        metadata={
            "description": "Who imports it (recorded with the match); default the access "
            "link's person, else anonymous"
        },
    )
    league = text_field(
        NAME_LIMIT, load_default=None, metadata={"description": "Count it in this league instead"}
    )
    no_league = fields.Boolean(
        load_default=False, metadata={"description": "Import it outside any league"}
    )
    verify = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Refuse (400, storing nothing) a file whose per-line chain does not "
            "hold, naming its first edited line, and a file of format 1 or 2, which has none"
        },
    )


class ImportBodySchema(Schema):
    """The JSON form of an import, for clients that cannot send text/plain."""

    text = fields.String(required=True, validate=[validate.Length(min=1), check_encodable])
    league = text_field(NAME_LIMIT, load_default=None, allow_none=True)
    no_league = fields.Boolean(load_default=False)
    by = text_field(NAME_LIMIT, load_default=None, allow_none=True)
    verify = fields.Boolean(load_default=False)
