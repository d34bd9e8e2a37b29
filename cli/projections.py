"""`touchline projections …`: where each read model stands, rebuilding one, following the log."""

from __future__ import annotations

import threading

import click

from cli.context import Context, Failure, handle_errors, pass_context
from service.projections import projector_for
from service.projections.runner import follow


@click.group()
def projections() -> None:
    """Read models (summaries, statistics, dice, standings) kept from the event log."""


@projections.command("status")
@pass_context
@handle_errors
def status(context: Context) -> None:
    """Each projection's position in the log, and how far behind it is."""
    for s in projector_for(context.app).status():
        click.echo(
            f"{s.name:<11} at {s.position:>8} of {s.head:>8}  lag {s.lag:>6}  {s.description}"
        )


@projections.command("rebuild")
@click.argument("name", required=False)
@click.option("--batch", type=click.IntRange(1), default=500, help="Notifications per transaction.")
@pass_context
@handle_errors
def rebuild(context: Context, name: str | None, batch: int) -> None:
    """Drop projection NAME (default: all) and replay the whole log into it."""
    projector = projector_for(context.app, batch)
    names = None
    if name is not None:
        try:
            names = [projector.view(name).name]
        except KeyError as error:
            raise Failure(str(error.args[0])) from None
    with click.progressbar(length=projector.head(), label="replaying", file=None) as bar:
        done = projector.rebuild(names, progress=bar.update)
    click.echo(f"rebuilt {', '.join(names or [v.name for v in projector.views])}: {done} events")


@projections.command("run")
@pass_context
@handle_errors
def run(context: Context) -> None:
    """Follow the log until interrupted (PostgreSQL: subscribed; SQLite: polled each second)."""
    projector = projector_for(context.app)
    click.echo(f"following {context.app.settings.safe_url}; Ctrl-C to stop", err=True)
    try:
        follow(projector, threading.Event())
    except KeyboardInterrupt:
        click.echo("stopped", err=True)
