"""What one match contributes to the read models, worked out from its consequences alone.

One fold serves every game: it reads the declared consequences (`domain.consequences`) of the
entries still in force, and nothing of a game's rules, setup or actions. What a consequence
means to the read side is declared with it: the stretch of play it starts (`phase_name`), the
score after it (`score_after`), the statistics it counts (`tallies`), the dice rolled
(`DieRolled`) and the final ranking (`FinalResult`). Reading stored consequences is what
keeps a rebuild fast: replaying the rules for every finished match would be several times
slower.

Names come from the ruleset's `participants(setup)` (each side's coach and team) and the
score line from its `scoreline`: a match with no entry yet has no consequence to carry them,
yet is listed with its coaches and a 0–0.

Whether the coaches confirmed the result is the match's own judgement (`status_of`), given the
final result as folded here: confirming it replays no rule either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from domain.consequences import (
    CardPlayed,
    Consequence,
    DieRolled,
    FinalResult,
    MatchEnded,
    PassageStarted,
    Pitch,
    PlayerLeft,
    ShotTaken,
)
from domain.log import Dispute
from domain.match import IN_PLAY, MatchRecord, ResultStatus
from domain.ruleset import Participant
from domain.standings import MatchResult
from service.projections.subjects import COACH, PLAYER, TABLE, TEAM


@dataclass
class Contribution:
    """A match's share of every read model; rows are replaced whole when the match changes."""

    score: str = ""
    phase: str = ""
    winner: str | None = None
    finished: bool = False
    # Once finished (and not abandoned): coaches best first, sharing a place when level, their
    # goals (crowns), and whether the coaches confirmed it.
    result: MatchResult | None = None
    # Where the result stands with the coaches (`ResultStatus.state`), the coaches whose
    # confirmation it awaits once there is one, and the disputes still open, result or not.
    result_state: str = IN_PLAY
    awaiting: tuple[str, ...] = ()
    disputes: tuple[Dispute, ...] = ()
    # (subject kind, subject, statistic) -> count
    stats: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    # Each side's finishing place (1 + the sides ahead of it) and final score, once the rules
    # ranked the match (not abandoned): the match history of coaches and teams.
    places: dict[str, int] = field(default_factory=dict)
    final_score: dict[str, int] = field(default_factory=dict)
    # (coach, faces of the die, face shown, source, the die's label or "") -> how many times
    dice: Counter[tuple[str, int, int, str, str]] = field(default_factory=Counter)

    def count(self, kind: str, subject: str, stat: str, by: int = 1) -> None:
        self.stats[(kind, subject, stat)] += by


def participants(match: MatchRecord) -> tuple[Participant, ...]:
    rules = match.ruleset
    return rules.participants(rules.make_setup(match.setup))


def coaches_of(match: MatchRecord) -> dict[str, str]:
    """Side -> coach, in seating order."""
    return {p.side: p.coach for p in participants(match)}


def _with_die_labels(match: MatchRecord) -> Iterator[tuple[Consequence, str]]:
    """The consequences of every entry still in force, in order, as declared types (each
    game's own: see `MatchRecord.consequence_from`), each with the name of the die its entry
    was rolled with ("" when none was named)."""
    for line in match.effective_entries():
        label = line.die_label or ""
        for consequence in line.consequences:
            yield consequence, label


def fold(match: MatchRecord) -> Contribution:
    tallying = Tallying(participants(match), match.ruleset.scoreline)
    for consequence, die_label in _with_die_labels(match):
        tallying.take(consequence, die_label)
    # The result as folded, so that confirming it replays no rule.
    return tallying.contribution(match.status_of(tallying.final), match.open_disputes())


class Tallying:
    """A fold under way: what the consequences in force taken so far, in the order of play,
    add up to. `fold` takes every consequence of a match; a match folded from its events as
    they come keeps one and takes each new entry's (service/projections/folding.py)."""

    def __init__(
        self, seats: Sequence[Participant], scoreline: Callable[[Mapping[str, int]], str]
    ) -> None:
        self.coach = {p.side: p.coach for p in seats}
        self.team = {p.side: p.team for p in seats}
        self._scoreline = scoreline
        self.out = Contribution()
        self.score: dict[str, int] = dict.fromkeys(self.coach, 0)
        self.pitch = Pitch()
        self.final: FinalResult | None = None
        self.out.score = self.scoreline()

    def scoreline(self) -> str:
        return self._scoreline({side: self.score.get(side, 0) for side in self.coach})

    def take(self, consequence: Consequence, die_label: str = "") -> None:
        """Take one consequence of an entry in force; `die_label` names the physical die the
        entry was rolled with ("" when none was named)."""
        out = self.out
        if isinstance(consequence, DieRolled):
            die = (self.coach[consequence.side], consequence.faces, consequence.value)
            # Only the table's dice are physical: the app's own rolls name no die.
            label = die_label if consequence.source == TABLE else ""
            out.dice[(*die, consequence.source, label)] += 1
            return
        # Only what this type answers otherwise than "nothing" is asked (one Python call each).
        declared = type(consequence)
        asks = _ASKED.get(declared) or _asked_of(declared)
        if asks.tallies:
            coach, team, stats = self.coach, self.team, out.stats
            for tally in consequence.tallies(self.pitch):
                side, stat = tally.side, tally.stat
                keys = [(COACH, coach[side], stat), (TEAM, team[side], stat)]
                keys += [(PLAYER, player, stat) for player in tally.players]
                if tally.once:
                    for key in keys:
                        stats[key] = 1
                else:
                    for key in keys:
                        stats[key] = stats.get(key, 0) + 1
        if asks.follows:
            _follow(self.pitch, consequence)
        if asks.phase:
            phase = consequence.phase_name()
            if phase is not None:
                out.phase = phase
        if asks.score:
            after = consequence.score_after(self.score)
            if after is not None:
                self.score = dict(after)
                out.score = self.scoreline()
        if isinstance(consequence, MatchEnded):
            out.finished = True
        if isinstance(consequence, FinalResult):
            self.final = consequence
            winners = consequence.winners
            out.winner = self.coach[winners[0]] if len(winners) == 1 else None
            out.places = _places(consequence.ranking)
            out.final_score = {side: int(n) for side, n in consequence.score.items()}

    def copy(self) -> Tallying:
        """Another fold from the same point, to go on with apart from this one."""
        copied = object.__new__(Tallying)
        copied.__dict__.update(vars(self))
        copied.out = _copied(self.out)
        copied.score = dict(self.score)
        copied.pitch = self.pitch.copy()
        return copied

    def contribution(self, status: ResultStatus, disputes: Sequence[Dispute]) -> Contribution:
        """The contribution so far, given where its final result stands with the coaches and
        the disputes still open; taking more consequences leaves it as it is."""
        out = _copied(self.out)
        out.result_state = status.state
        out.disputes = tuple(disputes)
        if self.final is not None and status.state != IN_PLAY:
            out.result = _by_coach(self.final, self.coach, status.state)
            out.awaiting = tuple(self.coach[side] for side in status.awaiting)
        return out


# What `Tallying.take` and `_follow` read a consequence by: the types they look for, and the
# methods they ask. A consequence of none of these types whose type keeps the base methods
# changes nothing in a fold, so a fold may leave it unread (tests/service/projections/
# test_pj_folding.py reads this module to check that the lists name all they look at).
TAKEN_TYPES: tuple[type[Consequence], ...] = (
    DieRolled,
    FinalResult,
    MatchEnded,
    PassageStarted,
    CardPlayed,
    PlayerLeft,
    ShotTaken,
)
TAKEN_METHODS = ("tallies", "phase_name", "score_after")


# The types `_follow` follows the pitch by.
_FOLLOWED = (PassageStarted, CardPlayed, PlayerLeft, ShotTaken)


@dataclass(frozen=True)
class _Asked:
    """What `Tallying.take` asks a consequence of one type: each method the type (or one of
    its bases) declares otherwise than `Consequence`'s "nothing", and whether `_follow` looks
    at it."""

    tallies: bool
    follows: bool
    phase: bool
    score: bool


def _asked_of(declared: type[Consequence]) -> _Asked:
    def own(name: str) -> bool:
        return getattr(declared, name) is not getattr(Consequence, name)

    asked = _Asked(
        tallies=own("tallies"),
        follows=issubclass(declared, _FOLLOWED),
        phase=own("phase_name"),
        score=own("score_after"),
    )
    _ASKED[declared] = asked
    return asked


_ASKED: dict[type[Consequence], _Asked] = {}


def changes_nothing(declared: type[Consequence]) -> bool:
    """Whether a consequence of this type leaves every fold as it was."""
    return not issubclass(declared, TAKEN_TYPES) and all(
        getattr(declared, name) is getattr(Consequence, name) for name in TAKEN_METHODS
    )


def _copied(out: Contribution) -> Contribution:
    """A contribution whose counters (every container it holds) are its own."""
    copied = object.__new__(Contribution)
    copied.__dict__.update(
        {
            name: value.copy() if isinstance(value, dict | list | set) else value
            for name, value in vars(out).items()
        }
    )
    return copied


def _places(ranking: tuple[tuple[str, ...], ...]) -> dict[str, int]:
    """Side -> finishing place: level sides share one, and the next place counts them all."""
    places: dict[str, int] = {}
    ahead = 0
    for place in ranking:
        for side in place:
            places[side] = ahead + 1
        ahead += len(place)
    return places


def _follow(pitch: Pitch, consequence: Consequence) -> None:
    """Who is in play, and who shot, as the passage of play goes on: players only, as the
    game declares them (`CardPlayed.is_player`)."""
    if isinstance(consequence, PassageStarted):
        pitch.in_play.clear()
        pitch.shooter.clear()
    elif isinstance(consequence, CardPlayed):
        if consequence.is_player:
            pitch.in_play.setdefault(consequence.side, []).append(consequence.player)
    elif isinstance(consequence, PlayerLeft):
        players = pitch.in_play.get(consequence.side, [])
        if consequence.player in players:
            players.remove(consequence.player)
    elif isinstance(consequence, ShotTaken):
        pitch.shooter[consequence.side] = consequence.player if consequence.is_player else ""


def _by_coach(final: FinalResult, coach: Mapping[str, str], state: str) -> MatchResult:
    places = tuple(tuple(coach[side] for side in place) for place in final.ranking)
    return MatchResult(places, {coach[side]: int(n) for side, n in final.score.items()}, state)


def result_of(match: MatchRecord, coaches: Mapping[str, str]) -> MatchResult | None:
    """The ruleset's own final ranking by coach, and the match's own word on its confirmation
    (both replaying the rules): what a fold's `result` must agree with."""
    result, status = match.result(), match.result_status()
    if result is None or status.state == IN_PLAY:
        return None
    places = tuple(tuple(coaches[side] for side in place) for place in result.ranking)
    goals = {coaches[side]: int(value) for side, value in result.scores.items()}
    return MatchResult(places, goals, status.state)
