"""The JSON API's validation messages in the reader's language.

marshmallow and webargs answer a bad request with English messages keyed by field name
(`{"json": {"by": ["Missing data for required field."]}}`). Each is recognised among the
templates of schemas/validation_messages.py, the values marshmallow filled in read back from
it, and said again from the `messages` catalogue with those values; the keys (field names and
where they were sent) are kept as they are, and a message of no known template too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.phrase import recognised
from schemas.validation_messages import TEMPLATES
from service.i18n import DEFAULT_LANGUAGE, catalogue


def messages_in(messages: Any, language: str) -> Any:
    """`messages` (webargs' nesting of dicts and lists) with each message in `language`."""
    if language == DEFAULT_LANGUAGE:
        return messages
    if isinstance(messages, Mapping):
        return {key: messages_in(value, language) for key, value in messages.items()}
    if isinstance(messages, list | tuple):
        return [messages_in(value, language) for value in messages]
    if isinstance(messages, str):
        return message_in(messages, language)
    return messages


def message_in(message: str, language: str) -> str:
    found = recognised(message, TEMPLATES)
    if found is None:
        return message
    return catalogue(language, "messages").gettext(found.template).format_map(found.params)
