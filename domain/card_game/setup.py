"""Match settings: who coaches which team, the variant, the advanced options, the bank cap."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.declarations import Choice, Seat, SetupField, SetupForm
from domain.names import name_key
from domain.odds import LIVE_ODDS, live_odds_help
from domain.phrase import as_typed, commas, phrase
from domain.ruleset import JSON, SetupError

# The two teams' names are the rules' words (南葛 and 東邦 in Japanese), not names typed.
TEAMS = {"nankatsu": phrase("Nankatsu"), "toho": phrase("Toho")}
VARIANTS = ("standard", "first-match")
OPTIONS = ("assured-success", "motivation", "signings", LIVE_ODDS)
DEFAULT_BANK_CAP = 5

_TEAM_CHOICES = tuple(Choice(team) for team in TEAMS.values())
_VARIANT_HELP = {
    "standard": phrase("the full Match decks (CG-2.1)"),
    "first-match": phrase("fewer Match cards for a first game, as the rulebook suggests (CG-2.5)"),
}
_OPTION_HELP = {
    "assured-success": phrase("a 6 against a 1 wins a Shooting or Passing roll (CG-12.2)"),
    "motivation": phrase("coaches may motivate players with Motivation cards (CG-12.1)"),
    "signings": phrase("coaches may sign the players shown from the Signing cards (CG-12.3)"),
    LIVE_ODDS: live_odds_help("CG-5.4"),
}
_CHOICE_NAMES = {
    "standard": phrase("Standard"),
    "first-match": phrase("First match"),
    "assured-success": phrase("Assured success"),
    "motivation": phrase("Motivation"),
    "signings": phrase("Signings"),
    LIVE_ODDS: phrase("Live odds"),
}


def _form_seat(side: str, label: str, team: str, example: str) -> Seat:
    return Seat(
        side,
        (
            SetupField(
                f"{side}-team",
                phrase("{label} team", label=label),
                "choice",
                ("team",),
                _TEAM_CHOICES,
                team,
            ),
            SetupField(
                f"{side}-coach",
                phrase("{label} coach", label=label),
                "text",
                ("coach",),
                placeholder=example,
            ),
        ),
    )


SETUP_FORM = SetupForm(
    prefix="cg",
    seats=(
        _form_seat("home", phrase("Home"), "Nankatsu", phrase("e.g. {name}", name="Alice")),
        _form_seat("away", phrase("Away"), "Toho", phrase("e.g. {name}", name="Bob")),
    ),
    fields=(
        SetupField(
            "variant",
            phrase("Variant"),
            "choice",
            ("variant",),
            tuple(Choice(v, _VARIANT_HELP[v], _CHOICE_NAMES[v]) for v in VARIANTS),
            "standard",
        ),
        SetupField(
            "options",
            phrase("Advanced rules"),
            "multi-choice",
            ("options",),
            tuple(Choice(o, _OPTION_HELP[o], _CHOICE_NAMES[o]) for o in OPTIONS),
        ),
        SetupField(
            "bank-cap",
            phrase("Bank cap (a number, or none)"),
            "text",
            ("settings", "bank-cap"),
            default=str(DEFAULT_BANK_CAP),
            help=phrase(
                "the most banked points of each type a coach may hold, as the token "
                "supply implies (CG-2.3)"
            ),
        ),
    ),
)


@dataclass(frozen=True)
class CardGameSetup:
    """A card-game match's teams, coaches, variant, options and bank cap."""

    home: str
    away: str
    coaches: tuple[tuple[str, str], ...]
    variant: str = "standard"
    options: tuple[str, ...] = ()
    bank_cap: int | None = DEFAULT_BANK_CAP

    def coach_name(self, side: str) -> str:
        return dict(self.coaches)[side]

    def label(self, side: str) -> str:
        # Asked for on every step drawn and in many sentences: made once per setup and side.
        kept: dict[str, str] = self.__dict__.setdefault("_labels", {})
        made = kept.get(side)
        if made is None:
            made = kept[side] = phrase(
                "{team} ({coach})", team=TEAMS[side], coach=as_typed(self.coach_name(side))
            )
        return made

    def has(self, option: str) -> bool:
        return option in self.options

    @property
    def first_match(self) -> bool:
        return self.variant == "first-match"


def _seat(raw: Any, seat: str, problems: list[str]) -> tuple[str | None, str | None]:
    if not isinstance(raw, Mapping):
        problems.append(phrase("{seat}: give a team and a coach", seat=seat))
        return None, None
    team = raw.get("team")
    # Either language names the team: 南葛 is Nankatsu, 東邦 is Toho (domain/names.py).
    side = name_key(team) if isinstance(team, str) else None
    if side not in TEAMS:
        problems.append(
            phrase(
                "{seat}: the team must be Nankatsu or Toho (南葛 or 東邦), not {team}",
                seat=seat,
                team=repr(team),
            )
        )
        side = None
    coach = raw.get("coach")
    if not isinstance(coach, str) or not coach.strip():
        problems.append(phrase("{seat}: the coach needs a name", seat=seat))
        return side, None
    return side, coach.strip()


def _bank_cap(settings: Any, problems: list[str]) -> int | None:
    if settings is None:
        return DEFAULT_BANK_CAP
    if not isinstance(settings, Mapping):
        problems.append(phrase("settings must be a table of name = value"))
        return DEFAULT_BANK_CAP
    unknown = sorted(set(settings) - {"bank-cap"})
    if unknown:
        problems.append(
            phrase(
                "unknown setting(s): {unknown} (known: {known})",
                unknown=commas(map(str, unknown)),
                known="bank-cap",
            )
        )
    value = settings.get("bank-cap", DEFAULT_BANK_CAP)
    if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    problems.append(
        phrase(
            "bank-cap must be a whole number of at least 1 or 'none', not {value}",
            value=repr(value),
        )
    )
    return DEFAULT_BANK_CAP


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


def make_setup(raw: Mapping[str, JSON]) -> CardGameSetup:
    problems: list[str] = []
    home, home_coach = _seat(raw.get("home"), "home", problems)
    away, away_coach = _seat(raw.get("away"), "away", problems)
    if home and away and home == away:
        problems.append(
            phrase(
                "both seats name {team}: one coach plays Nankatsu, the other Toho",
                team=TEAMS[home],
            )
        )
    variant = raw.get("variant", "standard")
    if variant not in VARIANTS:
        problems.append(
            phrase(
                "variant must be one of {allowed}, not {value}",
                allowed=commas(VARIANTS),
                value=repr(variant),
            )
        )
    options = _options(raw.get("options"), problems)
    bank_cap = _bank_cap(raw.get("settings"), problems)
    unknown = sorted(set(raw) - {"home", "away", "variant", "options", "settings"})
    if unknown:
        problems.append(phrase("unknown setup field(s): {unknown}", unknown=commas(unknown)))
    if problems or not (home and away and home_coach and away_coach):
        raise SetupError(problems)
    return CardGameSetup(
        home=home,
        away=away,
        coaches=((home, home_coach), (away, away_coach)),
        variant=str(variant),
        options=options,
        bank_cap=bank_cap,
    )


def setup_to_dict(setup: CardGameSetup) -> dict[str, JSON]:
    cap = "none" if setup.bank_cap is None else str(setup.bank_cap)
    return {
        "home": {"team": TEAMS[setup.home], "coach": setup.coach_name(setup.home)},
        "away": {"team": TEAMS[setup.away], "coach": setup.coach_name(setup.away)},
        "variant": setup.variant,
        "options": list(setup.options),
        "settings": {"bank-cap": cap},
    }
