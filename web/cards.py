"""Card list pages: each game's card lists (the installation's and each league's) with where
every card's printed values were learned, each list's card list file, and importing one.

The same lists, file and import as `touchline cards list|export|import` and the API
(`service.card_lists`): the same size bound and per-line errors (a file with one bad line keeps
nothing, and the error names the line). Importing into a league's list is its organizer's, as
in the API; the installation's list is its owner's, who is the command line, so no page
changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from domain.access import Operation, Target
from domain.card_list import FROM_FILE as IMPORTED
from domain.card_list_file import MAX_FILE_BYTES, write_card_list
from domain.printed import CardLibrary, PrintedCard
from domain.registry import find_ruleset, ruleset_names
from service.card_lists import CardListView, printed_of
from service.errors import BadInput, NotFound
from web.context import author
from web.context import touchline as service
from web.errors import answer, said
from web.leagues import file_stem
from web.match_forms import ruleset_titles
from web.powers import may, require
from web.uploads import uploaded_or_pasted

bp = Blueprint("cards", __name__)


@dataclass
class CardImportForm:
    """An import asked of one list (`league` None: the installation's) and its problem."""

    league: str | None = None
    text: str = ""
    by: str = ""
    problems: dict[str, str] = field(default_factory=dict)
    # The card whose line the form was filled with, to put its values right.
    correcting: str = ""


@bp.get("/cards")
def index() -> str:
    games = [
        (name, title, find_ruleset(name).printed is not None)
        for name, title in ruleset_titles().items()
    ]
    return render_template("cards_index.html", games=games)


@bp.get("/cards/<ruleset>")
def page(ruleset: str) -> str:
    """The game's lists; `?league=NAME&correct=CARD` (a card's "Correct its values" link)
    fills that league's import form with the card's line to edit and import."""
    form = CardImportForm()
    league, name = _league_asked(), request.args.get("correct", "")
    if league is not None and name:
        found = service().find_league(league).name
        card = _listed_card(ruleset, found, name)
        text = write_card_list(ruleset, printed_of(ruleset), CardLibrary((card,)))
        form = CardImportForm(league=found, text=text, correcting=card.name)
    return _page(ruleset, form)


@bp.get("/cards/<ruleset>/file")
def export(ruleset: str) -> Response:
    league = _league_asked()
    text = service().export_card_list(ruleset, league)
    stem = ruleset if league is None else f"{ruleset}-{file_stem(league)}"
    response = Response(text, mimetype="text/plain")
    response.headers.set("Content-Disposition", "attachment", filename=f"{stem}.cards")
    return response


@bp.post("/cards/<ruleset>/import")
def import_file(ruleset: str) -> Any:
    league = _league_asked()
    if league is not None:
        league = service().find_league(league).name
    # Asked before the form is read: a browser without the role learns nothing more.
    require(Operation.LEAGUE_SETTINGS, Target(league=league))
    form = CardImportForm(
        league=league, text=request.form.get("text", ""), by=request.form.get("by", "")
    )
    data = uploaded_or_pasted(form.problems, form.text, MAX_FILE_BYTES, _("a card list file"))
    if form.problems:
        return _page(ruleset, form), 400
    try:
        done = service().import_card_list(data, author(form.by), league)
    except BadInput as error:
        form.problems["file"] = said(error)
        return _page(ruleset, form), 400
    flash(
        _(
            "Imported: the file held %(cards)s, %(changed)s of them new or changed.",
            cards=_cards(done.cards),
            changed=done.changed,
        ),
        "ok",
    )
    # The file names its game, as at the command line: its list is the one shown next.
    # Answered with a redirect, so that reloading the page cannot post the file twice.
    where = url_for("cards.page", ruleset=done.list.game, _anchor=list_anchor(league))
    return redirect(where, 303)


@bp.errorhandler(413)
def too_large(error: Exception) -> Any:
    """A body past the app's bound is refused before the form can be read: say so at the
    file's field, as the reader says it of a file past its bound."""
    ruleset = str((request.view_args or {}).get("ruleset", ""))
    league = _league_asked()
    try:  # the list's name as its section names it, for the problem to stand under its form
        league = service().find_league(league).name if league is not None else None
    except NotFound:
        league = None
    form = CardImportForm(league=league)
    form.problems["file"] = _(
        "the file holds more than the app takes in one form; a card list holds at most "
        "%(most)s bytes: nothing was imported",
        most=MAX_FILE_BYTES,
    )
    try:
        return _page(ruleset, form), 413
    except BadInput as error:
        return answer(error, 413)


@bp.app_template_global()
def list_anchor(league: str | None) -> str:
    """The id of a list's section on its game's page."""
    return "installation" if league is None else "league-" + file_stem(league)


@bp.app_template_global()
def has_card_list(ruleset: str) -> bool:
    return ruleset in ruleset_names() and find_ruleset(ruleset).printed is not None


def _league_asked() -> str | None:
    league = request.args.get("league", "").strip()
    return league or None


def _listed_card(ruleset: str, league: str, name: str) -> PrintedCard:
    """The card of the league's list to correct: its form is filled with a card list file of
    that card alone, as the list holds it, to put right and import (the only way a list
    changes)."""
    card = CardLibrary(service().card_list(ruleset, league).cards).find(name)
    if card is None:
        raise NotFound(f"the card list of {league} holds no card called {name!r}")
    return card


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _page(ruleset: str, form: CardImportForm) -> str:
    lists = service().card_lists(ruleset)
    titles = service().learned_titles(*lists)
    return render_template(
        "cards.html",
        ruleset=ruleset,
        title=find_ruleset(ruleset).title,
        lists=lists,
        importable={view.league: _may_import(view) for view in lists},
        form=form,
        match_titles=titles,
        imported=IMPORTED,
        limit_kib=MAX_FILE_BYTES // 1024,
    )


def _may_import(view: CardListView) -> bool:
    return view.league is not None and may(Operation.LEAGUE_SETTINGS, Target(league=view.league))
