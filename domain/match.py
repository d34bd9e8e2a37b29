"""The match record: one event-sourced aggregate per recorded game session.

The aggregate keeps the log of lines exactly as they were made (`domain.log`). It asks the
game's ruleset whether an entry is legal before recording it (decide once) and, when its
events are replayed from the store, applies them without judging them again (apply forever).
The folded game state is a cache: it is never stored, and is rebuilt from the log when missing.

Stored events are forever. Every event class declares its `class_version`; the library stores
it with the event (when above 1) and runs the `upcast_vN_vN+1` methods on older ones as they
load. An entry also stores the version of its game's action payload, which the game's codec
upcasts (`ActionCodec.upcast`), so a game may rename or drop an action field in a later
release and every match stored before still loads.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar, assert_never, cast

from eventsourcing.domain import Aggregate, event
from eventsourcing.domain import Snapshot as _Snapshot

from domain.consequences import Consequence, FinalResult
from domain.consequences import from_dict as consequence_from_dict
from domain.glyphs import BadGlyph, glyph_named
from domain.log import (
    CORRECTED,
    DECISIONS,
    REPLAY,
    Abandonment,
    Annotation,
    Author,
    Confirmation,
    Consequences,
    Correction,
    Dispute,
    Entry,
    Log,
    LogLine,
    Retraction,
    Ruling,
    stored_violation,
    violation_from_dict,
)
from domain.phrase import commas, phrase, said_by, semicolons
from domain.printed import NO_CARDS, CardLibrary, with_printed_values
from domain.registry import UnknownRuleset, find_ruleset
from domain.routing import action_decoder
from domain.ruleset import JSON, MalformedAction, Outcome, Result, Ruleset, Violation
from domain.stepping import Stepper
from domain.text import (
    DIE_LABEL_LIMIT,
    KEY_LIMIT,
    NAME_LIMIT,
    NOTE_LIMIT,
    REASON_LIMIT,
    BadText,
    check_setup_text,
    checked_text,
    trimmed,
)

# Imported where they are used, not with the match: showing a match or recording an entry
# (a command at the table) needs neither an import's provenance, nor the rulebook a ruling
# cites, nor the re-judging of a correction, nor the seal of a write (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from domain.branching import BranchOrigin
    from domain.provenance import MatchFileFacts, Provenance
    from domain.rejudge import ValuesJudged

__all__ = [
    "Author",
    "BadAnnotation",
    "BadDispute",
    "CorrectionRequest",
    "KeyReused",
    "MatchAbandoned",
    "MatchRecord",
    "NotConfirmable",
    "NothingToUndo",
    "ResultConfirmed",
    "ResultStatus",
    "RuleBroken",
    "imported_provenance",
    "result_status",
]

# Attributes that hold caches rebuilt from the log (the abandonment is its line, found again
# on load); snapshots leave them out.
_TRANSIENT = ("_game", "_pending", "_stepper", "_made_setup", "abandonment")

L = TypeVar("L", bound=LogLine)


class RuleBroken(Exception):
    """An entry that breaks the rules and was not recorded."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        super().__init__(
            semicolons(
                phrase("{rule}: {message}", rule=v.rule, message=v.message) for v in violations
            )
        )
        self.violations = tuple(violations)


class NothingToUndo(Exception):
    """Undo on a match whose log holds no entry that is still in force."""


class MatchAbandoned(Exception):
    """An entry, undo or second abandonment on a match that was abandoned."""


class BadAnnotation(ValueError):
    """An annotation with no text, too much text, or on an entry that is not in force."""


class KeyReused(ValueError):
    """An idempotency key already used for a different request: it records nothing."""


class BadDispute(ValueError):
    """A dispute, ruling or correction that names no entry in force, no open dispute, no
    reason, an unknown decision or a rule the game's digest does not hold."""


class NotConfirmable(ValueError):
    """A confirmation before the match has a result, or for a side that does not play."""


class ResultConfirmed(Exception):
    """A correction without a referee's ruling on a match whose result every coach confirmed."""


@dataclass(frozen=True)
class CorrectionRequest:
    """What a correction puts at the place of entry `replaces`, and what becomes of the entries
    after it that the corrected history makes illegal (`decisions`: number -> keep/withdraw)."""

    replaces: int
    action: Mapping[str, JSON]
    override: str | None = None
    decisions: Mapping[int, str] = field(default_factory=dict)
    # The physical die the corrected entry was rolled with ("red d6"): None keeps the one
    # the replaced entry named; blank names none.
    die_label: str | None = None


# Where a match's result stands.
IN_PLAY, UNCONFIRMED, CONFIRMED, DISPUTED = "in-play", "unconfirmed", "confirmed", "disputed"


@dataclass(frozen=True)
class ResultStatus:
    """Whether the coaches confirmed the result, and the disputes still open (line numbers).

    `disputed` while any dispute is open; `confirmed` when every side confirmed the result the
    rules give now; `in-play` before there is a result.
    """

    state: str
    confirmed_by: tuple[str, ...]
    awaiting: tuple[str, ...]
    open_disputes: tuple[int, ...]


# Annotations are remarks, not essays; the bound keeps a page and a match file readable.
ANNOTATION_LIMIT = NOTE_LIMIT


def _unsealed(state: dict[str, Any]) -> None:
    """An event stored before links and the seal: written by no link, outside the chain."""
    state.setdefault("link", None)
    state["previous"] = None
    state["digest"] = None


def _setup_as_recorded(state: dict[str, Any]) -> None:
    """A match stored before its game added a setting keeps the reading it was recorded
    under (the game's `recorded_setup`), in its `Created` event and in its snapshots alike."""
    name, setup = state.get("ruleset_name", state.get("ruleset")), state.get("setup")
    if isinstance(name, str) and isinstance(setup, dict):
        # A game not registered here: loading the match fails where the game is asked for.
        with contextlib.suppress(UnknownRuleset):
            state["setup"] = find_ruleset(name).recorded_setup(setup)


def checked_die_label(label: str | None) -> str | None:
    """The name of a physical die as the scorer gave it; blank is no name (BadText if
    refused: too long, or a control character)."""
    if label is None or not label.strip():
        return None
    return checked_text(label, phrase("the die's label"), DIE_LABEL_LIMIT)


def _confirms(line: Confirmation, final: FinalResult) -> bool:
    """Whether a confirmation was given for this very ranking and score."""
    ranking: JSON = [list(place) for place in final.ranking]
    return line.result.get("ranking") == ranking and line.result.get("scores") == dict(final.score)


def imported_provenance(
    *,
    by: str,
    at: str,
    device: str | None,
    link: str | None,
    sha256: str,
    format_version: int,
    checked: bool,
    chain: bool | None,
    chain_break: int | None,
    lines: int,
    created_by: str,
    created_at: str,
    source: str | None,
    exported: str | None,
    imported_from: str | None,
    earlier_import: dict[str, str] | None,
    seal: dict[str, JSON] | None,
) -> Provenance:
    """The provenance an `Imported` event's fields record (the read side folds it from the
    event without the match record)."""
    # Imported here: a match that was not imported never needs it (tests/cli/test_start_up.py).
    from domain.provenance import ClaimedImport, ClaimedSeal, MatchFileFacts, Provenance

    return Provenance(
        importer=Author(by, at, device, link),
        file=MatchFileFacts(
            sha256=sha256,
            format_version=format_version,
            checked=checked,
            chain=chain,
            chain_break=chain_break,
            created_by=created_by,
            created_at=created_at,
            source=source,
            exported=exported,
            imported_from=imported_from,
            earlier_import=(
                None if earlier_import is None else ClaimedImport.from_data(earlier_import)
            ),
            seal=None if seal is None else ClaimedSeal.from_data(seal),
        ),
        lines=lines,
    )


def result_status(
    final: FinalResult | None,
    sides: Sequence[str],
    confirmations: Iterable[Confirmation],
    open_disputes: tuple[int, ...],
    abandoned: bool,
) -> ResultStatus:
    """Where the result `final` (None: no result) stands with the coaches of `sides`, given
    the match's confirmations and the line numbers of its open disputes: the one judgement
    that `MatchRecord.status_of` and the read side, which folds a match from its events
    without a record, both make."""
    sides = tuple(sides)
    if final is None or abandoned:
        return ResultStatus(IN_PLAY, (), sides, open_disputes)
    confirmed = {line.side for line in confirmations if _confirms(line, final)}
    by = tuple(side for side in sides if side in confirmed)
    awaiting = tuple(side for side in sides if side not in confirmed)
    if open_disputes:
        state = DISPUTED
    elif awaiting:
        state = UNCONFIRMED
    else:
        state = CONFIRMED
    return ResultStatus(state, by, awaiting, open_disputes)


# What an event holds besides what its method applies: the library's fields (which match and
# version, when) and the hash chain (domain.seal).
_NOT_APPLIED: Final = frozenset(
    {"originator_id", "originator_version", "timestamp", "previous", "digest"}
)


def _reason(reason: str, missing: str) -> str:
    if not reason.strip():
        raise BadDispute(missing)
    try:
        return checked_text(reason, phrase("the reason"), REASON_LIMIT, multiline=True)
    except BadText as error:
        raise BadDispute(said_by(error)) from None


def _checked_key(key: str | None) -> str | None:
    return None if key is None else checked_text(key, phrase("the idempotency key"), KEY_LIMIT)


class MatchRecord(Aggregate):
    """One match as the event store keeps it: its setup, its log and what was said about it."""

    # 2: entries carry the version of their action payload, and the consequences of the
    # declared vocabulary (earlier snapshots' and events' consequences are worked out again).
    # 3: the setup as the match was recorded under (its game's `recorded_setup`).
    class_version: ClassVar[int] = 3

    class Snapshot(_Snapshot):
        """A match's state at a version, its log stored compactly, without its in-memory parts."""

        @classmethod
        def take(cls, aggregate: Any) -> MatchRecord.Snapshot:
            snapshot = super().take(aggregate)
            for name in _TRANSIENT:
                snapshot.state.pop(name, None)
            snapshot.state["log"] = snapshot.state["log"].stored()
            provenance = snapshot.state.get("provenance")
            if provenance is not None:
                snapshot.state["provenance"] = provenance.to_data()
            branch = snapshot.state.get("branch")
            if branch is not None:
                snapshot.state["branch"] = branch.to_data()
            return snapshot

        def mutate(self, _: None) -> MatchRecord:
            match = cast(MatchRecord, super().mutate(None))
            refresh = bool(match.__dict__.pop("_refresh_consequences", False))
            stored = cast(list[dict[str, JSON]], match.log)
            match.log = Log(stored, match.game_package)
            provenance = match.__dict__.get("provenance")
            if provenance is not None:
                from domain.provenance import Provenance

                match.provenance = Provenance.from_data(provenance)
            branch = match.__dict__.get("branch")
            if branch is not None:
                from domain.branching import BranchOrigin

                match.branch = BranchOrigin.from_data(branch)
            at = next(
                (n for n, kind in enumerate(match.log.kinds()) if kind == "abandonment"), None
            )
            match.abandonment = None if at is None else cast(Abandonment, match.log[at])
            match._upcast_actions()
            if refresh:
                match._refresh_consequences()
            return match

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A snapshot from before the consequence vocabulary: its entries' consequences are
        worked out again once the log is typed (see Snapshot.mutate)."""
        state["_refresh_consequences"] = True

    upcast_v2_v3 = staticmethod(_setup_as_recorded)

    # Class-level defaults: matches created (and snapshots taken) before leagues, abandonment
    # and versioned action payloads existed load without these attributes.
    league: str | None = None
    abandonment: Abandonment | None = None
    action_version: int = 1
    # The digest of the latest event: the whole record's seal (None before sealing existed).
    seal: str | None = None
    # Where an imported match came from (domain.provenance); None for a match scored here.
    provenance: Provenance | None = None
    # The match and step a what-if branch starts from (domain.branching); None for a match
    # of its own, as every match stored before branches existed is.
    branch: BranchOrigin | None = None

    @classmethod
    def start(
        cls,
        ruleset: str,
        setup: dict[str, JSON],
        author: Author,
        league: str | None = None,
    ) -> MatchRecord:
        """A new match, its settings and names checked as new input (BadText if refused)."""
        author = author.checked()
        check_setup_text(setup)
        if league is not None:
            league = checked_text(league, phrase("the league's name"), NAME_LIMIT)
        return cls(ruleset, setup, author.by, author.at, league, author.link)

    @classmethod
    def start_import(
        cls,
        ruleset: str,
        setup: dict[str, JSON],
        importer: Author,
        file: MatchFileFacts,
        lines: int,
        league: str | None = None,
    ) -> MatchRecord:
        """A new match from a match file, its provenance recorded before any line: who
        imports it, from which file, and what the file claims (BadText if refused). The file
        is its creator as far as the match knows; the `lines` lines that follow come from the
        file and are recorded as usual."""
        importer, file = importer.checked(), file.checked_facts()
        match = cls.start(ruleset, setup, Author(file.created_by, file.created_at), league)
        match.trigger_event(
            match.Imported,
            by=importer.by,
            at=importer.at,
            device=importer.device,
            link=importer.link,
            sha256=file.sha256,
            format_version=file.format_version,
            checked=file.checked,
            chain=file.chain,
            chain_break=file.chain_break,
            lines=lines,
            created_by=file.created_by,
            created_at=file.created_at,
            source=file.source,
            exported=file.exported,
            imported_from=file.imported_from,
            earlier_import=None if file.earlier_import is None else file.earlier_import.to_data(),
            seal=None if file.seal is None else file.seal.to_data(),
        )
        return match

    @classmethod
    def start_branch(cls, origin: MatchRecord, step: int, author: Author) -> MatchRecord:
        """A what-if branch of `origin` from its `step` (entries in force, 0: the kick-off):
        a new match outside any league, linked to its origin before any line, whose first
        lines are the origin's entries in force up to that step, recorded again through the
        rules as they were entered (BadBranch for a step the origin does not have; RuleBroken
        if an entry no longer passes)."""
        from domain.branching import checked_step

        entries = origin.entries_in_force()
        step = checked_step(step, len(entries))
        author = author.checked()
        branch = cls.start(origin.ruleset_name, dict(origin.setup), author)
        branch.trigger_event(
            branch.Branched,
            origin=str(origin.id),
            step=step,
            entry=entries[step - 1].number if step else 0,
            by=author.by,
            at=author.at,
            device=author.device,
            link=author.link,
        )
        for entry in entries[:step]:
            # As a match file's line is: printed values are checked only where the table
            # overrode a rule, so that the override keeps what it overrode.
            branch.record(
                entry.action,
                Author(entry.by, entry.at, entry.device),
                override=entry.override,
                cards=NO_CARDS if entry.override else None,
                die_label=entry.die_label,
            )
        return branch

    class Event(Aggregate.Event):
        """The base of the match's events, declared here so that the library takes the
        events below as they are instead of defining each of them again as a subclass of
        one it would make (each class it makes is a dataclass made at import)."""

    class Created(Aggregate.Created, Event):
        """A match created: its ruleset and setup, who created it, and its league."""

        # 2: the access link it was created through, and the seal (domain.seal).
        # 3: the setup as the match was recorded under (its game's `recorded_setup`).
        class_version: ClassVar[int] = 3
        sealed_since: ClassVar[int] = 2
        ruleset: str
        setup: dict[str, JSON]
        created_by: str
        created_at: str
        league: str | None
        link: str | None
        previous: str | None
        digest: str | None

        upcast_v1_v2 = staticmethod(_unsealed)
        upcast_v2_v3 = staticmethod(_setup_as_recorded)

        def apply(self, aggregate: Any) -> None:
            aggregate.seal = self.digest

    @event(Created)
    def __init__(
        self,
        ruleset: str,
        setup: dict[str, JSON],
        created_by: str,
        created_at: str,
        league: str | None = None,
        link: str | None = None,
    ) -> None:
        self.ruleset_name = ruleset
        self.league = league
        self.setup = setup
        self.created_by = created_by
        self.created_at = created_at
        self.action_version = find_ruleset(ruleset).codec.version
        # Every line of the log, in the order it was made.
        self.log = Log()
        self.keys: dict[str, int] = {}

    # -- reading -------------------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        return find_ruleset(self.ruleset_name)

    @property
    def game_package(self) -> str:
        """The package the match's game is declared in: two games may store a consequence
        of the same kind and shape, and each reads it as its own type."""
        return type(self.ruleset).__module__.rpartition(".")[0]

    @property
    def game(self) -> Any:
        """The game state after every entry still in force."""
        cached = getattr(self, "_game", None)
        if cached is None:
            cached = self.state_at(None)
            self._game = cached
        return cached

    def fork(self) -> MatchRecord:
        """A copy to change, leaving this one as it is.

        Log lines, game states and the setup are immutable, so the copy shares them; only the
        containers a new event changes (the list of lines, the keys, the pending events) are
        new: a list of references, not the lines themselves.
        """
        forked = copy.copy(self)
        forked.log = self.log.copy()
        forked.keys = dict(self.keys)
        forked._pending_events = []
        return forked

    def effective_entries(self) -> list[Entry]:
        """The entries in force, in the order of play: the steps of a replay.

        A correction counts at the place of the entry it replaced (and a correction of a
        correction there too); retracted entries do not count.
        """
        entries: list[Entry] = []
        for line in self.log:
            if not isinstance(line, Entry) or isinstance(line, Correction):
                continue
            while line.corrected_by is not None:
                successor = self.log[line.corrected_by - 1]
                assert isinstance(successor, Entry)
                line = successor
            if not line.retracted:
                entries.append(line)
        return entries

    def state_at(self, step: int | None) -> Any:
        """The game state after the first `step` entries in force (all when None)."""
        stepper = self.stepper
        return stepper.state_at(stepper.total if step is None else step)

    def made_setup(self) -> Any:
        """The ruleset's setup value for `setup`, made once: the setup never changes."""
        made = getattr(self, "_made_setup", None)
        if made is None:
            made = self._made_setup = self.ruleset.make_setup(self.setup)
        return made

    def entries_in_force(self) -> Sequence[Entry]:
        """`effective_entries()`, worked out once per version of the log."""
        entries: Sequence[Entry] = self.stepper.actions
        return entries

    @property
    def stepper(self) -> Stepper:
        """The states of this version of the log, step by step (see domain/stepping.py): a
        replay walked forward or back folds each entry about once."""
        cached: tuple[int, Stepper] | None = getattr(self, "_stepper", None)
        if cached is None or cached[0] != self.version:
            rules = self.ruleset
            decode = action_decoder(rules)

            def apply(state: Any, entry: Entry) -> Any:
                return rules.apply(state, entry.decoded(decode)).state

            initial = rules.initial_state(self.made_setup())
            cached = (self.version, Stepper(initial, tuple(self.effective_entries()), apply))
            self._stepper = cached
        return cached[1]

    def for_replay(self, stretches: int) -> MatchRecord:
        """A copy to read only, whose states are kept up to `stretches` stretches of
        checkpoints (domain/stepping.py) rather than one: a replay steps back through the
        states it showed, while a match kept for recording needs only its latest. The copy
        shares the log, the states folded so far and everything else."""
        copied = copy.copy(self)
        copied._stepper = (self.version, self.stepper.keeping(stretches))
        return copied

    def result(self) -> Result | None:
        return self.ruleset.result(self.game)

    def version_after(self, line: LogLine) -> int:
        """The match's version once `line` was written: every log line is one event, after
        the events that are not lines (the creation, an import's provenance)."""
        return self.version - len(self.log) + line.number

    def entry_for_key(self, key: str) -> LogLine | None:
        number = self.keys.get(key)
        return None if number is None else self.log[number - 1]

    def annotations(self) -> list[Annotation]:
        """Every annotation, in order, each on the entry it was made on (0: the kick-off).

        An entry undone later keeps its notes: they are often the very reason it was undone.
        """
        return [line for line in self.log if isinstance(line, Annotation)]

    # -- idempotency ---------------------------------------------------------------------
    # A request retried with its idempotency key gets the line it wrote the first time; the
    # same key on a different request is refused, or a retry could silently stand in for a
    # request that was never recorded.

    def earlier_entry(
        self, key: str | None, action: Mapping[str, JSON], drawn: bool = False
    ) -> Entry | None:
        """The entry written under `key`, if it records this very action.

        With `drawn`, the fields the request left out were the app's to fill by chance: they
        are compared as the app filled them the first time.
        """

        def same(line: Entry) -> bool:
            asked = {**line.action, **action} if drawn else dict(action)
            rules = self.ruleset
            try:
                canonical = rules.action_to_dict(rules.action_from_dict(asked))
            except MalformedAction:
                return False
            return canonical == line.action

        return self._earlier(key, Entry, same)

    def earlier_retraction(self, key: str | None) -> Retraction | None:
        return self._earlier(key, Retraction, lambda line: True)

    def earlier_annotation(
        self, key: str | None, on: int, text: str, glyph: str | None = None
    ) -> Annotation | None:
        def same(line: Annotation) -> bool:
            named = glyph_named(glyph)
            return (
                line.on == on
                and line.text == trimmed(text, multiline=True)
                and line.glyph == (None if named is None else named.name)
            )

        return self._earlier(key, Annotation, same)

    def _earlier(self, key: str | None, kind: type[L], same: Callable[[L], bool]) -> L | None:
        line = None if key is None else self.entry_for_key(key)
        if line is None:
            return None
        if not isinstance(line, kind) or not same(line):
            raise KeyReused(
                phrase(
                    "the idempotency key {key} was used for line {line} ({what}): "
                    "a different request needs a new key",
                    key=repr(key),
                    line=line.number,
                    what=_described(line),
                )
            )
        return line

    # -- deciding ------------------------------------------------------------------------

    def judge(
        self, action: Mapping[str, JSON], cards: CardLibrary | None = None
    ) -> tuple[Any, tuple[Violation, ...]]:
        """Parse an action and list the rules it would break now, without recording it.
        With `cards` (printed values a card list holds, domain/printed.py) its printed values
        are checked too; without, not (a line of a match file written before they were)."""
        rules = self.ruleset
        parsed = rules.action_from_dict(action)
        return parsed, rules.check(self.game, parsed, cards)

    def record(
        self,
        action: Mapping[str, JSON],
        author: Author,
        override: str | None = None,
        key: str | None = None,
        die_label: str | None = None,
        cards: CardLibrary | None = None,
    ) -> Entry:
        """Record an entry if it is legal, or if the table overrides its violations;
        `die_label` names the physical die the table rolled it with ("red d6").

        Raises RuleBroken when a rule is broken and no override reason is given, or when the
        entry cannot be applied at all in the current state. With `cards` (the printed values
        a card list outside the match holds, possibly none) the entry's printed values are
        checked against those the match recorded and those; without, they are not.
        """
        earlier = self.earlier_entry(key, action)
        if earlier is not None:
            return earlier
        self._refuse_if_abandoned()
        author, key = author.checked(), _checked_key(key)
        if override is not None and override.strip():
            override = checked_text(override, phrase("the override reason"), REASON_LIMIT)
        die_label = checked_die_label(die_label)
        parsed, violations = self.judge(action, cards)
        _check_action_text(self.ruleset.action_to_dict(parsed))
        blocking = [v for v in violations if not v.overridable]
        if blocking or (violations and not (override and override.strip())):
            raise RuleBroken(blocking or violations)
        rules = self.ruleset
        outcome = rules.apply(self.game, parsed)
        self._pending: Outcome[Any] | None = outcome
        self.trigger_event(
            self.EntryRecorded,
            action=rules.action_to_dict(parsed),
            action_version=self.action_version,
            by=author.by,
            at=author.at,
            device=author.device,
            link=author.link,
            override=override.strip() if violations and override else None,
            violations=[stored_violation(v) for v in violations],
            key=key,
            consequences=[c.to_dict() for c in outcome.consequences],
            die_label=die_label,
        )
        return cast(Entry, self.log[-1])

    def undo(self, author: Author, key: str | None = None) -> Retraction:
        """Retract the latest entry still in force; nothing is deleted."""
        earlier = self.earlier_retraction(key)
        if earlier is not None:
            return earlier
        self._refuse_if_abandoned()
        author, key = author.checked(), _checked_key(key)
        entries = self.effective_entries()
        if not entries:
            raise NothingToUndo(phrase("there is no entry to undo"))
        self.trigger_event(
            self.EntryRetracted,
            retracts=entries[-1].number,
            by=author.by,
            at=author.at,
            device=author.device,
            link=author.link,
            key=key,
        )
        return cast(Retraction, self.log[-1])

    def abandon(self, author: Author, reason: str) -> Abandonment:
        """Stop the match for good: it counts in no standings and takes no more entries."""
        self._refuse_if_abandoned()
        if not reason.strip():
            raise BadText(phrase("say why the match is abandoned"))
        reason = checked_text(reason, phrase("the reason"), REASON_LIMIT)
        author = author.checked()
        self.trigger_event(
            self.Abandoned,
            reason=reason,
            by=author.by,
            at=author.at,
            device=author.device,
            link=author.link,
        )
        return cast(Abandonment, self.log[-1])

    def annotate(
        self,
        on: int,
        text: str,
        author: Author,
        key: str | None = None,
        glyph: str | None = None,
    ) -> Annotation:
        """Attach a plain-text remark to an entry in force (`on` is its number; 0 is the
        kick-off, before any entry), with a glyph judging it if given (domain.glyphs: its name
        or symbol). Abandoned matches take annotations too: disputes and rulings are often
        written after the fact."""
        try:
            named = glyph_named(glyph)
        except BadGlyph as error:
            raise BadAnnotation(said_by(error)) from None
        earlier = self.earlier_annotation(key, on, text, glyph)
        if earlier is not None:
            return earlier
        if not text.strip():
            raise BadAnnotation(phrase("an annotation needs some text"))
        try:
            text = checked_text(text, phrase("an annotation"), NOTE_LIMIT, multiline=True)
        except BadText as error:
            raise BadAnnotation(said_by(error)) from None
        author, key = author.checked(), _checked_key(key)
        in_force = {line.number for line in self.effective_entries()}
        if on != 0 and on not in in_force:
            raise BadAnnotation(phrase("there is no entry {on} in force to annotate", on=on))
        self.trigger_event(
            self.Annotated,
            on=on,
            text=text,
            by=author.by,
            at=author.at,
            device=author.device,
            link=author.link,
            key=key,
            glyph=None if named is None else named.name,
        )
        return cast(Annotation, self.log[-1])

    # -- disputes, rulings, corrections and confirmations ---------------------------------
    # What settles what happened at the table (docs/disputes.md). Nothing is deleted: a
    # correction is a line of its own, the entry it replaces stays in the log struck through.

    def entry_in_force(self, number: int) -> Entry:
        """Entry `number`, if it counts now (a correction's own number for a corrected one)."""
        line = self.log[number - 1] if 0 < number <= len(self.log) else None
        if not isinstance(line, Entry):
            raise BadDispute(phrase("line {line} is not an entry of this match", line=number))
        if line.corrected_by is not None:
            raise BadDispute(
                phrase(
                    "entry {entry} was corrected by line {line}: refer to that line",
                    entry=number,
                    line=line.corrected_by,
                )
            )
        if line.retracted:
            raise BadDispute(
                phrase("entry {entry} was retracted: it no longer counts", entry=number)
            )
        return line

    def open_disputes(self) -> list[Dispute]:
        ruled = {line.dispute for line in self.log if isinstance(line, Ruling)}
        return [line for line in self.log if isinstance(line, Dispute) and line.number not in ruled]

    def dispute(
        self, on: int | None, reason: str, author: Author, key: str | None = None
    ) -> Dispute:
        """Dispute entry `on` (None: the result). The match goes on; a referee rules later."""
        earlier = self._earlier(key, Dispute, lambda line: line.on == on)
        if earlier is not None:
            return earlier
        author, key = author.checked(), _checked_key(key)
        reason = _reason(reason, phrase("say what is disputed and why"))
        if on is None:
            if self.result() is None:
                raise BadDispute(phrase("the match has no result yet: dispute an entry instead"))
        else:
            self.entry_in_force(on)
        self.trigger_event(
            self.Disputed,
            on=on,
            reason=reason,
            by=author.by,
            at=author.at,
            device=author.device,
            link=author.link,
            key=key,
        )
        return cast(Dispute, self.log[-1])

    def rule(
        self,
        dispute: int,
        decision: str,
        rules: Sequence[str],
        text: str,
        author: Author,
        *,
        correction: CorrectionRequest | None = None,
        replay_from: int | None = None,
        key: str | None = None,
        values: ValuesJudged | None = None,
    ) -> Ruling:
        """A referee's ruling on an open dispute, citing rule IDs of the game's digest: the
        entry stands, is corrected (`correction`), or play is replayed from an entry
        (`replay_from`, by default the disputed one) — every entry from there on is taken out
        of force and the table plays on from that point again."""
        earlier = self._earlier(
            key, Ruling, lambda line: line.dispute == dispute and line.decision == decision
        )
        if earlier is not None:
            return earlier
        author, key = author.checked(), _checked_key(key)
        disputed = next((line for line in self.open_disputes() if line.number == dispute), None)
        if disputed is None:
            ruled = any(isinstance(line, Ruling) and line.dispute == dispute for line in self.log)
            raise BadDispute(
                phrase("dispute {dispute} was already ruled on", dispute=dispute)
                if ruled
                else phrase("line {line} is not a dispute of this match", line=dispute)
            )
        if decision not in DECISIONS:
            raise BadDispute(
                phrase(
                    "a ruling decides {decisions}; not {decision}",
                    decisions=commas(DECISIONS),
                    decision=repr(decision),
                )
            )
        from domain.rulebook import UnknownRule, cite

        try:
            cited = tuple(c.rule for c in cite(self.ruleset, rules))
        except UnknownRule as error:
            raise BadDispute(said_by(error)) from None
        if not cited:
            raise BadDispute(
                phrase("a ruling cites the rules it rests on: name at least one rule ID")
            )
        text = (
            checked_text(text, phrase("the ruling"), REASON_LIMIT, multiline=True) if text else ""
        )
        if decision != CORRECTED and correction is not None:
            raise BadDispute(
                phrase("a ruling that the entry {decision} corrects nothing", decision=decision)
            )
        if decision != REPLAY and replay_from is not None:
            raise BadDispute(phrase("only a ruling to replay names the entry to replay from"))
        number: int | None = None
        replayed: tuple[int, ...] = ()
        if decision == CORRECTED:
            if correction is None:
                raise BadDispute(phrase("a ruling that corrects says what the entry becomes"))
            number = self.correct(
                correction,
                author,
                reason=text or f"ruling on dispute {dispute}",
                dispute=dispute,
                rules=cited,
                values=values,
            ).number
        elif decision == REPLAY:
            self._refuse_if_abandoned()
            start = replay_from if replay_from is not None else disputed.on
            if start is None:
                raise BadDispute(phrase("say which entry play is replayed from"))
            self.entry_in_force(start)
            entries = self.effective_entries()
            place = next(i for i, entry in enumerate(entries) if entry.number == start)
            replayed = tuple(entry.number for entry in entries[place:])
            replay_from = start
        self.trigger_event(
            self.Ruled,
            dispute=dispute,
            decision=decision,
            rules=list(cited),
            text=text,
            correction=number,
            replay_from=replay_from,
            replayed=list(replayed),
            by=author.by,
            at=author.at,
            device=author.device,
            link=author.link,
            key=key,
        )
        return cast(Ruling, self.log[-1])

    def correct(
        self,
        request: CorrectionRequest,
        author: Author,
        reason: str,
        *,
        key: str | None = None,
        dispute: int | None = None,
        rules: Sequence[str] = (),
        values: ValuesJudged | None = None,
    ) -> Correction:
        """Put another entry at the place of entry `request.replaces`, judge every later
        entry again, and keep or withdraw those that became illegal as `request.decisions`
        say (DecisionsNeeded lists them when a decision is missing).

        Without a ruling (`dispute`), a correction is the scorers' own and is refused once
        every coach confirmed the result: then only a referee may change it. With `values`
        (domain.rejudge.ValuesJudged: the card lists' printed values) the corrected entry's
        printed values are checked as a new entry's are, against those the match recorded
        before its place and the lists', and so are the later entries' against the corrected
        history; without, none are (a match file's line).
        """
        earlier = self._earlier(key, Correction, lambda line: line.replaces == request.replaces)
        if earlier is not None:
            return earlier
        self._refuse_if_abandoned()
        author, key = author.checked(), _checked_key(key)
        reason = _reason(reason, phrase("say why the entry is corrected"))
        if dispute is None and self.result_status().state == CONFIRMED:
            raise ResultConfirmed(
                phrase(
                    "every coach confirmed the result: only a referee's ruling may correct it "
                    "now; a coach or the scorer disputes the entry, then a referee rules it "
                    "corrected"
                )
            )
        replaced = self.entry_in_force(request.replaces)
        entries = self.effective_entries()
        place = next(i for i, entry in enumerate(entries) if entry.number == replaced.number)
        rules_ = self.ruleset
        state = self.state_at(place)
        parsed = rules_.action_from_dict(request.action)
        action = rules_.action_to_dict(parsed)
        _check_action_text(action)
        cards = values.cards if values is not None and values.own else None
        if cards is not None:
            # A printed value left out is filled from those known at its place, never 0
            # (MissingValues names it when none is).
            parsed = rules_.action_from_dict(
                with_printed_values(rules_, state, request.action, cards)
            )
            action = rules_.action_to_dict(parsed)
        die_label = (
            replaced.die_label
            if request.die_label is None
            else checked_die_label(request.die_label)
        )
        if action == dict(replaced.action) and die_label == replaced.die_label:
            raise BadDispute(
                phrase("entry {entry} already records exactly this", entry=replaced.number)
            )
        violations = rules_.check(state, parsed, cards)
        override = request.override.strip() if request.override else None
        if override:
            override = checked_text(override, phrase("the override reason"), REASON_LIMIT)
        blocking = [v for v in violations if not v.overridable]
        if blocking or (violations and not override):
            raise RuleBroken(blocking or violations)
        from domain.rejudge import corrected_history

        history = corrected_history(
            rules_,
            state,
            parsed,
            violations,
            entries[place + 1 :],
            request.decisions,
            values=values,
            replaced=replaced,
        )
        self._pending_state: Any = history.final_state
        self.trigger_event(
            self.Corrected,
            replaces=replaced.number,
            action=action,
            action_version=self.action_version,
            override=override if violations else None,
            violations=[stored_violation(v) for v in violations],
            consequences=[c.to_dict() for c in history.outcome.consequences],
            reason=reason,
            dispute=dispute,
            rules=list(rules),
            kept=[
                {"number": n, "violations": [stored_violation(v) for v in broken]}
                for n, broken in history.kept
            ],
            withdrawn=list(history.withdrawn),
            rederived=[
                {"number": n, "consequences": [c.to_dict() for c in consequences]}
                for n, consequences in history.rederived
            ],
            die_label=die_label,
            by=author.by,
            at=author.at,
            device=author.device,
            link=author.link,
            key=key,
        )
        return cast(Correction, self.log[-1])

    def confirm(self, side: str, author: Author, key: str | None = None) -> Confirmation:
        """A coach confirms the result for their side (once per result: confirming the same
        result again records nothing more)."""
        result = self.result()
        if result is None:
            raise NotConfirmable(
                phrase("the match has no result yet: confirm it once it has ended")
            )
        if self.abandonment is not None:
            raise NotConfirmable(phrase("the match was abandoned: it has no result to confirm"))
        sides = self.sides()
        if side not in sides:
            raise NotConfirmable(
                f"{side!r} is not a side of this match; its sides: {', '.join(sides)}"
            )
        confirmed = result.to_dict()
        earlier = self._earlier(key, Confirmation, lambda line: line.side == side)
        if earlier is not None:
            return earlier
        for line in reversed(self.log):
            if isinstance(line, Confirmation) and line.side == side and line.result == confirmed:
                return line
        author, key = author.checked(), _checked_key(key)
        self.trigger_event(
            self.Confirmed,
            side=side,
            result=confirmed,
            by=author.by,
            at=author.at,
            device=author.device,
            link=author.link,
            key=key,
        )
        return cast(Confirmation, self.log[-1])

    def sides(self) -> tuple[str, ...]:
        rules = self.ruleset
        return tuple(p.side for p in rules.participants(self.made_setup()))

    def result_status(self) -> ResultStatus:
        result = self.result()
        final = None if result is None else FinalResult(ranking=result.ranking, score=result.scores)
        return self.status_of(final)

    def status_of(self, final: FinalResult | None) -> ResultStatus:
        """Where the result `final` (None: no result) stands with the coaches.

        The read side passes the result it folded from the stored consequences, so that no
        rule is replayed. A confirmation stands for the ranking and score it confirmed: a
        correction that changes either leaves it behind.
        """
        return result_status(
            final,
            self.sides(),
            (line for line in self.log if isinstance(line, Confirmation)),
            tuple(line.number for line in self.open_disputes()),
            abandoned=self.abandonment is not None,
        )

    def _refuse_if_abandoned(self) -> None:
        if self.abandonment is not None:
            raise MatchAbandoned(
                phrase(
                    "the match was abandoned ({reason}): it takes no more entries",
                    reason=self.abandonment.reason,
                )
            )

    # -- events --------------------------------------------------------------------------

    class Sealed(Event):
        """What every event after the creation carries: the access link it was written
        through and its place in the match's hash chain (domain.seal)."""

        link: str | None
        previous: str | None
        digest: str | None

        # The first class version stored with the seal: verifying a record takes an event
        # stored at an earlier one as written before sealing began (domain.seal.verify).
        sealed_since: ClassVar[int] = 1
        # The match's method that applies the event, given every field but the seal's hash
        # chain, as eventsourcing's `@event` would call it; None for an event that seals only.
        # The events apply themselves rather than through `@event` methods, for which the
        # library defines a subclass of each event as the aggregate is defined (ten classes
        # made by every command).
        applied_by: ClassVar[str | None] = None

        def apply(self, aggregate: Any) -> None:
            if self.applied_by is not None:
                fields = {k: v for k, v in self.__dict__.items() if k not in _NOT_APPLIED}
                getattr(aggregate, self.applied_by)(**fields)
            aggregate.seal = self.digest

    # Version 2 of each event below: the link and the seal. Events stored before carry
    # neither; the chain of such a match starts at its first sealed event.

    class Abandoned(Sealed):
        """The match abandoned: it takes no more entries and counts in no standings."""

        applied_by: ClassVar[str] = "_abandon"

        class_version: ClassVar[int] = 2
        sealed_since: ClassVar[int] = 2
        reason: str
        by: str
        at: str
        device: str | None

        upcast_v1_v2 = staticmethod(_unsealed)

    class Annotated(Sealed):
        """A note on an entry of the log (0: the kick-off)."""

        applied_by: ClassVar[str] = "_annotate"

        # 3: `glyph`, the annotator's judgement of the entry (domain.glyphs), or None.
        class_version: ClassVar[int] = 3
        sealed_since: ClassVar[int] = 2
        on: int
        text: str
        by: str
        at: str
        device: str | None
        key: str | None
        glyph: str | None

        upcast_v1_v2 = staticmethod(_unsealed)

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            """Written before annotations carried glyphs: a plain remark, as it always was."""
            state["glyph"] = None

    class EntryRetracted(Sealed):
        """The latest entry still in force retracted: it stays in the log, marked retracted."""

        applied_by: ClassVar[str] = "_retract"

        class_version: ClassVar[int] = 2
        sealed_since: ClassVar[int] = 2
        retracts: int
        by: str
        at: str
        device: str | None
        key: str | None

        upcast_v1_v2 = staticmethod(_unsealed)

    class EntryRecorded(Sealed):
        """One entry: its action, any rules it broke (an override) and what followed from it."""

        applied_by: ClassVar[str] = "_record_entry"

        # 2: `action_version` (the game's action payload version), and consequences of the
        # declared vocabulary. Version 1 consequences are worked out again on load.
        # 3: the link and the seal. 4: `die_label`, the physical die the table rolled with.
        class_version: ClassVar[int] = 4
        sealed_since: ClassVar[int] = 3
        action: dict[str, JSON]
        action_version: int
        by: str
        at: str
        device: str | None
        override: str | None
        violations: list[dict[str, JSON]]
        key: str | None
        consequences: list[dict[str, JSON]] | dict[str, list[dict[str, JSON]]]
        die_label: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["action_version"] = 1
            state["consequences"] = {"stored": state["consequences"]}

        upcast_v2_v3 = staticmethod(_unsealed)

        @staticmethod
        def upcast_v3_v4(state: dict[str, Any]) -> None:
            """Recorded before a die could be named: its dice are the table's, unnamed."""
            state["die_label"] = None

    class Disputed(Sealed):
        """An entry, or the match's result, disputed."""

        applied_by: ClassVar[str] = "_dispute"

        class_version: ClassVar[int] = 1
        on: int | None
        reason: str
        by: str
        at: str
        device: str | None
        key: str | None

    class Ruled(Sealed):
        """The referee's ruling on a dispute: the entry stands, is corrected or play is replayed."""

        applied_by: ClassVar[str] = "_rule"

        class_version: ClassVar[int] = 1
        dispute: int
        decision: str
        rules: list[str]
        text: str
        correction: int | None
        replay_from: int | None
        replayed: list[int]
        by: str
        at: str
        device: str | None
        key: str | None

    class Corrected(Sealed):
        """An entry deep in the past corrected, and the later entries as judged again."""

        applied_by: ClassVar[str] = "_correct"

        # 2: `die_label`, the physical die the corrected entry was rolled with.
        class_version: ClassVar[int] = 2
        replaces: int
        action: dict[str, JSON]
        action_version: int
        override: str | None
        violations: list[dict[str, JSON]]
        consequences: list[dict[str, JSON]]
        reason: str
        dispute: int | None
        rules: list[str]
        # Entries after the corrected one: kept as overrides (with the rules they now break),
        # withdrawn, and those whose consequences changed (as they are now).
        kept: list[dict[str, JSON]]
        withdrawn: list[int]
        rederived: list[dict[str, JSON]]
        die_label: str | None
        by: str
        at: str
        device: str | None
        key: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Stored before a correction kept a die's name: its dice were read unnamed, and
            still are (the statistics of each die stay as they were)."""
            state["die_label"] = None

    class Confirmed(Sealed):
        """A side's confirmation of the match's result."""

        applied_by: ClassVar[str] = "_confirm"

        class_version: ClassVar[int] = 1
        side: str
        result: dict[str, JSON]
        by: str
        at: str
        device: str | None
        key: str | None

    class Imported(Sealed):
        """Where an imported match came from (domain.provenance): right after its creation,
        in the same save, before any line of its log."""

        applied_by: ClassVar[str] = "_imported"

        # 2: whether the file's per-line chain held, the first line that broke it, and the
        # seal the file claims its source match had.
        class_version: ClassVar[int] = 2
        by: str
        at: str
        device: str | None
        sha256: str
        format_version: int
        checked: bool
        chain: bool | None
        chain_break: int | None
        lines: int
        created_by: str
        created_at: str
        source: str | None
        exported: str | None
        imported_from: str | None
        earlier_import: dict[str, str] | None
        seal: dict[str, JSON] | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Imported before match files carried a chain and a seal: none was checked."""
            state["chain"] = None
            state["chain_break"] = None
            state["seal"] = None

    class Branched(Sealed):
        """The match and step a what-if branch starts from (domain.branching): right after
        its creation, in the same save, before any line of its log."""

        applied_by: ClassVar[str] = "_branched"

        class_version: ClassVar[int] = 1
        origin: str
        step: int
        entry: int
        by: str
        at: str
        device: str | None

    # -- the seal ----------------------------------------------------------------------------

    @classmethod
    def _create(cls, event_class: Any, *, id: Any = None, **kwargs: Any) -> Any:
        from domain.seal import digest_of

        match_id = id if id is not None else cls.create_id()
        kwargs["previous"] = None
        kwargs["digest"] = digest_of(event_class.__name__, match_id, cls.INITIAL_VERSION, kwargs)
        return super()._create(event_class, id=match_id, **kwargs)

    def trigger_event(self, event_class: Any, **kwargs: Any) -> None:
        from domain.seal import digest_of

        kwargs["previous"] = self.seal
        kwargs["digest"] = digest_of(event_class.__name__, self.id, self.version + 1, kwargs)
        super().trigger_event(event_class, **kwargs)

    def _imported(
        self,
        by: str,
        at: str,
        device: str | None,
        link: str | None,
        sha256: str,
        format_version: int,
        checked: bool,
        chain: bool | None,
        chain_break: int | None,
        lines: int,
        created_by: str,
        created_at: str,
        source: str | None,
        exported: str | None,
        imported_from: str | None,
        earlier_import: dict[str, str] | None,
        seal: dict[str, JSON] | None,
    ) -> None:
        self.provenance = imported_provenance(
            by=by,
            at=at,
            device=device,
            link=link,
            sha256=sha256,
            format_version=format_version,
            checked=checked,
            chain=chain,
            chain_break=chain_break,
            lines=lines,
            created_by=created_by,
            created_at=created_at,
            source=source,
            exported=exported,
            imported_from=imported_from,
            earlier_import=earlier_import,
            seal=seal,
        )

    def _branched(
        self,
        origin: str,
        step: int,
        entry: int,
        by: str,
        at: str,
        device: str | None,
        link: str | None,
    ) -> None:
        from domain.branching import BranchOrigin

        self.branch = BranchOrigin(origin, step, entry, Author(by, at, device, link))

    def _abandon(self, reason: str, by: str, at: str, device: str | None, link: str | None) -> None:
        line = Abandonment(
            number=self._next(), by=by, at=at, device=device, link=link, reason=reason
        )
        self._append(line)
        self.abandonment = line

    def _annotate(
        self,
        on: int,
        text: str,
        by: str,
        at: str,
        device: str | None,
        link: str | None,
        key: str | None,
        glyph: str | None = None,
    ) -> None:
        line = Annotation(
            number=self._next(),
            by=by,
            at=at,
            device=device,
            link=link,
            key=key,
            on=on,
            text=text,
            glyph=glyph,
        )
        self._append(line)

    def _record_entry(
        self,
        action: dict[str, JSON],
        action_version: int,
        by: str,
        at: str,
        device: str | None,
        link: str | None,
        override: str | None,
        violations: list[dict[str, JSON]],
        key: str | None,
        consequences: list[dict[str, JSON]] | dict[str, list[dict[str, JSON]]],
        die_label: str | None = None,
    ) -> None:
        rules = self.ruleset
        action = rules.codec.upcast(action, action_version)
        pending: Outcome[Any] | None = getattr(self, "_pending", None)
        self._pending = None
        cached = getattr(self, "_game", None)
        if pending is None and (cached is not None or isinstance(consequences, dict)):
            # Replaying: keep the folded state current when it is kept at all, and work out
            # the consequences of an entry stored before the vocabulary was declared.
            pending = rules.apply(self.game, rules.action_from_dict(action))
        typed: Sequence[Consequence]
        if isinstance(consequences, dict):
            assert pending is not None
            typed = _refreshed(consequences["stored"], pending.consequences, self.game_package)
        else:
            typed = Consequences(consequences, self.game_package)
        line = Entry(
            number=self._next(),
            by=by,
            at=at,
            device=device,
            link=link,
            key=key,
            action=action,
            override=override,
            violations=tuple(violation_from_dict(v) for v in violations),
            consequences=typed,
            die_label=die_label,
        )
        self._append(line)
        if pending is not None:
            self._game = pending.state

    def _retract(
        self,
        retracts: int,
        by: str,
        at: str,
        device: str | None,
        link: str | None,
        key: str | None,
    ) -> None:
        line = Retraction(
            number=self._next(),
            by=by,
            at=at,
            device=device,
            link=link,
            key=key,
            retracts=retracts,
        )
        retracted = self.log[retracts - 1]
        assert isinstance(retracted, Entry)
        self.log[retracts - 1] = retracted.retract()
        self._append(line)
        self._game = None

    def _dispute(
        self,
        on: int | None,
        reason: str,
        by: str,
        at: str,
        device: str | None,
        link: str | None,
        key: str | None,
    ) -> None:
        self._append(
            Dispute(
                number=self._next(),
                by=by,
                at=at,
                device=device,
                link=link,
                key=key,
                on=on,
                reason=reason,
            )
        )

    def _rule(
        self,
        dispute: int,
        decision: str,
        rules: list[str],
        text: str,
        correction: int | None,
        replay_from: int | None,
        replayed: list[int],
        by: str,
        at: str,
        device: str | None,
        link: str | None,
        key: str | None,
    ) -> None:
        for number in replayed:
            self._take_out(number)
        if replayed:
            self._game = None
        self._append(
            Ruling(
                number=self._next(),
                by=by,
                at=at,
                device=device,
                link=link,
                key=key,
                dispute=dispute,
                decision=decision,
                rules=tuple(rules),
                text=text,
                correction=correction,
                replay_from=replay_from,
                replayed=tuple(replayed),
            )
        )

    def _correct(
        self,
        replaces: int,
        action: dict[str, JSON],
        action_version: int,
        override: str | None,
        violations: list[dict[str, JSON]],
        consequences: list[dict[str, JSON]],
        reason: str,
        dispute: int | None,
        rules: list[str],
        kept: list[dict[str, JSON]],
        withdrawn: list[int],
        rederived: list[dict[str, JSON]],
        by: str,
        at: str,
        device: str | None,
        link: str | None,
        key: str | None,
        die_label: str | None = None,
    ) -> None:
        number = self._next()
        game = self.game_package
        replaced = self.log[replaces - 1]
        assert isinstance(replaced, Entry)
        self.log[replaces - 1] = replace(replaced, corrected_by=number)
        for number_withdrawn in withdrawn:
            self._take_out(number_withdrawn)
        for item in kept:
            at_ = int(cast(int, item["number"])) - 1
            line = self.log[at_]
            assert isinstance(line, Entry)
            broken = cast(list[dict[str, JSON]], item["violations"])
            self.log[at_] = replace(
                line,
                override=reason,
                violations=tuple(violation_from_dict(v) for v in broken),
            )
        for item in rederived:
            at_ = int(cast(int, item["number"])) - 1
            line = self.log[at_]
            assert isinstance(line, Entry)
            stored = cast(list[dict[str, JSON]], item["consequences"])
            self.log[at_] = replace(line, consequences=Consequences(stored, game))
        self._append(
            Correction(
                number=number,
                by=by,
                at=at,
                device=device,
                link=link,
                key=key,
                action=self.ruleset.codec.upcast(action, action_version),
                override=override,
                violations=tuple(violation_from_dict(v) for v in violations),
                consequences=Consequences(consequences, game),
                replaces=replaces,
                reason=reason,
                dispute=dispute,
                rules=tuple(rules),
                kept=tuple(int(cast(int, item["number"])) for item in kept),
                withdrawn=tuple(withdrawn),
                die_label=die_label,
            )
        )
        self._game = self.__dict__.pop("_pending_state", None)

    def _confirm(
        self,
        side: str,
        result: dict[str, JSON],
        by: str,
        at: str,
        device: str | None,
        link: str | None,
        key: str | None,
    ) -> None:
        self._append(
            Confirmation(
                number=self._next(),
                by=by,
                at=at,
                device=device,
                link=link,
                key=key,
                side=side,
                result=result,
            )
        )

    def _take_out(self, number: int) -> None:
        line = self.log[number - 1]
        assert isinstance(line, Entry)
        self.log[number - 1] = line.retract()

    def _next(self) -> int:
        return len(self.log) + 1

    def _append(self, line: LogLine) -> None:
        self.log.append(line)
        if line.key is not None:
            self.keys[line.key] = line.number

    # -- loading what earlier releases stored ----------------------------------------------

    def _upcast_actions(self) -> None:
        """Bring every entry's action to the game's current payload version."""
        codec = self.ruleset.codec
        if self.action_version == codec.version:
            return
        self.log = Log(
            [
                replace(line, action=codec.upcast(line.action, self.action_version))
                if isinstance(line, Entry)
                else line
                for line in self.log
            ],
            self.game_package,
        )
        self.action_version = codec.version

    def _refresh_consequences(self) -> None:
        """Work out again the consequences of every entry, each from the state it was recorded
        in: entries in force form a stack that an undo pops, so replaying the log in order
        with that stack meets each entry in its own state."""
        rules = self.ruleset
        states = [rules.initial_state(self.made_setup())]
        lines: list[LogLine] = []
        for line in self.log:
            if isinstance(line, Entry):
                outcome = rules.apply(states[-1], rules.action_from_dict(line.action))
                states.append(outcome.state)
                line = replace(
                    line,
                    consequences=_refreshed(
                        [c.to_dict() for c in line.consequences],
                        outcome.consequences,
                        self.game_package,
                    ),
                )
            elif isinstance(line, Retraction):
                states.pop()
            lines.append(line)
        self.log = Log(lines, self.game_package)
        self._game = states[-1]


def _refreshed(
    stored: Sequence[Mapping[str, JSON]], derived: Sequence[Consequence], game: str
) -> tuple[Consequence, ...]:
    """An earlier release's consequences in today's vocabulary.

    The rules are deterministic, so applying them again gives the same consequences, now
    typed and with the facts earlier releases did not store (the dice). Should the worded
    ones differ (a later release words a consequence otherwise), the stored words are kept,
    with the new silent facts after them: what was written then is what the match shows.
    """
    stored_texts = [str(c["text"]) for c in stored]
    if [c.text for c in derived if c.text] == stored_texts:
        return tuple(derived)
    return (
        *(consequence_from_dict(c, game) for c in stored),
        *(c for c in derived if not c.text),
    )


def _check_action_text(action: Mapping[str, JSON]) -> None:
    """Every text an entry carries (card and player names) is a name, checked as new input."""
    kind = action["kind"]
    for name, value in action.items():
        if name == "kind":
            continue
        if isinstance(value, str):
            checked_text(value, f"{kind}: {name}", NAME_LIMIT)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, str):
                    checked_text(item, f"{kind}: {name}", NAME_LIMIT)


def _described(line: LogLine) -> str:
    match line:
        case Correction():
            return phrase("a correction of entry {entry}", entry=line.replaces)
        case Entry():
            return phrase("a {kind} entry", kind=line.kind)
        case Retraction():
            return phrase("an undo of entry {entry}", entry=line.retracts)
        case Annotation():
            return phrase("an annotation")
        case Abandonment():
            return phrase("an abandonment")
        case Dispute():
            return phrase("a dispute")
        case Ruling():
            return phrase("a ruling")
        case Confirmation():
            return phrase("a confirmation")
        case _:
            assert_never(line)
