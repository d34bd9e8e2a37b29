"""Interactive scoring: show the situation, take one line at a time, explain refusals."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from cli.language import _, refusal, translated
from cli.output import echo_entry, echo_match
from cli.play_text import COMMANDS_HELP, compact_situation, help_kind, help_now, retracted
from cli.prompt_line import PromptReader
from domain.completion import CompletionContext, completions, names_seen
from domain.entry_help import as_offered, field_meaning, missing_fields
from domain.match import checked_die_label
from domain.phrase import said_by
from domain.registry import find_ruleset
from domain.ruleset import JSON
from domain.suggestions import did_you_mean
from domain.text import BadText
from service.entries import parse_entry
from service.entry_text import without_roll_marks
from service.errors import BadInput, EntryRefused, StaleMatch
from service.views import MatchView

if TYPE_CHECKING:
    from cli.context import Context

COMMANDS = frozenset(
    {"quit", "exit", "q", "help", "?", "s", "situation", "show", "log", "undo", "die"}
)
COMPLETED_COMMANDS = ("help", "situation", "log", "undo", "die", "quit")
# The answers that mean yes, in each language the prompt speaks.
YES = frozenset({"yes", "y", "はい"})


def stdin_is_terminal() -> bool:
    """Whether a person is typing: an override is only ever asked of one."""
    return sys.stdin.isatty()


def discard_typed_ahead() -> None:
    """Drop what was typed before the question was shown, so it cannot answer it."""
    try:
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass  # not a terminal after all, or a platform without termios: nothing to drop


@dataclass
class TableDie:
    """The physical die the table rolls with, named once with `die NAME` and recorded with
    every entry after it, until named again (`die` alone forgets it)."""

    label: str | None = None

    def name(self, text: str) -> None:
        try:
            self.label = checked_die_label(text)
        except BadText as error:
            click.echo(
                _(
                    "! %(error)s: the die stays %(value)s",
                    error=error,
                    value=self.label or _("unnamed"),
                )
            )
            return
        if self.label is None:
            click.echo(_("no die named: the table's rolls are recorded without one"))
        else:
            click.echo(_("the table's rolls are recorded as made with %(label)r", label=self.label))


def play_loop(context: Context, match_ref: str) -> None:
    app = context.app
    view = app.get_match(match_ref)
    echo_match(view)
    click.echo(_(COMMANDS_HELP))
    die = TableDie()
    reader = PromptReader(lambda line: _complete(view, line, _known_names(context, view)))
    try:
        while True:
            try:
                line = reader.read(f"{view.short_id}> ").strip()
            except EOFError:
                click.echo()
                return
            if not line:
                continue
            word, _space, rest = line.partition(" ")
            if word in {"quit", "exit", "q"}:
                return
            if word in {"help", "?"}:
                lines = (
                    help_kind(view, rest.strip(), _names(view)) if rest.strip() else help_now(view)
                )
                click.echo("\n".join(lines))
                continue
            if line in {"s", "situation", "show", "log"}:
                view = app.get_match(view.id)
                echo_match(view, with_log=line == "log")
                continue
            if word == "die":
                die.name(rest)
                continue
            view = _act(context, view, reader, line, die.label)
    finally:
        reader.close()


def _act(
    context: Context, view: MatchView, reader: PromptReader, line: str, die: str | None = None
) -> MatchView:
    """Undo, or record the entry typed; then the compact situation. The view after it."""
    app = context.app
    try:
        if line == "undo":
            retraction = app.undo(view.id, context.author(), expected_version=view.version)
            click.echo(retracted(view, retraction.line.retracts))
        else:
            _enter(context, view, reader, line, die)
    except (StaleMatch, BadInput) as error:
        click.echo(f"! {translated(said_by(error))}")
    view = app.get_match(view.id)
    click.echo("\n".join(compact_situation(view)))
    return view


def _known_names(context: Context, view: MatchView) -> list[str]:
    """The cards with known printed values the sides may put down now, for completion."""
    return list(context.app.offered_cards(view.id).names)


def _complete(view: MatchView, line: str, known: Sequence[str] = ()) -> list[str]:
    """Entries as the notation completes them (card names the match has seen and those with
    known values); `help KIND`; the commands by their name."""
    codec = find_ruleset(view.ruleset).codec
    names = list(dict.fromkeys([*known, *_names(view)]))
    context = CompletionContext(codec, view.expected, names)
    if line.startswith("help "):
        return ["help " + found for found in completions(context, line[len("help ") :])]
    found = completions(context, line)
    if " " not in line:
        found += [f"{command} " for command in COMPLETED_COMMANDS if command.startswith(line)]
    return found


def _names(view: MatchView) -> list[str]:
    return names_seen(find_ruleset(view.ruleset).codec, view.log, view.expected)


def _enter(
    context: Context, view: MatchView, reader: PromptReader, line: str, die: str | None
) -> None:
    app = context.app
    rules = find_ruleset(view.ruleset)
    kind = rules.codec.kind_named(line.split(maxsplit=1)[0])
    if kind not in rules.codec.kinds:
        hint = translated(did_you_mean(kind, rules.codec.kinds)) or _(
            "; `help` lists the entries legal now"
        )
        click.echo(_("! no entry is called %(kind)r%(hint)s", kind=kind, hint=hint))
        return
    parsed = as_offered(parse_entry(view.ruleset, line), view.expected)
    known = app.with_known_values(view.id, parsed)
    if known != parsed:
        filled = ", ".join(f"{name}={known[name]}" for name in known if name not in parsed)
        click.echo(
            _(
                "  %(get)s: %(filled)s (its printed values, as known)",
                get=known.get("card"),
                filled=filled,
            )
        )
        parsed = known
    missing = missing_fields(rules, parsed)
    if missing:
        answers = _ask_for(view, kind, missing, reader)
        if answers is None:
            return
        parsed.update(answers)
    action, drawn = without_roll_marks(parsed)
    if drawn:
        # Drawn once, before judging, so that an override records the same dice.
        action = app.draw(view.id, action)
    try:
        entry = app.record(
            view.id, action, context.author(), expected_version=view.version, die_label=die
        )
    except EntryRefused as error:
        click.echo(_("! refused, nothing was stored:"))
        for violation in error.violations:
            click.echo(f"    {refusal(violation.rule, violation.message)}")
        if not all(v.overridable for v in error.violations):
            return
        reason = _override_reason(view.ruleset)
        if reason is None:
            return
        entry = app.record(
            view.id,
            action,
            context.author(),
            override=reason,
            expected_version=view.version,
            die_label=die,
        )
    echo_entry(view.ruleset, entry.line)


def _ask_for(
    view: MatchView, kind: str, missing: tuple[str, ...], reader: PromptReader
) -> dict[str, JSON] | None:
    """The values a typed entry left out, asked of a person at a terminal one by one; from a
    script nothing is asked and the entry is refused, naming them (never recorded as 0)."""
    rules = find_ruleset(view.ruleset)
    specs = {spec.name: spec for spec in rules.codec.describe(kind)}
    if not (stdin_is_terminal() and reader.at_a_terminal):
        names = ", ".join(missing)
        click.echo(
            _(
                "! %(kind)s needs %(names)s: not recorded (`help %(kind)s` says what each is)",
                kind=kind,
                names=names,
            )
        )
        return None
    answers: dict[str, JSON] = {}
    for name in missing:
        meaning = translated(field_meaning(rules, kind, specs[name]))
        answer = click.prompt(f"  {name} ({meaning})", default="", show_default=False).strip()
        if not answer:
            click.echo(_("  not recorded: %(kind)s needs %(name)s", kind=kind, name=name))
            return None
        answers[name] = answer
    return answers


def _override_reason(ruleset: str) -> str | None:
    """The table's reason to record a refused entry anyway, or None to leave it out.

    Only a person at a terminal is asked, and only after what they typed ahead is dropped: the
    next line of a script or of hasty typing is an entry or a command, never an answer. Even
    then it takes an explicit yes, and a reason that reads as an entry or a command is refused.
    """
    if not stdin_is_terminal():
        click.echo(
            _(
                "  not recorded; to record it anyway, run "
                "`touchline match record MATCH ENTRY --override REASON`"
            )
        )
        return None
    discard_typed_ahead()
    answer = click.prompt(
        _("Record it anyway, breaking the rule? (yes/no)"), default="no", show_default=False
    )
    if answer.strip().lower() not in YES:
        click.echo(_("  not recorded"))
        return None
    reason = click.prompt(_("The table's reason"), default="", show_default=False).strip()
    if not reason:
        click.echo(_("  not recorded: an override needs a reason"))
        return None
    first_word = reason.split()[0].lower()
    if first_word in COMMANDS or first_word in find_ruleset(ruleset).codec.kinds:
        click.echo(
            _(
                "  not recorded: %(reason)r reads as an entry or a command, not a reason",
                reason=reason,
            )
        )
        return None
    return reason
