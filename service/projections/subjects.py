"""The subjects statistics are kept for, as the fold names them in its rows.

Their own module, so that the statistics use cases can name them without importing the fold
(and the standings and the leagues it folds for) into every process that opens the store.
"""

from __future__ import annotations

PLAYER, COACH, TEAM = "player", "coach", "team"

# Where a die came from: rolled at the table (a physical die), or by the app.
TABLE, APP = "table", "app"
DIE_SOURCES = (TABLE, APP)
