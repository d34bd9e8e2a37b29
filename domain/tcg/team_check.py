"""The team check (TCG-2): every breach of team construction, reported at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from domain.names import name_key
from domain.phrase import phrase
from domain.ruleset import Violation
from domain.tcg.team_list import Card, TeamList

TEAM_SIZE = 60
STARTERS = 11
DECK_SIZE = 48
NAME_LIMIT = 3
HIGH_POINT_LIMIT = 6
STARTER_POINT_LIMIT = 6
NAME_LIMIT_SCOPES = ("whole-team", "deck")


@dataclass(frozen=True)
class TeamSettings:
    """TCG-2.2 (open): whether the limits count the whole 60 cards or only the 48-card deck."""

    name_limits: str = "whole-team"


def _counted(team: TeamList, settings: TeamSettings) -> Iterable[Card]:
    if settings.name_limits == "deck":
        return team.deck
    return (team.coach, *team.starters, *team.deck)


def check_team(team: TeamList, settings: TeamSettings) -> tuple[Violation, ...]:
    problems: list[Violation] = []
    deck_size = team.deck_size
    total = 1 + len(team.starters) + deck_size
    if len(team.starters) != STARTERS:
        problems.append(
            Violation(
                "TCG-2.1",
                phrase(
                    "the team has {count} starters, not {starters}",
                    count=len(team.starters),
                    starters=STARTERS,
                ),
            )
        )
    if deck_size != DECK_SIZE:
        problems.append(
            Violation(
                "TCG-2.1",
                phrase(
                    "the deck has {deck_size} cards, not {deck_size2}",
                    deck_size=deck_size,
                    deck_size2=DECK_SIZE,
                ),
            )
        )
    if total != TEAM_SIZE:
        problems.append(
            Violation(
                "TCG-2.1",
                phrase(
                    "the team has {total} cards, not {team_size}", total=total, team_size=TEAM_SIZE
                ),
            )
        )
    problems += _limits(team, settings)
    problems += _starters(team)
    for card in team.deck:
        if card.type == "coach":
            problems.append(
                Violation("TCG-2.4", phrase("{card} is a coach card in the deck", card=card.name))
            )
    return tuple(problems)


def _limits(team: TeamList, settings: TeamSettings) -> list[Violation]:
    where = phrase("in the deck") if settings.name_limits == "deck" else phrase("in the team")
    names: Counter[str] = Counter()
    spelled: dict[str, str] = {}
    points: Counter[int] = Counter()
    for card in _counted(team, settings):
        # One name in either language (domain/names.py): two 大空翼 and two Tsubasa Ozora
        # are four cards of one name.
        key = name_key(card.name)
        names[key] += card.count
        spelled.setdefault(key, card.name)
        points[card.battle_point] += card.count
    problems = [
        Violation(
            "TCG-2.2",
            phrase(
                "{count} cards named {spelled} {where}; at most {name_limit}",
                count=count,
                spelled=spelled[key],
                where=where,
                name_limit=NAME_LIMIT,
            ),
        )
        for key, count in names.items()
        if count > NAME_LIMIT
    ]
    for point in (7, 8):
        if points[point] > HIGH_POINT_LIMIT:
            problems.append(
                Violation(
                    "TCG-2.2",
                    phrase(
                        "{points} cards of Battle Point {point} {where}; at most "
                        "{high_point_limit}",
                        points=points[point],
                        point=point,
                        where=where,
                        high_point_limit=HIGH_POINT_LIMIT,
                    ),
                )
            )
    return problems


def _starters(team: TeamList) -> list[Violation]:
    problems: list[Violation] = []
    for card in team.starters:
        if card.type != "player":
            problems.append(
                Violation("TCG-2.3", phrase("starter {card} is not a player card", card=card.name))
            )
        elif card.battle_point > STARTER_POINT_LIMIT:
            problems.append(
                Violation(
                    "TCG-2.3",
                    phrase(
                        "starter {card} has Battle Point {battle_point}; starters need "
                        "{starter_point_limit} or less",
                        card=card.name,
                        battle_point=card.battle_point,
                        starter_point_limit=STARTER_POINT_LIMIT,
                    ),
                )
            )
    positions = Counter(card.position for card in team.starters if card.type == "player")
    # TCG-8.2: the Coach card sets the formation the starters follow (its passive effect is
    # card text the engine does not read).
    wanted = team.formation.counts()
    for position, count in wanted.items():
        if positions[position] != count:
            problems.append(
                Violation(
                    "TCG-2.3",
                    phrase(
                        "the formation {formation} needs {count} {position} among the "
                        "starters, not {positions}",
                        formation=team.formation,
                        count=count,
                        position=position,
                        positions=positions[position],
                    ),
                )
            )
    return problems
