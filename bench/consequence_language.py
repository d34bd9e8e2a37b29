"""What reading stored consequences again as phrases costs a Japanese reader of a long match's
log, and that an English reader pays nothing for it.

    python bench/consequence_language.py [--runs 7] [--entries 1000]

A consequence's text is stored as plain English; a reader in another language gets it read
again as the phrase it was made from (service/recovered_phrases.py). On a scratch SQLite store
(a temporary XDG_DATA_HOME) holding one card-game match of ENTRIES entries (bench/recording.py's
`long_match`) and the seven golden matches, each round runs `match show --log` of the long
match, one right after the other:

- in Japanese, as it is;
- in Japanese with the parse-back switched off (`recovered` giving back the stored text): the
  baseline, what the log cost before, its consequences then in English;
- in English, as it is, and in English with the catalogue's templates made unreadable: that run
  fails if an English command reads them, or builds anything from them.

Printed: the median and least CPU time (user and system, of the process alone) of each, and the
Japanese command's extra time over its baseline, beside the load average before and after.
Then, in this process, what the parse-back itself takes for the long match's consequences and
for all eight matches': reading the templates, each distinct text first parsed, and again
(kept).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.recording import AUTHOR, SETUP, long_match
from service.app import Touchline
from service.config import settings_from_environment

START = "import sys; sys.argv[0] = 'touchline'; {patch}; from cli.main import main; main()"
AS_IT_IS = "pass"
SWITCHED_OFF = (
    "import service.recovered_phrases as found; found.recovered = lambda text, language: text"
)
UNREADABLE = (
    "import service.recovered_phrases as found; from pathlib import Path; "
    "found.TEMPLATES = Path('/nonexistent/rules.pot'); found.rules_finder = None"
)


def timed(patch: str, args: list[str], env: dict[str, str]) -> float:
    """CPU time of one run of the command, in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [sys.executable, "-c", START.format(patch=patch), *args]
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000


def golden_matches(app: Touchline) -> list[str]:
    from service.entries import parse_entry
    from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did

    made = []
    for ruleset, name, setup, *_ in CASES:
        match = app.create_match(ruleset, setup, AUTHOR).id
        for line in golden_lines(name):
            record_as_the_table_did(app, match, parse_entry(ruleset, line), AUTHOR)
        made.append(match)
    return made


def parse_back_cost(app: Touchline, matches: list[str]) -> str:
    """What the parse-back itself takes for these matches' consequences, in this process."""
    from service.recovered_phrases import TEMPLATES, PhraseFinder, template_texts

    texts = [
        str(c.text)
        for match in matches
        for entry in app.load_record(match).effective_entries()
        for c in entry.consequences
        if c.text
    ]
    start = time.process_time()
    finder = PhraseFinder(text for text in template_texts(TEMPLATES) if text)
    built = time.process_time() - start
    start = time.process_time()
    left = sum(finder.phrase(text) is None for text in texts)
    first = time.process_time() - start
    start = time.process_time()
    for text in texts:
        finder.phrase(text)
    again = time.process_time() - start
    return (
        f"{len(texts)} texts ({len(set(texts))} distinct, {left} no template explains): "
        f"templates read {built * 1000:.0f} ms, first parse {first * 1000:.0f} ms "
        f"({first / max(1, len(set(texts))) * 1e6:.0f} µs a distinct text), "
        f"again {again * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--entries", type=int, default=1000)
    args = parser.parse_args()

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CACHE_HOME": str(Path(home) / "cache")}
        env.pop("TOUCHLINE_DATABASE_URL", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ.update(XDG_DATA_HOME=home)
        os.environ.pop("TOUCHLINE_DATABASE_URL", None)
        app = Touchline(settings_from_environment())
        match_id = app.create_match("card-game", SETUP, AUTHOR).id
        for action in long_match(args.entries):
            app.record(match_id, action, AUTHOR)
        golden = golden_matches(app)

        show = ["match", "show", "--log", match_id]
        sides = {
            "Japanese, as it is": (AS_IT_IS, ["--lang", "ja", *show]),
            "Japanese, parse-back off (baseline)": (SWITCHED_OFF, ["--lang", "ja", *show]),
            "English, as it is": (AS_IT_IS, ["--lang", "en", *show]),
            "English, templates unreadable": (UNREADABLE, ["--lang", "en", *show]),
        }
        for patch, command in sides.values():  # unmeasured: compiles, fills the caches
            timed(patch, command, env)
        cpu: dict[str, list[float]] = {name: [] for name in sides}
        for _ in range(args.runs):
            for name, (patch, command) in sides.items():
                cpu[name].append(timed(patch, command, env))
        in_process = [
            f"  the long match: {parse_back_cost(app, [match_id])}",
            f"  it and the seven golden matches: {parse_back_cost(app, [match_id, *golden])}",
        ]
        app.close()
    load_after = os.getloadavg()

    print(
        f"`touchline match show --log` of a {args.entries}-entry card-game match, SQLite, "
        f"{args.runs} rounds interleaved (CPU ms of the process)"
    )
    print(f"  load average before {load_before[0]:.1f}, after {load_after[0]:.1f}")
    print(f"  {'':40}{'median':>8}{'least':>8}")
    for name, times in cpu.items():
        print(f"  {name:40}{statistics.median(times):8.0f}{min(times):8.0f}")
    extra = statistics.median(cpu["Japanese, as it is"]) - statistics.median(
        cpu["Japanese, parse-back off (baseline)"]
    )
    base = statistics.median(cpu["Japanese, parse-back off (baseline)"])
    print(f"  the parse-back adds {extra:.0f} ms to a Japanese log ({extra / base:+.0%})")
    english = statistics.median(cpu["English, as it is"]) - statistics.median(
        cpu["English, templates unreadable"]
    )
    print(
        f"  English with the templates unreadable ran (it reads none): {english:+.0f} ms "
        "between the two (noise)"
    )
    print("In this process, the parse-back alone:")
    print("\n".join(in_process))
    print(json.dumps({name: [round(t) for t in times] for name, times in cpu.items()}))


if __name__ == "__main__":
    main()
