"""Team lists for the TCG: read a list and report every breach of TCG-2 at once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.phrase import commas, phrase, semicolons
from domain.ruleset import Violation
from domain.tcg.team_check import NAME_LIMIT_SCOPES, TeamSettings, check_team
from domain.tcg.team_list import TeamListError, parse_team_list
from service.errors import BadInput
from service.team_list_text import TEAM_LIST_LIMIT, team_list_from_text, team_list_text


@dataclass(frozen=True)
class TeamReport:
    name: str
    cards: int
    problems: tuple[Violation, ...]

    @property
    def legal(self) -> bool:
        return not self.problems


def read_team_file(path: Path) -> dict[str, Any]:
    """The parsed TOML of a team list file, or one clear error naming the file."""
    try:
        with path.open("rb") as file:
            data = file.read(TEAM_LIST_LIMIT + 1)
    except OSError as error:
        raise BadInput(
            phrase(
                "cannot read {path}: {problem}",
                path=str(path),
                problem=error.strerror or str(error),
            )
        ) from None
    return team_list_from_text(team_list_text(data, str(path)), str(path))


def check_team_file(path: Path, name_limits: str = "whole-team") -> TeamReport:
    if name_limits not in NAME_LIMIT_SCOPES:
        raise BadInput(
            phrase(
                "name-limits must be one of {allowed}, not {value}",
                allowed=commas(NAME_LIMIT_SCOPES),
                value=repr(name_limits),
            )
        )
    try:
        team = parse_team_list(read_team_file(path))
    except TeamListError as error:
        raise BadInput(
            phrase("{source}: {problems}", source=str(path), problems=semicolons(error.problems))
        ) from None
    problems = check_team(team, TeamSettings(name_limits=name_limits))
    cards = 1 + len(team.starters) + team.deck_size
    return TeamReport(team.name, cards, problems)
