"""Replacements that look like what they replace, so a case cannot tell the emulated GPU by introspection.

The emulated GPU puts its own functions in place of torch's (``torch.cuda.is_available``, ``torch.load``,
...). A case that asks such a function where it comes from (``inspect.getsourcefile``, ``__module__``,
``__qualname__``, ``inspect.signature``, ``__wrapped__``, ``repr``) must get the answer it gets on a GPU
machine, or it could fix its code only under the harness. :func:`disguised` gives, for a Python function
replaced by a Python function, a new function that calls the replacement and carries the original's
name, qualified name, module, documentation, attributes (``__wrapped__`` included, where the original
has one), globals, and code location (file and first line, so ``inspect.getsource`` shows torch's
source), with the original's exact signature: the same parameters, their kinds, their default objects
and annotations. A class replaced by a class takes the original's names, module and documentation.

What stays visible: the code object's bytecode, constants and ``__closure__`` (the original has none),
the function's address in its ``repr``, and ``type()`` where a C function of torch's (a builtin) is
replaced by a Python one (no Python code can make a builtin function).
"""

from __future__ import annotations

import inspect
import types
from typing import Any

_FORWARDED = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def disguised(original: Any, replacement: Any) -> Any:
    """``replacement``, looking like ``original`` to introspection (see the module's docstring)."""
    if isinstance(original, type) and isinstance(replacement, type) and original is not replacement:
        for name in ("__module__", "__qualname__", "__name__", "__doc__"):
            try:
                setattr(replacement, name, getattr(original, name))
            except (AttributeError, TypeError):  # a read-only name of a built-in type
                pass
        return replacement
    if not (isinstance(original, types.FunctionType) and isinstance(replacement, types.FunctionType)):
        return replacement
    try:
        function = _trampoline(original, replacement)
    except (TypeError, ValueError, SyntaxError):  # a signature that cannot be forwarded by name
        function = _renamed(original, replacement)
    function.__module__ = original.__module__
    function.__qualname__ = original.__qualname__
    function.__doc__ = original.__doc__
    function.__dict__.update(original.__dict__)
    return function


def _located(code: types.CodeType, original: types.FunctionType) -> types.CodeType:
    """``code`` at the original's place: its file, first line and names (what tracebacks and inspect read)."""
    source = original.__code__
    names: dict[str, Any] = {"co_filename": source.co_filename, "co_firstlineno": source.co_firstlineno}
    names["co_name"] = source.co_name
    if hasattr(source, "co_qualname"):  # Python 3.11
        names["co_qualname"] = source.co_qualname
    return code.replace(**names)


def _renamed(original: types.FunctionType, replacement: types.FunctionType) -> types.FunctionType:
    """The replacement's own code and signature at the original's place, under the original's names."""
    function = types.FunctionType(
        _located(replacement.__code__, original),
        replacement.__globals__,
        original.__name__,
        replacement.__defaults__,
        replacement.__closure__,
    )
    function.__kwdefaults__ = replacement.__kwdefaults__
    return function


def _trampoline(original: types.FunctionType, replacement: types.FunctionType) -> types.FunctionType:
    """A function with the original's exact signature that passes its arguments on to the replacement,
    by position to the replacement's positional parameters, the rest by name; ``*args`` and ``**kwargs``
    as they came (bound to the replacement's own parameters, as a wrapper's would be)."""
    wanted = inspect.signature(original, follow_wrapped=False)
    taken = inspect.signature(replacement, follow_wrapped=False).parameters
    var_positional = any(p.kind is p.VAR_POSITIONAL for p in taken.values())
    var_keyword = any(p.kind is p.VAR_KEYWORD for p in taken.values())
    # The replacement's leading positional parameters: the original's are passed to them by position.
    order = [p.name for p in taken.values() if p.kind in _FORWARDED]
    params: list[str] = []
    call: list[str] = []
    defaults: list[Any] = []
    slash = star = False
    positional = True  # every argument so far passed on by position
    for index, parameter in enumerate(wanted.parameters.values()):
        name = f"_{index}"  # fresh local names: none can shadow the closure's
        if parameter.kind is parameter.POSITIONAL_ONLY:
            slash = True
        elif slash:
            params.append("/")
            slash = False
        if parameter.kind is parameter.KEYWORD_ONLY and not star:
            params.append("*")
            star = True
        if parameter.kind is parameter.VAR_POSITIONAL:
            if not positional:  # *args would fill the parameters passed on by name
                raise TypeError("*args after an argument passed on by name")
            params.append(f"*{name}")
            call.append(f"*{name}")
            star = True
            continue
        if parameter.kind is parameter.VAR_KEYWORD:
            params.append(f"**{name}")
            call.append(f"**{name}")
            continue
        if parameter.default is not parameter.empty:
            params.append(f"{name}=_defaults[{len(defaults)}]")
            defaults.append(parameter.default)
        else:
            params.append(name)
        target = taken.get(parameter.name)
        if positional and parameter.kind in _FORWARDED and (index < len(order) or var_positional):
            call.append(name)  # by position, to the replacement's own parameter at that place
            continue
        positional = False
        if target is not None and target.kind is target.POSITIONAL_ONLY:
            raise TypeError("the replacement takes this argument by position only")
        if target is None and not var_keyword:
            raise TypeError(f"the replacement takes no {parameter.name!r}")
        call.append(f"{parameter.name}={name}")
    if slash:
        params.append("/")
    source = (
        "def _factory(_replacement, _defaults):\n"
        f"    def _disguised({', '.join(params)}):\n"
        f"        return _replacement({', '.join(call)})\n"
        "    return _disguised\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, original.__code__.co_filename, "exec"), namespace)  # noqa: S102 - our own text
    made = namespace["_factory"](replacement, defaults)
    function = types.FunctionType(
        _located(made.__code__, original),
        original.__globals__,
        original.__name__,
        made.__defaults__,
        made.__closure__,
    )
    # The very default objects of the original (``is`` holds), under its parameters' names.
    function.__defaults__, function.__kwdefaults__ = original.__defaults__, original.__kwdefaults__
    function.__annotations__ = dict(original.__annotations__)
    # The parameters' own names: the trampoline's locals are _0, _1, ...; a signature shows these.
    names = {f"_{index}": p.name for index, p in enumerate(wanted.parameters.values())}
    varnames = tuple(names.get(local, local) for local in function.__code__.co_varnames)
    function.__code__ = function.__code__.replace(co_varnames=varnames)
    return function
