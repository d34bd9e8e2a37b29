"""The Touchline application: one method per use case, each load → domain → save.

It owns what the domain must not: the clock, chance ("roll for me"), persistence settings,
optimistic concurrency and idempotency keys. The match use cases are written here; those of
leagues, statistics, the read models and live pages in their own modules, as the classes
Touchline is built from (see service/__init__.py).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, TypeVar, assert_never
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, ProcessingEvent
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError, PersistenceError

from domain.branching import BadBranch, Variation
from domain.glyphs import BadGlyph, glyph_named
from domain.log import (
    Abandonment,
    Annotation,
    Confirmation,
    Correction,
    Dispute,
    Entry,
    LogLine,
    Retraction,
    Ruling,
)
from domain.match import (
    Author,
    BadAnnotation,
    BadDispute,
    KeyReused,
    MatchAbandoned,
    MatchRecord,
    NotConfirmable,
    NothingToUndo,
    ResultConfirmed,
    RuleBroken,
)
from domain.phrase import phrase
from domain.printed import NO_CARDS
from domain.registry import UnknownRuleset, find_ruleset
from domain.rejudge import BadDecision, DecisionsNeeded, ValuesJudged
from domain.report import PlacedLine, names_of, placed_line
from domain.ruleset import JSON, MalformedAction, SetupError
from domain.statuses import status_word
from domain.text import BadText
from service.access import AccessUseCases
from service.audit import AuditQueries
from service.boundary import said, use_case
from service.branches import BranchUseCases
from service.card_lists import CardListUseCases
from service.config import StoreSettings, settings_from_environment
from service.disputes import DisputeUseCases, correction_request
from service.entries import fill_by_chance, leaves_printed_out
from service.errors import (
    AmbiguousMatch,
    BadInput,
    DatabaseUnavailable,
    IdempotencyKeyReused,
    LinkChangedMeanwhile,
    MatchNotFound,
    RecordBroken,
    StaleMatch,
    TouchlineError,
)
from service.game_cache import MatchCache
from service.history import HistoryQueries
from service.imports import ImportLookups
from service.kept_links import KeptLinks
from service.leagues import LeagueUseCases, check_league_for
from service.live_versions import LiveVersions
from service.reachability import Opening, first_line
from service.read_models import ReadModelUseCases
from service.seal import SealQueries
from service.snapshots import SNAPSHOT_EVERY, drop_older_snapshots, snapshot_due
from service.statistics import StatisticsQueries
from service.views import MatchSummary, MatchView, Written, match_view, stored_title

# What only some use cases need is imported by them: a command at the table (showing a match,
# recording an entry) loads neither an import's provenance nor the replays' timeline
# (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from domain.luck import MatchLuck
    from domain.odds import Odds
    from domain.provenance import MatchFileFacts
    from service.import_views import ImportedMatch
    from service.luck_totals import CoachLuck
    from service.replay_views import ReplayView, StepChangeRun, StepRun
    from service.replays import ReplayCache, Replayed

L = TypeVar("L", bound=LogLine)

# How often a writer that lost a race reloads the match and tries again before giving up.
CONFLICT_RETRIES = 5
# Matches kept in memory (service/game_cache.py): the live set of a club, 1,000 tables scored
# at once, and a fifth more for the finished matches spectators and replays open meanwhile. A
# kept 300-entry match takes about half a megabyte, so a full cache about 600 MB at most.
MATCH_CACHE_SIZE = 1200


# Matches whose scope (league and sides) is kept in memory; never stale, as neither changes.
SCOPES_KEPT = 10_000


@dataclass(frozen=True)
class MatchScope:
    """A match as access checks need it: its full id, its league (None: a friendly), and its
    sides."""

    id: str
    league: str | None
    sides: tuple[str, ...]


def _values_judged(line: Correction) -> ValuesJudged | None:
    """Whose printed values a match file's correction has judged, as it was written: only
    where the file says the table overrode a rule (the correction's own override, the later
    entries it kept), against the match's own values, so that the override keeps what it
    overrode; a file written before corrections were checked imports as before."""
    if not (line.override or line.kept):
        return None
    return ValuesJudged(NO_CARDS, own=bool(line.override), later=frozenset(line.kept))


def _on_line(number: int, error: Exception) -> str:
    """A match file's refusal, naming the line it is about."""
    return phrase("line {line}: {problem}", line=number, problem=said(error))


def _imported_branch(origin: MatchRecord, variation: Variation, importer: Author) -> MatchRecord:
    """A match file's variation as a branch of the match just imported: started by whom
    and when the file says, through the importer's link, its own lines checked as the
    match's are."""
    started = variation.started
    author = Author(started.by, started.at, started.device, importer.link)
    try:
        branch = MatchRecord.start_branch(origin, variation.step, author)
    except (BadBranch, BadText, RuleBroken) as error:
        raise BadInput(_on_line(variation.at_line, error)) from None
    Touchline._replay_lines(branch, list(variation.lines))
    return branch


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Touchline(
    CardListUseCases,
    AccessUseCases,
    LeagueUseCases,
    StatisticsQueries,
    HistoryQueries,
    ReadModelUseCases,
    LiveVersions,
    DisputeUseCases,
    AuditQueries,
    ImportLookups,
    SealQueries,
    BranchUseCases,
):
    name = "touchline"
    snapshotting_intervals = {MatchRecord: SNAPSHOT_EVERY}  # noqa: RUF012 (the library's own class attribute)

    def __init__(
        self,
        settings: StoreSettings | None = None,
        *,
        require_store: bool = True,
        read_models_on_first_use: bool = False,
    ) -> None:
        """Opens the store, or fails in one line (DatabaseUnavailable) when it does not answer.

        With `require_store=False` (the web app) a store that does not answer is opened on
        first use instead: a server started while the database is away starts, refuses every
        use with DatabaseUnavailable meanwhile, and works as soon as the database is back.

        With `read_models_on_first_use=True` (a command-line process, which runs one command)
        the read models' tables are made, and changed views rebuilt, when a use case first
        reads one rather than when the store is opened: a command that reads none, such as
        recording an entry, never imports or touches them. A long-lived process (the web app)
        opens them with the store, so that no request of its ever changes the schema.
        """
        self.settings = settings or settings_from_environment()
        self._matches = MatchCache(MATCH_CACHE_SIZE)
        self._kept_links = KeptLinks()
        self._scopes: dict[UUID, MatchScope] = {}
        self._replays_kept: ReplayCache | None = None
        self._replays_lock = threading.Lock()
        # Opening the store also makes the read models' tables and rebuilds any read model
        # whose version changed: a read never has to.
        self._read_models_pending = read_models_on_first_use
        self._read_models_lock = threading.Lock()
        self._opening = Opening(
            self.settings, then=None if read_models_on_first_use else self._prepare_read_models
        )
        try:
            # The library's constructor creates no table: opening the store does, when it can.
            super().__init__(env={**self.settings.env, "CREATE_TABLE": "n"})
        except (PersistenceError, OSError) as error:
            raise DatabaseUnavailable(
                f"cannot open the database at {self.settings.safe_url}: {first_line(error)}"
            ) from None
        try:
            self._opening.ensure(self)
        except DatabaseUnavailable:
            if require_store:
                raise

    # -- matches -------------------------------------------------------------------------

    def create_match(
        self,
        ruleset: str,
        setup: Mapping[str, JSON],
        author: Author,
        league: str | None = None,
    ) -> MatchView:
        try:
            rules = find_ruleset(ruleset)
            canonical = rules.setup_to_dict(rules.make_setup(setup))
        except (UnknownRuleset, SetupError) as error:
            raise BadInput(said(error)) from None
        league = check_league_for(self, league, ruleset)
        try:
            match = MatchRecord.start(ruleset, canonical, author, league)
        except BadText as error:
            raise BadInput(said(error)) from None
        with self._storage():
            self.save(match)
        return match_view(match)

    def get_match(self, ref: str) -> MatchView:
        return match_view(self.load_record(ref))

    def load_record(self, ref: str) -> MatchRecord:
        """The match aggregate itself, read-only, for writing it out as a match file."""
        return self._load(self.resolve(ref))

    def list_matches(self) -> list[MatchSummary]:
        """Every match, oldest first, from the summaries read model (caught up first)."""
        from domain.provenance import Provenance

        with self._read("summaries") as sql:
            rows = sql.rows("SELECT * FROM match_summaries ORDER BY started_at, match_id")
        return [
            MatchSummary(
                id=row["match_id"],
                ruleset=row["ruleset"],
                title=stored_title(row["title"]),
                status=status_word(row["status"]),
                score=row["score"],
                entries=row["entries"],
                created_at=row["started_at"],
                last_entry_at=row["last_entry_at"],
                result_status=row["result_status"],
                awaiting=tuple(json.loads(row["awaiting"])),
                open_disputes=row["open_disputes"],
                imported=(
                    None
                    if row["imported"] is None
                    else Provenance.from_data(json.loads(row["imported"]))
                ),
            )
            for row in rows
        ]

    def replay(self, ref: str, step: int | None = None) -> ReplayView:
        return self.replayed(ref).view_at(step)

    def replay_steps(self, ref: str, first: int = 0, last: int | None = None) -> StepRun:
        """Steps `first` to `last` of a match in one answer, for a reader walking it."""
        return self.replayed(ref).steps(first, last)

    def replay_step_changes(
        self, ref: str, first: int = 0, last: int | None = None
    ) -> StepChangeRun:
        """Steps `first` to `last` as what changed from step to step: the whole situation at
        `first` only, so a walk through a long match answers a little per step."""
        return self.replayed(ref).step_changes(first, last)

    def match_luck(self, ref: str) -> MatchLuck:
        """Every roll of a match with its exact odds before it and the luck it brought each
        coach (docs/analysis.md); no rolls, and no unit, for a game whose rules declare no
        odds."""
        from domain.luck import MatchLuck

        replayed = self.replayed(ref)
        found = replayed.luck
        return found if found is not None else MatchLuck("", replayed.record.sides(), ())

    def coach_luck(self, name: str) -> CoachLuck:
        """A coach's luck per game over every match they played (docs/analysis.md): what
        the dice brought their side less what was expected, summed from the matches' replays."""
        from service.luck_totals import coach_luck

        history = self.coach_history(name)
        return coach_luck(history.name, history.matches, self.replayed)

    def live_odds(self, ref: str) -> Odds | None:
        """The exact odds of the roll the match waits for, for its scoring page: None unless
        the match chose to show them while played (its `live-odds` option, off by default and
        for every match stored before it existed) or no roll is awaited."""
        record = self.load_record(ref)
        declared = record.ruleset.odds
        if declared is None or not declared.live(record.made_setup()):
            return None
        return declared.awaited(record.game)

    def replayed(self, ref: str) -> Replayed:
        """The match as it stands, for reading only, with its timeline: kept between the
        steps of a replay while the match does not change (service/replays.py)."""
        match_id = self.resolve(ref)
        kept = self._replays.get(match_id, self.version_of(str(match_id)))
        return kept if kept is not None else self._replays.keep(self._load(match_id))

    @property
    def _replays(self) -> ReplayCache:
        """The replays kept between steps, made on the first replay."""
        with self._replays_lock:
            if self._replays_kept is None:
                from service.replays import ReplayCache

                self._replays_kept = ReplayCache()
            return self._replays_kept

    # -- entries -------------------------------------------------------------------------

    @use_case
    def record(
        self,
        ref: str,
        action: Mapping[str, JSON],
        author: Author,
        override: str | None = None,
        key: str | None = None,
        expected_version: int | None = None,
        roll: bool = False,
        die_label: str | None = None,
    ) -> Written[Entry]:
        """Record one entry; `roll` lets the app fill the entry's chance fields at random;
        `die_label` names the physical die the table rolled it with ("red d6").

        A card's printed values the entry leaves out are filled from those known (the match's
        own, its league's card list, the installation's), and refused by name when none are;
        a card the match enters first joins its league's list (the installation's)."""
        taught: list[Aggregate] = []

        def change(match: MatchRecord) -> Entry:
            cards = self.cards_for(match, action.get("kind"))
            before = match.ruleset.learned_cards(match.game)
            filled = fill_by_chance(match, action) if roll else dict(action)
            filled = self._complete_printed(match, filled, cards)
            entry = match.record(
                filled, author, override=override, key=key, cards=cards, die_label=die_label
            )
            taught[:] = self._taught(match, cards, before)
            return entry

        return self._change(
            ref,
            expected_version,
            change,
            lambda match: match.earlier_entry(
                key, action, drawn=roll or leaves_printed_out(match, action)
            ),
            also=lambda: taught,
        )

    @use_case
    def undo(
        self,
        ref: str,
        author: Author,
        key: str | None = None,
        expected_version: int | None = None,
    ) -> Written[Retraction]:
        return self._change(
            ref,
            expected_version,
            lambda match: match.undo(author, key=key),
            lambda match: match.earlier_retraction(key),
        )

    @use_case
    def abandon(self, ref: str, author: Author, reason: str) -> Written[Abandonment]:
        """Stop a match for good: it takes no more entries and counts in no standings."""
        if not reason.strip():
            raise BadInput(phrase("give the reason the match is abandoned"))
        return self._change(ref, None, lambda match: match.abandon(author, reason))

    @use_case
    def annotate(
        self,
        ref: str,
        on: int,
        text: str,
        author: Author,
        key: str | None = None,
        glyph: str | None = None,
    ) -> Written[Annotation]:
        """A plain-text remark on entry `on` (0: before the first entry), with a glyph
        judging the entry if given (domain.glyphs: its name or symbol)."""
        try:
            glyph_named(glyph)
        except BadGlyph as error:
            raise BadInput(said(error)) from None
        return self._change(
            ref,
            None,
            lambda match: match.annotate(on, text, author, key=key, glyph=glyph),
            lambda match: match.earlier_annotation(key, on, text, glyph),
        )

    def version_of(self, ref: str) -> int:
        """The match's version from its newest stored event, without loading the match:
        cheap enough for every open page to ask once a second."""
        match_id = self.resolve(ref)
        with self._storage():
            newest = self.recorder.select_events(match_id, desc=True, limit=1)
        if not newest:
            raise MatchNotFound(phrase("no match with id {match}", match=match_id))
        return newest[0].originator_version

    # -- import --------------------------------------------------------------------------

    def import_log(
        self,
        ruleset: str,
        setup: Mapping[str, JSON],
        lines: list[tuple[int, LogLine]],
        file: MatchFileFacts,
        importer: Author,
        league: str | None = None,
        variations: Sequence[Variation] = (),
    ) -> ImportedMatch:
        """Re-check and store a whole match log with its provenance, or nothing if any line
        fails or the league already counts this match.

        Each of the file's `variations` becomes a what-if branch of the imported match, from
        its step, with its own lines replayed as the match's are, saved with the match.

        `lines` pairs each log line with its line number in the source file, so that a
        refusal can name it. Every line is written again as new input: its rules checked,
        its consequences worked out. `file` is what the file was and claims (its creator
        among the claims), `importer` who imports it. The match, its provenance and, in a
        league, the marks that the league now counts this file and this match are saved
        once, in one transaction: of two imports of one match into one league, however
        close, exactly one is stored (AlreadyImported names it to the other).
        """
        from domain.provenance import LeagueImport, import_keys
        from service.import_views import ImportedMatch

        try:
            rules = find_ruleset(ruleset)
            # A file's setup was written by the release that exported it: a setting added
            # since takes the reading that release recorded the match under.
            recorded = rules.recorded_setup(setup)
            canonical = rules.setup_to_dict(rules.make_setup(recorded))
        except (UnknownRuleset, SetupError) as error:
            raise BadInput(phrase("header: {problem}", problem=said(error))) from None
        league = check_league_for(self, league, ruleset)
        try:
            match = MatchRecord.start_import(ruleset, canonical, importer, file, len(lines), league)
        except BadText as error:
            raise BadInput(phrase("header: {problem}", problem=said(error))) from None
        assert match.provenance is not None
        facts = match.provenance.file  # as checked: a claimed id written the one way
        keys = import_keys(facts)
        if league is not None:
            refusal = self._origin_in_league(facts, league) or self._already_in_league(league, keys)
            if refusal is not None:
                raise refusal
        self._replay_lines(match, lines)
        branches = [_imported_branch(match, variation, importer) for variation in variations]
        same = self.same_matches(facts)
        at = match.provenance.importer.at
        marks = (
            [] if league is None else [LeagueImport(league, key, str(match.id), at) for key in keys]
        )
        try:
            with self._storage():
                self.save(match, *branches, *marks)
        except IntegrityError:
            # Another import of this very match into this league was stored first.
            refusal = None if league is None else self._already_in_league(league, keys)
            if refusal is None:
                raise
            raise refusal from None
        return ImportedMatch(match_view(match), same)

    @staticmethod
    def _replay_lines(match: MatchRecord, lines: list[tuple[int, LogLine]]) -> None:
        ruled_correction: Correction | None = None
        for line_number, line in lines:
            try:
                if ruled_correction is not None and not isinstance(line, Ruling):
                    raise BadInput(
                        phrase(
                            "the correction on line {line} names dispute {dispute}: the ruling "
                            "that made it must follow it",
                            line=ruled_correction.number,
                            dispute=ruled_correction.dispute,
                        )
                    )
                match line:
                    case Abandonment():
                        match.abandon(line.author, line.reason)
                    case Annotation():
                        match.annotate(
                            line.on, line.text, line.author, key=line.key, glyph=line.glyph
                        )
                    case Retraction():
                        effective = match.effective_entries()
                        if not effective or effective[-1].number != line.retracts:
                            raise BadInput(
                                phrase(
                                    "undo {entry} does not retract the latest entry in force",
                                    entry=line.retracts,
                                )
                            )
                        match.undo(line.author, key=line.key)
                    case Correction():
                        if line.dispute is not None:
                            ruled_correction = line  # written with the ruling that follows
                        else:
                            match.correct(
                                correction_request(line),
                                line.author,
                                line.reason,
                                key=line.key,
                                values=_values_judged(line),
                            )
                    case Entry():
                        # A file's printed values, and the card game's ability checks
                        # (CG-13.1, CG-1.3), are checked only where it says the table overrode
                        # a rule, so that the override keeps what it overrode: a line recorded
                        # before the checks, in a file of any format, carries no override.
                        cards = NO_CARDS if line.override else None
                        match.record(
                            line.action,
                            line.author,
                            line.override,
                            line.key,
                            cards=cards,
                            die_label=line.die_label,
                        )
                    case Dispute():
                        match.dispute(line.on, line.reason, line.author, key=line.key)
                    case Ruling():
                        request = None
                        corrected = ruled_correction
                        if ruled_correction is not None:
                            if ruled_correction.dispute != line.dispute:
                                raise BadInput(
                                    phrase(
                                        "the correction before it names dispute {named}, "
                                        "this ruling {dispute}",
                                        named=ruled_correction.dispute,
                                        dispute=line.dispute,
                                    )
                                )
                            request = correction_request(ruled_correction)
                            ruled_correction = None
                        match.rule(
                            line.dispute,
                            line.decision,
                            line.rules,
                            line.text,
                            line.author,
                            correction=request,
                            replay_from=line.replay_from,
                            key=line.key,
                            values=None if corrected is None else _values_judged(corrected),
                        )
                    case Confirmation():
                        match.confirm(line.side, line.author, key=line.key)
                    case _:
                        assert_never(line)
            except (
                RuleBroken,
                MalformedAction,
                BadInput,
                NothingToUndo,
                MatchAbandoned,
                BadAnnotation,
                BadText,
                KeyReused,
                BadDispute,
                BadDecision,
                DecisionsNeeded,
                NotConfirmable,
                ResultConfirmed,
            ) as error:
                raise BadInput(_on_line(line_number, error)) from None
        if ruled_correction is not None:
            raise BadInput(
                phrase(
                    "the correction on line {line} names dispute {dispute}, but no ruling "
                    "follows it",
                    line=ruled_correction.number,
                    dispute=ruled_correction.dispute,
                )
            )

    def match_scope(self, ref: str) -> MatchScope:
        """Where a match stands for access checks: its id, league and sides. A match keeps
        the league and sides it was created with, so they are read from its first event
        only, once per process."""
        match_id = self.resolve(ref)
        found = self._scopes.get(match_id)
        if found is None:
            try:
                with self._storage():
                    first: object = self.repository.get(match_id, version=1)
            except AggregateNotFoundError:
                raise MatchNotFound(phrase("no match with id {match}", match=match_id)) from None
            if not isinstance(first, MatchRecord):
                raise MatchNotFound(phrase("{match} is not a match", match=match_id))
            rules = first.ruleset
            sides = tuple(rules.side_labels(rules.make_setup(first.setup)))
            found = MatchScope(str(match_id), first.league, sides)
            if len(self._scopes) >= SCOPES_KEPT:
                self._scopes.clear()
            self._scopes[match_id] = found
        return found

    # -- plumbing ------------------------------------------------------------------------

    def resolve(self, ref: str) -> UUID:
        """A match by its full id or by a unique prefix of it (as `match list` shows)."""
        ref = ref.strip().lower()
        try:
            return UUID(ref)
        except ValueError:
            pass
        if len(ref) < 4:
            raise MatchNotFound(
                phrase("no match {match}: give at least 4 characters of its id", match=repr(ref))
            )
        found = [match_id for match_id in self._match_ids() if str(match_id).startswith(ref)]
        if not found:
            raise MatchNotFound(
                phrase("no match with id {match} (see: touchline match list)", match=repr(ref))
            )
        if len(found) > 1:
            raise AmbiguousMatch(f"{ref!r} names {len(found)} matches: give more of the id")
        return found[0]

    def _match_ids(self) -> list[UUID]:
        return self._originators_of(MatchRecord.Created)

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        """Snapshot a match that reached a snapshot point (service/snapshots.py) from the very
        aggregate just saved, then delete its older snapshots.

        The library's own `_take_snapshots` loads the aggregate again from the store (its
        latest snapshot and the events after it) to take each snapshot: at 1,000 entries that
        load cost more than the write itself. A save of many events (an import) that passes
        several points takes one snapshot, at the version it ends on.
        """
        if self.snapshots is None:
            return
        for aggregate in processing_event.aggregates.values():
            every = self.snapshotting_intervals.get(type(aggregate))
            if every is None:
                continue
            versions = [
                e.originator_version
                for e in processing_event.events
                if e.originator_id == aggregate.id
            ]
            if snapshot_due(versions, every):
                assert isinstance(aggregate, MatchRecord)
                self.snapshots.put([MatchRecord.Snapshot.take(aggregate)])
                drop_older_snapshots(
                    self.snapshots.recorder,
                    aggregate.id,
                    aggregate.version,
                    self.settings.is_postgres,
                )

    def _forget_matches(self) -> None:
        """Drop the matches kept in memory, so the next load reads the store (benchmarks)."""
        self._matches.clear()

    def _load(self, match_id: UUID) -> MatchRecord:
        """The match as stored now, for reading only (a write changes a fork of it).

        A match kept in memory is brought up to date with the events stored since it was
        kept, by this process or any other; otherwise it is loaded from its snapshot.
        """
        kept = self._matches.get(match_id)
        try:
            with self._storage():
                if kept is None:
                    match: object = self.repository.get(match_id)
                else:
                    newer = list(self.events.get(match_id, gt=kept.version))
                    match = kept
                    if newer:
                        match = kept.fork()
                        for stored in newer:
                            assert isinstance(stored, Aggregate.Event)
                            match = stored.mutate(match)
        except AggregateNotFoundError:
            raise MatchNotFound(phrase("no match with id {match}", match=match_id)) from None
        except TouchlineError:
            raise
        except Exception:
            # Stored events that no longer fold (a version missing, fields that fit no event)
            # were changed outside Touchline: say where, rather than fail with a traceback.
            report = self.verify_match(str(match_id))
            if report.intact:
                raise
            raise RecordBroken(
                f"match {match_id} cannot be loaded, its stored record was changed outside "
                f"Touchline: {report.describe()}"
            ) from None
        if not isinstance(match, MatchRecord):
            raise MatchNotFound(phrase("{match} is not a match", match=match_id))
        self._matches.keep(match)
        return match

    def _change(
        self,
        ref: str,
        expected_version: int | None,
        change: Callable[[MatchRecord], L],
        earlier_write: Callable[[MatchRecord], L | None] | None = None,
        also: Callable[[], Sequence[Aggregate]] = lambda: (),
    ) -> Written[L]:
        """Load, change and save the match (with the aggregates `also` names once it changed,
        in the same transaction); the answer is the line written and the version that very
        write produced (never a later one another writer made since)."""
        match_id = self.resolve(ref)
        kept = self._matches.current(match_id)
        if kept is not None:
            # The match as this process last stored or read it, without asking the store for
            # newer events first (unless it was seen to be behind): the insert itself tells.
            # Versions are dense and each is stored once (the event table's unique key), so a
            # copy behind the store writes a version another writer holds already, and the
            # save fails and stores nothing.
            # A refusal may also come from being behind (the entry follows one made
            # elsewhere, the caller saw a later version), so anything but the store being
            # away is tried again below, from the match as the store holds it now.
            try:
                return self._write(kept, expected_version, change, earlier_write, also)
            except (DatabaseUnavailable, LinkChangedMeanwhile):
                raise
            except Exception:  # answered below, from the match as the store holds it
                pass
        for _ in range(CONFLICT_RETRIES):
            try:
                return self._write(
                    self._load(match_id), expected_version, change, earlier_write, also
                )
            except IntegrityError:
                # Another writer got there first. Loading again settles it: their entry may be
                # this very one (same key), or the version the caller saw is now stale.
                continue
        raise StaleMatch(
            phrase(
                "the match kept changing under {attempts} attempts: try again",
                attempts=CONFLICT_RETRIES,
            ),
            -1,
        )

    def _write(
        self,
        stored: MatchRecord,
        expected_version: int | None,
        change: Callable[[MatchRecord], L],
        earlier_write: Callable[[MatchRecord], L | None] | None,
        also: Callable[[], Sequence[Aggregate]],
    ) -> Written[L]:
        """One attempt of `_change` on a fork of `stored`: IntegrityError when another writer
        stored the next version first."""
        match = stored.fork()
        try:
            earlier = earlier_write(match) if earlier_write is not None else None
        except KeyReused as error:
            raise IdempotencyKeyReused(said(error)) from None
        if earlier is not None:
            # A retried request (a double tap, a resent API call) gets what the first one
            # recorded, even though the match has moved on since.
            return Written(
                earlier,
                match.version_after(earlier),
                repeat=True,
                words=partial(_said, match, earlier),
            )
        if expected_version is not None and match.version != expected_version:
            raise StaleMatch(
                phrase(
                    "the match has changed (now at version {version}, you saw {seen}): "
                    "reload it and enter again",
                    version=match.version,
                    seen=expected_version,
                ),
                match.version,
            )
        try:
            line = change(match)
        except (RuleBroken, NothingToUndo, DecisionsNeeded, NotConfirmable, ResultConfirmed):
            raise
        except KeyReused as error:
            raise IdempotencyKeyReused(said(error)) from None
        except (
            MalformedAction,
            MatchAbandoned,
            BadAnnotation,
            BadText,
            BadDispute,
            BadDecision,
        ) as error:
            raise BadInput(said(error)) from None
        with self._storage():
            self.save(match, *also())
        self._matches.keep(match)
        return Written(
            line, match.version_after(line), repeat=False, words=partial(_said, match, line)
        )

    def newest_versions(self, match_ids: Collection[UUID]) -> dict[UUID, int]:
        versions = super().newest_versions(match_ids)
        # What the live pages' watcher sees tells which kept matches are behind the store.
        self._matches.seen_stored(versions)
        return versions

    def draw(self, ref: str, action: Mapping[str, JSON]) -> dict[str, JSON]:
        """The action with its chance fields filled now, to be recorded afterwards as is."""
        return fill_by_chance(self.load_record(ref), action)

    @contextmanager
    def _storage(self) -> Iterator[None]:
        self._opening.ensure(self)  # on first use, when the store was away at the start
        try:
            yield
        except IntegrityError:
            raise
        except UnicodeEncodeError:
            # Text the database cannot hold (a lone UTF-16 surrogate): refused, nothing stored.
            raise BadInput(phrase("the text holds characters that cannot be stored")) from None
        except (PersistenceError, OSError) as error:
            raise DatabaseUnavailable(
                f"cannot use the database at {self.settings.safe_url}: {first_line(error)}"
            ) from None


def _said(match: MatchRecord, line: LogLine) -> PlacedLine:
    """A line just written (or written by an earlier try of the same request), as the
    match report words it: what a write answers beside the line's data."""
    rules = match.ruleset
    return placed_line(rules, names_of(rules, match.made_setup()), match.log, line.number)
