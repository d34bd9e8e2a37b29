"""`touchline db`: the event store itself."""

from __future__ import annotations

import click

from cli.context import Context, handle_errors, pass_context
from cli.help_language import Group
from cli.language import _


@click.group(cls=Group)
def db() -> None:
    """The event store."""


@db.command("init")
@pass_context
@handle_errors
def db_init(context: Context) -> None:
    """Create the event store's tables (otherwise done on first use)."""
    app = context.app
    app.open_read_models()
    click.echo(_("database ready: %(safe_url)s", safe_url=app.settings.safe_url))
