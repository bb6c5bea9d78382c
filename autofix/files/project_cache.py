"""Project readings kept in the results cache: a folder's pre-pass is redone only when a file it read changed.

Given a folder, a run reads the project's files before any worker starts (:mod:`autofix.files.project`,
:mod:`autofix.files.project_names`). On timm's 284 files that took 1.9 s of a warm ``check`` of the folder
(2.5 s where the folder is a whole project), against 0.2 s for the same files named one by one. A reading
depends only on the tool and on the paths and bytes of the files it reads, so its result is kept under a
key made of exactly those: a run that finds every one unchanged reads the result back. The files are
still read, to hash them, which costs a few per cent of reading them for facts. A change to any file read
means a new key, and the project is read again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from autofix.files.cache import Cache, tool_fingerprint
from autofix.files.project import ImportedMove
from codemods.core.project_names import ProjectNames

T = TypeVar("T")


def remembered(
    cache: Cache | None,
    kind: str,
    files: Iterable[Path],
    read: Callable[[], T],
    encode: Callable[[T], object],
    decode: Callable[[object], T],
) -> T:
    """``read()``, or what it gave last time for the same tool, ``kind`` and ``files`` (paths and bytes)."""
    if cache is None or not cache.enabled:
        return read()
    key = _key(kind, files)
    stored = cache.get_reading(key)
    if stored is not None:
        try:
            return decode(stored)
        except (ValueError, KeyError, TypeError, AttributeError):
            cache.discard_reading(key)
    value = read()
    cache.put_reading(key, encode(value))
    return value


def _key(kind: str, files: Iterable[Path]) -> str:
    digest = hashlib.blake2b(digest_size=20)
    digest.update(f"{tool_fingerprint()}\0{kind}".encode())
    for path in sorted(set(files), key=str):
        # The resolved path too: which file an import finds depends on where a link leads.
        digest.update(f"\0{path}\0{path.resolve()}\0".encode())
        try:
            digest.update(hashlib.blake2b(path.read_bytes(), digest_size=16).digest())
        except OSError:
            digest.update(b"(unreadable)")
    return digest.hexdigest()


# Each reading's result as JSON and back: paths as strings, tuples as lists.


def encode_moves(found: dict[Path, tuple[ImportedMove, ...]]) -> object:
    return {
        str(path): [[spelled, list(fills), list(moved)] for spelled, fills, moved in facts]
        for path, facts in found.items()
    }


def decode_moves(raw: object) -> dict[Path, tuple[ImportedMove, ...]]:
    return {
        Path(path): tuple((str(spelled), _strings(fills), _strings(moved)) for spelled, fills, moved in facts)
        for path, facts in _mapping(raw).items()
    }


def encode_taken(found: dict[Path, tuple[str, ...]]) -> object:
    return {str(path): list(names) for path, names in found.items()}


def decode_taken(raw: object) -> dict[Path, tuple[str, ...]]:
    return {Path(path): _strings(names) for path, names in _mapping(raw).items()}


def encode_names(found: dict[Path, ProjectNames]) -> object:
    return {
        str(path): {
            "stars": [[spelled, [list(pair) for pair in names]] for spelled, names in facts.stars],
            "route": facts.route,
            "switches_gpu": facts.switches_gpu,
            "scripts": facts.scripts,
        }
        for path, facts in found.items()
    }


def decode_names(raw: object) -> dict[Path, ProjectNames]:
    return {
        Path(path): ProjectNames(
            stars=tuple(
                (str(spelled), tuple((str(name), str(meaning)) for name, meaning in names))
                for spelled, names in facts["stars"]
            ),
            route=_text(facts["route"]),
            switches_gpu=_text(facts["switches_gpu"]),
            scripts=_text(facts["scripts"]),
        )
        for path, facts in _mapping(raw).items()
    }


def _mapping(raw: object) -> dict:
    if not isinstance(raw, dict):
        raise ValueError("not a mapping")
    return raw


def _strings(values: object) -> tuple[str, ...]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ValueError("not a list of strings")
    return tuple(values)


def _text(value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError("not a string")
    return value
