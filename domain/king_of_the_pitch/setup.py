"""Match settings: the teams in seating order, the captains option, the open rules' settings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.declarations import Choice, Seat, SetupField, SetupForm
from domain.king_of_the_pitch.values import COLOURS
from domain.king_of_the_pitch.words import title
from domain.names import NAMES, name_key
from domain.odds import LIVE_ODDS, live_odds_help
from domain.phrase import as_typed, commas, phrase
from domain.ruleset import JSON, SetupError

OPTIONS = ("captains", LIVE_ODDS)
TIE_BREAKS = ("shared", "clockwise")
DEFAULT_CROWNS = 5  # KP-1.2 each team has 5 crown chips: no target can be higher
# KP-5.1 names five levels but the source prints no column heights for them: these are the
# heights at which bronze, silver, gold and crown start, a setting each table can change.
DEFAULT_LEVELS = (3, 6, 9, 12)
SETTINGS = ("crowns", "levels", "tie-break")
SEATS = 5

_TIE_BREAK_HELP = {
    "shared": phrase("teams with equal crowns share a place (KP-7.1)"),
    "clockwise": phrase("teams with equal crowns are ranked clockwise from the winner (KP-7.1)"),
}
_TIE_BREAK_NAMES = {"shared": phrase("Shared"), "clockwise": phrase("Clockwise")}


def _form_seat(number: int) -> Seat:
    # The first two seats start filled, so that the form opens on a game that can be played.
    default = COLOURS[number - 1] if number <= 2 else ""
    colours = tuple(Choice(colour) for colour in COLOURS)
    return Seat(
        phrase("seat {number}", number=number),
        (
            SetupField(
                f"colour-{number}",
                phrase("Seat {number} colour", number=number),
                "choice",
                ("team",),
                colours,
                default,
                blank=phrase("(empty seat)"),
            ),
            SetupField(
                f"coach-{number}", phrase("Seat {number} coach", number=number), "text", ("coach",)
            ),
        ),
    )


SETUP_FORM = SetupForm(
    prefix="kp",
    note=phrase("2 to 5 teams in seating order"),
    seats=tuple(_form_seat(number) for number in range(1, SEATS + 1)),
    listed_as="teams",
    incomplete_seat=phrase("give both the team's colour and its coach"),
    fields=(
        SetupField(
            "captains",
            phrase("Captains (4 or 5 teams)"),
            "flag",
            ("options",),
            flag_value="captains",
            cli="captains",
            help=phrase(
                "each team is dealt a secret captain, and Captain transfer cards join "
                "the deck (KP-8.1, KP-3.3)"
            ),
        ),
        SetupField(
            LIVE_ODDS,
            phrase("Odds while playing"),
            "flag",
            ("options",),
            flag_value=LIVE_ODDS,
            help=live_odds_help("KP-5.2"),
        ),
        SetupField(
            "crowns",
            phrase("Crowns to win"),
            "number",
            ("settings", "crowns"),
            default=str(DEFAULT_CROWNS),
            minimum=1,
            maximum=5,
            cli="crowns",
            help=phrase("the first team to place this many crowns wins (KP-7.1)"),
        ),
        SetupField(
            "levels",
            phrase("Level heights (bronze, silver, gold, crown)"),
            "text",
            ("settings", "levels"),
            default=",".join(map(str, DEFAULT_LEVELS)),
            help=phrase(
                "the column heights at which bronze, silver, gold and crown start; the "
                "source prints none (KP-5.1)"
            ),
        ),
        SetupField(
            "tie-break",
            phrase("Tie-break"),
            "choice",
            ("settings", "tie-break"),
            tuple(Choice(t, _TIE_BREAK_HELP[t], _TIE_BREAK_NAMES[t]) for t in TIE_BREAKS),
            TIE_BREAKS[0],
        ),
    ),
)


@dataclass(frozen=True)
class KingSetup:
    teams: tuple[tuple[str, str], ...]  # (colour, coach) clockwise from the first seat
    captains: bool = False
    crowns: int = DEFAULT_CROWNS
    levels: tuple[int, ...] = DEFAULT_LEVELS
    tie_break: str = "shared"
    live_odds: bool = False

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(colour for colour, _ in self.teams)

    def coach(self, colour: str) -> str:
        return dict(self.teams)[colour]

    def label(self, colour: str) -> str:
        # Asked for on every step drawn and in many sentences: made once per setup and colour.
        kept: dict[str, str] = self.__dict__.setdefault("_labels", {})
        made = kept.get(colour)
        if made is None:
            made = kept[colour] = phrase(
                "{team} ({coach})", team=title(colour), coach=as_typed(self.coach(colour))
            )
        return made


def _teams(raw: Any, problems: list[str]) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, list | tuple):
        problems.append(phrase("teams must be a list of {{team, coach}}"))
        return ()
    if not 2 <= len(raw) <= 5:
        problems.append(phrase("King of the Pitch needs 2 to 5 teams, not {count}", count=len(raw)))
    seats: list[tuple[str, str]] = []
    for number, seat in enumerate(raw, start=1):
        if not isinstance(seat, Mapping):
            problems.append(phrase("seat {number}: give a team and a coach", number=number))
            continue
        team = seat.get("team")
        # A colour in either language: 青 (or the source's ブルー) is blue (domain/names.py).
        colour = name_key(team) if isinstance(team, str) else ""
        if colour not in COLOURS:
            problems.append(
                phrase(
                    "seat {number}: the team must be one of {colours} ({japanese})",
                    number=number,
                    colours=commas(COLOURS),
                    japanese=commas(map(NAMES.other_language, COLOURS)),
                )
            )
        elif colour in dict(seats):
            problems.append(
                phrase("seat {number}: {colour} is already seated", number=number, colour=colour)
            )
            colour = ""
        coach = seat.get("coach")
        if not isinstance(coach, str) or not coach.strip():
            problems.append(phrase("seat {number}: the coach needs a name", number=number))
        elif colour in COLOURS:
            seats.append((colour, coach.strip()))
    return tuple(seats)


def _options(raw: Any, problems: list[str]) -> tuple[str, ...]:
    if raw is None:
        return ()
    if isinstance(raw, str):
        raw = [part for part in raw.split(",") if part.strip()]
    if not isinstance(raw, list | tuple):
        problems.append(phrase("options must be a list"))
        return ()
    chosen = {str(option).strip().lower() for option in raw}
    unknown = sorted(chosen - set(OPTIONS))
    if unknown:
        problems.append(
            phrase(
                "unknown option(s): {unknown} (known: {known})",
                unknown=commas(unknown),
                known=commas(OPTIONS),
            )
        )
    return tuple(option for option in OPTIONS if option in chosen)


def _number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _levels(value: Any, problems: list[str]) -> tuple[int, ...]:
    parts = value.split(",") if isinstance(value, str) else value
    numbers = [_number(part) for part in parts] if isinstance(parts, list | tuple) else []
    found = tuple(n for n in numbers if n is not None)
    if len(found) == 4 == len(numbers) and 0 < found[0] <= found[1] <= found[2] <= found[3]:
        return found
    problems.append(
        phrase(
            "levels must be four rising column heights at which bronze, silver, gold and crown "
            "start (e.g. 3,6,9,12), not {value}",
            value=repr(value),
        )
    )
    return DEFAULT_LEVELS


def _settings(raw: Any, problems: list[str]) -> tuple[int, tuple[int, ...], str]:
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        problems.append(phrase("settings must be a table of name = value"))
        raw = {}
    unknown = sorted(set(map(str, raw)) - set(SETTINGS))
    if unknown:
        problems.append(
            phrase(
                "unknown setting(s): {unknown} (known: {known})",
                unknown=commas(unknown),
                known=commas(SETTINGS),
            )
        )
    crowns = _number(raw.get("crowns", DEFAULT_CROWNS))
    if crowns is None or not 1 <= crowns <= 5:
        problems.append(
            phrase(
                "crowns must be a whole number from 1 to 5, not {value}",
                value=repr(raw.get("crowns")),
            )
        )
        crowns = DEFAULT_CROWNS
    levels = _levels(raw.get("levels", DEFAULT_LEVELS), problems)
    tie_break = str(raw.get("tie-break", "shared")).strip().lower()
    if tie_break not in TIE_BREAKS:
        problems.append(
            phrase(
                "tie-break must be one of {allowed}, not {value}",
                allowed=commas(TIE_BREAKS),
                value=repr(tie_break),
            )
        )
        tie_break = "shared"
    return crowns, levels, tie_break


def make_setup(raw: Mapping[str, JSON]) -> KingSetup:
    problems: list[str] = []
    teams = _teams(raw.get("teams"), problems)
    options = _options(raw.get("options"), problems)
    if "captains" in options and not 4 <= len(teams) <= 5:
        problems.append(
            phrase("the captains option needs 4 or 5 teams (KP-3.3), not {count}", count=len(teams))
        )
    crowns, levels, tie_break = _settings(raw.get("settings"), problems)
    unknown = sorted(set(raw) - {"teams", "options", "settings"})
    if unknown:
        problems.append(phrase("unknown setup field(s): {unknown}", unknown=commas(unknown)))
    if problems:
        raise SetupError(problems)
    return KingSetup(teams, "captains" in options, crowns, levels, tie_break, LIVE_ODDS in options)


def setup_to_dict(setup: KingSetup) -> dict[str, JSON]:
    return {
        "teams": [{"team": colour, "coach": coach} for colour, coach in setup.teams],
        "options": [
            option
            for option, chosen in (("captains", setup.captains), (LIVE_ODDS, setup.live_odds))
            if chosen
        ],
        "settings": {
            "crowns": str(setup.crowns),
            "levels": ",".join(map(str, setup.levels)),
            "tie-break": setup.tie_break,
        },
    }
