"""`touchline projections …`: where each read model stands, rebuilding one, following the log."""

from __future__ import annotations

import threading

import click

from cli.context import Context, handle_errors, pass_context
from cli.help_language import Group
from cli.language import _


@click.group(cls=Group)
def projections() -> None:
    """Read models kept from the event log.

    They are the summaries, statistics, dice and standings.
    """


@projections.command("status")
@pass_context
@handle_errors
def status(context: Context) -> None:
    """Each projection's position in the log, and how far behind it is."""
    for s in context.app.projection_status():
        click.echo(
            f"{s.name:<11} at {s.position:>8} of {s.head:>8}  lag {s.lag:>6}  {s.description}"
        )


@projections.command("rebuild")
@click.argument("name", required=False)
@click.option(
    "--batch", type=click.IntRange(1), default=5000, help="Notifications per transaction."
)
@pass_context
@handle_errors
def rebuild(context: Context, name: str | None, batch: int) -> None:
    """Rebuild projection NAME (default: all) from the whole log. It is dropped and the whole log
    replayed into it."""
    app = context.app
    names = app.projections_named(name)
    with click.progressbar(length=app.log_length(), label="replaying", file=None) as bar:
        rebuilt = app.rebuild_projections(names, batch, progress=bar.update)
    click.echo(
        _(
            "rebuilt %(views)s: %(events)s events",
            views=", ".join(rebuilt.views),
            events=rebuilt.events,
        )
    )


@projections.command("run")
@pass_context
@handle_errors
def run(context: Context) -> None:
    """Follow the log until interrupted. PostgreSQL notifies it and is polled as well; SQLite is
    polled."""
    click.echo(
        _("following %(safe_url)s; Ctrl-C to stop", safe_url=context.app.settings.safe_url),
        err=True,
    )
    try:
        context.app.follow_log(threading.Event())
    except KeyboardInterrupt:
        click.echo(_("stopped"), err=True)
