"""The installation's secret key, which signs the web app's sessions and CSRF tokens.

Who may write is decided by access links kept in the store (service/access.py,
docs/access.md), not by this key: the HMAC scorer tokens it once derived are no longer
accepted.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path

from service.errors import BadSecretKey
from service.user_folders import user_data_folder

SECRET_KEY_VARIABLE = "TOUCHLINE_SECRET_KEY"
# 32 characters: 128 bits if they are hex digits, the least an HMAC key should carry.
MIN_SECRET_KEY_LENGTH = 32


def default_secret_path() -> Path:
    return Path(user_data_folder()) / "secret-key"


def secret_key(environ: dict[str, str] | None = None, path: Path | None = None) -> str:
    """`TOUCHLINE_SECRET_KEY`, or a key kept beside the embedded database (made on first use,
    readable by its owner only) so that sessions survive a restart.

    An empty or short key would let anyone forge a session (and the links it holds), so it is
    refused wherever it comes from: the process does not start rather than run with it.
    """
    environ = dict(os.environ) if environ is None else environ
    configured = environ.get(SECRET_KEY_VARIABLE, "").strip()
    if configured or SECRET_KEY_VARIABLE in environ:
        return checked_secret_key(configured, SECRET_KEY_VARIABLE)
    path = path or default_secret_path()
    if not path.exists():
        _create_key_file(path)
    return checked_secret_key(
        path.read_text(encoding="utf-8", errors="replace").strip(),
        f"the key file {path}",
        remedy=f"delete {path} to have a new key made, or set {SECRET_KEY_VARIABLE}",
    )


def checked_secret_key(key: str, source: str, remedy: str | None = None) -> str:
    """The key itself, if it is long enough to keep sessions unforgeable."""
    if len(key) >= MIN_SECRET_KEY_LENGTH:
        return key
    remedy = remedy or (
        f"use at least {MIN_SECRET_KEY_LENGTH} random characters, e.g. "
        "python3 -c 'import secrets; print(secrets.token_hex(32))'"
    )
    what = "empty" if not key else f"only {len(key)} characters long"
    raise BadSecretKey(
        f"the secret key from {source} is {what}: sessions would be forgeable; {remedy}"
    )


def _create_key_file(path: Path) -> None:
    """Publish a new key file whole or not at all.

    The key is written and flushed to a private temporary file first, then linked to its final
    name: a link never replaces an existing file, so of several processes starting at once
    exactly one key wins and no process can ever read a half-written or empty file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=".secret-key-", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(secrets.token_hex(32) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o600)
        # If another process published its key first, everyone uses that one.
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        os.unlink(temporary)
