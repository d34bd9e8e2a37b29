"""What a process holds once it has started, kept out of the garbage collector's full sweeps.

A full collection walks every object the collector tracks. Once a command or the web app has
started, most of them are its modules, classes, functions and templates (some 100,000 objects
for the web app), which live until the process ends and are never garbage: a sweep that walks
them frees nothing more. Each full sweep during a replay's walk took 84–213 ms on a loaded
machine, as much as the walk itself, and most of that was walking what the process started
with (docs/performance.md, "Replay: …"). `gc.freeze()` moves every object tracked at that
moment to a permanent generation that no collection walks, as forking servers do before they
fork (there to keep the pages shared); the objects made afterwards are collected as before,
and freed by their reference counts as ever.

It is a choice for the whole process, so it is made once, here, and called where a process
has started: at the end of the web app's factory (`touchline serve`, the WSGI and ASGI
entries) and when a command opens the application (cli/context.py). A cycle of objects that
is already garbage at that moment is never collected: the start-up leaves a few, freed at
the process's end. Freezing again later would do that to whatever the process made since
(each app a test makes, each match read), so only the first call freezes.
"""

from __future__ import annotations

import gc
import threading

_frozen = False
_lock = threading.Lock()


def freeze_what_started() -> bool:
    """Move every object tracked now out of the collector's sweeps, the first time this is
    called in the process; afterwards do nothing. Whether this call froze."""
    global _frozen
    with _lock:
        if _frozen:
            return False
        gc.freeze()
        _frozen = True
        return True
