"""The games Touchline knows and the entries each takes."""

from __future__ import annotations

from typing import Any

from domain.registry import find_ruleset, ruleset_names
from schemas.api import RulesetSchema
from web.api.base import ApiBlueprint

bp = ApiBlueprint("api-rulesets", __name__, url_prefix="/api/rulesets", description="Games.")


@bp.route("", methods=["GET"])
@bp.response(200, RulesetSchema(many=True))
def list_rulesets() -> Any:
    """Every ruleset with its title, its rule-ID prefix and the kinds of entry it takes."""
    return [
        {
            "name": rules.name,
            "title": rules.title,
            "rules_prefix": rules.rules_prefix,
            "actions": dict(rules.action_kinds()),
        }
        for rules in map(find_ruleset, ruleset_names())
    ]
