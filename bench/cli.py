"""How long a command at the table takes, wall clock, against a do-nothing click command.

    python bench/cli.py [--runs 40] [--before FOLDER]

Issue 13's goal: `touchline match show ID` and `touchline match record ID ...` each take at
most 150 ms wall. On a scratch SQLite store (the embedded default, in a temporary
XDG_DATA_HOME) holding one card-game match, each run times, one right after the other:

- the baseline: the same Python starting a click command that does nothing (what any click
  program costs to start on this machine at this moment);
- `touchline match show ID`;
- `touchline match record ID ENTRY`, a legal entry each run (the next of a long legal match),
  so the match grows by one entry per run.

A command keeps the methods dataclasses generate, compiled, in the user's cache folder
(cli/compiled_methods.py), here one inside the scratch folder, filled by the unmeasured first
run as an installed command's first run fills it; `match show, nothing kept` times the command
as the first after an install or an upgrade runs, each run with a new, empty cache folder.

With `--before FOLDER` (a checkout of an earlier revision, e.g. made with `git worktree add`)
the same two commands are also timed through that checkout's code, in the same runs.

All are interleaved run by run, so whatever else the machine does weighs on all of them
alike. Printed: median and 90th percentile of each, the goal, and each command's median less
the baseline's (what Touchline itself adds). Beside the wall clock, the median CPU time of each
(user and system, of the process alone): on a machine shared with other work it moves less
than the wall clock, which includes waiting for a core. The modules are compiled to bytecode
before the first timed run (as an installed package is), whatever PYTHONDONTWRITEBYTECODE says.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.recording import AUTHOR, SETUP, long_match
from domain.actions import ActionCodec
from domain.card_game.actions import printed_values_left_out
from domain.notation import format_action
from domain.registry import find_ruleset
from domain.ruleset import JSON
from service.app import Touchline
from service.config import settings_from_environment

GOAL_MS = 150.0
BASELINE = """
import click

@click.command()
def main():
    pass

main()
"""
# The entries recorded before the timed runs start: the match is past its opening.
OPENING = 20


def touchline_command() -> list[str]:
    """The installed `touchline` script, run by this Python; else the module itself."""
    script = Path(sys.executable).with_name("touchline")
    if script.exists():
        return [sys.executable, str(script)]
    return [sys.executable, "-m", "cli.main"]


def touchline_from(folder: str) -> list[str]:
    """This Python running the `touchline` command of the checkout in `folder`."""
    start = (
        f"import sys; sys.path.insert(0, {folder!r}); sys.argv[0] = 'touchline'; "
        "from cli.main import main; main()"
    )
    return [sys.executable, "-c", start]


# The CPU time of each command run, in ms, by the command it was recorded under.
CPU: dict[str, list[float]] = {}


def timed(command: list[str], env: dict[str, str], key: str = "") -> float:
    """Wall clock of one run, in ms; its CPU time goes to CPU[key]."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    CPU.setdefault(key, []).append(cpu * 1000)
    return wall


def entry_line(codec: ActionCodec, action: dict[str, JSON]) -> str:
    """The entry as a scorer types it: its notation, with every printed value said, a 0
    included (the notation leaves a 0 out, and a command refuses a printed value left out)."""
    full = codec.to_dict(codec.from_dict(action))
    line = format_action(codec, codec.from_dict(action))
    said: dict[str, JSON] = {"kind": full["kind"], "card": full.get("card")}
    said.update(word.partition("=")[::2] for word in shlex.split(line)[1:])
    left_out = printed_values_left_out(said)
    return " ".join([line, *(f"{name}={full[name]}" for name in left_out)])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--before", metavar="FOLDER", help="an earlier checkout to time too")
    args = parser.parse_args()

    codec = find_ruleset("card-game").codec
    recorded = 2 if args.before else 1
    actions = long_match(OPENING + recorded * args.runs)
    entries = [entry_line(codec, a) for a in actions]
    with tempfile.TemporaryDirectory() as home:
        cache = str(Path(home) / "cache")
        env = {
            **os.environ,
            "XDG_DATA_HOME": home,
            "XDG_CACHE_HOME": cache,
            "TOUCHLINE_SCORER": "bench",
        }
        env.pop("TOUCHLINE_DATABASE_URL", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ.update(XDG_DATA_HOME=home)
        os.environ.pop("TOUCHLINE_DATABASE_URL", None)
        app = Touchline(settings_from_environment())
        match_id = app.create_match("card-game", SETUP, AUTHOR).id
        for action in long_match(OPENING):
            app.record(match_id, action, AUTHOR)
        app.close()

        sides = {"": touchline_command()}
        if args.before:
            sides["before: "] = touchline_from(str(Path(args.before).resolve()))
        baseline = [sys.executable, "-c", BASELINE]
        # Unmeasured: compiles the modules, and opens the store once from the command line.
        timed(baseline, env)
        for touchline in sides.values():
            timed([*touchline, "match", "show", match_id], env)
        times: dict[str, list[float]] = {"baseline": []}
        next_entry = OPENING
        for _ in range(args.runs):
            times["baseline"].append(timed(baseline, env, "baseline"))
            for side, touchline in sides.items():
                words = shlex.split(entries[next_entry])
                next_entry += 1
                show = [*touchline, "match", "show", match_id]
                record = [*touchline, "match", "record", match_id, *words]
                times.setdefault(f"{side}show", []).append(timed(show, env, f"{side}show"))
                times.setdefault(f"{side}record", []).append(timed(record, env, f"{side}record"))
            # The same command with nothing kept yet: a new cache folder, compiled anew.
            fresh = {**env, "XDG_CACHE_HOME": tempfile.mkdtemp(dir=home)}
            show = [*touchline_command(), "match", "show", match_id]
            times.setdefault("cold show", []).append(timed(show, fresh, "cold show"))

    base = statistics.median(times["baseline"])
    print(f"A command at the table, SQLite, {args.runs} runs interleaved (wall clock, ms)")
    print(f"  {'':34}{'median':>8}{'p90':>8}{'min':>8}{'max':>8}{'CPU':>8}   goal")
    names = {
        "baseline": "baseline: a click command, no-op",
        "show": "touchline match show ID",
        "record": "touchline match record ID ...",
        "cold show": "match show ID, nothing kept",
        "before: show": "before: match show ID",
        "before: record": "before: match record ID ...",
    }
    for key, name in names.items():
        if key not in times:
            continue
        values = times[key]
        median, p90 = statistics.median(values), percentile(values, 0.9)
        goal = ""
        if key != "baseline":
            verdict = "met" if median <= GOAL_MS else "NOT met"
            goal = f"≤ {GOAL_MS:.0f} ({verdict}); {median - base:+.0f} over the baseline"
        cpu = statistics.median(CPU[key])
        print(
            f"  {name:34}{median:8.0f}{p90:8.0f}{min(values):8.0f}{max(values):8.0f}"
            f"{cpu:8.0f}   {goal}"
        )


if __name__ == "__main__":
    main()
