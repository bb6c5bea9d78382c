"""Code that reaches a module's names other than by spelling them: where no reading of names holds.

Every rule reads a file's names through its statements: ``device = ...`` binds ``device``, ``float`` is
the builtin unless something binds it, a fix may add a name nothing else reads. Python also lets code
read and bind names by routes no statement spells: ``exec`` and ``eval`` of a string; the namespace
dictionaries (``globals()``, ``locals()``, ``vars()``, a function's ``__globals__``, the builtins'
``__dict__``); the module object (``sys.modules[...]``, ``import __main__``,
``importlib.import_module``, ``__import__``); frames (``sys._getframe``, ``inspect.currentframe``,
``.f_globals``, ``.tb_frame``, ``inspect.getmodule``, ``gc.get_objects``); the builtins module written
(``builtins.float = int``); and a function of torch patched (``torch.sigmoid = torch.relu``), which a
fix that spells it or its new name then reads or no longer reads. A file that does any of this may
change what a name holds, or see a name a fix adds, where no reading can follow, so no fix in it can be
proven to keep its meaning: :meth:`codemods.core.base.Rule.report` offers every fix of such a file as
unsafe and says which route it saw. The test is deliberately coarse (any mention of a route, read or
write, counts): real code seldom does this (4 of 1,182 files of corpus, dev, legacy and tests/data), and
adversarial probes found each narrower reading bypassed by the next spelling (rounds 6 to 8).

A route in another file of the project (a helper that writes ``sys.modules["__main__"].F``) is seen
only in project mode (:mod:`codemods.core.project_names`): a file alone cannot show it. Out of reach by
design: a route's name built at run time (``getattr(f, "__glob" + "als__")``,
``operator.attrgetter(...)``), and objects unpickled from bytes: hostile code, not legacy code.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.name_bindings import binding_scope, bindings_in, is_attribute_name
from codemods.core.names import ImportAliases, _builtins_written, dotted_name
from codemods.core.route_vocabulary import (
    BUILTIN_ROUTES,
    BY_STRING,
    QUALIFIED_ROUTES,
    ROUTE_ATTRIBUTES,
    ROUTE_MODULES,
    ROUTES_WITHOUT_ARGUMENTS,
    TORCH_SETTINGS,
)
from codemods.core.tree import Tree

# The last names of those paths: only an attribute or a name spelled so is qualified (most are not).
_QUALIFIED_LAST = frozenset(path.rpartition(".")[2] for path in QUALIFIED_ROUTES)


def dynamic_name_route(tree: Tree, aliases: ImportAliases) -> str | None:
    """How the file reaches names other than by spelling them, the first such route it shows
    (``globals()``, ``sys.modules``, ``.f_globals``), or None: most files. Once per tree."""
    return tree.memo("dynamic_names.route", lambda: _find_route(tree, aliases))


def _find_route(tree: Tree, aliases: ImportAliases) -> str | None:
    written = _builtins_written(tree, aliases.names)
    if written is None or written:
        return "the builtins module written"
    for star in tree.of_type(tree.root, cst.ImportFrom):
        module = dotted_name(star.module) if star.module is not None and not star.relative else None
        if isinstance(star.names, cst.ImportStar) and module in ROUTE_MODULES:
            return f"`from {module} import *`"
    patched = _torch_patched(tree, aliases)
    if patched is not None:
        return patched
    for name in tree.of_type(tree.root, cst.Name):
        value = name.value
        imported = aliases.names.get(value)  # (`from sys import modules as loaded`: `loaded`)
        if (
            value in BUILTIN_ROUTES
            or value in BY_STRING
            or value in ROUTE_ATTRIBUTES
            or value in _QUALIFIED_LAST
            or imported in QUALIFIED_ROUTES
        ):
            route = _route_at(tree, aliases, name)
        elif value == "sys" and is_attribute_name(tree, name):
            route = _sys_by_another_path(tree, aliases, name)
        elif imported in ROUTE_MODULES:
            route = _module_handed_on(tree, name)
        else:
            continue
        if route is not None:
            return route
    return None


def _route_at(tree: Tree, aliases: ImportAliases, name: cst.Name) -> str | None:
    """The route ``name`` spells where it stands, if it spells one."""
    parent = tree.parent(name)
    if isinstance(parent, cst.Attribute) and parent.attr is name:
        if name.value in ROUTE_ATTRIBUTES:
            return f"`.{name.value}`"
        qualified = aliases.qualify(parent)
        if qualified == "sys.modules" and isinstance(tree.parent(parent), cst.ComparisonTarget):
            return None  # `"google.colab" in sys.modules`: asks whether a module is loaded
        return f"`{qualified}`" if qualified in QUALIFIED_ROUTES else None
    if isinstance(parent, cst.Arg) and parent.keyword is name:
        return None  # `f(vars=...)`: a keyword's name
    qualified = aliases.qualify(name)
    if qualified in QUALIFIED_ROUTES:
        return f"`{qualified}`"  # `from sys import _getframe`, `import __main__`
    if name.value in BUILTIN_ROUTES and _is_the_builtin(tree, name):
        call = parent if isinstance(parent, cst.Call) and parent.func is name else None
        if name.value in ROUTES_WITHOUT_ARGUMENTS and call is not None and call.args:
            return None  # `vars(args)`: an object's attributes, not a namespace of the module
        return f"`{name.value}()`" if call is not None else f"`{name.value}`"
    if name.value in BY_STRING and isinstance(parent, cst.Call) and _is_the_builtin(tree, name):
        key = parent.args[1].value if len(parent.args) > 1 else None
        if isinstance(key, cst.SimpleString) and key.evaluated_value in ROUTE_ATTRIBUTES | _QUALIFIED_LAST:
            return f"`{name.value}(..., {key.value})`"  # `getattr(f, "__globals__")`
        if parent.args and _is_torch_module(aliases, parent.args[0].value) and name.value != "getattr":
            return f"`{name.value}` on `{dotted_name(parent.args[0].value)}`"  # `setattr(torch, "tanh", f)`
    return None


def _sys_by_another_path(tree: Tree, aliases: ImportAliases, name: cst.Name) -> str | None:
    """``os.sys``, ``torch.sys``: the module ``sys`` as an attribute of a module that imported it."""
    qualified = aliases.qualify(cst.ensure_type(tree.parent(name), cst.Attribute))
    return f"`{qualified}`" if qualified is not None else None


def _is_torch_module(aliases: ImportAliases, expr: cst.BaseExpression) -> bool:
    qualified = aliases.qualify(expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None
    return qualified is not None and qualified.split(".")[0] == "torch"


def _torch_patched(tree: Tree, aliases: ImportAliases) -> str | None:
    """``torch.sigmoid = torch.relu``, ``F.sigmoid = ...``, ``torch.Tensor.sigmoid = ...``, ``del
    nn.init.x``: a function of torch patched, which a fix that spells it (or its new name) then reads
    or no longer reads. Settings (``torch.backends.cudnn.benchmark = True``) are not functions."""
    for node in tree.of_type(tree.root, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)):
        targets = node.target.elements if isinstance(node.target, (cst.Tuple, cst.List)) else [node.target]
        for target in targets:
            expr = target.value if isinstance(target, cst.BaseElement) else target
            if not isinstance(expr, cst.Attribute):
                continue
            qualified = aliases.qualify(expr)
            if (
                qualified is not None
                and qualified.split(".")[0] == "torch"
                and not qualified.startswith(TORCH_SETTINGS)
            ):
                return f"`{qualified}` assigned"
    return None


def _is_the_builtin(tree: Tree, name: cst.Name) -> bool:
    """Does ``name`` read the builtin of its spelling: no scope around it binds that name (a method
    called ``eval`` binds it in its class only, which the functions inside do not see)?"""
    if isinstance(tree.parent(name), (cst.FunctionDef, cst.ClassDef, cst.Param, cst.ImportAlias, cst.AsName)):
        return False  # the name a definition binds
    scope = binding_scope(tree, name, name.value)
    return scope is tree.root and not bindings_in(tree, tree.root, name.value)


def _module_handed_on(tree: Tree, name: cst.Name) -> str | None:
    """``sys`` bound to another name or handed to a call (``s = sys``, ``f(inspect)``): the routes it
    holds are then reached by a spelling no reading follows. ``getattr(sys, "frozen")`` reads one
    attribute the call spells: only a route's spelling counts there."""
    parent = tree.parent(name)
    if isinstance(parent, cst.Attribute) and parent.value is name:
        return None  # `sys.argv`: the attributes that are routes are found by their own names
    if isinstance(parent, (cst.ImportAlias, cst.AsName, cst.Import, cst.ImportFrom)) or any(
        isinstance(a, (cst.Import, cst.ImportFrom)) for a in tree.ancestors(name)
    ):
        return None  # `import sys`: the binding itself
    if isinstance(parent, cst.Arg) and parent.keyword is name:
        return None
    call = tree.parent(parent) if isinstance(parent, cst.Arg) else None
    if (
        isinstance(call, cst.Call)
        and isinstance(call.func, cst.Name)
        and call.func.value in ("getattr", "hasattr")
    ):
        key = call.args[1].value if len(call.args) > 1 and call.args[0] is parent else None
        if isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str):
            attribute = key.evaluated_value
            if attribute not in ROUTE_ATTRIBUTES and attribute not in _QUALIFIED_LAST:
                return None
    if isinstance(parent, (cst.Comparison, cst.ComparisonTarget)):
        return None  # `x is sys`: compared, not handed on
    return f"`{name.value}` handed on"
