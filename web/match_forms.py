"""The new-match form: what each ruleset asks for, and turning a posted form into a setup.

The form posts flat fields prefixed per ruleset (`cg-`, `kp-`, `tcg-`) so that one page can
hold every ruleset's fieldset and work without JavaScript; only the chosen ruleset's fields
are read. The ruleset itself judges the setup and lists every problem at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import FileStorage, MultiDict

from domain.card_game import setup as card_game
from domain.king_of_the_pitch import setup as king
from domain.king_of_the_pitch.values import COLOURS
from domain.registry import find_ruleset, ruleset_names
from domain.ruleset import SetupError
from domain.tcg import setup as tcg
from service.errors import BadInput
from service.setups import SetupPieces, seat, setup_from, team_list_from_text

RULESET_TITLES = {
    "card-game": "Captain Tsubasa: The Card Game",
    "king-of-the-pitch": "King of the Pitch",
    "tcg": "Captain Tsubasa TCG",
}
KING_SEATS = 5
# A pasted or uploaded team list larger than this is not a team list.
TEAM_LIST_LIMIT = 100_000

# What the form offers, straight from each ruleset's own lists of accepted values.
CHOICES: dict[str, Any] = {
    "cg_teams": tuple(card_game.TEAMS.values()),
    "cg_variants": card_game.VARIANTS,
    "cg_options": card_game.OPTIONS,
    "cg_bank_cap": card_game.DEFAULT_BANK_CAP,
    "kp_colours": COLOURS,
    "kp_seats": KING_SEATS,
    "kp_crowns": king.DEFAULT_CROWNS,
    "kp_levels": ",".join(map(str, king.DEFAULT_LEVELS)),
    "kp_tie_breaks": king.TIE_BREAKS,
    "tcg_settings": tcg.CHOICES,
    "tcg_defaults": tcg.DEFAULTS,
}


@dataclass
class NewMatch:
    """A posted form read back: the setup to create, or the problems to show beside it."""

    ruleset: str
    setup: dict[str, Any] = field(default_factory=dict)
    league: str | None = None
    problems: list[str] = field(default_factory=list)
    # Text read from uploaded team lists, put back in the form so nothing is lost.
    kept: dict[str, str] = field(default_factory=dict)


def read_new_match(form: MultiDict[str, str], files: Mapping[str, FileStorage]) -> NewMatch:
    ruleset = form.get("ruleset", "")
    if ruleset not in ruleset_names():
        return NewMatch(ruleset, problems=["choose the game to record"])
    found = NewMatch(ruleset, league=form.get("league", "").strip() or None)
    try:
        pieces: SetupPieces | None
        if ruleset == "card-game":
            pieces = _card_game(form)
        elif ruleset == "king-of-the-pitch":
            pieces = _king(form, found.problems)
        else:
            pieces = _tcg(form, files, found)
        if pieces is not None:
            found.setup = setup_from(pieces)
    except BadInput as error:
        found.problems.append(str(error))
    if not found.problems:
        try:
            find_ruleset(ruleset).make_setup(found.setup)
        except SetupError as error:
            found.problems.extend(error.problems)
    return found


def _card_game(form: MultiDict[str, str]) -> SetupPieces:
    bank_cap = form.get("cg-bank-cap", "").strip()
    return SetupPieces(
        home=seat(form.get("cg-home-team", ""), form.get("cg-home-coach", "")),
        away=seat(form.get("cg-away-team", ""), form.get("cg-away-coach", "")),
        variant=form.get("cg-variant") or None,
        options=form.getlist("cg-options"),
        extra_settings={"bank-cap": bank_cap} if bank_cap else {},
    )


def _king(form: MultiDict[str, str], problems: list[str]) -> SetupPieces:
    teams = []
    for number in range(1, KING_SEATS + 1):
        colour = form.get(f"kp-colour-{number}", "").strip()
        coach = form.get(f"kp-coach-{number}", "").strip()
        if colour and coach:
            teams.append(seat(colour, coach))
        elif colour or coach:
            problems.append(f"seat {number}: give both the team's colour and its coach")
    crowns = form.get("kp-crowns", "").strip()
    return SetupPieces(
        teams=teams,
        captains=bool(form.get("kp-captains")),
        extra_settings={
            "crowns": crowns or str(king.DEFAULT_CROWNS),
            "levels": form.get("kp-levels", "").strip() or CHOICES["kp_levels"],
            "tie-break": form.get("kp-tie-break", "").strip() or king.TIE_BREAKS[0],
        },
    )


def _tcg(
    form: MultiDict[str, str], files: Mapping[str, FileStorage], found: NewMatch
) -> SetupPieces | None:
    seats = {}
    for side in tcg.SIDES:
        text = _team_list_text(form, files, side)
        found.kept[f"tcg-{side}-list"] = text
        if not text.strip():
            found.problems.append(f"{side}: paste or upload the team list (TOML)")
            continue
        try:
            listed = team_list_from_text(text, f"the {side} team list")
        except BadInput as error:
            found.problems.append(str(error))
            continue
        seats[side] = seat(listed, form.get(f"tcg-{side}-coach", ""))
    if len(seats) < len(tcg.SIDES):
        return None
    return SetupPieces(
        home=seats["home"],
        away=seats["away"],
        extra_settings={
            name: form.get(f"tcg-{name}", "").strip() or default
            for name, default in tcg.DEFAULTS.items()
        },
    )


def _team_list_text(form: MultiDict[str, str], files: Mapping[str, FileStorage], side: str) -> str:
    """An uploaded file wins over the text area: choosing a file is the later, deliberate act."""
    upload = files.get(f"tcg-{side}-file")
    if upload is not None and upload.filename:
        data: bytes = upload.read(TEAM_LIST_LIMIT + 1)
        if len(data) > TEAM_LIST_LIMIT:
            raise BadInput(f"the {side} team list file is too large to be a team list")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput(f"the {side} team list file is not UTF-8 text") from None
    return str(form.get(f"tcg-{side}-list", ""))
