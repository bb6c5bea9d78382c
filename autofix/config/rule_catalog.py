"""The rules' codes, and ``--select``/``--ignore`` resolved to codes, without importing the rules.

Importing the rules imports libcst and its matchers: about half a second, which a run answered entirely from
the result cache would otherwise spend on nothing else (a warm run of 1,000 files takes about as long). So the
main process works with codes only, read from a small manifest kept in the cache folder under the tool's
fingerprint (:func:`autofix.files.cache.tool_fingerprint`: any change to the fixer's code is a new manifest);
the
rules themselves are imported when the first file needs a parse (:func:`autofix.files.fix_file.preload`),
before the
workers are forked. Without a cache folder (``--no-cache``) the rules are imported to list them.

:func:`select_codes` resolves ``--select``/``--ignore`` prefixes to codes.
"""

from __future__ import annotations

import json
import os
from functools import cache, lru_cache
from pathlib import Path


class UnknownRuleError(ValueError):
    pass


_manifest_folder: Path | None = None


def use_manifest_folder(folder: Path | None) -> None:
    """Where the codes may be kept between runs (the cache folder), or None to always import the rules."""
    global _manifest_folder
    if folder != _manifest_folder:
        _manifest_folder = folder
        rule_codes.cache_clear()
        select_codes.cache_clear()


def _imported_codes() -> tuple[str, ...]:
    from codemods import all_rules

    return tuple(rule.code for rule in all_rules())


@lru_cache(maxsize=1)
def rule_codes() -> tuple[str, ...]:
    """Every rule's code, sorted."""
    if _manifest_folder is None:
        return _imported_codes()
    from autofix.files.cache import tool_fingerprint

    manifest = _manifest_folder / f"rules-{tool_fingerprint()}.json"
    try:
        codes = json.loads(manifest.read_text())["codes"]
        if isinstance(codes, list) and codes and all(isinstance(c, str) for c in codes):
            return tuple(codes)
    except (OSError, ValueError, KeyError, TypeError):
        pass
    codes = _imported_codes()
    try:
        manifest.parent.mkdir(parents=True, exist_ok=True)
        tmp = manifest.with_name(f".{manifest.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"codes": list(codes)}))
        os.replace(tmp, manifest)
    except OSError:
        pass  # the cache folder's own warning says why; next time the rules are imported again
    return codes


@cache
def select_codes(select: tuple[str, ...] | None, ignore: tuple[str, ...]) -> tuple[str, ...]:
    """Codes matching any ``select`` prefix (None: all) and no ``ignore`` prefix; an unknown prefix is an
    error."""
    codes = rule_codes()
    for selector in [*(select or ()), *ignore]:
        if selector.upper() != "ALL" and not any(code.startswith(selector.upper()) for code in codes):
            raise UnknownRuleError(f"unknown rule code or prefix {selector!r} (known: {', '.join(codes)})")

    def matches(code: str, selectors: tuple[str, ...]) -> bool:
        return any(s.upper() == "ALL" or code.startswith(s.upper()) for s in selectors)

    return tuple(
        code for code in codes if (select is None or matches(code, select)) and not matches(code, ignore)
    )
