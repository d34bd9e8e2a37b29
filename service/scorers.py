"""Scorer tokens: who may write to a match.

Reading a match is public; writing needs the match's scorer token, handed out once when the
match is created (as a link and a QR code). The token is an HMAC of the match id under the
installation's secret key, so it is unguessable without the key, needs no table, and every
web worker sharing the key agrees on it. Rotating the key withdraws every scorer link at once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

import platformdirs

SECRET_KEY_VARIABLE = "TOUCHLINE_SECRET_KEY"


def default_secret_path() -> Path:
    return Path(platformdirs.user_data_dir("touchline")) / "secret-key"


def secret_key(environ: dict[str, str] | None = None, path: Path | None = None) -> str:
    """`TOUCHLINE_SECRET_KEY`, or a key kept beside the embedded database (made on first use,
    readable by its owner only) so that scorer links survive a restart."""
    environ = dict(os.environ) if environ is None else environ
    configured = environ.get(SECRET_KEY_VARIABLE, "").strip()
    if configured:
        return configured
    path = path or default_secret_path()
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first: use theirs
        return path.read_text().strip()
    with os.fdopen(descriptor, "w") as out:
        out.write(key + "\n")
    return key


def scorer_token(key: str, match_id: str) -> str:
    digest = hmac.new(key.encode(), f"scorer:{match_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def is_scorer(key: str, match_id: str, token: str | None) -> bool:
    return bool(token) and hmac.compare_digest(scorer_token(key, match_id), str(token))
