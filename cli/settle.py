"""`touchline match dispute|rule|correct|confirm`: settling what happened at the table.

A coach or scorer disputes an entry or the result; a referee rules on it, citing rule IDs of
the game's digest; the scorers correct an entry deep in the past; each coach confirms the
result. The command line acts as the installation's owner, so it may do each of them
(registered on `match`; docs/cli.md says what each prints).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from cli.context import Context, RulesFailure, handle_errors, pass_context
from cli.help_language import Command
from cli.language import _
from cli.output import decisions_needed, echo_entry
from domain.log import CORRECTED, DECISIONS, REPLAY, Dispute, LogLine, Ruling
from domain.log_index import LogIndex
from domain.match import CorrectionRequest
from domain.rejudge import KEEP, WITHDRAW
from service.app import Touchline
from service.entry_text import action_from_text
from service.errors import CorrectionNeedsDecisions
from service.views import MatchView, Written

F = TypeVar("F", bound=Callable[..., Any])
L = TypeVar("L", bound=LogLine)

RESULT = "result"


class EntryOrResult(click.ParamType[int | None, Any]):
    """An entry's number, or `result` for the match's result."""

    name = "ENTRY|result"

    def convert(self, value: Any, param: click.Parameter | None, ctx: Any) -> int | None:
        if isinstance(value, int) or value is None:
            return value
        text = str(value).strip().lower()
        if text == RESULT:
            return None
        try:
            number = int(text)
        except ValueError:
            self.fail(f"{value!r} is neither an entry number nor 'result'", param, ctx)
        if number < 1:
            self.fail(f"entries are numbered from 1, not {number}", param, ctx)
        return number


def _numbers(values: Sequence[str], option: str) -> list[int]:
    """Entry numbers given as repeated options and comma lists: `--keep 13 --keep 14,15`."""
    numbers: list[int] = []
    for value in values:
        for part in value.split(","):
            if not part.strip():
                continue
            try:
                numbers.append(int(part))
            except ValueError:
                raise click.BadParameter(
                    _("%(strip)r is not an entry number", strip=part.strip()), param_hint=option
                ) from None
    return numbers


def _decisions(keep: Sequence[str], withdraw: Sequence[str]) -> dict[int, str]:
    kept, withdrawn = _numbers(keep, "--keep"), _numbers(withdraw, "--withdraw")
    both = sorted(set(kept) & set(withdrawn))
    if both:
        raise click.UsageError(
            _("entry %(both)s is given both --keep and --withdraw", both=both[0])
        )
    return {**dict.fromkeys(kept, KEEP), **dict.fromkeys(withdrawn, WITHDRAW)}


def correction_options(command: F) -> F:
    """The options that say what a correction puts in place of the entry, and what becomes of
    the later entries it makes illegal."""
    for option in reversed(
        [
            click.option(
                "--keep",
                multiple=True,
                metavar="N",
                help="An entry the correction makes illegal that stands as an override "
                "(repeatable, or N,M).",
            ),
            click.option(
                "--withdraw",
                multiple=True,
                metavar="N",
                help="An entry the correction makes illegal that no longer counts "
                "(repeatable, or N,M).",
            ),
            click.option(
                "--override",
                metavar="WHY",
                help="Put the corrected entry in place although it breaks a rule, and why.",
            ),
            click.option(
                "--die",
                "die_label",
                metavar="NAME",
                help='The physical die the corrected entry was rolled with, e.g. "red d6" '
                '(default: the one the entry named; "" for none).',
            ),
        ]
    ):
        command = option(command)
    return command


@contextmanager
def decisions_explained(app: Touchline, match_ref: str) -> Iterator[None]:
    """A correction that made later entries illegal exits 3, listing each entry with what it
    records and the rules it now breaks, and how to decide about it."""
    try:
        yield
    except CorrectionNeedsDecisions as error:
        view = app.get_match(match_ref)
        index = LogIndex(view.log)
        raise RulesFailure(decisions_needed(view.ruleset, index, error.illegal)) from None


def _echo_written(app: Touchline, view: MatchView, written: Written[L], key: str | None) -> None:
    if written.repeat:
        click.echo(_("already recorded with key %(key)s, nothing new stored:", key=key))
    now = app.get_match(view.id)
    index = LogIndex(now.log)
    line = index.line(written.line.number)
    if isinstance(line, Ruling) and line.correction is not None:
        # A ruling that corrected: the correction it wrote comes first.
        echo_entry(now.ruleset, index.line(line.correction), index)
    echo_entry(now.ruleset, line, index)


def _request(
    view: MatchView,
    entry: int,
    text: str,
    override: str | None,
    keep: Sequence[str],
    withdraw: Sequence[str],
    die_label: str | None,
) -> CorrectionRequest:
    action, drawn = action_from_text(view.ruleset, text)
    if drawn:
        raise click.BadParameter(
            _("a correction records what the table saw: write every value, no ?"),
            param_hint="--as",
        )
    return CorrectionRequest(
        entry, action, override, _decisions(keep, withdraw), die_label=die_label
    )


@click.command("dispute", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.argument("entry", type=EntryOrResult(), metavar="ENTRY|result")
@click.option("--reason", required=True, metavar="WHY", help="What is disputed, and why.")
@click.option("--by", "by", metavar="NAME", help="Who disputes (default: who is entering).")
@click.option("--key", metavar="KEY", help="Idempotency key: a retried command records once.")
@pass_context
@handle_errors
def dispute(
    context: Context,
    match_ref: str,
    entry: int | None,
    reason: str,
    by: str | None,
    key: str | None,
) -> None:
    """Dispute ENTRY or the match's `result`. ENTRY is its number in the log."""
    app = context.app
    view = app.get_match(match_ref)
    written = app.dispute(view.id, entry, reason, context.author(by), key=key)
    _echo_written(app, view, written, key)


@click.command("rule", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.argument("dispute_number", type=click.IntRange(min=1), metavar="DISPUTE")
@click.argument("decision", type=click.Choice(DECISIONS), metavar="|".join(DECISIONS))
@click.option(
    "--rule",
    "rules",
    multiple=True,
    required=True,
    metavar="ID",
    help="A rule ID of the game's digest the ruling rests on (repeatable), e.g. CG-5.4.",
)
@click.option("--text", default="", metavar="WHY", help="The ruling in words.")
@click.option(
    "--entry",
    type=click.IntRange(min=1),
    metavar="N",
    help="corrected: the entry corrected (default: the disputed one).",
)
@click.option(
    "--as",
    "as_text",
    metavar="'ENTRY NOTATION'",
    help="corrected: what the entry becomes, e.g. 'roll toho 4'.",
)
@correction_options
@click.option(
    "--from",
    "replay_from",
    type=click.IntRange(min=1),
    metavar="N",
    help="replay: the entry play is replayed from (default: the disputed one).",
)
@click.option("--key", metavar="KEY", help="Idempotency key: a retried command records once.")
@pass_context
@handle_errors
def rule(
    context: Context,
    match_ref: str,
    dispute_number: int,
    decision: str,
    rules: tuple[str, ...],
    text: str,
    entry: int | None,
    as_text: str | None,
    keep: tuple[str, ...],
    withdraw: tuple[str, ...],
    override: str | None,
    die_label: str | None,
    replay_from: int | None,
    key: str | None,
) -> None:
    """Rule on dispute DISPUTE (its line number) as the referee. The entry `stands`, is `corrected`
    (--as, and --keep/--withdraw for the later entries it makes illegal), or play is replayed from
    an entry (`replay`, --from)."""
    app = context.app
    view = app.get_match(match_ref)
    correction: CorrectionRequest | None = None
    if decision == CORRECTED:
        if as_text is None:
            raise click.UsageError(_("a ruling that corrects says what the entry becomes: --as"))
        target = entry if entry is not None else _disputed_entry(view, dispute_number)
        correction = _request(view, target, as_text, override, keep, withdraw, die_label)
    elif (
        as_text is not None
        or entry is not None
        or keep
        or withdraw
        or override is not None
        or die_label is not None
    ):
        raise click.UsageError(
            _("--entry, --as, --keep, --withdraw, --override and --die go with corrected")
        )
    if replay_from is not None and decision != REPLAY:
        raise click.UsageError(_("--from goes with replay"))
    with decisions_explained(app, view.id):
        written = app.rule(
            view.id,
            dispute_number,
            decision,
            _rule_ids(rules),
            text,
            context.author(),
            correction=correction,
            replay_from=replay_from,
            key=key,
        )
    _echo_written(app, view, written, key)


def _rule_ids(values: Sequence[str]) -> list[str]:
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def _disputed_entry(view: MatchView, dispute_number: int) -> int:
    """The entry dispute `dispute_number` is about; --entry is needed for the result's."""
    if 0 < dispute_number <= len(view.log):
        disputed = view.log[dispute_number - 1]
        if isinstance(disputed, Dispute) and disputed.on is not None:
            return disputed.on
    raise click.UsageError(
        _(
            "say which entry the ruling on %(dispute_number)s corrects: --entry N",
            dispute_number=dispute_number,
        )
    )


@click.command("correct", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.argument("entry", type=click.IntRange(min=1), metavar="N")
@click.option(
    "--as",
    "as_text",
    required=True,
    metavar="'ENTRY NOTATION'",
    help="What entry N becomes, e.g. 'roll toho 4'.",
)
@click.option("--reason", required=True, metavar="WHY", help="Why the entry is corrected.")
@correction_options
@click.option("--key", metavar="KEY", help="Idempotency key: a retried command records once.")
@click.option(
    "--expect-version", type=int, metavar="N", help="Refuse if the match is no longer at version N."
)
@pass_context
@handle_errors
def correct(
    context: Context,
    match_ref: str,
    entry: int,
    as_text: str,
    reason: str,
    keep: tuple[str, ...],
    withdraw: tuple[str, ...],
    override: str | None,
    die_label: str | None,
    key: str | None,
    expect_version: int | None,
) -> None:
    """Correct entry N deep in the past, as the scorers. The corrected entry takes its place (the
    original stays in the log, struck through) and every later entry is judged again."""
    app = context.app
    view = app.get_match(match_ref)
    request = _request(view, entry, as_text, override, keep, withdraw, die_label)
    with decisions_explained(app, view.id):
        written = app.correct(
            view.id,
            entry,
            request.action,
            reason,
            context.author(),
            override=override,
            decisions=request.decisions,
            key=key,
            expected_version=expect_version,
            die_label=die_label,
        )
    _echo_written(app, view, written, key)


@click.command("confirm", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.argument("side", metavar="SIDE")
@click.option("--by", "by", metavar="NAME", help="Who confirms (default: who is entering).")
@click.option("--key", metavar="KEY", help="Idempotency key: a retried command records once.")
@pass_context
@handle_errors
def confirm(context: Context, match_ref: str, side: str, by: str | None, key: str | None) -> None:
    """Confirm the result for SIDE once the match ended. SIDE is named as the actions name it, such
    as toho."""
    app = context.app
    view = app.get_match(match_ref)
    written = app.confirm(view.id, side.strip(), context.author(by), key=key)
    _echo_written(app, view, written, key)
    status = app.get_match(view.id).result_status
    if status.awaiting:
        click.echo(_("awaiting confirmation by %(awaiting)s", awaiting=", ".join(status.awaiting)))
    else:
        click.echo(_("the result is %(state)s", state=status.state))
