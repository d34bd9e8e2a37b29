"""The words for where a match stands: in progress, finished, abandoned.

A status is stored and answered by the API as its English word (a machine value: the
summaries' column, the JSON's `status`); what a person reads is the same word as a phrase, so
that an adapter shows it in the reader's language (`service.i18n.translated`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from domain.phrase import phrase

IN_PROGRESS: Final = "in progress"
FINISHED: Final = "finished"
ABANDONED: Final = "abandoned"

# Each status's word as a phrase; equal, as text, to the status itself.
_WORDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        IN_PROGRESS: phrase("in progress"),
        FINISHED: phrase("finished"),
        ABANDONED: phrase("abandoned"),
    }
)


def status_word(status: str) -> str:
    """`status` as a phrase to be shown; a status this release does not know, as it is."""
    return _WORDS.get(status, status)
