"""A game's page templates, read from the game's own package as the registry says.

A template named `games/<ruleset>/<file>` is `<file>` in the `templates/` folder of the
package the ruleset's `presentation` names. A game without it is drawn by the generic
templates the pages name after it (`situation/_view.html`, `_glance_view.html`), which show
the ruleset's `view()` as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from jinja2 import BaseLoader, Environment, PackageLoader, TemplateNotFound

from domain.registry import UnknownRuleset, find_ruleset

PREFIX = "games"


class GameTemplates(BaseLoader):
    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        prefix, _, rest = template.partition("/")
        ruleset, _, name = rest.partition("/")
        if prefix != PREFIX or not name:
            raise TemplateNotFound(template)
        try:
            package = find_ruleset(ruleset).presentation.templates
        except UnknownRuleset:
            raise TemplateNotFound(template) from None
        loader = _loader(package) if package else None
        if loader is None:
            raise TemplateNotFound(template)
        return loader.get_source(environment, name)


@cache
def _loader(package: str) -> PackageLoader | None:
    try:
        return PackageLoader(package, "templates")
    except ValueError:  # the package has no templates folder
        return None
