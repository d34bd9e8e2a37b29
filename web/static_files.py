"""The app's own scripts, styles and icon: compressed like the pages, and kept by the browser for
a year under an address that names their content.

`url_for("static", filename=…)` adds `v`, the first 12 hex digits of the file's SHA-256. A
changed file thus gets a new address, so the browser may keep a versioned answer for good
(`immutable`: it never even asks again), while an address without `v`, or with a `v` that is
no longer the file's (a page cached before an upgrade asks for it), is answered as before and
revalidated each time.

Flask sends a file as a stream, and Flask-Compress compresses no stream (the live-update
streams must not wait in a compressor's buffer): a static file, a few kilobytes, is read whole
instead, so that what travels is its compressed form.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

STATIC = "static"
VERSION = "v"
FOREVER = "public, max-age=31536000, immutable"
# A version per file as it is on disk (path, modification time, size), read once.
_versions: dict[tuple[str, int, int], str] = {}


def register(app: Flask) -> None:
    """Versioned static addresses for every page. Call after Flask-Compress is set up: Flask
    runs the later after-request hook first, and this one must hand it the whole file."""
    app.url_defaults(_versioned)
    app.after_request(_cacheable)


def version_of(app: Flask, filename: str) -> str | None:
    """The version of a static file as it is now; None for no such file."""
    folder = app.static_folder
    path = safe_join(folder, filename) if folder else None
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    key = (path, stat.st_mtime_ns, stat.st_size)
    found = _versions.get(key)
    if found is None:
        found = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]
        _versions[key] = found
    return found


def _versioned(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint != STATIC or VERSION in values or "filename" not in values:
        return
    found = version_of(current_app, str(values["filename"]))
    if found is not None:
        values[VERSION] = found


def _cacheable(response: Response) -> Response:
    if request.endpoint != STATIC or request.view_args is None:
        return response
    asked = request.args.get(VERSION)
    current = version_of(current_app, str(request.view_args["filename"]))
    if asked and asked == current and response.status_code in (200, 304):
        response.headers["Cache-Control"] = FOREVER
    if response.status_code == 200 and response.is_streamed:
        response.direct_passthrough = False
        response.make_sequence()
    return response
