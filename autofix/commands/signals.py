"""SIGINT and SIGTERM as requests to stop: finish what is in flight, report, and exit 128 + signal.

The first signal only sets a flag that the run loop reads between files, so no file is left half-done and
the summary is still printed. A second one means "now": it raises :class:`Abandon` in the main thread, and
the run gives up the files in flight (their workers are killed; a file being replaced is either the old
or the new version, never a mix).
"""

from __future__ import annotations

import signal
import threading
from types import FrameType
from typing import Any


class Abandon(BaseException):
    """Raised by a second interrupt; a BaseException so that no ``except Exception`` swallows it."""


class StopRequests:
    """Context manager that turns SIGINT/SIGTERM into :attr:`signum` while it is active."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self._previous: dict[int, Any] = {}

    @property
    def requested(self) -> bool:
        return self.signum is not None

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.signum is not None:
            raise Abandon(signum)
        self.signum = signum

    def __enter__(self) -> StopRequests:
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._previous.clear()


def exit_code_for(signum: int) -> int:
    """The shell's convention: 130 for SIGINT, 143 for SIGTERM."""
    return 128 + signum
