"""Match settings from the pieces a person gives: seats, options, NAME=VALUE settings.

The command line and the new-match form both collect the same pieces (a home and an away seat,
or several seats in seating order, a variant, options, settings, and any field a game
declares for itself); this is the one place that assembles them into the setup dict the
rulesets validate. Whether the teams make a legal match is the ruleset's to say.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from domain.declarations import SetupField
from domain.phrase import phrase
from service.errors import BadInput


@dataclass(frozen=True)
class SetupPieces:
    home: dict[str, Any] | None = None
    away: dict[str, Any] | None = None
    teams: Sequence[dict[str, Any]] = ()
    variant: str | None = None
    options: Sequence[str] = ()
    settings: Sequence[str] = ()  # NAME=VALUE


def seat(team: Any, coach: str) -> dict[str, Any]:
    """One seat: a team (a name, or a parsed TCG team list) and its coach."""
    return {"team": team, "coach": coach.strip()}


def parse_settings(pairs: Iterable[str]) -> dict[str, str]:
    """NAME=VALUE settings as a dict; a piece without a name or an = is refused."""
    settings: dict[str, str] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            raise BadInput(phrase("write settings as NAME=VALUE, not {pair}", pair=repr(pair)))
        settings[name.strip()] = value.strip()
    return settings


def setup_from(pieces: SetupPieces) -> dict[str, Any]:
    setup: dict[str, Any] = {}
    if pieces.home is not None:
        setup["home"] = pieces.home
    if pieces.away is not None:
        setup["away"] = pieces.away
    if pieces.teams:
        setup["teams"] = list(pieces.teams)
    if pieces.variant:
        setup["variant"] = pieces.variant
    if pieces.options:
        setup["options"] = list(dict.fromkeys(pieces.options))
    settings = parse_settings(pieces.settings)
    if settings:
        setup["settings"] = settings
    return setup


def put(setup: dict[str, Any], declared: SetupField, answer: Any) -> None:
    """Put the answer to a declared field at its place in `setup`.

    A multi-choice answer (a list) and a ticked flag (True) add their values to the list there,
    once each; a team list is put as parsed; any other answer as text, as typed.
    """
    *path, leaf = declared.target
    node = setup
    for key in path:
        node = node.setdefault(key, {})
    if declared.kind in ("multi-choice", "flag"):
        added = [declared.flag_value] if declared.kind == "flag" else list(answer)
        node[leaf] = list(dict.fromkeys([*node.get(leaf, []), *added]))
    else:
        node[leaf] = answer if declared.kind == "team-list" else str(answer)
