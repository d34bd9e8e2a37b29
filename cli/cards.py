"""`touchline cards …`: a game's card list (each card's printed values), the installation's or
a league's: list it, export it as a file a club can share, import such a file."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import click

from cli.context import Context, Failure, handle_errors, pass_context
from cli.games import RulesetChoice
from cli.help_language import Group
from cli.language import N_, _, translated
from domain.card_list import FROM_FILE, Learned
from domain.names import bilingual

LEAGUE_HELP = N_("The league's card list (default: the installation's).")


@click.group(cls=Group)
def cards() -> None:
    """Card lists: each card's printed values. Entered once, they are offered from then on."""


@cards.command("list")
@click.argument("ruleset", type=RulesetChoice())
@click.option("--league", metavar="NAME", help=LEAGUE_HELP)
@pass_context
@handle_errors
def list_cards(context: Context, ruleset: str, league: str | None) -> None:
    """List the cards of RULESET's card list with their printed values."""
    view = context.app.card_list(ruleset, league)
    where = _("league %(name)s", name=view.league) if view.league else _("the installation")
    if not view.cards:
        click.echo(
            _("no card of %(ruleset)s is known to %(where)s yet", ruleset=ruleset, where=where)
        )
        return
    click.echo(
        _(
            "%(cards)s cards of %(ruleset)s known to %(where)s:",
            cards=len(view.cards),
            ruleset=ruleset,
            where=where,
        )
    )
    titles = context.app.learned_titles(view)
    for card in view.cards:
        values = ", ".join(f"{k} {v}" for k, v in zip(view.labels, card.values, strict=True))
        name = bilingual(card.name)
        click.echo(f"  {name}  ({values}){f'  [{card.side}]' if card.side else ''}")
        learned = view.learned_of(card)
        if learned is not None:
            click.echo(f"    {learned_text(learned, titles)}")


def learned_text(learned: Learned, titles: Mapping[str, str]) -> str:
    """Where a card's values came from, as the web page says it, with the match's id to
    pass to `touchline match …` (a match the summaries hold no title of shows its id)."""
    how = _("%(by)s, %(at)s", by=learned.by, at=learned.at)
    if learned.link is not None:
        how = _("%(how)s, through link %(link)s", how=how, link=learned.link)
    if learned.how == FROM_FILE:
        return _("imported by %(how)s", how=how)
    if learned.match is None:  # recorded before the list kept the match
        return _("learned in a match, entered by %(how)s", how=how)
    title = titles.get(learned.match)
    match = (
        _("%(title)s, match %(match)s", title=translated(title), match=learned.match)
        if title
        else _("the match %(match)s", match=learned.match)
    )
    return _("learned in %(match)s, entered by %(how)s", match=match, how=how)


@cards.command("export")
@click.argument("ruleset", type=RulesetChoice())
@click.option("--league", metavar="NAME", help=LEAGUE_HELP)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to this file (default: standard output).")  # fmt: skip
@pass_context
@handle_errors
def export(context: Context, ruleset: str, league: str | None, output: Path | None) -> None:
    """Write RULESET's card list as a card list file (docs/card-list.md)."""
    text = context.app.export_card_list(ruleset, league)
    if output is None:
        click.echo(text, nl=False)
        return
    output.write_text(text, encoding="utf-8")
    click.echo(_("wrote %(output)s", output=output))


@cards.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--league", metavar="NAME", help=LEAGUE_HELP)
@pass_context
@handle_errors
def import_cards(context: Context, file: Path, league: str | None) -> None:
    """Keep the cards of a card list FILE. A file with any bad line keeps nothing."""
    try:
        data = file.read_bytes()
    except OSError as error:
        raise Failure(
            _("cannot read %(file)s: %(strerror)s", file=file, strerror=error.strerror)
        ) from None
    done = context.app.import_card_list(data, context.author(), league)
    where = (
        _("league %(name)s", name=done.list.league) if done.list.league else _("the installation")
    )
    click.echo(
        _(
            "%(name)s: %(cards)s cards, %(changed)s new or changed in "
            "%(where)s's %(game)s card list",
            name=file.name,
            cards=done.cards,
            changed=done.changed,
            where=where,
            game=done.list.game,
        )
    )
