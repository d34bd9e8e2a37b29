"""What the scoring prompt says besides the entries: the compact situation after each entry,
`help` (the entries legal now) and `help KIND` (its fields and a line to copy)."""

from __future__ import annotations

from cli.language import N_, _, translated
from domain.entry_help import kind_help
from domain.log import Entry
from domain.registry import find_ruleset
from domain.suggestions import did_you_mean
from service.views import MatchView

COMMANDS_HELP = N_(
    "Commands: help [KIND] | s (the whole situation) | log | undo | die [NAME] | quit. "
    "Tab completes; `?` as a value lets the app roll."
)


def compact_situation(view: MatchView) -> list[str]:
    """Two lines: the score and where the match stands (the first two lines of the game's
    situation), then who may enter what next, or the result."""
    head = [line.strip() for line in translated(view.text).splitlines()[:2] if line.strip()]
    lines = [" · ".join(head)] if head else []
    if view.result is not None:
        lines.append(_("Result: %(summary)s", summary=translated(view.result.summary)))
    elif view.expected:
        lines.append(_("next: %(who)s", who="; ".join(_who_may(view))))
    else:
        lines.append(
            _("no entry can come next: the match is %(status)s", status=translated(view.status))
        )
    return lines


def _who_may(view: MatchView) -> list[str]:
    kinds: dict[str | None, list[str]] = {}
    for expected in view.expected:
        found = kinds.setdefault(expected.by, [])
        if expected.kind not in found:
            found.append(expected.kind)
    return [
        f"{view.labels.get(by, by) if by else _('either side')}: {', '.join(names)}"
        for by, names in kinds.items()
    ]


def help_now(view: MatchView) -> list[str]:
    """The entries legal now, each with its line of help, then the prompt's commands."""
    rules = find_ruleset(view.ruleset)
    summaries = rules.action_kinds()
    legal = list(dict.fromkeys(expected.kind for expected in view.expected))
    lines = []
    if legal:
        width = max(len(kind) for kind in legal)
        lines.append(_("Entries legal now (`help KIND` for its fields):"))
        lines.extend(f"  {kind:<{width}}  {translated(summaries.get(kind, ''))}" for kind in legal)
    else:
        lines.append(
            _("No entry is legal now: the match is %(status)s.", status=translated(view.status))
        )
    others = len(set(rules.codec.kinds) - set(legal))
    if others:
        lines.append(
            _("`help KIND` also explains the %(others)s kinds not legal now.", others=others)
        )
    lines.append(_(COMMANDS_HELP))
    return lines


def help_kind(view: MatchView, kind: str, names: list[str]) -> list[str]:
    """A kind's fields (required or optional, what each means, its values) and an example."""
    rules = find_ruleset(view.ruleset)
    codec = rules.codec
    named = codec.kind_named(kind)
    if named not in codec.kinds:
        return [
            _(
                "! no entry is called %(kind)r%(hint)s; `help` lists them",
                kind=kind,
                hint=translated(did_you_mean(kind, codec.kinds)),
            )
        ]
    found = kind_help(rules, named, view.expected, names)
    lines = [f"{found.kind}: {translated(found.summary)}" if found.summary else found.kind]
    width = max((len(field.name) for field in found.fields), default=0)
    for field in found.fields:
        need = _("required") if field.required else _("optional")
        text = translated(field.meaning)
        if field.values:
            text += f": {'|'.join(field.values)}"
        if field.japanese:
            text += f" ({'|'.join(field.japanese)})"
        if field.now:
            text += _(" (now: %(values)s)", values="|".join(field.now))
        if field.default is not None:
            text += _(" (left out: %(default)s)", default=field.default)
        lines.append(f"  {field.name:<{width}}  {need}  {text}")
    if not found.fields:
        lines.append(_("  (no fields)"))
    lines.append(_("example: %(example)s", example=found.example))
    if named not in {expected.kind for expected in view.expected}:
        lines.append(_("(not legal now: `help` lists what is)"))
    return lines


def retracted(view: MatchView, number: int) -> str:
    """What an undo took back, in words as the log reads it: `retracted entry 5: Toho:
    Kojiro Hyuga (Shot 3, Pass 1)` (`view`: the match before the undo or after it)."""
    line = next((line for line in view.log if line.number == number), None)
    if not isinstance(line, Entry):
        return _("retracted entry %(number)s", number=number)
    return _("retracted entry %(number)s: %(line)s", number=number, line=view.sentence(line))
