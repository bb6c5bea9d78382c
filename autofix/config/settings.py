"""``[tool.autofix]`` in the nearest ``pyproject.toml``, validated strictly, loaded once per folder."""

from __future__ import annotations

import fnmatch
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from autofix.config.rule_catalog import UnknownRuleError, select_codes


class ConfigError(Exception):
    """A configuration that cannot be used; ``location`` (``path:line:column``) and ``reason`` when known."""

    def __init__(self, message: str, location: str | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.location = location or ""
        self.reason = reason or message


def _unreadable(location: str, reason: str) -> ConfigError:
    return ConfigError(f"{location}: {reason}", location, reason)


DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(b|kb|k|mb|m|gb|g)?\s*$", re.IGNORECASE)
_UNITS = {"b": 1, "k": 1 << 10, "kb": 1 << 10, "m": 1 << 20, "mb": 1 << 20, "g": 1 << 30, "gb": 1 << 30}


def parse_size(value: object) -> int | None:
    """``2MB``, ``500kb``, ``1048576`` -> bytes; ``0`` means no limit (None). Raises ValueError."""
    if isinstance(value, bool):
        raise ValueError(f"not a size: {value!r}")
    if isinstance(value, int):
        number = float(value)
        unit = "b"
    else:
        match = _SIZE.match(str(value))
        if match is None:
            raise ValueError(f"not a size: {value!r} (use e.g. 2MB, 500KB or a number of bytes)")
        number, unit = float(match.group(1)), (match.group(2) or "b").lower()
    size = int(number * _UNITS[unit])
    return None if size <= 0 else size


@dataclass(frozen=True)
class Settings:
    select: tuple[str, ...] | None = None  # None: every rule
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    unsafe_fixes: bool = False
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    max_file_size: int | None = DEFAULT_MAX_FILE_SIZE  # bytes; None: no limit
    root: Path = Path(".")  # the folder per-file-ignores globs are relative to
    device_style: str = "classic"  # how fixes spell a portable device (see codemods.core.base.RuleContext)
    smoke: tuple[str, ...] = ()  # ``autofix migrate``'s smoke commands for this project (without --smoke)

    def rule_codes_for(self, path: Path) -> tuple[str, ...]:
        ignore = list(self.ignore)
        if self.per_file_ignores:
            try:
                relative = path.resolve().relative_to(self.root.resolve()).as_posix()
            except ValueError:
                relative = path.as_posix()
            for pattern, codes in self.per_file_ignores:
                if fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(path.name, pattern):
                    ignore.extend(codes)
        return select_codes(self.select, tuple(ignore))


@dataclass(frozen=True)
class Overrides:
    """What the command line says; it wins over the file."""

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    unsafe_fixes: bool | None = None
    max_file_size: int | None = None  # bytes, 0 for no limit; None: whatever the file says

    def apply(self, settings: Settings) -> Settings:
        return replace(
            settings,
            max_file_size=settings.max_file_size
            if self.max_file_size is None
            else (self.max_file_size or None),
            select=self.select if self.select is not None else settings.select,
            ignore=settings.ignore + self.ignore,
            exclude=settings.exclude + self.exclude,
            unsafe_fixes=settings.unsafe_fixes if self.unsafe_fixes is None else self.unsafe_fixes,
        )


_KEYS = {
    "select",
    "ignore",
    "exclude",
    "unsafe-fixes",
    "per-file-ignores",
    "max-file-size",
    "device",
    "smoke",
}
DEVICE_STYLES = ("classic", "accelerator")


def _string_list(value: object, key: str, where: Path) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{shown(where)}: [tool.autofix] {key} must be a list of strings, got {value!r}")
    return tuple(value)


def _check_codes(codes: tuple[str, ...], key: str, where: Path) -> None:
    try:
        select_codes(tuple(codes), ())
    except UnknownRuleError as exc:
        raise ConfigError(f"{shown(where)}: [tool.autofix] {key}: {exc}") from None


def load(pyproject: Path) -> Settings:
    document = _read_toml(pyproject)
    table = document.get("tool", {}).get("autofix")
    if table is None:
        return Settings(root=pyproject.parent)
    if not isinstance(table, dict):
        raise ConfigError(f"{shown(pyproject)}: [tool.autofix] must be a table")
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise ConfigError(
            f"{shown(pyproject)}: unknown key [tool.autofix] {unknown[0]!r}"
            f" (known: {', '.join(sorted(_KEYS))})"
        )
    settings = Settings(root=pyproject.parent)
    if "select" in table:
        select = _string_list(table["select"], "select", pyproject)
        _check_codes(select, "select", pyproject)
        settings = replace(settings, select=select)
    if "ignore" in table:
        ignore = _string_list(table["ignore"], "ignore", pyproject)
        _check_codes(ignore, "ignore", pyproject)
        settings = replace(settings, ignore=ignore)
    if "exclude" in table:
        settings = replace(settings, exclude=_string_list(table["exclude"], "exclude", pyproject))
    if "smoke" in table:
        settings = replace(settings, smoke=_string_list(table["smoke"], "smoke", pyproject))
    if "unsafe-fixes" in table:
        if not isinstance(table["unsafe-fixes"], bool):
            raise ConfigError(f"{shown(pyproject)}: [tool.autofix] unsafe-fixes must be true or false")
        settings = replace(settings, unsafe_fixes=table["unsafe-fixes"])
    if "max-file-size" in table:
        try:
            settings = replace(settings, max_file_size=parse_size(table["max-file-size"]))
        except ValueError as exc:
            raise ConfigError(f"{shown(pyproject)}: [tool.autofix] max-file-size: {exc}") from None
    if "device" in table:
        if table["device"] not in DEVICE_STYLES:
            raise ConfigError(
                f"{shown(pyproject)}: [tool.autofix] device must be one of"
                f" {', '.join(map(repr, DEVICE_STYLES))},"
                f" got {table['device']!r}"
            )
        settings = replace(settings, device_style=table["device"])
    if "per-file-ignores" in table:
        raw = table["per-file-ignores"]
        if not isinstance(raw, dict):
            raise ConfigError(
                f"{shown(pyproject)}: [tool.autofix] per-file-ignores must be a table of glob = [codes]"
            )
        entries = []
        for pattern, codes in raw.items():
            key = f"per-file-ignores.{pattern!r}"
            codes = _string_list(codes, key, pyproject)
            _check_codes(codes, key, pyproject)
            entries.append((pattern, codes))
        settings = replace(settings, per_file_ignores=tuple(entries))
    return settings


class UnusableConfig(ConfigError):
    """A pyproject.toml that cannot be read governs this folder: its files must not be processed.

    It may hold an ``exclude`` or an ``ignore`` that the defaults would not honour, so the files it may
    govern are neither fixed nor checked. ``fallback`` is what the next configuration up (or the defaults)
    says, for a caller that needs to know whether that one excludes a file anyway.
    """

    def __init__(self, problem: ConfigError, pyproject: Path, fallback: Settings) -> None:
        super().__init__(str(problem), problem.location, problem.reason)
        self.pyproject = pyproject
        self.fallback = fallback


class ConfigResolver:
    """Finds and loads configuration once per folder for the length of one run.

    A pyproject.toml that cannot be read or is not valid TOML counts as the nearest configuration of the
    folders below it until a readable one with a ``[tool.autofix]`` table: asking for their settings raises
    :class:`UnusableConfig`, so the run can go on with every other file and the caller decides what to
    say. A ``[tool.autofix]`` table with wrong values raises :class:`ConfigError` for any folder: that is
    this tool's own configuration, and guessing could apply rules the user turned off.
    """

    def __init__(self, overrides: Overrides) -> None:
        self.overrides = overrides
        self._nearest: dict[Path, Path | None] = {}
        self._loaded: dict[Path | None, Settings] = {}
        self._unreadable: dict[Path, ConfigError] = {}
        self._by_folder: dict[Path, Settings] = {}  # as given, unresolved: one resolve per folder

    def settings_for(self, directory: Path) -> Settings:
        known = self._by_folder.get(directory)
        if known is not None:
            return known
        self._by_folder[directory] = settings = self._settings_for(directory.resolve())
        return settings

    def _settings_for(self, directory: Path) -> Settings:
        pyproject = self._nearest_pyproject(directory)
        if pyproject in self._unreadable:
            raise UnusableConfig(self._unreadable[pyproject], pyproject, self._fallback(pyproject))
        if pyproject not in self._loaded:
            settings = load(pyproject) if pyproject else Settings(root=Path.cwd())
            self._loaded[pyproject] = self.overrides.apply(settings)
        return self._loaded[pyproject]

    def _fallback(self, pyproject: Path) -> Settings:
        """The settings the folder of an unreadable ``pyproject`` would have without it."""
        above = pyproject.parent.parent
        if above == pyproject.parent:
            return self.overrides.apply(Settings(root=Path.cwd()))
        try:
            return self._settings_for(above)
        except UnusableConfig as exc:
            return exc.fallback

    def _nearest_pyproject(self, directory: Path) -> Path | None:
        """The closest pyproject.toml at or above ``directory`` that has a [tool.autofix] table or that
        cannot be read (and so might have one)."""
        if directory in self._nearest:
            return self._nearest[directory]
        found: Path | None = None
        candidate = directory / "pyproject.toml"
        if candidate.is_file() and self._may_configure(candidate):
            found = candidate
        elif directory.parent != directory:
            found = self._nearest_pyproject(directory.parent)
        self._nearest[directory] = found
        return found

    def _may_configure(self, pyproject: Path) -> bool:
        try:
            tool = _read_toml(pyproject).get("tool", {})
        except ConfigError as exc:
            self._unreadable[pyproject] = exc
            return True
        return isinstance(tool, dict) and "autofix" in tool


def shown(path: Path) -> str:
    """``path`` relative to the working folder when it is under it, as the user named the files."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _read_toml(path: Path) -> dict:
    """The document, or ConfigError: ``path:line:column: invalid TOML: reason`` (or cannot read)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise _unreadable(shown(path), f"cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data[: exc.start].decode("utf-8", errors="replace"))
        raise _unreadable(f"{shown(path)}:{line}:{column}", "cannot read: not UTF-8 text") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        reason = str(exc)
        match = _TOML_AT.search(reason)
        if match is None:  # no position given: say where the document ends
            line, column = _position(text)
        elif match.group(1) is None:
            line, column = _position(text)
            reason = reason[: match.start()]
        else:
            line, column = int(match.group(1)), int(match.group(2))
            reason = reason[: match.start()]
        raise _unreadable(f"{shown(path)}:{line}:{column}", f"invalid TOML: {reason.strip()}") from None


# tomllib (and tomli) end their messages with "(at line L, column C)" or "(at end of document)".
_TOML_AT = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")


def _position(text: str) -> tuple[int, int]:
    """The 1-based line and column just after ``text``."""
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1
