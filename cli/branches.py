"""`touchline match branch`, `branches` and `compare`: what-if branches of a match
(docs/branches.md; registered on the `match` group)."""

from __future__ import annotations

import json

import click

from cli.context import Context, handle_errors, pass_context
from cli.help_language import Command
from cli.language import _, ngettext, translated
from cli.odds_lines import unit_words


@click.command("branch", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.argument("step", type=click.IntRange(min=0))
@pass_context
@handle_errors
def branch(context: Context, match_ref: str, step: int) -> None:
    """Start a what-if branch of MATCH from STEP. It is an unofficial match with its history up to
    there (STEP 0: the kick-off), to be scored on differently."""
    view = context.app.branch_match(match_ref, step, context.author())
    click.echo(
        _(
            "branch %(id)s of match %(match)s from step %(step)s",
            id=view.id,
            match=match_ref,
            step=step,
        )
    )
    command = f"touchline match record {view.short_id} ..."
    click.echo("  " + _("score it on: %(command)s", command=command))


@click.command("branches", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.option("--step", type=click.IntRange(min=0), default=None, help="Only those from STEP.")
@click.option("--json", "as_json", is_flag=True, help="Print them as JSON.")
@pass_context
@handle_errors
def branches(context: Context, match_ref: str, step: int | None, as_json: bool) -> None:
    """List MATCH's what-if branches by the step each starts from."""
    found = context.app.branches_of(match_ref, step)
    if as_json:
        click.echo(json.dumps([b.to_dict() for b in found], indent=2, ensure_ascii=False))
        return
    if not found:
        click.echo(_("no branches"))
    for listed in found:
        click.echo(
            ngettext(
                "%(id)s  from step %(step)s  by %(by)s  %(score)s  (%(status)s, %(count)s entry)",
                "%(id)s  from step %(step)s  by %(by)s  %(score)s  (%(status)s, %(count)s entries)",
                listed.entries,
                id=listed.short_id,
                step=listed.step,
                by=listed.started_by,
                score=listed.score,
                status=translated(listed.status),
            )
        )


@click.command("compare", cls=Command)
@click.argument("branch_ref", metavar="BRANCH")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@pass_context
@handle_errors
def compare(context: Context, branch_ref: str, as_json: bool) -> None:
    """Compare the what-if branch BRANCH with its origin. The comparison starts at the step the
    branch starts from."""
    compared = context.app.compare_branch(branch_ref)
    if as_json:
        click.echo(json.dumps(compared.to_dict(), indent=2, ensure_ascii=False))
        return
    click.echo(
        ngettext(
            "from step %(step)s (both share the first %(count)s entry)",
            "from step %(step)s (both share the first %(count)s entries)",
            compared.shared,
            step=compared.step,
        )
    )
    for heading, side in ((_("origin"), compared.origin), (_("branch"), compared.branch)):
        click.echo(
            ngettext(
                "%(heading)s %(id)s: %(score)s  (%(status)s, %(count)s entry)",
                "%(heading)s %(id)s: %(score)s  (%(status)s, %(count)s entries)",
                side.entries,
                heading=heading,
                id=side.id[:8],
                score=side.score,
                status=translated(side.status),
            )
        )
        if side.luck:
            luck = ", ".join(f"{s.label} {s.signed}" for s in side.luck)
            click.echo(
                "  "
                + _(
                    "luck over the match (%(unit)s): %(luck)s",
                    unit=unit_words(side.unit),
                    luck=luck,
                )
            )
        if side.roll is not None:
            chances = ", ".join(
                f"{translated(c.outcome)} {c.percent} ({c.probability})"
                for c in side.roll.odds.chances
            )
            click.echo(
                "  "
                + _(
                    "odds of step %(step)s, %(roll)s: %(chances)s",
                    step=side.roll.step,
                    roll=translated(side.roll.odds.roll),
                    chances=chances,
                )
            )
            if side.roll_luck:
                luck = ", ".join(f"{label} {amount}" for label, amount in side.roll_luck)
                click.echo("  " + _("luck of this roll: %(luck)s", luck=luck))
        for placed in side.lines:
            click.echo(f"  {placed.line.number:>4}  {placed.line.sentence}")
