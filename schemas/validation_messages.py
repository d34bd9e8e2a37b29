"""Every message the JSON API's request schemas can give about a field, as the `messages`
catalogue holds it.

marshmallow says its messages in English and has no translation of its own (its maintainers
left that to applications: marshmallow-code/marshmallow#419, #795); its validators fill their
values in (`Longer than maximum length 200.`) before anyone else sees the text. So the API's
error answer (web/errors.py) recognises each message among these templates, values and all,
and says the template in the reader's language with the same values: the body keeps its shape
(field names as keys, never translated) and the OpenAPI document is the same in every
language. `N_` marks each template for the catalogue's extraction (scripts/translations.sh);
tests/schemas/test_validation_messages.py fails when a schema can say a message missing here,
and tests/test_translations.py when one lacks its Japanese.
"""

from __future__ import annotations

from typing import Final


def N_(message: str) -> str:
    """Marks a message for the catalogue (gettext's usual name for it), returned as it is."""
    return message


# Our own schemas' messages (schemas/api*.py raise them).
NESTED_TOO_DEEP: Final = N_("nested deeper than {limit} levels")
NOT_UNICODE: Final = N_("text must be valid Unicode (no lone surrogates)")
LEAGUE_OR_MATCH: Final = N_("give a league or a match")
NOT_BOTH_SCOPES: Final = N_("give a league or a match, not both")
ACTION_OR_TEXT: Final = N_("give either action or text, not both and not neither")

TEMPLATES: Final = (
    NESTED_TOO_DEEP,
    NOT_UNICODE,
    LEAGUE_OR_MATCH,
    NOT_BOTH_SCOPES,
    ACTION_OR_TEXT,
    # marshmallow's fields and schemas (their `default_error_messages`).
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Invalid value."),
    N_("Invalid input type."),
    N_("Unknown field."),
    N_("Not a valid string."),
    N_("Not a valid utf-8 string."),
    N_("Not a valid integer."),
    N_("Not a valid number."),
    N_("Number too large."),
    N_("Special numeric values (nan or infinity) are not permitted."),
    N_("Not a valid boolean."),
    N_("Not a valid list."),
    N_("Invalid type."),
    N_("Not a valid mapping type."),
    # marshmallow's validators, as our schemas set them up.
    N_("Length must be between {min} and {max}."),
    N_("Length must be {equal}."),
    N_("Longer than maximum length {max}."),
    N_("Shorter than minimum length {min}."),
    N_("Must be greater than or equal to {min} and less than or equal to {max}."),
    N_("Must be greater than or equal to {min}."),
    N_("Must be less than or equal to {max}."),
    N_("Must be one of: {choices}."),
    N_("String does not match expected pattern."),
    # webargs, for a body that is not JSON at all.
    N_("Invalid JSON body."),
)
