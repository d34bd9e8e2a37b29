"""The Flask class the app is made of: Flask, with what it asks of a function once per function.

Flask hands every view, hook and error handler to `ensure_sync` on every request, which asks
`inspect.iscoroutinefunction` of it (unwrapping partials and methods): seventeen times for an
entry through the API. Whether a function is a coroutine function never changes, so the
answer is kept per function; an async one is still wrapped anew each time, as Flask does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from flask import Flask

# Views, hooks and handlers are registered once each; past this many, functions are asked
# afresh each time rather than kept (a caller handing Flask a new function per request).
KEPT_FUNCTIONS = 4096


class TouchlineFlask(Flask):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync_functions: set[Callable[..., Any]] = set()
        self._sync_lock = threading.Lock()

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            if func in self._sync_functions:
                return func
        except TypeError:  # an unhashable callable
            return super().ensure_sync(func)
        made = super().ensure_sync(func)
        if made is func and len(self._sync_functions) < KEPT_FUNCTIONS:
            with self._sync_lock:
                self._sync_functions.add(func)
        return made
