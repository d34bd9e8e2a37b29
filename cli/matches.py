"""`touchline match list|show|record|undo|play|replay`: recording and reading matches.

Each is registered on the `match` group in cli/main.py; `match new` is in cli/new_match.py.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import click

from cli.context import Context, handle_errors, pass_context
from cli.help_language import Command
from cli.language import _, ngettext, translated
from cli.output import (
    Reader,
    echo_entry,
    echo_match,
    echo_provenance,
    echo_settled,
    echo_step,
    has_attachments,
    step_heading,
)
from domain.log import Entry, Retraction
from domain.log_index import LogIndex, Positions, Step
from schemas.result_status import result_label
from service.entry_text import action_from_text
from service.errors import BadInput

if TYPE_CHECKING:
    from domain.luck import MatchLuck
    from service.branches import BranchSummary


@click.command("list", cls=Command)
@pass_context
@handle_errors
def list_(context: Context) -> None:
    """List every match, newest last."""
    summaries = context.app.list_matches()
    if not summaries:
        click.echo(_("no matches yet: create one with `touchline match new`"))
    entries = _("entries")  # outside the f-string below, where the extraction finds it
    for s in summaries:
        result = result_label(s.result_status, s.awaiting, s.open_disputes, _, ngettext)
        imported = _("  imported") if s.imported else ""
        click.echo(
            f"{s.id[:8]}  {s.ruleset:<10} {translated(s.status):<12} {s.score:<6} "
            f"{s.entries:>4} {entries}  {translated(s.title)}{imported}"
            + (f"  [{result}]" if result else "")
        )


@click.command("show", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.option("--json", "as_json", is_flag=True, help="Print the whole match as JSON.")
@click.option("--log", "with_log", is_flag=True, help="Also print the log, read as a match report.")
@click.option("--notation", is_flag=True, help="With --log: each line's notation under it.")
@pass_context
@handle_errors
def show(context: Context, match_ref: str, as_json: bool, with_log: bool, notation: bool) -> None:
    """Show a match: the situation now and what can come next. Optionally, its log too."""
    view = context.app.get_match(match_ref)
    if as_json:
        click.echo(json.dumps(view.to_dict(), indent=2, ensure_ascii=False))
    else:
        echo_match(view, with_log=with_log, notation=notation)


@click.command(
    "record",
    cls=Command,
    context_settings={"ignore_unknown_options": True},
    short_help="Record one entry: a coach decision or a die roll.",
)
@click.argument("match_ref", metavar="MATCH")
@click.argument("entry", nargs=-1, required=True)
@click.option("--roll", is_flag=True, help="Let the app roll the dice (or flip) for this entry.")
@click.option(
    "--override",
    metavar="REASON",
    help="Record it even though it breaks a rule; the reason stays in the log.",
)
@click.option("--key", metavar="KEY", help="Idempotency key: a retried command records once.")
@click.option(
    "--expect-version",
    type=int,
    metavar="N",
    help="Refuse if the match is no longer at version N (another scorer wrote).",
)
@click.option(
    "--die",
    "die_label",
    metavar="NAME",
    help='The physical die the table rolled with, e.g. "red d6" (for the fairness of each die).',
)
@pass_context
@handle_errors
def record(
    context: Context,
    match_ref: str,
    entry: tuple[str, ...],
    roll: bool,
    override: str | None,
    key: str | None,
    expect_version: int | None,
    die_label: str | None,
) -> None:
    """Record one ENTRY, e.g. `play toho "Ken Wakashimazu" defense=4` or `roll toho 5`.

    `touchline rules RULESET` lists the entries; a value written as ? is rolled by the app.
    """
    app = context.app
    view = app.get_match(match_ref)
    action, drawn = action_from_text(view.ruleset, " ".join(_quote(word) for word in entry))
    written = app.record(
        view.id,
        action,
        context.author(),
        override=override,
        key=key,
        expected_version=expect_version,
        roll=roll or drawn,
        die_label=die_label,
    )
    if written.repeat:
        click.echo(_("already recorded with key %(key)s, nothing new stored:", key=key))
    echo_entry(view.ruleset, written.line)


@click.command("undo", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.option("--key", metavar="KEY", help="Idempotency key: a retried undo retracts once.")
@click.option(
    "--expect-version", type=int, metavar="N", help="Refuse if the match is no longer at version N."
)
@pass_context
@handle_errors
def undo(context: Context, match_ref: str, key: str | None, expect_version: int | None) -> None:
    """Retract the latest entry still in force. It stays in the log, marked retracted."""
    app = context.app
    written = app.undo(match_ref, context.author(), key=key, expected_version=expect_version)
    if written.repeat:
        click.echo(_("already undone with key %(key)s, nothing new stored:", key=key))
    line = written.line
    view = app.get_match(match_ref)
    assert isinstance(line, Retraction)
    undone = view.log[line.retracts - 1]
    # In words, as the log reads the line (and as the prompt's `undo` says it).
    said = f": {view.sentence(undone)}" if isinstance(undone, Entry) else ""
    click.echo(_("retracted entry %(retracts)s%(said)s", retracts=line.retracts, said=said))


@click.command("play", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@pass_context
@handle_errors
def play(context: Context, match_ref: str) -> None:
    """Score a match interactively. It shows whose turn it is and what can be entered next."""
    # The prompt's completion and help are loaded by this command alone, not by its siblings.
    from cli.play import play_loop

    play_loop(context, match_ref)


@click.command("replay", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.option(
    "--to",
    "to_line",
    type=click.IntRange(min=0),
    metavar="N",
    help="Stop at line N of the log (the number `show --log` and `annotate` use; 0: kick-off).",
)
@click.option(
    "--step",
    "stepwise",
    is_flag=True,
    help="Walk through the match a step at a time (Enter: next, b: back, g/G: next/previous "
    "goal, h/H: next/previous half, a line number: that line, q: quit).",
)
@click.option("--notation", is_flag=True, help="Print each line's notation under its sentence.")
@click.option(
    "--odds",
    is_flag=True,
    help="Print the exact odds before each roll and the luck it brought, and each side's luck "
    "so far.",
)
@pass_context
@handle_errors
def replay(
    context: Context,
    match_ref: str,
    to_line: int | None,
    stepwise: bool,
    notation: bool,
    odds: bool,
) -> None:
    """Replay a match step by step. Each step is an entry still in force, applied as it was
    recorded.

    Each step reads as the log does: by its line number, in a sentence with its marks.
    Beside each step: the notes and disputes on its entry (with their rulings), the entries it
    corrected, and those made after it and undone, withdrawn or replayed since. After the last
    step, what was said about the result: its disputes and the coaches' confirmations.
    """
    app = context.app
    view = app.get_match(match_ref)
    index = LogIndex(view.log)
    steps = index.steps()
    lines = Positions.of(index)
    reader = Reader.of(view.report(), view.names, notation)
    to_step = None if to_line is None else lines.step_of(to_line)
    if to_line is not None and to_step is None:
        raise BadInput(
            _(
                "--to %(line)s is out of range: the log has lines 0 to %(last)s",
                line=to_line,
                last=lines.last,
            )
        )
    echo_provenance(view.imported)
    luck = app.match_luck(view.id) if odds else None
    branched = app.branches_of(view.id)
    if not stepwise:
        shown = app.replay(view.id, to_step)
        heading = None
        for step in steps[: shown.step + 1]:
            heading = _echo_heading(reader, step, heading)
            if step.step or has_attachments(index, step):
                echo_step(view.ruleset, index, step, reader)
                _echo_odds(luck, step.step, view.names)
            _echo_branches(branched, step.step)
        if shown.step == shown.total:
            echo_settled(view.ruleset, index, view.result_status, reader)
        if luck is not None:
            from cli.odds_lines import echo_luck_so_far

            echo_luck_so_far(luck, shown.step, view.names)
        click.echo(translated(shown.text))
        return
    from cli.replay_walk import HINT, HINT_AT_END, Marks, move

    walk = app.replayed(view.id)
    last = walk.view_at(to_step).step
    marks = Marks.of(steps)
    at = 0
    while True:
        step = steps[at]
        shown = walk.view_at(step.step)
        _echo_heading(reader, step, None)
        echo_step(view.ruleset, index, step, reader)
        _echo_odds(luck, step.step, view.names)
        _echo_branches(branched, step.step)
        if step.step == shown.total:
            echo_settled(view.ruleset, index, view.result_status, reader)
        if luck is not None:
            from cli.odds_lines import echo_luck_so_far

            echo_luck_so_far(luck, step.step, view.names)
        click.echo(translated(shown.text))
        if at == 0 and last == 0:
            return
        while True:
            try:
                answer = click.prompt(
                    "",
                    default="",
                    show_default=False,
                    prompt_suffix=HINT_AT_END if at == last else HINT,
                )
            except click.Abort:
                # The input ended (a script piping keys in, or Ctrl-D): the walk ends there.
                click.echo()
                return
            going = move(answer, at, last, marks, lines)
            if going.to is None:
                return
            if not going.note:
                break
            click.echo(going.note)
        at = going.to


def _echo_odds(luck: MatchLuck | None, step: int, names: Mapping[str, str]) -> None:
    """With --odds: the odds of the roll the step made, and its luck."""
    roll = None if luck is None else luck.at(step)
    if luck is not None and roll is not None:
        from cli.odds_lines import echo_roll

        echo_roll(roll, luck.unit, names)


def _echo_branches(branched: Sequence[BranchSummary], step: int) -> None:
    """The what-if branches started at the step, as the web replay lists them there."""
    for branch in branched:
        if branch.step == step:
            click.echo(
                _(
                    "  what if: branch %(branch)s by %(by)s (%(score)s, %(status)s)",
                    branch=branch.short_id,
                    by=branch.started_by,
                    score=branch.score,
                    status=translated(branch.status),
                )
            )


def _echo_heading(reader: Reader, step: Step, shown: str | None) -> str | None:
    """The heading of the step's stretch of play, when it is not the one `shown` last."""
    heading = step_heading(reader, step)
    if heading is not None and heading != shown:
        click.echo(f"— {translated(heading)} —")
    return heading if heading is not None else shown


def _quote(word: str) -> str:
    # The shell already split the words; quote each again so the notation sees them whole.
    name, equals, value = word.partition("=")
    if equals and name.isidentifier():
        return f"{name}={shlex.quote(value)}"
    return shlex.quote(word)
