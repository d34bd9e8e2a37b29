"""CSV cells that a spreadsheet shows as text, never runs as a formula.

A spreadsheet that opens a CSV file reads a cell starting with `=`, `+`, `-` or `@` (and, in
some, a tab or a carriage return) as a formula: a reason typed as `=HYPERLINK(…)` would run
on the organizer's machine (CSV injection, OWASP). Such a cell is written with a `'` in
front, which spreadsheets take as "this is text" and do not show. A cell that itself starts
with `'` gets one more, so that every written cell reads back as exactly the text it was:
`uncell` takes the first `'` off any cell that starts with one.
"""

from __future__ import annotations

# What makes a spreadsheet read a cell as a formula, and the mark that says "text".
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TEXT_MARK = "'"


def cell(text: str) -> str:
    """`text` as a CSV cell no spreadsheet runs."""
    if text.startswith((*FORMULA_STARTS, TEXT_MARK)):
        return TEXT_MARK + text
    return text


def uncell(written: str) -> str:
    """The text a cell written by `cell` holds."""
    return written[1:] if written.startswith(TEXT_MARK) else written
