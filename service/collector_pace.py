"""The garbage collector's pace in a process that serves: the youngest generation collected
after 50,000 objects rather than Python's 700.

A run of replay steps (the steps API's runs of 200, their runs of changes, the page's runs of
frames) makes and drops hundreds of thousands of short-lived objects, and keeps what the
replayed match keeps (its states, what each step changed). At Python's pace the collector
walked the young objects after every 700 made, passed the kept ones up a generation every
tenth time, and swept everything not frozen about once a walk: measured with `gc.callbacks`,
in a fresh web app walking a 1,000-entry card-game match in runs, 117–135 collections of the
youngest generation, 11–13 of the next and one full sweep, 40–46 ms of a walk's 230–300 ms
of CPU, the full sweep alone 20–42 ms (docs/performance.md, "Replay: …"). At this pace
the same walk collects once, in about 9 ms: what dies young is freed by its reference count
before any collection sees it, and the older generations, whose thresholds count
collections of the younger ones, are swept correspondingly less often.

A command runs at the same pace (cli/collector.py). The collector still runs and still frees
every cycle: a serving process holds at most 50,000 more objects before their cycles are
freed, some megabytes. It is a choice for the whole process, made where the web app has
started, beside freezing what it started with (service/frozen_heap.py).
"""

from __future__ import annotations

import gc

# Objects made (less those freed) between two collections of the youngest generation.
YOUNGEST_THRESHOLD = 50_000


def pace_the_youngest_generation() -> None:
    """Collect the youngest generation after `YOUNGEST_THRESHOLD` objects from now on (or
    more, if the process chose more); the older generations keep their thresholds."""
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNGEST_THRESHOLD), *thresholds[1:])
