"""What ``autofix apply`` would write to one file, computed into memory: the version ``verify`` runs.

It reads the same configuration ``apply`` reads (the nearest ``pyproject.toml`` with ``[tool.autofix]``,
then the command line's overrides), so the after version that is proved is the one the user gets.
Asked with ``trace=True``, it also lists every fix applied, of every pass, placed on the original's
lines (:class:`autofix.engine.trace.AppliedFix`): the fixes of later passes are in no finding of
``check``, yet they change the file (``benchmarks/field_tool.py`` credits them to labels).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from autofix.config.settings import ConfigResolver, Overrides
from autofix.files.fix_file import DRY_RUN, Task, process_text

if TYPE_CHECKING:
    from autofix.engine.trace import AppliedFix


class RewriteError(Exception):
    """The file cannot be read, decoded or parsed: nothing to prove."""


@dataclass
class Rewrite:
    original: bytes
    rewritten: bytes  # equal to ``original`` when no rule changes the file
    applied: Counter[str] = field(default_factory=Counter)
    fixes: list[AppliedFix] = field(default_factory=list)  # with ``trace=True``: every fix, pass by pass

    @property
    def changed(self) -> bool:
        return self.original != self.rewritten


def rewrite_file(
    path: Path,
    overrides: Overrides | None = None,
    resolver: ConfigResolver | None = None,
    *,
    trace: bool = False,
) -> Rewrite:
    """Rewrite ``path`` with the rules and fix safety its configuration selects; write nothing. With
    ``trace``, ``fixes`` lists every fix applied (:mod:`autofix.engine.trace`)."""
    resolver = resolver or ConfigResolver(overrides or Overrides())
    settings = resolver.settings_for(path.parent)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RewriteError(f"{path}: cannot read: {exc.strerror or exc}") from None
    # Every setting ``apply`` passes, device spelling included; no size limit: the file was named.
    task = Task(
        str(path),
        settings.rule_codes_for(path),
        DRY_RUN,
        settings.unsafe_fixes,
        device_style=settings.device_style,
    )
    collected = None
    if trace:
        from autofix.engine.trace import FixTrace  # the engine, imported only where a file is parsed

        collected = FixTrace()
    result, new_data = process_text(str(path), data, task, trace=collected)
    if result.error:
        raise RewriteError(f"{path}: {result.error}")
    fixes = collected.fixes if collected is not None else []
    return Rewrite(data, data if new_data is None else new_data, result.applied, fixes)
