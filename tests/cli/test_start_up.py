"""Issue 13: a command at the table loads what it needs and nothing more. On the embedded
SQLite store PostgreSQL's driver is never imported, and a command about one match imports only
that match's game (each game's package costs about a tenth of a second to import)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from tests.cli.probes import card_match_in, probed

# Runs one command in a fresh interpreter and prints the modules it imported and those the
# interpreter held before it: what the interpreter's site loads at start-up (a .pth file
# importing certifi, which brings in tempfile and shutil) is not the command's doing.
PROBE = """
import sys
already = sorted(sys.modules)
import atexit, json
from cli.main import main
sys.argv = ["touchline", *sys.argv[1:]]
# Printed as the command ends (it ends the process itself: cli/quick_exit.py).
atexit.register(lambda: print(json.dumps({"already": already, "after": sorted(sys.modules)})))
main()
"""


@dataclass(frozen=True)
class Imports:
    """The modules a command imported, apart from those the interpreter held before it."""

    added: frozenset[str]
    already: frozenset[str]


def imports_of(url: str, *command: str, env: dict[str, str] | None = None) -> Imports:
    found = probed(PROBE, url, *command, env=env)
    already = frozenset(found["already"])
    return Imports(frozenset(found["after"]) - already, already)


def imported_by(url: str, *command: str, env: dict[str, str] | None = None) -> frozenset[str]:
    """What the command's own imports added to the interpreter's modules."""
    return imports_of(url, *command, env=env).added


def test_showing_a_match_on_sqlite_loads_neither_postgres_nor_other_games(
    tmp_path: Path,
) -> None:
    url, match_id = card_match_in(tmp_path)
    modules = imported_by(url, "match", "show", match_id)
    assert "domain.card_game.ruleset" in modules
    assert not {m for m in modules if m.split(".")[0] in ("psycopg", "psycopg_pool")}
    assert "domain.tcg.ruleset" not in modules
    assert "domain.king_of_the_pitch.ruleset" not in modules


# What only some commands use: another command's module, the audit's and match files'
# marshmallow schemas, the web app, and the read models' views.
OTHER_COMMANDS = {
    "cli.abandon",
    "cli.annotate",
    "cli.audit",
    "cli.db",
    "cli.games",
    "cli.leagues",
    "cli.links",
    "cli.match_files",
    "cli.new_match",
    "cli.projections",
    "cli.rules",
    "cli.seal",
    "cli.serve",
    "cli.settle",
    "cli.stats",
    "cli.teams",
}
NOT_AT_THE_TABLE = {"marshmallow", "flask", "web", "psycopg", "psycopg_pool", "uvicorn"}
READ_MODEL_VIEWS = {
    "service.projections.projector",
    "service.projections.summaries",
    "service.projections.statistics",
    "service.projections.dice",
    "service.projections.standings",
}


# What neither showing a match nor recording an entry uses, and what each loaded before
# (issue 13): the aggregates of other things than the match (leagues, access links, an
# import's provenance and its league marks, the card lists' file) and the values the use
# cases answer about them (leagues, links, imports, card lists, histories, statistics and the
# dice's fairness, branches, a match's luck), the read side's fold (and the standings it
# folds for), the replays' values and timeline, the rulebook a ruling cites, the prompt of
# `match play` and the walk of `match replay --step`, and what only a mistyped word needs.
NOT_FOR_ONE_MATCH = {
    "domain.access",
    "domain.league",
    "domain.provenance",
    "domain.rulebook",
    "domain.standings",
    "domain.entry_help",
    "domain.completion",
    "service.league_views",
    "service.link_views",
    "service.import_views",
    "service.card_list_views",
    "domain.card_list_file",
    "service.history_views",
    "service.statistics_views",
    "service.projections.fairness",
    "service.branch_views",
    "domain.luck",
    "service.replay_views",
    "domain.situation_changes",
    "service.replays",
    "service.timeline",
    "service.projections.fold",
    "cli.play",
    "cli.play_text",
    "cli.prompt_line",
    "cli.replay_walk",
    "difflib",
}
# What only a write uses (the seal of each new event, the device's host name), and what only
# an entry drawn by the app uses (a secure generator): showing a match loads none of them.
ONLY_TO_WRITE = {"domain.seal", "socket"}
ONLY_TO_DRAW = {"secrets"}
# What only an entry that types a card's printed values reads: the card lists (showing a match
# and a toss read none).
ONLY_FOR_PRINTED_VALUES = {"domain.card_list"}


def test_the_command_listing_imports_no_command_nor_the_service(tmp_path: Path) -> None:
    modules = imported_by(f"sqlite:///{tmp_path / 'table.sqlite3'}", "--help")
    assert {m for m in modules if m.startswith("cli.")} == {
        "cli.main",
        "cli.lazy",
        "cli.collector",
        "cli.compiled_methods",
        "cli.kept_data",
        "cli.quick_exit",
        # `--lang`'s choice, kept for the messages: it loads no catalogue until one is shown.
        "cli.language",
        # The help's language, decided before parsing: in English it binds no catalogue.
        "cli.help_language",
    }
    # The modules of the service it needs: where the user's cache folder is, which language the
    # environment asks for (not the catalogues) and the collector's pace; of the domain, where
    # a data file's kept parse is taken from (cli/kept_data.py).
    service = {m for m in modules if m.split(".")[0] in {"service", "domain", "eventsourcing"}}
    assert service <= {
        "service",
        "service.user_folders",
        "service.languages",
        # The collector's pace, shared with the web app: it imports only `gc`.
        "service.collector_pace",
        "domain",
        "domain.package_data",
    }


def test_show_and_record_import_only_what_they_use(tmp_path: Path) -> None:
    url, match_id = card_match_in(tmp_path)
    for command in (
        ("match", "show", match_id),
        ("match", "record", match_id, "toss", "winner=toho"),
    ):
        imports = imports_of(url, *command)
        modules = imports.added
        assert "cli.matches" in modules
        assert not modules & OTHER_COMMANDS, command
        assert not {m for m in modules if m.split(".")[0] in NOT_AT_THE_TABLE}, command
        assert not modules & READ_MODEL_VIEWS, command
        assert "domain.audit" not in modules, command
        assert not modules & NOT_FOR_ONE_MATCH, command
        assert not modules & ONLY_TO_DRAW, command
        assert not modules & ONLY_FOR_PRINTED_VALUES, command
        # With an absolute HOME the user's folders are found without platformdirs, which
        # imports tempfile, shutil, bz2 and lzma (service/user_folders.py).
        assert not modules & {"platformdirs", "tempfile", "shutil", "bz2", "lzma"}, command
        if command[1] == "show":
            assert not modules & ONLY_TO_WRITE, command
        else:
            assert modules | imports.already >= ONLY_TO_WRITE, command
    recorded = Touchline(settings_for_url(url))
    assert [line.number for line in recorded.get_match(match_id).log] == [1]
    recorded.close()


def test_the_match_events_are_made_once_each() -> None:
    """The match declares the base of its events, so the library takes each event class as
    declared instead of defining every one again as a subclass (each a dataclass made at
    import); and its events apply themselves (`applied_by`) rather than through `@event`
    methods, for each of which the library made a subclass that calls it: it makes none."""
    from eventsourcing.domain import DecoratedFuncCaller

    from domain.match import MatchRecord

    events = {
        name: value
        for name, value in vars(MatchRecord).items()
        if isinstance(value, type) and issubclass(value, MatchRecord.Event)
    }
    assert {"Created", "Sealed", "EntryRecorded", "Imported"} <= set(events)
    for name, event in events.items():
        assert not issubclass(event, DecoratedFuncCaller), f"MatchRecord.{name} calls a method"
        again = [b for b in event.__bases__ if b.__qualname__ == event.__qualname__]
        assert not again, f"MatchRecord.{name} is defined again by the library"


# Runs one command and prints every dataclass it made without a docstring of its own (for
# which dataclasses draws one from inspect.signature, about a tenth of a millisecond each),
# leaving out the event classes the library defines itself (it cannot be given theirs).
UNDOCUMENTED_PROBE = """
import atexit, dataclasses, json, sys
undocumented = []
process = dataclasses._process_class
def made_by_the_library():
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "_define_event_class":
            return True
        frame = frame.f_back
    return False
def processed(cls, *args, **kwargs):
    if not cls.__dict__.get("__doc__") and not made_by_the_library():
        undocumented.append(f"{cls.__module__}.{cls.__qualname__}")
    return process(cls, *args, **kwargs)
dataclasses._process_class = processed
from cli.main import main
sys.argv = ["touchline", *sys.argv[1:]]
atexit.register(lambda: print(json.dumps(undocumented)))
main()
"""


def test_the_classes_a_command_at_the_table_makes_carry_their_docstrings(tmp_path: Path) -> None:
    url, match_id = card_match_in(tmp_path)
    for command in (
        ("match", "show", match_id),
        ("match", "record", match_id, "toss", "winner=toho"),
    ):
        undocumented = probed(UNDOCUMENTED_PROBE, url, *command)
        assert [name for name in undocumented if not name.startswith("eventsourcing.")] == []


# Runs one command and prints the modules of Touchline that compiled (or looked up) a regular
# expression while it ran: a class of many code points takes longer to compile than most
# modules take to import (the Japanese characters of domain.suggestions, the surrogates of
# domain.text's check), so each is compiled where it is first used.
REGEX_PROBE = """
import atexit, json, re, sys
ours = set()
compile_ = re._compile
def compiling(pattern, flags):
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__", "").split(".")[0] == "re":
        frame = frame.f_back
    module = "" if frame is None else frame.f_globals.get("__name__", "")
    if module.split(".")[0] in ("domain", "service", "cli", "schemas"):
        ours.add(module)
    return compile_(pattern, flags)
re._compile = compiling
from cli.main import main
sys.argv = ["touchline", *sys.argv[1:]]
atexit.register(lambda: print(json.dumps(sorted(ours))))
main()
"""


def test_showing_a_match_compiles_no_regular_expression_of_ours(tmp_path: Path) -> None:
    url, match_id = card_match_in(tmp_path)
    app = Touchline(settings_for_url(url))
    app.record(
        match_id, {"kind": "toss", "winner": "toho"}, Author("alice", "2026-12-01T10:01:00+00:00")
    )
    app.close()
    compiled = {}
    for command in (
        ("match", "show", match_id),
        ("match", "record", match_id, "kickoff", "toho"),
    ):
        compiled[command[1]] = set(probed(REGEX_PROBE, url, *command))
    assert compiled["show"] == set()
    # A recorded entry is read from its notation and its texts are checked: those two only.
    assert compiled["record"] <= {"domain.notation", "domain.text"}


def test_a_second_command_at_the_table_parses_no_toml(tmp_path: Path) -> None:
    """The names list and the card game's cards are read from what the first command kept
    (cli/kept_data.py): the second imports no tomllib."""
    url, match_id = card_match_in(tmp_path)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    assert "tomllib" in imported_by(url, "match", "show", match_id, env=env)
    for command in (
        ("match", "show", match_id),
        ("match", "record", match_id, "toss", "winner=toho"),
    ):
        assert "tomllib" not in imported_by(url, *command, env=env), command
