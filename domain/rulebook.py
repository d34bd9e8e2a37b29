"""A game's numbered rule digest, as rulings cite it.

Each game package carries its digest (`rules.md`: the numbered English restatement of the
rulebook whose IDs — CG-5.5, TCG-7.4, KP-5.3 — the engine's violations cite). A referee's
ruling names rule IDs; the catalogue checks that each exists and gives the text shown beside
the ruling. A rule runs from its `- ID` bullet to the next rule or heading, its indented lines
(sub-points included) joined into one paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from domain.phrase import phrase
from domain.ruleset import Ruleset

DIGEST_FILE = "rules.md"
_RULE = re.compile(r"^- ([A-Z]+-\d+(?:\.\d+)*)\s+(.*)$")
# How many rule IDs one ruling may cite: a ruling names the rules it rests on, not a chapter.
MAX_CITED = 10


class UnknownRule(ValueError):
    """A cited rule ID that the game's digest does not hold."""


@dataclass(frozen=True)
class CitedRule:
    rule: str
    text: str


def digest_of(ruleset: Ruleset) -> Mapping[str, str]:
    """Rule ID -> its text, for the game `ruleset` belongs to (empty when it ships no digest)."""
    return _digest(type(ruleset).__module__.rpartition(".")[0])


@cache
def _digest(package: str) -> Mapping[str, str]:
    try:
        text = (resources.files(package) / DIGEST_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return {}
    return parse_digest(text.splitlines())


def parse_digest(lines: Iterable[str]) -> dict[str, str]:
    rules: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        found = _RULE.match(line)
        if found:
            current = rules.setdefault(found.group(1), [])
            current.append(found.group(2).strip())
        elif current is not None and line.startswith(" ") and line.strip():
            current.append(line.strip())
        else:
            current = None
    return {rule: " ".join(parts) for rule, parts in rules.items()}


def cite(ruleset: Ruleset, rules: Iterable[str]) -> tuple[CitedRule, ...]:
    """The cited rules with their text, each checked against the game's digest.

    IDs are written as the digest writes them (upper case); each is cited once, in the order
    given. A game that ships no digest accepts any ID of its own prefix, with no text.
    """
    digest = digest_of(ruleset)
    cited: list[CitedRule] = []
    for given in rules:
        rule = given.strip().upper()
        if not rule:
            continue
        if any(c.rule == rule for c in cited):
            continue
        if digest:
            if rule not in digest:
                raise UnknownRule(
                    phrase(
                        "{rule} is not a rule of {game}: cite an ID of its digest, e.g. {example}",
                        rule=repr(given.strip()),
                        game=ruleset.title,
                        example=next(iter(digest)),
                    )
                )
            cited.append(CitedRule(rule, digest[rule]))
        else:
            if not rule.startswith(f"{ruleset.rules_prefix}-"):
                raise UnknownRule(
                    phrase(
                        "{rule} is not a rule ID of {game}",
                        rule=repr(given.strip()),
                        game=ruleset.title,
                    )
                )
            cited.append(CitedRule(rule, ""))
    if len(cited) > MAX_CITED:
        raise UnknownRule(phrase("a ruling cites at most {most} rules", most=MAX_CITED))
    return tuple(cited)


def rule_text(ruleset: Ruleset, rule: str) -> str:
    """The digest's text of `rule`, or '' when the digest does not hold it."""
    return digest_of(ruleset).get(rule, "")
