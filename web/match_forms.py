"""The new-match form: what each ruleset asks for, and turning a posted form into a setup.

Every game declares its form (`Ruleset.setup_form`); this module only reads declarations. The
form posts flat fields prefixed per ruleset (`cg-`, `kp-`, `tcg-`) so that one page can hold
every ruleset's fieldset and work without JavaScript; only the chosen ruleset's fields are
read. The ruleset itself judges the setup and lists every problem at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import FileStorage, MultiDict

from domain.declarations import Seat, SetupField, SetupForm
from domain.registry import find_ruleset, ruleset_names
from domain.ruleset import SetupError
from service.errors import BadInput
from service.setups import put
from service.team_list_text import TEAM_LIST_LIMIT, team_list_from_text, team_list_text
from web.errors import said
from web.language import translated


def ruleset_titles() -> dict[str, str]:
    """Each known game's title by its name, in the order the form offers them."""
    return {name: find_ruleset(name).title for name in ruleset_names()}


def setup_forms() -> dict[str, SetupForm]:
    return {name: find_ruleset(name).setup_form for name in ruleset_names()}


def form_name(form: SetupForm, setup_field: SetupField) -> str:
    return f"{form.prefix}-{setup_field.name}"


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
        return NewMatch(ruleset, problems=[_("choose the game to record")])
    found = NewMatch(ruleset, league=form.get("league", "").strip() or None)
    reader = _Reader(find_ruleset(ruleset).setup_form, form, files, found)
    try:
        found.setup = reader.setup()
    except BadInput as error:
        found.problems.append(said(error))
    if not found.problems:
        try:
            find_ruleset(ruleset).make_setup(found.setup)
        except SetupError as error:
            found.problems.extend(error.problems)
    return found


@dataclass
class _Reader:
    declared: SetupForm
    form: MultiDict[str, str]
    files: Mapping[str, FileStorage]
    found: NewMatch

    def setup(self) -> dict[str, Any]:
        setup: dict[str, Any] = {}
        seats = {seat.name: self._seat(seat) for seat in self.declared.seats}
        given = [answers for answers in seats.values() if answers is not None]
        if self.declared.listed_as is None:
            if len(given) < len(seats):
                return {}  # a seat's team list could not be read: the problems say why
            setup.update(seats)
        elif given:
            setup[self.declared.listed_as] = given
        for declared in self.declared.fields:
            value = self._value(declared, None)
            if value:
                put(setup, declared, value)
        return setup

    def _seat(self, seat: Seat) -> dict[str, Any] | None:
        """The seat's answers by their place in the seat; None for a seat not given."""
        answers = {declared.target[0]: self._value(declared, seat) for declared in seat.fields}
        if self.declared.listed_as is None:
            return None if any(a is None for a in answers.values()) else answers
        if all(answers.values()):
            return answers
        if any(answers.values()):
            self.found.problems.append(self.declared.half_filled(seat))
        return None

    def _value(self, declared: SetupField, seat: Seat | None) -> Any:
        name = form_name(self.declared, declared)
        if declared.kind == "multi-choice":
            return self.form.getlist(name)
        if declared.kind == "flag":
            return bool(self.form.get(name))
        if declared.kind == "team-list":
            return self._team_list(declared, translated(seat.said_as) if seat else declared.name)
        text = self.form.get(name, "").strip()
        # An emptied field of a seat stays empty, for the ruleset to name; elsewhere it means
        # the default.
        return text if seat is not None else text or declared.default

    def _team_list(self, declared: SetupField, owner: str) -> dict[str, Any] | None:
        name = form_name(self.declared, declared)
        text = self._team_list_text(declared, owner)
        self.found.kept[f"{name}-list"] = text
        what = translated(declared.label)
        if not text.strip():
            self.found.problems.append(
                _(
                    "%(seat)s: paste or upload the %(list)s (%(format)s)",
                    seat=owner,
                    list=what,
                    format=declared.file_format,
                )
            )
            return None
        try:
            return team_list_from_text(text, _("the %(seat)s %(list)s", seat=owner, list=what))
        except BadInput as error:
            self.found.problems.append(said(error))
            return None

    def _team_list_text(self, declared: SetupField, owner: str) -> str:
        """An uploaded file wins over the text area: choosing a file is the later, deliberate
        act."""
        name = form_name(self.declared, declared)
        upload = self.files.get(f"{name}-file")
        if upload is not None and upload.filename:
            data: bytes = upload.read(TEAM_LIST_LIMIT + 1)
            what = translated(declared.label)
            return team_list_text(data, _("the %(seat)s %(list)s file", seat=owner, list=what))
        return str(self.form.get(f"{name}-list", ""))
