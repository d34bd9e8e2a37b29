"""The Flask app factory: pages for the table and the readers, and the JSON API under /api/.

Every view is a thin adapter over the same `Touchline` service the command line uses; no rule
or query is written twice. `create_app(config)` takes Flask settings plus `DATABASE_URL` (the
store; `TOUCHLINE_DATABASE_URL` when unset) and `SECRET_KEY` (sessions and CSRF tokens;
`TOUCHLINE_SECRET_KEY` or a key kept beside the embedded database when unset), and
`STORE_CONNECTIONS`, how many of its threads may use the store at once (the ASGI server sets it
from its thread pools).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask, jsonify
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect
from jinja2 import ChoiceLoader
from werkzeug.middleware.proxy_fix import ProxyFix

from domain.names import bilingual
from service.app import Touchline
from service.collector_pace import pace_the_youngest_generation
from service.config import DEFAULT_CONNECTIONS, settings_for_url, settings_from_environment
from service.errors import DatabaseUnavailable
from service.frozen_heap import freeze_what_started
from service.scorers import checked_secret_key, secret_key
from web import (
    abandoning,
    api,
    audit,
    branches,
    cards,
    corrections,
    errors,
    home,
    imports,
    language,
    league_forms,
    leagues,
    links,
    macro_modules,
    replay,
    scoring,
    security,
    settling,
    situation_scripts,
    static_files,
    stats,
    updates,
)
from web.flask_app import TouchlineFlask
from web.game_templates import GameTemplates

# How long a spectator's live-update stream stays open before the browser reconnects: streams
# wait in the event loop (web/asgi.py), so this bounds only how stale a forgotten page's
# connection may get, while a reconnect every five minutes costs little.
STREAM_SECONDS = 300
# How often an open stream looks for a new entry.
POLL_SECONDS = 1.0


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = TouchlineFlask(__name__)
    # Each game's own templates (its situation and glance) come from its package.
    app.jinja_loader = ChoiceLoader([app.jinja_loader, GameTemplates()])  # type: ignore[list-item]
    # Both names of a card or team where a page has room: `Tsubasa Ozora（大空翼）`.
    app.add_template_filter(bilingual)
    app.config.from_mapping(
        DATABASE_URL=None,
        SECRET_KEY=None,
        STORE_CONNECTIONS=DEFAULT_CONNECTIONS,
        STREAM_SECONDS=STREAM_SECONDS,
        POLL_SECONDS=POLL_SECONDS,
        SESSION_COOKIE_SAMESITE="Lax",
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        TRUSTED_PROXIES=int(os.environ.get("TOUCHLINE_TRUSTED_PROXIES", "0") or 0),
        # A long match's page or JSON is ~120 KB of repetitive markup that compresses ~19x: it
        # matters on a phone's connection. Streams stay uncompressed so that live updates are
        # not held back in a compressor's buffer.
        COMPRESS_STREAMS=False,
        COMPRESS_MIMETYPES=[
            "text/html",
            "text/css",
            "text/csv",
            "text/plain",
            # Flask serves the scripts as text/javascript (the type RFC 9239 settled on).
            "text/javascript",
            "application/javascript",
            "application/json",
            "image/svg+xml",
        ],
    )
    if config:
        app.config.from_mapping(config)
    if app.config["SECRET_KEY"] is None:
        app.config["SECRET_KEY"] = secret_key()
    else:
        checked_secret_key(str(app.config["SECRET_KEY"]), "the SECRET_KEY setting")
    url = app.config["DATABASE_URL"]
    connections = int(app.config["STORE_CONNECTIONS"])
    # A server started while the database is away still starts: it answers 503 meanwhile and
    # opens the store on the first request after it is back.
    touchline = Touchline(
        settings_for_url(url, connections)
        if url
        else settings_from_environment(connections=connections),
        require_store=False,
    )
    app.extensions["touchline"] = touchline

    if app.config["TRUSTED_PROXIES"]:
        # Scorer links and QR codes carry absolute URLs: behind a proxy that ends TLS they must
        # use the scheme and host the phone sees, which only the proxy's headers tell.
        hops = app.config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_prefix=hops
        )

    Compress(app)
    static_files.register(app)
    csrf = CSRFProtect(app)
    errors.register(app)
    # The page's language (web/language.py): Flask-Babel's `_` in every template.
    language.register(app)
    forms = (league_forms.bp, imports.bp, abandoning.bp)
    blueprints = (
        home.bp,
        scoring.bp,
        updates.bp,
        replay.bp,
        leagues.bp,
        stats.bp,
        audit.bp,
        cards.bp,
        branches.bp,
    )
    for blueprint in (
        *blueprints,
        settling.bp,
        corrections.bp,
        links.bp,
        *forms,
        macro_modules.bp,
        situation_scripts.bp,
    ):
        app.register_blueprint(blueprint)
    api.register(app, csrf)

    # The security headers on every answer (web/security.py), and a session cookie that is
    # Secure whenever the request came over https.
    app.after_request(security.guarded)
    app.session_interface = security.TlsAwareSessions()

    @app.get("/healthz")
    def health() -> Any:
        try:
            count = len(touchline.list_matches())
        except DatabaseUnavailable as error:
            return jsonify(status="unavailable", error=str(error)), 503
        return jsonify(status="ok", database=touchline.settings.safe_url, matches=count)

    # Started: what the app holds now stays until the process ends (service/frozen_heap.py),
    # and what it makes while serving is collected at a command's pace
    # (service/collector_pace.py).
    freeze_what_started()
    pace_the_youngest_generation()
    return app
