"""Ending a finished command without tearing the interpreter down.

Once a command has run, its context closed (the store with it) and its output flushed, all
that is left of a normal exit is Python taking apart every module and object the command
loaded, one by one: a fifth of the CPU time of `touchline match show` (issue 13). The process
ends now instead, as the operating system would end it anyway, after what a normal exit does
that anyone can observe: the `atexit` functions run (the library's, readline's history) and
standard output and error are flushed, a failed flush (a closed pipe) ending the command with
status 120 as Python's own exit does. Every file the command writes is written in a `with`
block, so nothing is left in a buffer to be flushed by a finaliser.

A command that leaves another thread running (a server's) exits the normal way, which waits
for it.
"""

from __future__ import annotations

import atexit
import os
import sys
from typing import NoReturn


def exit_status(code: object) -> int:
    """The process's status for `SystemExit(code)`, as Python's own exit reads it (a message
    is printed to standard error and ends with 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def quick_exit(code: object) -> NoReturn:
    """End the process with `SystemExit(code)`'s status, skipping the interpreter's teardown
    unless another thread still runs."""
    threading = sys.modules.get("threading")
    if threading is not None and any(
        thread.is_alive() and not thread.daemon and thread is not threading.main_thread()
        for thread in threading.enumerate()
    ):
        raise SystemExit(code)
    status = exit_status(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            status = status or 120
    os._exit(status)
