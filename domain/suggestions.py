"""What a person probably meant by a word that names nothing: `paly` → `play`."""

from __future__ import annotations

from collections.abc import Iterable

# How alike a word must be to a candidate to be offered (difflib's ratio, 0 to 1).
CUTOFF = 0.6


def close_matches(word: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """The candidates most like `word`, best first, compared without regard to case."""
    import difflib  # here, not with the module: only a word that names nothing needs it

    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(candidate.casefold(), candidate)
    found = difflib.get_close_matches(word.casefold(), list(by_key), n=limit, cutoff=CUTOFF)
    return [by_key[key] for key in found]


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """` (did you mean play?)` for a near miss, or "" when nothing is close."""
    found = close_matches(word, candidates)
    if not found:
        return ""
    return f" (did you mean {' or '.join(found)}?)"
