"""The `touchline` command: matches and the database they are kept in.

Every command is listed here by the module that defines it and imported only when it runs
(cli/lazy.py): a command at the table loads its own module, not all of them.
"""

from __future__ import annotations

import click

from cli.language import choose
from cli.lazy import LazyGroup, Listed

MATCH_COMMANDS = {
    "abandon": Listed(
        "cli.abandon:abandon",
        "Abandon a match.",
    ),
    "annotate": Listed(
        "cli.annotate:annotate",
        "Annotate ENTRY with TEXT.",
    ),
    "branch": Listed(
        "cli.branches:branch",
        "Start a what-if branch of MATCH from STEP.",
    ),
    "branches": Listed(
        "cli.branches:branches", "List MATCH's what-if branches by the step each starts from."
    ),
    "compare": Listed(
        "cli.branches:compare",
        "Compare the what-if branch BRANCH with its origin.",
    ),
    "confirm": Listed(
        "cli.settle:confirm",
        "Confirm the result for SIDE once the match ended.",
    ),
    "correct": Listed(
        "cli.settle:correct",
        "Correct entry N deep in the past, as the scorers.",
    ),
    "dispute": Listed("cli.settle:dispute", "Dispute ENTRY or the match's `result`."),
    "export": Listed(
        "cli.match_files:export", "Write a match as a match file (docs/match-file.md)."
    ),
    "import": Listed(
        "cli.match_files:import_",
        "Import a match file as a new match.",
    ),
    "list": Listed("cli.matches:list_", "List every match, newest last."),
    "new": Listed("cli.new_match:new", "Create a match of RULESET and print its id."),
    "play": Listed(
        "cli.matches:play",
        "Score a match interactively.",
    ),
    "record": Listed("cli.matches:record", "Record one entry: a coach decision or a die roll."),
    "replay": Listed(
        "cli.matches:replay",
        "Replay a match step by step.",
    ),
    "rule": Listed(
        "cli.settle:rule",
        "Rule on dispute DISPUTE (its line number) as the referee.",
    ),
    "scorer-link": Listed(
        "cli.serve:scorer_link",
        "Issue a new scorer link for MATCH (as the owner).",
    ),
    "show": Listed(
        "cli.matches:show",
        "Show a match: the situation now and what can come next.",
    ),
    "undo": Listed(
        "cli.matches:undo",
        "Retract the latest entry still in force.",
    ),
    "verify": Listed(
        "cli.seal:verify",
        "Check a match's sealed record.",
    ),
}

COMMANDS = {
    "audit": Listed(
        "cli.audit:audit",
        "The audit of MATCH or, with --league NAME, of a league.",
    ),
    "cards": Listed(
        "cli.cards:cards",
        "Card lists: each card's printed values.",
    ),
    "db": Listed("cli.db:db", "The event store."),
    "league": Listed("cli.leagues:league", "Leagues: matches that count towards one table."),
    "link": Listed(
        "cli.links:link",
        "Access links: one per person, revocable one at a time.",
    ),
    "projections": Listed(
        "cli.projections:projections",
        "Read models kept from the event log.",
    ),
    "rules": Listed("cli.rules:rules", "List the entries a RULESET accepts, with their fields."),
    "serve": Listed(
        "cli.serve:serve",
        "Serve the web app: live scoring, replays and leagues.",
    ),
    "stats": Listed("cli.stats:stats", "Statistics from every recorded match."),
    "team": Listed("cli.teams:team", "Team lists (Captain Tsubasa TCG): see docs/team-list.md."),
}


@click.group(
    cls=LazyGroup,
    listed=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.option(
    "--database",
    metavar="URL",
    help="Event store to use (default: $TOUCHLINE_DATABASE_URL, else the embedded SQLite file).",
)
@click.option(
    "--by",
    "scorer",
    metavar="NAME",
    help="Who is entering (default: $TOUCHLINE_SCORER, else your login name).",
)
@click.option(
    "--lang",
    type=click.Choice(["en", "ja"]),
    is_eager=True,
    expose_value=False,
    # Without `--lang` the choice made before parsing stands (cli/help_language.py).
    callback=lambda _ctx, _param, value: None if value is None else choose(value),
    help="Language of the messages (default: $LANGUAGE, $LC_ALL, $LC_MESSAGES or $LANG).",
)
@click.version_option(package_name="touchline")
@click.pass_context
def cli(ctx: click.Context, database: str | None, scorer: str | None) -> None:
    """Touchline records tabletop football matches entry by entry, then replays and exports them.

    Start with `touchline match new --help`; `touchline rules card-game` lists what can be
    entered in a Captain Tsubasa: The Card Game match.
    """
    # Imported here: `touchline --help` needs none of what a command's context holds.
    from cli.context import Context

    ctx.obj = Context(database, scorer)
    ctx.call_on_close(ctx.obj.close)


@cli.group(cls=LazyGroup, listed=MATCH_COMMANDS)
def match() -> None:
    """Record and read matches. MATCH is a match id or a unique prefix of it."""


def main() -> None:
    # Every command makes the same dataclasses again: their generated methods are compiled
    # once and kept (cli/compiled_methods.py), as what the package's data files parse to is
    # (cli/kept_data.py); the collector spares the objects they make (cli/collector.py).
    from cli.collector import collector_paced_for_a_command
    from cli.compiled_methods import compiled_methods
    from cli.kept_data import kept_data
    from cli.quick_exit import quick_exit

    with collector_paced_for_a_command(), compiled_methods(), kept_data():
        try:
            cli(prog_name="touchline")
        except SystemExit as done:
            code = done.code
        else:
            code = 0
    # Finished, its store closed: the process ends without taking every module apart.
    quick_exit(code)


if __name__ == "__main__":
    main()
