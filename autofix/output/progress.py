"""Progress of a long run: a live bar on a terminal, a plain line every few seconds elsewhere (CI logs)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from autofix.files.fix_file import FileResult

PLAIN_INTERVAL_S = 5.0


@dataclass
class Tally:
    total: int
    done: int = 0
    changed: int = 0
    fixes: int = 0
    errors: int = 0
    started: float = field(default_factory=time.monotonic)

    def add(self, result: FileResult) -> None:
        self.done += 1
        self.changed += result.changed
        self.fixes += sum(result.applied.values())
        self.errors += result.error is not None

    @property
    def rate(self) -> float:
        elapsed = time.monotonic() - self.started
        return self.done / elapsed if elapsed > 0 else 0.0

    def eta(self) -> str:
        if not self.done or self.rate <= 0:
            return "?"
        seconds = int((self.total - self.done) / self.rate)
        return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"

    def line(self) -> str:
        return (
            f"{self.done}/{self.total} files, {self.changed} changed, {self.fixes} fixes,"
            f" {self.errors} errors,"
            f" {self.rate:.1f} files/s, ETA {self.eta()}"
        )


class ProgressDisplay:
    """Call :meth:`update` with every result; use as a context manager around the run."""

    def __init__(self, console: Console, total: int, label: str = "migrate", quiet: bool = False) -> None:
        self.console = console
        self.tally = Tally(total)
        self.label = label
        self.quiet = quiet
        self._live: Any = None
        self._bar: Any = None
        self._last_plain = 0.0

    def __enter__(self) -> ProgressDisplay:
        if self.quiet:
            return self
        if self.console.is_terminal:
            from rich.progress import BarColumn, Progress, TextColumn

            self._live = Progress(
                TextColumn(f"{self.label}"),
                BarColumn(),
                TextColumn("{task.fields[line]}"),
                console=self.console,
                transient=True,
            )
            self._live.__enter__()
            self._bar = self._live.add_task(self.label, total=self.tally.total, line=self.tally.line())
        else:
            self._plain()
        return self

    def update(self, result: FileResult) -> None:
        self.tally.add(result)
        if self.quiet:
            return
        if self._live is not None:
            self._live.update(self._bar, completed=self.tally.done, line=self.tally.line())
        elif time.monotonic() - self._last_plain >= PLAIN_INTERVAL_S:
            self._plain()

    def _plain(self) -> None:
        self._last_plain = time.monotonic()
        self.console.print(f"{self.label}: {self.tally.line()}", markup=False, highlight=False)

    def __exit__(self, *exc_info: object) -> None:
        if self._live is not None:
            self._live.__exit__(*exc_info)
        elif not self.quiet:
            self._plain()
