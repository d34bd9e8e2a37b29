"""The new-match form explains its options: each choice that changes the rules is shown by its
plain name with the game's one-line explanation, which cites a rule ID of the game's digest."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from domain.registry import find_ruleset, ruleset_names
from domain.rulebook import digest_of

RULE_ID = re.compile(r"\b[A-Z]+-\d+(?:\.\d+)*\b")


def explained(ruleset: str) -> list[tuple[str, str, str]]:
    """(form field name, plain name, explanation) of every declared choice or field that the
    game explains."""
    form = find_ruleset(ruleset).setup_form
    found = []
    for field in form.fields:
        name = f"{form.prefix}-{field.name}"
        if field.help:
            found.append((name, field.label, field.help))
        found.extend((name, c.plain_name, c.help) for c in field.choices if c.help)
    return found


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_every_explanation_cites_a_rule_of_the_games_digest(ruleset: str) -> None:
    digest = digest_of(find_ruleset(ruleset))
    options = explained(ruleset)
    assert options, f"{ruleset} explains none of its options"
    for _, plain, explanation in options:
        cited = RULE_ID.findall(explanation)
        assert cited, f"{plain!r} cites no rule ID: {explanation!r}"
        assert all(rule in digest for rule in cited), (plain, cited)


def test_the_form_shows_plain_names_and_explanations_not_raw_ids(client: FlaskClient) -> None:
    page = html.unescape(client.get("/matches/new").get_data(as_text=True))
    for ruleset in ruleset_names():
        for _, plain, explanation in explained(ruleset):
            assert plain in page and explanation in page
    # The card game's advanced rules read as words, each with its rule ID.
    assert "> Assured success</label>" in page
    assert "a 6 against a 1 wins a Shooting or Passing roll (CG-12.2)" in page
    assert '<option value="first-match">First match</option>' in page
    assert "<strong>First match</strong>: fewer Match cards for a first game" in page
    assert "> assured-success</label>" not in page
    # The values posted are still the ids the setup stores.
    assert 'name="cg-options" value="assured-success"' in page
