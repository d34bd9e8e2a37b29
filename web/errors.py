"""One place that turns every refusal into an HTTP answer: JSON under /api/, a page elsewhere.

The service's errors each carry one meaning (service/errors.py), and each meaning has one
status: refused by the rules 422 (an entry refused also lists its rule IDs), a conflict such as
a stale version 409, bad input 400, an unknown match, league or person 404, a store that does
not answer 503. Anything else is a bug: it is logged with its traceback and answered with a
plain 500 that shows no internals.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from eventsourcing.persistence import PersistenceError
from flask import Flask, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from service.errors import (
    AlreadyImported,
    BadInput,
    Conflict,
    CorrectionNeedsDecisions,
    DatabaseUnavailable,
    EntryRefused,
    NotFound,
    Refused,
    StaleMatch,
    TouchlineError,
    Unavailable,
)
from service.i18n import refusal, translated
from web.language import language
from web.validation_language import messages_in

STATUS: dict[type[TouchlineError], int] = {
    NotFound: 404,
    BadInput: 400,
    Conflict: 409,
    Refused: 422,
    Unavailable: 503,
}


def status_of(error: Exception) -> int:
    for kind, status in STATUS.items():
        if isinstance(error, kind):
            return status
    return 500


def body_of(error: Exception, status: int) -> dict[str, Any]:
    """The JSON error body the API answers with (see the OpenAPI document's Error schema)."""
    body: dict[str, Any] = {"status": status, "error": _title(status), "message": said(error)}
    if isinstance(error, EntryRefused):
        body["violations"] = [v.to_dict() for v in error.violations]
        refusals = "; ".join(refusal(v.rule, v.message, language()) for v in error.violations)
        body["message"] = _("the entry breaks the rules: %(refusals)s", refusals=refusals)
    if isinstance(error, CorrectionNeedsDecisions):
        body["illegal"] = [entry.to_dict() for entry in error.illegal]
    if isinstance(error, StaleMatch):
        body["current_version"] = error.current_version
    if isinstance(error, AlreadyImported):
        body["match_id"] = error.match_id
    return body


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def register(app: Flask) -> None:
    @app.errorhandler(TouchlineError)
    def refused(error: Exception) -> Any:
        return answer(error, status_of(error))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        status = error.code or 500
        description = _described(error)
        if wants_json():
            body = {"status": status, "error": _title(status), "message": description}
            messages = (getattr(error, "data", None) or {}).get("messages")
            if messages:
                body["errors"] = messages_in(messages, language())
            return jsonify(body), status
        return render_template("error.html", status=status, message=description), status

    @app.errorhandler(PersistenceError)
    def store_failed(error: PersistenceError) -> Any:
        # The service turns the store's failures into DatabaseUnavailable; one that slips past
        # it is still the store failing, not a bug in the request: 503, and the log says where.
        app.logger.warning("store failure on %s %s: %s", request.method, request.path, error)
        unavailable = DatabaseUnavailable(_("the database does not answer: try again shortly"))
        return answer(unavailable, 503)

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Any:
        app.logger.exception("unexpected error on %s %s", request.method, request.path)
        message = _("Something went wrong on our side; the request changed nothing.")
        return answer(RuntimeError(message), 500)


def answer(error: Exception, status: int) -> Any:
    if wants_json():
        return jsonify(body_of(error, status)), status
    violations = error.violations if isinstance(error, EntryRefused) else ()
    return (
        render_template("error.html", status=status, message=said(error), violations=violations),
        status,
    )


def said(error: Exception) -> str:
    """The error's message in the reader's language when the service wrote it as a phrase
    (`str(error)` would make it plain text: the phrase is its first argument)."""
    first = error.args[0] if len(error.args) == 1 else None
    return translated(first, language()) if isinstance(first, str) else str(error)


def _described(error: HTTPException) -> str | None:
    """An HTTP error's description in the reader's language when it is the framework's own
    (a view's own description is already in it)."""
    if error.description != type(error).description:
        return error.description
    own = {
        400: _("The request could not be understood: it is malformed or incomplete."),
        401: _("This needs a link that lets you in."),
        403: _("This link may not do that here."),
        404: _("There is no such page here: the address may be mistyped or out of date."),
        405: _("This address does not take that kind of request."),
        413: _("What was sent is larger than Touchline takes in one request."),
    }
    return own.get(error.code or 0, error.description)


def _title(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"
