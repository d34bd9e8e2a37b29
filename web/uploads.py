"""A file a form takes either as an upload or as pasted text (a match file, a card list)."""

from __future__ import annotations

from flask import request
from flask_babel import gettext as _


def uploaded_or_pasted(problems: dict[str, str], pasted: str, most: int, what: str) -> bytes | str:
    """The uploaded file of the form's `file` field (which wins: choosing one is the later,
    deliberate act), else the pasted text; one byte past `most` is enough for the file's reader
    to refuse it as too large. An empty choice is named in `problems["file"]` (`what`: "a match
    file", "a card list file"). A browser sends a text area's line breaks as CR LF; the file
    had LF, which a match file's checksum and chain were computed over."""
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        data: bytes = upload.read(most + 1)
        if data:
            return data
        problems["file"] = _("the file %(name)r is empty", name=upload.filename)
        return b""
    if not pasted.strip():
        problems["file"] = _("upload %(what)s or paste one", what=what)
    return pasted.replace("\r\n", "\n")
