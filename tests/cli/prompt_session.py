"""`touchline match play` run in a pseudo-terminal, as a person at a keyboard runs it: readline
is on, input is echoed, Tab completes. Every wait is bounded, so a prompt that hangs fails
the test instead of stopping the suite."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

import pexpect

WAIT = 30  # seconds: only stops a hang; a prompt answers in well under one
UP = "\x1b[A"


class PromptSession:
    def __init__(
        self,
        database: str,
        match: str,
        data_home: Path,
        scorer: str = "alice",
        environ: Mapping[str, str] | None = None,
    ) -> None:
        env = {
            **os.environ,
            "TERM": "dumb",  # no colours or bracketed paste: the text as typed
            "INPUTRC": os.devnull,  # nobody's key bindings but readline's own
            "XDG_DATA_HOME": str(data_home),  # the history file goes here
            "TOUCHLINE_SCORER": scorer,
            "COLUMNS": "200",
            **(environ or {}),
        }
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "cli.main", "--database", database, "match", "play", match],
            env=env,
            encoding="utf-8",
            timeout=WAIT,
            dimensions=(50, 200),
        )
        self.prompt = f"{match[:8]}> "
        self.wait_for_prompt()

    def wait_for_prompt(self) -> str:
        """Everything printed up to the next prompt, with the terminal's \\r\\n as \\n."""
        self.child.expect_exact(self.prompt)
        return str(self.child.before).replace("\r\n", "\n")

    def type(self, keys: str) -> str:
        """Type `keys` and Enter; what the program printed up to its next prompt."""
        self.child.send(keys + "\r")
        return self.wait_for_prompt()

    def quit(self) -> None:
        self.child.send("quit\r")
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == 0

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
