"""Where a match's result stands with its coaches, in the words every list uses: the command
line's `match list` and `league show`, the home page and the league page."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.match import CONFIRMED, DISPUTED, UNCONFIRMED

Gettext = Callable[..., str]


def _english(message: str, /, **values: Any) -> str:
    return message % values if values else message


def _english_plural(singular: str, plural: str, count: int, /, **values: Any) -> str:
    return (singular if count == 1 else plural) % {"count": count, **values}


def N_(message: str, /) -> str:
    return message


DISPUTED_UNTIL_RULED = N_("disputed until ruled")


def result_label(
    result_status: str,
    awaiting: Sequence[str],
    open_disputes: int,
    gettext: Gettext = _english,
    ngettext: Gettext = _english_plural,
) -> str:
    """`confirmed`, `unconfirmed (awaiting Bob)`, `disputed until ruled`; for a match with no
    result yet only its open disputes (`1 dispute open`), or nothing. In the reader's language
    with the adapter's `gettext` and `ngettext` (the messages catalogue); English without."""
    if result_status == CONFIRMED:
        return gettext("confirmed")
    if result_status == DISPUTED:
        return gettext(DISPUTED_UNTIL_RULED)
    if result_status == UNCONFIRMED:
        if awaiting:
            return gettext("unconfirmed (awaiting %(awaiting)s)", awaiting=", ".join(awaiting))
        return gettext("unconfirmed")
    if open_disputes:
        return ngettext(
            "%(count)s dispute open", "%(count)s disputes open", open_disputes, count=open_disputes
        )
    return ""
