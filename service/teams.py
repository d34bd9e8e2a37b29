"""Team lists for the TCG: read a list and report every breach of TCG-2 at once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.ruleset import Violation
from domain.tcg.team_check import NAME_LIMIT_SCOPES, TeamSettings, check_team
from domain.tcg.team_list import TeamListError, parse_team_list
from service.errors import BadInput
from service.setups import team_list_from_text


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
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise BadInput(f"{path} is not valid TOML: {error}") from None
    return team_list_from_text(text, str(path))


def check_team_file(path: Path, name_limits: str = "whole-team") -> TeamReport:
    if name_limits not in NAME_LIMIT_SCOPES:
        raise BadInput(
            f"name-limits must be one of {', '.join(NAME_LIMIT_SCOPES)}, not {name_limits!r}"
        )
    try:
        team = parse_team_list(read_team_file(path))
    except TeamListError as error:
        raise BadInput(f"{path}: " + "; ".join(error.problems)) from None
    problems = check_team(team, TeamSettings(name_limits=name_limits))
    cards = 1 + len(team.starters) + team.deck_size
    return TeamReport(team.name, cards, problems)
