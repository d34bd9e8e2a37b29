"""Where a match's result stands with its coaches, in the words every list uses: the command
line's `match list` and `league show`, the home page and the league page."""

from __future__ import annotations

from collections.abc import Sequence

from domain.match import CONFIRMED, DISPUTED, UNCONFIRMED

DISPUTED_UNTIL_RULED = "disputed until ruled"


def result_label(result_status: str, awaiting: Sequence[str], open_disputes: int) -> str:
    """`confirmed`, `unconfirmed (awaiting Bob)`, `disputed until ruled`; for a match with no
    result yet only its open disputes (`1 dispute open`), or nothing."""
    if result_status == CONFIRMED:
        return "confirmed"
    if result_status == DISPUTED:
        return DISPUTED_UNTIL_RULED
    if result_status == UNCONFIRMED:
        return f"unconfirmed (awaiting {', '.join(awaiting)})" if awaiting else "unconfirmed"
    if open_disputes:
        return f"{open_disputes} dispute{'s' if open_disputes > 1 else ''} open"
    return ""
