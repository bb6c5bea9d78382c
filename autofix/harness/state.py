"""What an entry leaves behind outside its own module: state that survives from one call to the next.

A version that stores its result in ``builtins``, on the ``torch`` module or on a library's class and
returns it from its next call does no work on that call, and a timing of its later calls measures a
memo, not the computation. Its own module is loaded afresh for each timed call, so only state kept
*elsewhere* survives: :func:`snapshot` records the attributes of the libraries' modules (``builtins``,
the standard library, torch, NumPy, every module not loaded from the case's own folder) and of the
classes they define, and :func:`left_behind` names what was added or rebound since, a value that is no
module (a lazy ``import`` that binds a submodule is no state the case keeps).

What it cannot see: state kept by mutating an existing object in place (appending to a library's list,
a key in a library's dict), or outside the process (a file; the phases run in copies that are thrown
away, and a file read back is work the counters do not see).
"""

from __future__ import annotations

import functools
import os
import sys
import types
from collections.abc import Iterable

# Names the interpreter itself (re)binds in a module as it runs: not the case's state.
_INTERPRETER = frozenset({"__warningregistry__", "__builtins__", "__cached__", "__loader__", "__spec__"})
# Where rebinding a name is state too (a memo in ``builtins.__doc__``); elsewhere libraries rebind their
# own flags and functions as they run (torch wraps ``torch.manual_seed`` on first use, an optimizer
# class its ``step``), so only a name added counts there.
_REBOUND = ("builtins",)
# Libraries whose classes are looked at too (a memo set as a class attribute of ``nn.Linear``).
_CLASSES = ("torch", "numpy", "builtins")

Snapshot = dict[str, object]


@functools.cache
def real_path(path: str) -> str:
    """``os.path.realpath``, once per path in a process. The timing asks where every loaded module's file
    really is, some 2,000 of them, around each call it times (to forget one version's modules before
    loading the other's, and to look for state left behind): uncached, 13 of the 16 CPU seconds of the
    corpus' one timed case went to those lookups."""
    return os.path.realpath(path)


def _theirs(name: str, module: types.ModuleType, roots: tuple[str, ...]) -> bool:
    """A library's module (or the interpreter's): not loaded from the case's folders nor the harness's."""
    if name.startswith("autofix") or name in ("__main__", "__mp_main__"):
        return False
    path = getattr(module, "__file__", None)
    if isinstance(path, str) and roots:
        return not real_path(path).startswith(roots)
    return True


def _owners(roots: tuple[str, ...]) -> Iterable[tuple[str, object]]:
    """Each library module, and each class a torch or NumPy module defines, by a name to report it by."""
    for name, module in list(sys.modules.items()):
        if not isinstance(module, types.ModuleType) or not _theirs(name, module, roots):
            continue
        yield name, module
        if name.partition(".")[0] in _CLASSES:
            for attribute, value in list(vars(module).items()):
                # type(), not isinstance(): no __class__ lookup that a deprecated object warns about
                if issubclass(type(value), type) and vars(value).get("__module__") == name:
                    yield f"{name}.{attribute}", value


def _folders(roots: Iterable[str]) -> tuple[str, ...]:
    return tuple(os.path.join(os.path.realpath(root), "") for root in roots)


def snapshot(roots: Iterable[str] = ()) -> Snapshot:
    """The names in every library module and class now; and the identity of each value in the few
    namespaces where a rebound name counts too."""
    taken: Snapshot = {}
    for name, owner in _owners(_folders(roots)):
        try:
            names = vars(owner)
        except TypeError:  # an object without a __dict__ of its own
            continue
        if name in _REBOUND:
            taken[name] = {key: id(value) for key, value in list(names.items())}
        else:
            taken[name] = frozenset(names)
    taken[""] = frozenset(sys.modules)
    return taken


def left_behind(before: Snapshot, roots: Iterable[str] = (), limit: int = 5) -> list[str]:
    """What was added to the libraries' modules and classes since ``before`` (or rebound, in the few
    namespaces above), or put in ``sys.modules`` as no module: ``builtins._memo``,
    ``torch.nn.modules.linear.Linear._cache``, ``sys.modules['memo']``. A module as the value is an
    import, not state."""
    found: list[str] = []
    known = before[""]
    assert isinstance(known, frozenset)
    for name, value in list(sys.modules.items()):
        if name not in known and not isinstance(value, types.ModuleType):
            found.append(f"sys.modules[{name!r}]")
    for name, owner in _owners(_folders(roots)):
        old = before.get(name)
        if old is None:  # a module imported since: its attributes are its own, not the case's state
            continue
        try:
            names = vars(owner)
        except TypeError:
            continue
        if isinstance(old, frozenset):
            if len(names) == len(old) and names.keys() <= old:
                continue
            fresh = [(key, names[key]) for key in list(names) if key not in old]
        else:
            assert isinstance(old, dict)
            fresh = [(key, value) for key, value in list(names.items()) if old.get(key) != id(value)]
        for key, value in fresh:
            if key in _INTERPRETER or isinstance(value, types.ModuleType):
                continue
            found.append(f"{name}.{key}")
    return found[:limit]
