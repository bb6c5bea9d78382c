"""What ``autofix apply`` would write to one file, computed into memory: the version ``verify`` runs.

It reads the same configuration ``apply`` reads (the nearest ``pyproject.toml`` with ``[tool.autofix]``,
then the command line's overrides), so the after version that is proved is the one the user gets.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from autofix.config.settings import ConfigResolver, Overrides
from autofix.files.fix_file import DRY_RUN, Task, process_text


class RewriteError(Exception):
    """The file cannot be read, decoded or parsed: nothing to prove."""


@dataclass
class Rewrite:
    original: bytes
    rewritten: bytes  # equal to ``original`` when no rule changes the file
    applied: Counter[str] = field(default_factory=Counter)

    @property
    def changed(self) -> bool:
        return self.original != self.rewritten


def rewrite_file(
    path: Path, overrides: Overrides | None = None, resolver: ConfigResolver | None = None
) -> Rewrite:
    """Rewrite ``path`` with the rules and fix safety its configuration selects; write nothing."""
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
    result, new_data = process_text(str(path), data, task)
    if result.error:
        raise RewriteError(f"{path}: {result.error}")
    return Rewrite(data, data if new_data is None else new_data, result.applied)
