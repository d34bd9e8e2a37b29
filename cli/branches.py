"""`touchline match branch`, `branches` and `compare`: what-if branches of a match
(docs/branches.md; registered on the `match` group)."""

from __future__ import annotations

import json

import click

from cli.context import Context, handle_errors, pass_context


@click.command("branch")
@click.argument("match_ref", metavar="MATCH")
@click.argument("step", type=click.IntRange(min=0))
@pass_context
@handle_errors
def branch(context: Context, match_ref: str, step: int) -> None:
    """Start a what-if branch of MATCH from STEP (0: the kick-off): an unofficial match with
    its history up to there, to be scored on differently."""
    view = context.app.branch_match(match_ref, step, context.author())
    click.echo(f"branch {view.id} of match {match_ref} from step {step}")
    click.echo(f"  score it on: touchline match record {view.short_id} ...")


@click.command("branches")
@click.argument("match_ref", metavar="MATCH")
@click.option("--step", type=click.IntRange(min=0), default=None, help="Only those from STEP.")
@click.option("--json", "as_json", is_flag=True, help="Print them as JSON.")
@pass_context
@handle_errors
def branches(context: Context, match_ref: str, step: int | None, as_json: bool) -> None:
    """List the what-if branches of MATCH, by the step each starts from."""
    found = context.app.branches_of(match_ref, step)
    if as_json:
        click.echo(json.dumps([b.to_dict() for b in found], indent=2, ensure_ascii=False))
        return
    if not found:
        click.echo("no branches")
    for listed in found:
        click.echo(
            f"{listed.short_id}  from step {listed.step}  by {listed.started_by}  "
            f"{listed.score}  ({listed.status}, {listed.entries} entries)"
        )


@click.command("compare")
@click.argument("branch_ref", metavar="BRANCH")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@pass_context
@handle_errors
def compare(context: Context, branch_ref: str, as_json: bool) -> None:
    """Compare the what-if branch BRANCH with its origin, from the step it starts at."""
    compared = context.app.compare_branch(branch_ref)
    if as_json:
        click.echo(json.dumps(compared.to_dict(), indent=2, ensure_ascii=False))
        return
    click.echo(f"from step {compared.step} (both share the first {compared.shared} entries)")
    for heading, side in (("origin", compared.origin), ("branch", compared.branch)):
        click.echo(
            f"{heading} {side.id[:8]}: {side.score}  ({side.status}, {side.entries} entries)"
        )
        if side.luck:
            luck = ", ".join(f"{s.label} {s.signed}" for s in side.luck)
            click.echo(f"  luck over the match ({side.unit}): {luck}")
        if side.roll is not None:
            chances = ", ".join(
                f"{c.outcome} {c.percent} ({c.probability})" for c in side.roll.odds.chances
            )
            click.echo(f"  odds of step {side.roll.step}, {side.roll.odds.roll}: {chances}")
            if side.roll_luck:
                luck = ", ".join(f"{label} {amount}" for label, amount in side.roll_luck)
                click.echo(f"  luck of this roll: {luck}")
        for placed in side.lines:
            click.echo(f"  {placed.line.number:>4}  {placed.line.sentence}")
