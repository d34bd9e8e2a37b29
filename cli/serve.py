"""`touchline serve`: the web app on uvicorn, an ASGI server (see web/asgi.py)."""

from __future__ import annotations

import click

from cli.context import Context, handle_errors, pass_context
from cli.help_language import Command
from cli.language import _


@click.command("serve", cls=Command)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port to listen on; 0 takes a free one, named once the server listens.",
)
@click.option(
    "--threads",
    default=16,
    show_default=True,
    type=click.IntRange(1, 256),
    help="Threads for pages and API requests. Open live-update streams hold none: they wait "
    "in the event loop, however many pages are open.",
)
@pass_context
@handle_errors
def serve(context: Context, host: str, port: int, threads: int) -> None:
    """Serve the web app: live scoring, replays and leagues. The JSON API is under /api/."""
    # Imported here so that every other command starts without loading the web stack.
    from web.asgi import create_asgi_app, server

    app = create_asgi_app({"DATABASE_URL": context.database}, threads=threads)
    store = app.flask_app.extensions["touchline"].settings.safe_url

    def listening(bound: int) -> None:
        said = _(
            "Touchline on http://%(host)s:%(port)s/ (store: %(store)s); Ctrl+C stops it",
            host=host,
            port=bound,
            store=store,
        )
        click.echo(said)

    server(app, host, port, listening).run()


@click.command("scorer-link", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.option(
    "--base-url",
    default="http://127.0.0.1:8000",
    show_default=True,
    help="Where the web app is reached from the scorers' phones.",
)
@pass_context
@handle_errors
def scorer_link(context: Context, match_ref: str, base_url: str) -> None:
    """Issue a new scorer link for MATCH (as the owner). It is printed; `touchline link list` shows
    it and `touchline link revoke` withdraws it."""
    from cli.links import issue_link
    from domain.access import Role

    issued = issue_link(context, Role.SCORER, context.scorer, None, match_ref)
    click.echo(f"{base_url.rstrip('/')}/in/{issued.token}")
