"""Disputes, rulings, corrections and confirmations: settling what happened at the table.

Each is one load → domain → save of the match, like an entry (`Touchline._change`): the
aggregate decides, and a refused request stores nothing. Who may do which is the adapters'
check against the access policy; the match only knows what each line means.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from domain.log import Confirmation, Correction, Dispute, LogLine, Ruling
from domain.match import Author, CorrectionRequest, MatchRecord
from domain.printed import CardLibrary
from domain.rejudge import KEEP, WITHDRAW, ValuesJudged
from domain.ruleset import JSON
from service.boundary import use_case
from service.store import StoreApplication
from service.views import Written

L = TypeVar("L", bound=LogLine)


def _retried(
    key: str | None, write: Callable[[MatchRecord], L]
) -> Callable[[MatchRecord], L | None]:
    """The line an earlier request wrote under `key`, if this request is a retry of it.

    With a key the match already knows, the aggregate's write methods write nothing: they
    answer the line written under it, or refuse a different request that reuses the key
    (KeyReused). Asking them first tells the retry apart from a new write.
    """

    def earlier(match: MatchRecord) -> L | None:
        if key is None or match.entry_for_key(key) is None:
            return None
        return write(match)

    return earlier


def correction_request(line: Correction) -> CorrectionRequest:
    """What a stored correction asked for, to make it again (a match file's import)."""
    decisions = {number: KEEP for number in line.kept}
    decisions.update({number: WITHDRAW for number in line.withdrawn})
    # The file names the corrected entry's die, or none: blank, never the replaced one's.
    return CorrectionRequest(
        line.replaces, line.action, line.override, decisions, die_label=line.die_label or ""
    )


class DisputeUseCases(StoreApplication):
    if TYPE_CHECKING:
        # Declared for the type checker only: `service.app.Touchline` defines `_change` (load,
        # change, save with retries), the card lists' use cases `cards_for`.
        def _change(
            self,
            ref: str,
            expected_version: int | None,
            change: Callable[[MatchRecord], L],
            earlier_write: Callable[[MatchRecord], L | None] | None = None,
        ) -> Written[L]: ...

        def cards_for(self, match: MatchRecord, kind: object = None) -> CardLibrary: ...

    @use_case
    def dispute(
        self,
        ref: str,
        on: int | None,
        reason: str,
        author: Author,
        key: str | None = None,
    ) -> Written[Dispute]:
        """Dispute entry `on` (None: the result); the match goes on meanwhile."""

        def write(match: MatchRecord) -> Dispute:
            return match.dispute(on, reason, author, key=key)

        return self._change(ref, None, write, _retried(key, write))

    @use_case
    def rule(
        self,
        ref: str,
        dispute: int,
        decision: str,
        rules: Sequence[str],
        text: str,
        author: Author,
        *,
        correction: CorrectionRequest | None = None,
        replay_from: int | None = None,
        key: str | None = None,
    ) -> Written[Ruling]:
        """A referee's ruling on an open dispute: stands, corrected or replay from an entry.
        A correction's printed values, and those of the entries judged again after it, are
        checked as a new entry's are (the match's own, its league's list, the installation's)."""

        def write(match: MatchRecord) -> Ruling:
            return match.rule(
                dispute,
                decision,
                rules,
                text,
                author,
                correction=correction,
                replay_from=replay_from,
                key=key,
                values=ValuesJudged(self.cards_for(match)),
            )

        return self._change(ref, None, write, _retried(key, write))

    @use_case
    def correct(
        self,
        ref: str,
        replaces: int,
        action: Mapping[str, JSON],
        reason: str,
        author: Author,
        *,
        override: str | None = None,
        decisions: Mapping[int, str] | None = None,
        key: str | None = None,
        expected_version: int | None = None,
        die_label: str | None = None,
    ) -> Written[Correction]:
        """The scorers' own correction of entry `replaces`, before the result is confirmed; its
        printed values are checked as `rule`'s are. `die_label` names the die the corrected
        entry was rolled with: None keeps the replaced entry's, blank names none."""
        request = CorrectionRequest(
            replaces, dict(action), override, dict(decisions or {}), die_label=die_label
        )

        def write(match: MatchRecord) -> Correction:
            return match.correct(
                request, author, reason, key=key, values=ValuesJudged(self.cards_for(match))
            )

        return self._change(ref, expected_version, write, _retried(key, write))

    @use_case
    def confirm(
        self, ref: str, side: str, author: Author, key: str | None = None
    ) -> Written[Confirmation]:
        """A coach confirms the result for their side (again: nothing new is written)."""

        def write(match: MatchRecord) -> Confirmation:
            return match.confirm(side, author, key=key)

        def earlier(match: MatchRecord) -> Confirmation | None:
            # Confirming a result the side confirmed already writes nothing: it answers the
            # confirmation made then, as a retry does.
            if side in match.result_status().confirmed_by:
                return write(match)
            return _retried(key, write)(match)

        return self._change(ref, None, write, earlier)
