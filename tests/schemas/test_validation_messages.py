"""Every message the API's request schemas can give is a template of
schemas/validation_messages.py, so that the catalogue holds it (tests/test_translations.py
then fails while it lacks its Japanese)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator

import pytest
from marshmallow import Schema, fields, validate

import schemas
from domain.phrase import recognised
from schemas.validation_messages import TEMPLATES


def api_schemas() -> list[type[Schema]]:
    found: dict[str, type[Schema]] = {}
    for module in pkgutil.iter_modules(schemas.__path__):
        if module.name.startswith("api"):
            loaded = importlib.import_module(f"schemas.{module.name}")
            for _name, value in inspect.getmembers(loaded, inspect.isclass):
                if issubclass(value, Schema) and value.__module__ == loaded.__name__:
                    found[value.__qualname__] = value
    return list(found.values())


def validator_messages(validator: object) -> Iterator[str]:
    if isinstance(validator, validate.Length):
        yield from (validator.message_min, validator.message_max, validator.message_all)
        yield validator.message_equal
    elif isinstance(validator, validate.Range):
        if validator.min is not None and validator.max is not None:
            yield validator.message_all
        elif validator.min is not None:
            yield validator.message_min
        else:
            yield validator.message_max
    elif isinstance(validator, validate.OneOf | validate.Regexp):
        yield validator.error or validator.default_message
    elif isinstance(validator, validate.Validator):
        pytest.fail(f"a validator whose messages this test does not know: {validator!r}")


def field_messages(field: fields.Field, seen: set[type[Schema]]) -> Iterator[str]:
    yield from field.error_messages.values()
    for validator in field.validators:
        yield from validator_messages(validator)
    if isinstance(field, fields.List):
        yield from field_messages(field.inner, seen)
    if isinstance(field, fields.Dict):
        for inner in (field.key_field, field.value_field):
            if inner is not None:
                yield from field_messages(inner, seen)
    if isinstance(field, fields.Nested):
        yield from schema_messages(type(field.schema), seen)


def schema_messages(schema: type[Schema], seen: set[type[Schema]]) -> Iterator[str]:
    if schema in seen:
        return
    seen.add(schema)
    made = schema()
    yield from made.error_messages.values()
    for field in made.fields.values():
        yield from field_messages(field, seen)


def test_the_api_has_request_schemas_to_check() -> None:
    assert len(api_schemas()) > 20


@pytest.mark.parametrize("schema", api_schemas(), ids=lambda schema: schema.__qualname__)
def test_every_message_a_schema_can_give_is_listed(schema: type[Schema]) -> None:
    missing = sorted(set(schema_messages(schema, set())) - set(TEMPLATES))
    assert not missing, f"add these to schemas/validation_messages.py: {missing}"


@pytest.mark.parametrize(
    ("said", "template", "values"),
    [
        ("Longer than maximum length 200.", "Longer than maximum length {max}.", {"max": "200"}),
        (
            "Must be one of: card-game, tcg.",
            "Must be one of: {choices}.",
            {"choices": "card-game, tcg"},
        ),
        ("nested deeper than 16 levels", "nested deeper than {limit} levels", {"limit": "16"}),
        ("Unknown field.", "Unknown field.", {}),
    ],
)
def test_a_message_is_read_back_to_its_template_and_values(
    said: str, template: str, values: dict[str, str]
) -> None:
    found = recognised(said, TEMPLATES)
    assert found is not None and found == said
    assert (found.template, dict(found.params)) == (template, values)


def test_a_message_of_no_template_is_not_recognised() -> None:
    assert recognised("Something marshmallow never said.", TEMPLATES) is None
