"""The README's "A match at the table" is what the program prints: its `match new` runs as
written, then its `match play` session is typed into the real prompt in a pseudo-terminal,
line by line, and everything printed is compared with the README.

Only what differs from run to run is set aside: the match's id (the README's stands for it)
and the time of each line. `python -m tests.cli.test_readme_transcript --print` prints a fresh
transcript.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pexpect

from tests.cli.prompt_session import WAIT

README = Path(__file__).resolve().parents[2] / "README.md"
SECTION = "## A match at the table"
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00")
SHOWN_TIME = "2026-11-29T21:14:03+00:00"


@dataclass(frozen=True)
class Transcript:
    new_command: list[str]  # `touchline match new …` without `touchline`
    new_output: str
    match_id: str  # the id the README shows
    play_ref: str  # what the README passes to `match play`
    session: str  # everything after `$ touchline match play …`, prompts and typing included


def readme_transcript() -> Transcript:
    text = README.read_text("utf-8")
    section = text[text.index(SECTION) :]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)
    new_block, play_block = blocks[0], blocks[1]
    new_line, new_output = new_block.split("\n", 1)
    play_line, session = play_block.split("\n", 1)
    assert new_line.startswith("$ touchline ") and play_line.startswith("$ touchline match play ")
    match_id = new_output.split("\n", 1)[0].split()[2]
    return Transcript(new_line.split()[2:], new_output, match_id, play_line.split()[-1], session)


def normalised(text: str, real_id: str, shown_id: str) -> str:
    text = text.replace("\r\n", "\n").replace(real_id, shown_id)
    text = text.replace(real_id[:8], shown_id[:8])
    return TIME.sub(SHOWN_TIME, text)


def run(transcript: Transcript, data: Path) -> tuple[str, str]:
    """What `match new` and then the typed `match play` session print, as a person sees it."""
    env = {
        **os.environ,
        "TOUCHLINE_DATABASE_URL": f"sqlite:///{data / 'touchline.sqlite3'}",
        "TOUCHLINE_SCORER": "alice",
        "XDG_DATA_HOME": str(data),
        "TERM": "dumb",
        "INPUTRC": os.devnull,
    }
    command = [sys.executable, "-m", "cli.main"]
    created = subprocess.run(
        [*command, *transcript.new_command],
        env=env,
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=True,
    ).stdout
    real_id = created.split()[2]
    prompt = f"{real_id[:8]}> "
    typed = [
        line[len(f"{transcript.match_id[:8]}> ") :]
        for line in transcript.session.splitlines()
        if line.startswith(f"{transcript.match_id[:8]}> ")
    ]
    child = pexpect.spawn(
        sys.executable,
        ["-m", "cli.main", "match", "play", real_id[: len(transcript.play_ref)]],
        env=env,
        encoding="utf-8",
        timeout=WAIT,
        dimensions=(50, 200),
    )
    shown = []
    try:
        for line in typed:
            child.expect_exact(prompt)
            shown.append(str(child.before) + prompt)
            child.send(line + "\r")
        child.expect(pexpect.EOF)
        shown.append(str(child.before))
    finally:
        child.close(force=True)
    return (
        normalised(created, real_id, transcript.match_id),
        normalised("".join(shown), real_id, transcript.match_id),
    )


def test_the_readme_transcript_is_what_the_program_prints(tmp_path: Path) -> None:
    transcript = readme_transcript()
    created, session = run(transcript, tmp_path)
    assert created == TIME.sub(SHOWN_TIME, transcript.new_output)
    assert session == TIME.sub(SHOWN_TIME, transcript.session)


if __name__ == "__main__" and "--print" in sys.argv:
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        created, session = run(readme_transcript(), Path(scratch))
    print(created + "-----\n" + session, end="")
