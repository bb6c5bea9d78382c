"""Results of earlier runs, so that an unchanged file is not parsed again (like ruff's cache).

An entry's key is everything its result depends on: the file's content hash, the tool itself (its version
and a fingerprint of its installed modules, so an edited checkout never reuses stale answers), the rules run
on the file, whether unsafe fixes were on, and the mode. Entries are small JSON files named by their key,
written atomically, so that concurrent runs share the cache safely. Only results that need no write are
stored: findings of ``check``, and "nothing to change" for ``apply``.

The cache lives in ``$AUTOFIX_CACHE_DIR``, else ``$XDG_CACHE_HOME/torch-autofix``, else
``~/.cache/torch-autofix``. A corrupt entry is discarded (one warning per run); an unusable cache folder
turns the cache off (one warning).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from autofix import __version__
from autofix.engine.diagnostic import Diagnostic
from autofix.engine.text_edits import TextEdit
from autofix.files.fix_file import LINT, FileResult, Task

_FORMAT = 3  # 3: each fix edit names its notebook cell; 2: diagnostics keep their end, cell and fix edits


def default_cache_dir() -> Path:
    explicit = os.environ.get("AUTOFIX_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "torch-autofix"


@lru_cache(maxsize=1)
def tool_fingerprint() -> str:
    """The version plus the size and mtime of every module of the fixer, in every subpackage (a rule
    lives in ``codemods/rules/<rule>/``): a code change, or a rule added, is a new tool."""
    import importlib.util

    parts = [__version__, str(_FORMAT)]
    for package in ("autofix", "codemods"):
        spec = importlib.util.find_spec(package)  # found, not imported: codemods would bring libcst
        assert spec is not None and spec.origin is not None
        folder = Path(spec.origin).parent
        for module in sorted(folder.rglob("*.py")):
            info = module.stat()
            parts.append(f"{module.relative_to(folder)}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.blake2b("\n".join(parts).encode(), digest_size=16).hexdigest()


class Cache:
    def __init__(self, directory: Path, warn: Callable[[str], None]) -> None:
        self.directory = directory / f"v{_FORMAT}"
        self._warn = warn
        self._warned_corrupt = False
        self.enabled = True
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.enabled = False
            warn(f"cache: cannot use {directory} ({exc.strerror or exc}); running without a cache")

    def key(self, content_digest: str, task: Task) -> str:
        parts = (
            tool_fingerprint(),
            content_digest,
            task.mode,
            ",".join(task.rule_codes),
            str(task.unsafe_fixes),
            task.device_style,
            repr(task.project_moves),
            repr(task.project_taken),
            repr(task.project_names),
        )
        return hashlib.blake2b("\0".join(parts).encode(), digest_size=20).hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key[2:]}.json"

    def get(self, key: str, path: str) -> FileResult | None:
        if not self.enabled:
            return None
        entry = self._path(key)
        try:
            raw = entry.read_bytes()
        except OSError:
            return None
        try:
            result = _decode(json.loads(raw), path)
        except (ValueError, KeyError, TypeError, AttributeError):
            self._discard(entry)
            return None
        return result

    def put(self, key: str, result: FileResult, mode: str) -> None:
        if not self.enabled or result.error or result.skipped or (result.changed and mode != LINT):
            return
        try:
            _write(self._path(key), json.dumps(_encode(result)))
        except OSError as exc:
            self.enabled = False
            self._warn(
                f"cache: cannot write to {self.directory} ({exc.strerror or exc}); cache off for this run"
            )

    def get_reading(self, key: str) -> object | None:
        """A project reading kept under ``key`` (:mod:`autofix.files.project_cache`), as JSON data."""
        if not self.enabled:
            return None
        entry = self._reading_path(key)
        try:
            return json.loads(entry.read_bytes())
        except OSError:
            return None
        except ValueError:
            self._discard(entry)
            return None

    def put_reading(self, key: str, value: object) -> None:
        if not self.enabled:
            return
        try:
            _write(self._reading_path(key), json.dumps(value))
        except OSError:
            pass  # (a reading not kept is read again next time; the files' results say the rest)

    def discard_reading(self, key: str) -> None:
        self._discard(self._reading_path(key))

    def _reading_path(self, key: str) -> Path:
        return self.directory / "readings" / f"{key}.json"

    def _discard(self, entry: Path) -> None:
        if not self._warned_corrupt:
            self._warned_corrupt = True
            self._warn(f"cache: discarded a corrupt entry in {self.directory} (it will be rebuilt)")
        try:
            entry.unlink()
        except OSError:
            pass


def _write(entry: Path, text: str) -> None:
    """Write ``entry`` atomically (a temporary file renamed over it: a concurrent run reads the old entry
    or the new one, never half of one); raises OSError, after removing the temporary file."""
    tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
    try:
        entry.parent.mkdir(exist_ok=True)
        tmp.write_text(text)
        os.replace(tmp, entry)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


def _encode(result: FileResult) -> dict:
    return {
        "changed": result.changed,
        "unsafe_fixes": result.unsafe_fixes,
        "diagnostics": [
            [
                d.code,
                d.message,
                d.line,
                d.column,
                d.fixable,
                d.safety,
                d.end_line,
                d.end_column,
                d.cell,
                [[e.line, e.column, e.end_line, e.end_column, e.content, e.cell] for e in d.edits],
            ]
            for d in result.diagnostics
        ],
        "applied": dict(result.applied),
        "withheld_unsafe": dict(result.withheld_unsafe),
        "dropped": list(result.dropped),
    }


def _decode(raw: dict, path: str) -> FileResult:
    diagnostics = []
    for code, message, line, column, fixable, safety, end_line, end_column, cell, edits in raw["diagnostics"]:
        if not (isinstance(code, str) and isinstance(message, str) and isinstance(line, int)):
            raise ValueError("bad diagnostic")
        diagnostics.append(
            Diagnostic(
                code,
                message,
                line,
                int(column),
                bool(fixable),
                str(safety),
                int(end_line),
                int(end_column),
                tuple(
                    TextEdit(int(a), int(b), int(c), int(d), str(text), None if k is None else int(k))
                    for a, b, c, d, text, k in edits
                ),
                None if cell is None else int(cell),
            )
        )
    dropped = raw["dropped"]
    if not isinstance(dropped, list):
        raise ValueError("bad dropped list")
    return FileResult(
        path,
        unsafe_fixes=bool(raw["unsafe_fixes"]),
        changed=bool(raw["changed"]),
        diagnostics=diagnostics,
        applied=Counter({str(k): int(v) for k, v in raw["applied"].items()}),
        withheld_unsafe=Counter({str(k): int(v) for k, v in raw["withheld_unsafe"].items()}),
        dropped=[str(d) for d in dropped],
        cached=True,
    )
