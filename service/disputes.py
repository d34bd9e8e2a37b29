"""Disputes, rulings, corrections and confirmations: settling what happened at the table.

Each is one load → domain → save of the match, like an entry (`Touchline._change`): the
aggregate decides, and a refused request stores nothing. Who may do which is the adapters'
check against the access policy; the match only knows what each line means.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from domain.log import Confirmation, Correction, Dispute, LogLine, Ruling
from domain.match import Author, CorrectionRequest, MatchRecord
from domain.rejudge import KEEP, WITHDRAW
from domain.ruleset import JSON
from service.boundary import use_case
from service.store import StoreApplication
from service.views import Written

L = TypeVar("L", bound=LogLine)


def correction_request(line: Correction) -> CorrectionRequest:
    """What a stored correction asked for, to make it again (a match file's import)."""
    decisions = {number: KEEP for number in line.kept}
    decisions.update({number: WITHDRAW for number in line.withdrawn})
    return CorrectionRequest(line.replaces, line.action, line.override, decisions)


class DisputeUseCases(StoreApplication):
    def _change(
        self,
        ref: str,
        expected_version: int | None,
        change: Callable[[MatchRecord], L],
        earlier_write: Callable[[MatchRecord], L | None] | None = None,
    ) -> Written[L]:
        raise NotImplementedError  # Touchline's own: load, change, save with retries

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
        return self._change(ref, None, lambda match: match.dispute(on, reason, author, key=key))

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
        """A referee's ruling on an open dispute: stands, corrected or replay from an entry."""
        return self._change(
            ref,
            None,
            lambda match: match.rule(
                dispute,
                decision,
                rules,
                text,
                author,
                correction=correction,
                replay_from=replay_from,
                key=key,
            ),
        )

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
    ) -> Written[Correction]:
        """The scorers' own correction of entry `replaces`, before the result is confirmed."""
        request = CorrectionRequest(replaces, dict(action), override, dict(decisions or {}))
        return self._change(
            ref,
            expected_version,
            lambda match: match.correct(request, author, reason, key=key),
        )

    @use_case
    def confirm(
        self, ref: str, side: str, author: Author, key: str | None = None
    ) -> Written[Confirmation]:
        """A coach confirms the result for their side."""
        return self._change(ref, None, lambda match: match.confirm(side, author, key=key))
