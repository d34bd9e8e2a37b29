"""Match settings: each side's coach and team list, and the table's choices on open points."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.declarations import Choice, Seat, SetupField, SetupForm
from domain.odds import LIVE_ODDS, live_odds_help
from domain.phrase import as_typed, commas, phrase
from domain.ruleset import JSON, SetupError
from domain.tcg.field import DISTANCES
from domain.tcg.team_check import NAME_LIMIT_SCOPES, TeamSettings, check_team
from domain.tcg.team_list import TeamList, TeamListError, parse_team_list, team_list_to_dict

# TCG-1.1: two players, each the coach of a team; three or more are not supported.
SIDES = ("home", "away")
DICE_TABLES = ("high-roll", "single-die")
SUPPORT_POSITIONS = ("adjacent", "same-area", "anywhere")
MOVE_LIMITS = ("per-move", "per-phase")
DEFAULTS = {
    "name-limits": "whole-team",
    "dice-table": "high-roll",
    "distance": "king",
    "support": "adjacent",
    "move-limit": "per-move",
    LIVE_ODDS: "hidden",
}
CHOICES = {
    "name-limits": NAME_LIMIT_SCOPES,
    "dice-table": DICE_TABLES,
    "distance": DISTANCES,
    "support": SUPPORT_POSITIONS,
    "move-limit": MOVE_LIMITS,
    LIVE_ODDS: ("hidden", "shown"),
}
# What a match stored before a setting existed was recorded under: the engine's reading then
# (docs/rules/tcg.md, "Matches stored before a setting existed"). New matches get DEFAULTS.
RECORDED_BEFORE = {"support": "anywhere", "move-limit": "per-phase"}

_SETTING_LABELS = {
    "name-limits": phrase("Name limits"),
    "dice-table": phrase("Dice table"),
    "distance": phrase("Distance"),
    "support": phrase("Support from"),
    "move-limit": phrase("Move limit"),
    LIVE_ODDS: phrase("Odds while playing"),
}
_CHOICE_HELP = {
    "whole-team": phrase("the name and Battle Point limits count the whole 60 cards (TCG-2.2)"),
    "deck": phrase("the name and Battle Point limits count only the 48-card deck (TCG-2.2)"),
    "high-roll": phrase("a tie is decided by each side rolling a d6, the higher winning (TCG-7.6)"),
    "single-die": phrase("a tie is decided by the challenger's d6: 4 to 6 wins (TCG-7.6)"),
    "king": phrase("a diagonal step crosses one area, as a chess king moves (TCG-11.6)"),
    "orthogonal": phrase("only straight steps count, a diagonal crosses two areas (TCG-11.6)"),
    "adjacent": phrase(
        "supporters stand in the receiving player's area or one area from it (TCG-7.5)"
    ),
    "same-area": phrase("supporters stand in the receiving player's own area (TCG-7.5)"),
    "anywhere": phrase(
        "any active teammate supports, wherever he stands (TCG-7.5, earlier reading)"
    ),
    "per-move": phrase("each move crosses at most 2 areas, as often as cost allows (TCG-6.2)"),
    "per-phase": phrase(
        "a player crosses at most 2 areas in a whole phase (TCG-6.2, earlier reading)"
    ),
    "hidden": phrase(
        "the scoring page shows no odds of the dice (TCG-7.6) while the match is played"
    ),
    "shown": live_odds_help("TCG-7.6"),
}
_CHOICE_NAMES = {
    "whole-team": phrase("Whole team"),
    "deck": phrase("Deck"),
    "high-roll": phrase("High roll"),
    "single-die": phrase("Single die"),
    "king": phrase("King"),
    "orthogonal": phrase("Orthogonal"),
    "adjacent": phrase("Adjacent"),
    "same-area": phrase("Same area"),
    "anywhere": phrase("Anywhere"),
    "per-move": phrase("Per move"),
    "per-phase": phrase("Per phase"),
    "hidden": phrase("Hidden"),
    "shown": phrase("Shown"),
}


_SIDE_WORDS = {"home": phrase("Home"), "away": phrase("Away")}
# A seat as a problem with its team names it: `home: starters card 3 (…): shot is missing`.
_SEAT_WORDS = {"home": phrase("home"), "away": phrase("away")}


def _form_seat(side: str) -> Seat:
    return Seat(
        side,
        label=_SIDE_WORDS[side],
        called=_SEAT_WORDS[side],
        fields=(
            SetupField(
                f"{side}-coach", phrase("{side} coach", side=_SIDE_WORDS[side]), "text", ("coach",)
            ),
            SetupField(
                side,
                phrase("team list"),
                "team-list",
                ("team",),
                accept=".toml,text/plain",
                file_format="TOML",
            ),
        ),
    )


SETUP_FORM = SetupForm(
    prefix="tcg",
    note=phrase("two team lists"),
    seats=tuple(_form_seat(side) for side in SIDES),
    fields=tuple(
        SetupField(
            name,
            _SETTING_LABELS[name],
            "choice",
            ("settings", name),
            tuple(Choice(value, _CHOICE_HELP[value], _CHOICE_NAMES[value]) for value in values),
            DEFAULTS[name],
        )
        for name, values in CHOICES.items()
    ),
)


@dataclass(frozen=True)
class TcgSetup:
    home: TeamList
    away: TeamList
    coaches: tuple[str, str]
    name_limits: str = "whole-team"
    dice_table: str = "high-roll"
    distance: str = "king"
    support: str = "adjacent"
    move_limit: str = "per-move"
    live_odds: str = "hidden"

    def team(self, side: str) -> TeamList:
        return self.home if side == "home" else self.away

    def coach(self, side: str) -> str:
        return self.coaches[0] if side == "home" else self.coaches[1]

    def label(self, side: str) -> str:
        # Asked for on every step drawn and in many sentences: made once per setup and side.
        kept: dict[str, str] = self.__dict__.setdefault("_labels", {})
        made = kept.get(side)
        if made is None:
            made = kept[side] = phrase(
                "{team} ({coach})", team=self.team(side).name, coach=as_typed(self.coach(side))
            )
        return made


def other(side: str) -> str:
    return "away" if side == "home" else "home"


def _settings(raw: Any, problems: list[str]) -> dict[str, str]:
    chosen = dict(DEFAULTS)
    if raw is None:
        return chosen
    if not isinstance(raw, Mapping):
        problems.append(phrase("settings must be a table of name = value"))
        return chosen
    unknown = sorted(set(raw) - set(DEFAULTS))
    if unknown:
        problems.append(
            phrase(
                "unknown setting(s): {unknown} (known: {known})",
                unknown=commas(map(str, unknown)),
                known=commas(DEFAULTS),
            )
        )
    for key, allowed in CHOICES.items():
        value = raw.get(key, DEFAULTS[key])
        value = value.strip().lower() if isinstance(value, str) else value
        if value in allowed:
            chosen[key] = str(value)
        else:
            problems.append(
                phrase(
                    "{name} must be one of {allowed}, not {value}",
                    name=key,
                    allowed=commas(allowed),
                    value=repr(value),
                )
            )
    return chosen


def _seat(
    raw: Any, side: str, team_settings: TeamSettings, problems: list[str]
) -> tuple[TeamList | None, str | None]:
    if not isinstance(raw, Mapping):
        problems.append(phrase("{seat}: give a coach and a team list", seat=side))
        return None, None
    coach = raw.get("coach")
    if not isinstance(coach, str) or not coach.strip():
        problems.append(phrase("{seat}: the coach needs a name", seat=side))
        coach = None
    try:
        team = parse_team_list(raw.get("team") or {})
    except TeamListError as error:
        problems += [
            phrase("{seat}: {problem}", seat=side, problem=problem) for problem in error.problems
        ]
        return None, coach
    problems += [
        phrase("{seat}: {rule}: {message}", seat=side, rule=v.rule, message=v.message)
        for v in check_team(team, team_settings)
    ]
    return team, coach.strip() if coach else None


def make_setup(raw: Mapping[str, JSON]) -> TcgSetup:
    problems: list[str] = []
    unknown = sorted(set(raw) - {"home", "away", "settings"})
    if unknown:
        problems.append(phrase("unknown setup field(s): {unknown}", unknown=commas(unknown)))
    chosen = _settings(raw.get("settings"), problems)
    team_settings = TeamSettings(name_limits=chosen["name-limits"])
    home, home_coach = _seat(raw.get("home"), _SEAT_WORDS["home"], team_settings, problems)
    away, away_coach = _seat(raw.get("away"), _SEAT_WORDS["away"], team_settings, problems)
    if problems or not (home and away and home_coach and away_coach):
        raise SetupError(problems)
    return TcgSetup(
        home=home,
        away=away,
        coaches=(home_coach, away_coach),
        name_limits=chosen["name-limits"],
        dice_table=chosen["dice-table"],
        distance=chosen["distance"],
        support=chosen["support"],
        move_limit=chosen["move-limit"],
        live_odds=chosen[LIVE_ODDS],
    )


def recorded_setup(stored: Mapping[str, JSON]) -> dict[str, JSON]:
    """A setup stored before some settings existed, as the match was recorded under them.

    Every setup stored since names all its settings (`setup_to_dict`), so this changes only
    those written before: a setting they lack takes the reading the engine had then
    (RECORDED_BEFORE), not today's default, so that their entries judge as they were judged.
    """
    settings = stored.get("settings")
    if not isinstance(settings, Mapping):
        return dict(stored)
    missing = {k: v for k, v in RECORDED_BEFORE.items() if k not in settings}
    return {**stored, "settings": {**settings, **missing}} if missing else dict(stored)


def setup_to_dict(setup: TcgSetup) -> dict[str, JSON]:
    settings: dict[str, JSON] = {
        "name-limits": setup.name_limits,
        "dice-table": setup.dice_table,
        "distance": setup.distance,
        "support": setup.support,
        "move-limit": setup.move_limit,
    }
    # Written only when chosen: showing the odds while playing changes no rule, so a setup
    # without it (every one stored before it existed) reads as it always did.
    if setup.live_odds != DEFAULTS[LIVE_ODDS]:
        settings[LIVE_ODDS] = setup.live_odds
    return {
        side: {"coach": setup.coach(side), "team": team_list_to_dict(setup.team(side))}
        for side in SIDES
    } | {"settings": settings}
