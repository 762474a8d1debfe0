"""Updates handed from the desk's threads to the event loop, one wake-up a burst.

A command at a table is applied in a worker thread (the desk holds a thread lock and writes
the store) and its update goes to every socket watching the table: eight queues for a table
of seven. Handing each over with ``loop.call_soon_threadsafe`` wakes the loop eight times (a
write to its self-pipe each). A ``Postbox`` wakes it once for everything posted before the
loop gets to it.
"""

from __future__ import annotations

import asyncio
import weakref
from threading import Lock
from typing import Any

_BOXES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Postbox] = weakref.WeakKeyDictionary()


class Postbox:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._lock = Lock()
        self._waiting: list[tuple[asyncio.Queue[Any], Any]] = []

    def post(self, queue: asyncio.Queue[Any], item: Any) -> None:
        """Put ``item`` on ``queue`` (a queue of this loop), from any thread."""
        with self._lock:
            self._waiting.append((queue, item))
            if len(self._waiting) > 1:
                return  # a wake-up is already on its way and will take this one too
        self._loop.call_soon_threadsafe(self._hand_over)

    def _hand_over(self) -> None:
        with self._lock:
            waiting, self._waiting = self._waiting, []
        for queue, item in waiting:
            queue.put_nowait(item)


def postbox() -> Postbox:
    """The running loop's postbox (called on the loop)."""
    loop = asyncio.get_running_loop()
    box = _BOXES.get(loop)
    if box is None:
        box = _BOXES[loop] = Postbox(loop)
    return box
