"""The garbage collector's pace while a command runs.

Python collects its youngest generation after every 700 objects made and not yet freed, and
every tenth of those collections the next one, and so on to the whole heap. Starting a command
makes hundreds of thousands of objects that live until the process ends (the modules, the
domain's classes and their methods), so during a command at the table the collector walks them
again and again and frees next to nothing: about 1% of the instructions of `touchline match
show` after click's import (click is imported with `cli.main`, before a command runs).

So a command runs with the youngest generation collected after 50,000 objects instead. The
collector still runs, and still frees every cycle of objects: a long command (`serve`, `match
play`) keeps at most that many more objects before they are freed, some megabytes. The older
generations keep Python's thresholds.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# The pace of a serving web app too (service/collector_pace.py).
from service.collector_pace import YOUNGEST_THRESHOLD


@contextmanager
def collector_paced_for_a_command() -> Iterator[None]:
    """While it lasts, the youngest generation is collected after `YOUNGEST_THRESHOLD`
    objects; Python's thresholds are put back afterwards."""
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNGEST_THRESHOLD), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
