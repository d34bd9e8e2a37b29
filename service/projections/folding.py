"""A match's share of the read models, folded from its stored events one at a time, without
building the match record.

A rebuild (and a follower) meets every event of the log once. Rebuilding each touched match's
`MatchRecord`, with its whole log, and folding it again in every batch its events reach cost
over half of a rebuild; a `MatchFold` keeps only what the views need, and each event adds to
it where it stands:

- the setup's facts (title, coaches and teams, league, times, provenance), worked out once;
- the entries in force in the order of play, each with its consequences read as their
  declared types once (an undo, a correction or a ruling may take entries back or change
  them, so the fold must be able to go back);
- the running tally of those consequences (`fold.Tallying`, the very fold `fold.fold` walks
  a whole record with), with copies of it kept every `CHECKPOINT_EVERY` entries in force: an
  undo, or a correction deep in the past, takes the latest copy before the first entry that
  changed and takes again only the entries from there;
- the disputes still open and the coaches' confirmations, for where the result stands.

A new entry is folded in as it comes: each entry's consequences are taken once, in a rebuild
and in following alike, whatever the number of batches a match's events fall in. The views
read a `MatchFacts` and a `Contribution` from it after each batch.

An event the fold cannot take by itself (an entry stored before the consequence vocabulary,
whose consequences the rules must work out again, or an event of a kind it does not know)
makes it say so; the projector then loads the record at that version and folds it whole
(`MatchFold.of`), as it does for a match it no longer keeps. The tests check that both ways,
and any mix of them, give what `fold.fold` gives from the record, at every version.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.consequences import Consequence, declared_types, from_dict
from domain.log import Confirmation, Correction, Dispute, Entry, Ruling
from domain.match import MatchRecord, imported_provenance, result_status
from domain.provenance import Provenance
from domain.registry import find_ruleset
from domain.ruleset import Participant
from service.projections.fold import Contribution, Tallying, changes_nothing
from service.views import title_for

# Entries in force between two kept copies of the tally: an undo takes at most this many
# entries again, and a copy costs a few of them.
CHECKPOINT_EVERY = 64


@dataclass(frozen=True)
class MatchFacts:
    """What the views show of a match besides its contribution: named as the match record
    names them, and worked out from its events as they are from the record (`of`)."""

    id: UUID
    ruleset_name: str
    league: str | None
    title: str
    participants: tuple[Participant, ...]
    created_at: str
    # The time of the latest line of the log, of any kind (None before the first).
    last_entry_at: str | None
    # How many entries are in force.
    entries: int
    abandoned: bool
    provenance: Provenance | None
    # A what-if branch (domain.branching) counts in no read model but its own listing.
    branch: bool = False

    @property
    def coaches(self) -> dict[str, str]:
        """Side -> coach, in seating order."""
        return {p.side: p.coach for p in self.participants}

    @classmethod
    def of(cls, match: MatchRecord) -> MatchFacts:
        """The facts of a match record, as the views always read them from it."""
        rules = match.ruleset
        return cls(
            id=match.id,
            ruleset_name=match.ruleset_name,
            league=match.league,
            title=title_for(rules, match.made_setup()),
            participants=tuple(rules.participants(match.made_setup())),
            created_at=match.created_at,
            last_entry_at=match.log[-1].at if match.log else None,
            entries=len(match.effective_entries()),
            abandoned=match.abandonment is not None,
            provenance=match.provenance,
            branch=match.branch is not None,
        )


@dataclass(eq=False)
class _Entry:
    """An entry line (a correction too) as the fold needs it. Its flags change as later lines
    take it out of force; changed consequences (a correction's re-derived ones) make a new
    one, so that the order of play tells a changed entry by identity."""

    number: int
    consequences: tuple[Consequence, ...]
    correction: bool
    retracted: bool = False
    corrected_by: int | None = None
    # The physical die the table named for the entry ("red d6"); "" when none was named.
    die_label: str = ""


@dataclass
class MatchFold:
    """One match as the read side folds it from its events (see the module's doc)."""

    id: UUID
    version: int
    ruleset_name: str
    league: str | None
    created_at: str
    participants: tuple[Participant, ...]
    title: str
    # The package of the match's game: its stored consequences are read as its types first.
    game: str
    lines: int = 0
    last_at: str | None = None
    abandoned: bool = False
    provenance: Provenance | None = None
    branch: bool = False
    # Entry lines by number, and the entries in force in the order of play.
    entries: dict[int, _Entry] = field(default_factory=dict)
    in_force: list[_Entry] = field(default_factory=list)
    # Open disputes by line number, in the order they were made.
    disputes: dict[int, Dispute] = field(default_factory=dict)
    confirmations: list[Confirmation] = field(default_factory=list)
    # The tally of the first `folded` entries in force, and kept copies of it: (entries
    # taken, tally), every CHECKPOINT_EVERY entries, the kick-off's first.
    tallying: Tallying = field(init=False)
    folded: int = 0
    checkpoints: list[tuple[int, Tallying]] = field(init=False)

    def __post_init__(self) -> None:
        rules = find_ruleset(self.ruleset_name)
        self.tallying = Tallying(self.participants, rules.scoreline)
        self.checkpoints = [(0, self.tallying.copy())]

    # -- made from the first event, or from a record --------------------------------------

    @classmethod
    def created(cls, event: MatchRecord.Created) -> MatchFold:
        return cls._new(
            event.originator_id,
            event.originator_version,
            event.ruleset,
            event.setup,
            event.league,
            event.created_at,
        )

    @classmethod
    def _new(
        cls,
        match_id: UUID,
        version: int,
        ruleset: str,
        setup: Any,
        league: str | None,
        created_at: str,
    ) -> MatchFold:
        rules = find_ruleset(ruleset)
        made = rules.make_setup(setup)
        return cls(
            id=match_id,
            version=version,
            ruleset_name=ruleset,
            league=league,
            created_at=created_at,
            participants=tuple(rules.participants(made)),
            title=title_for(rules, made),
            game=type(rules).__module__.rpartition(".")[0],
        )

    @classmethod
    def of(cls, match: MatchRecord) -> MatchFold:
        """A match record's fold, whole: the record has upcast and worked out whatever
        earlier releases stored."""
        folded = cls._new(
            match.id,
            match.version,
            match.ruleset_name,
            match.setup,
            match.league,
            match.created_at,
        )
        ruled: set[int] = set()
        for line in match.log:
            if isinstance(line, Entry):
                folded.entries[line.number] = _Entry(
                    line.number,
                    tuple(line.consequences),
                    isinstance(line, Correction),
                    line.retracted,
                    line.corrected_by,
                    line.die_label or "",
                )
            elif isinstance(line, Dispute):
                folded.disputes[line.number] = line
            elif isinstance(line, Ruling):
                ruled.add(line.dispute)
            elif isinstance(line, Confirmation):
                folded.confirmations.append(line)
        for number in ruled:
            folded.disputes.pop(number, None)
        folded.lines = len(match.log)
        folded.last_at = match.log[-1].at if match.log else None
        folded.abandoned = match.abandonment is not None
        folded.provenance = match.provenance
        folded.branch = match.branch is not None
        folded._reorder()
        return folded

    # -- what the views read --------------------------------------------------------------

    def facts(self) -> MatchFacts:
        return MatchFacts(
            id=self.id,
            ruleset_name=self.ruleset_name,
            league=self.league,
            title=self.title,
            participants=self.participants,
            created_at=self.created_at,
            last_entry_at=self.last_at,
            entries=len(self.in_force),
            abandoned=self.abandoned,
            provenance=self.provenance,
            branch=self.branch,
        )

    def contribution(self) -> Contribution:
        tallying = self.tallying
        status = result_status(
            tallying.final,
            [p.side for p in self.participants],
            self.confirmations,
            tuple(self.disputes),
            abandoned=self.abandoned,
        )
        return tallying.contribution(status, tuple(self.disputes.values()))

    # -- one event at a time --------------------------------------------------------------

    def take(self, event: Any) -> bool:
        """Fold the match's next event in; False, changing nothing, if this fold cannot (see
        the module's doc): the caller loads the record instead."""
        if event.originator_version != self.version + 1:
            return False
        if isinstance(event, MatchRecord.EntryRecorded):
            if isinstance(event.consequences, dict):
                return False  # stored before the vocabulary: the rules work them out again
            entry = _Entry(
                self.lines + 1,
                self._typed(event.consequences),
                correction=False,
                die_label=event.die_label or "",
            )
            self.entries[entry.number] = entry
            self.in_force.append(entry)
            self._fold_on()
        elif isinstance(event, MatchRecord.EntryRetracted):
            retracted = self.entries.get(event.retracts)
            if retracted is None:
                return False
            retracted.retracted = True
            if self.in_force and self.in_force[-1] is retracted:
                self.in_force.pop()  # an undo: the latest entry in force
                self._rewind(len(self.in_force))
            else:
                self._reorder()
        elif isinstance(event, MatchRecord.Corrected):
            if not self._corrected(event):
                return False
        elif isinstance(event, MatchRecord.Ruled):
            if any(n not in self.entries for n in event.replayed):
                return False
            for number in event.replayed:
                self.entries[number].retracted = True
            self.disputes.pop(event.dispute, None)
            if event.replayed:
                self._reorder()
        elif isinstance(event, MatchRecord.Disputed):
            self.disputes[self.lines + 1] = Dispute(
                number=self.lines + 1,
                by=event.by,
                at=event.at,
                device=event.device,
                link=event.link,
                key=event.key,
                on=event.on,
                reason=event.reason,
            )
        elif isinstance(event, MatchRecord.Confirmed):
            self.confirmations.append(
                Confirmation(
                    number=self.lines + 1,
                    by=event.by,
                    at=event.at,
                    device=event.device,
                    link=event.link,
                    key=event.key,
                    side=event.side,
                    result=event.result,
                )
            )
        elif isinstance(event, MatchRecord.Abandoned):
            self.abandoned = True
        elif isinstance(event, MatchRecord.Imported):
            self.provenance = imported_provenance(
                **{name: getattr(event, name) for name in _IMPORTED_FIELDS}
            )
            self.version = event.originator_version
            return True  # not a line of the log
        elif isinstance(event, MatchRecord.Branched):
            self.branch = True
            self.version = event.originator_version
            return True  # not a line of the log
        elif not isinstance(event, MatchRecord.Annotated):
            return False  # a kind of event this fold does not know
        self.lines += 1
        self.last_at = event.at
        self.version = event.originator_version
        return True

    def _corrected(self, event: Any) -> bool:
        number = self.lines + 1
        replaced = self.entries.get(event.replaces)
        changed = [int(item["number"]) for item in event.rederived]
        if replaced is None or any(n not in self.entries for n in [*event.withdrawn, *changed]):
            return False
        replaced.corrected_by = number
        for withdrawn in event.withdrawn:
            self.entries[withdrawn].retracted = True
        for item in event.rederived:
            was = self.entries[int(item["number"])]
            self.entries[was.number] = _Entry(
                was.number,
                self._typed(item["consequences"]),
                was.correction,
                was.retracted,
                was.corrected_by,
                was.die_label,
            )
        self.entries[number] = _Entry(
            number,
            self._typed(event.consequences),
            correction=True,
            die_label=event.die_label or "",
        )
        self._reorder()
        return True

    def _typed(self, stored: Any) -> tuple[Consequence, ...]:
        """The consequences that count in a fold, read as their declared types; those that
        change nothing in it (`fold.changes_nothing`) are left unread: about two in five."""
        game = self.game
        return tuple([from_dict(c, game) for c in stored if not _unread(str(c["kind"]), game)])

    # -- the order of play and the tally --------------------------------------------------

    def _reorder(self) -> None:
        """Work the order of play out again (as `MatchRecord.effective_entries` does) and take
        again the entries from the first place it changed."""
        order: list[_Entry] = []
        for entry in self.entries.values():
            if entry.correction:
                continue
            while entry.corrected_by is not None:
                entry = self.entries[entry.corrected_by]
            if not entry.retracted:
                order.append(entry)
        same = 0
        for before, now in zip(self.in_force, order, strict=False):
            if before is not now:
                break
            same += 1
        self.in_force = order
        self._rewind(same)

    def _rewind(self, place: int) -> None:
        """Take again every entry in force from `place` on (those before it are unchanged)."""
        if self.folded > place:
            while self.checkpoints[-1][0] > place:
                self.checkpoints.pop()
            taken, kept = self.checkpoints[-1]
            self.tallying, self.folded = kept.copy(), taken
        self._fold_on()

    def _fold_on(self) -> None:
        tallying = self.tallying
        for entry in self.in_force[self.folded :]:
            for consequence in entry.consequences:
                tallying.take(consequence, entry.die_label)
            self.folded += 1
            if self.folded % CHECKPOINT_EVERY == 0:
                self.checkpoints.append((self.folded, tallying.copy()))


def _unread(kind: str, game: str) -> bool:
    """Whether a stored consequence of `kind` changes nothing in a fold, whichever type it is
    read as (a plain `Consequence` when none fits)."""
    types = declared_types(kind, game)
    found = _UNREAD.get(types)
    if found is None:
        found = _UNREAD[types] = all(changes_nothing(t) for t in types)
    return found


# By the types a kind may be read as: a game loaded later may declare more of them.
_UNREAD: dict[tuple[type[Consequence], ...], bool] = {}

_IMPORTED_FIELDS = (
    "by", "at", "device", "link", "sha256", "format_version", "checked", "chain",
    "chain_break", "lines", "created_by", "created_at", "source", "exported", "imported_from",
    "earlier_import", "seal",
)  # fmt: skip
