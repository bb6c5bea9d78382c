"""Project mode: what a project's other files bring into each file's names.

Given a folder, ``check``/``apply``/``migrate`` read with :mod:`ast` (a tenth of a libcst parse) the
project files each file imports, and those they import, for the facts of
:class:`codemods.core.project_names.ProjectNames`: what a star import of a project module binds, whether
a module the file reaches by imports reaches names by a route no statement spells (``sys.modules``,
frames, ``exec`` handed out as ``run = exec``, a function's ``__globals__``, torch patched), and whether
one switches the current GPU.

The route test reads :mod:`codemods.core.dynamic_names`' vocabulary, coarser than that module's reading
(any mention counts, whatever scope binds it): a route missed here is a fix that may change meaning,
while one seen where there is none only makes an importer's fixes unsafe. A test keeps the two in step:
every route ``dynamic_names`` finds in a file, this finds too.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Collection, Iterator, Sequence
from pathlib import Path

from autofix.files.project import _module_file, _parse, _read
from codemods.core.dynamic_names import (
    BUILTIN_ROUTES,
    BY_STRING,
    QUALIFIED_ROUTES,
    ROUTE_ATTRIBUTES,
    ROUTE_MODULES,
    ROUTES_WITHOUT_ARGUMENTS,
    TORCH_SETTINGS,
)
from codemods.core.names import STAR_EXPORTS
from codemods.core.project_names import ProjectNames, StarNames
from codemods.core.torch_names import SWITCHES_CURRENT_GPU

# Nested definitions: their bodies bind no module-level name (but for `global`, which a star import
# made before the function runs does not see).
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_COMPREHENSIONS_AND_SCOPES = (*_SCOPES, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)


def project_names(paths: Sequence[Path]) -> dict[Path, ProjectNames]:
    """For each Python file of ``paths`` (the files of one run) that imports another of them: what the
    project brings into its names. Files that cannot be read or parsed are left out here; the run
    reports them on its own."""
    files = {p.resolve(): p for p in paths if p.suffix == ".py"}
    reader = _Reader(files)
    found: dict[Path, ProjectNames] = {}
    for resolved, path in files.items():
        module = reader.module(resolved)
        if module is None or not module.imported:
            continue
        facts = ProjectNames(
            stars=tuple(
                (spelled, names)
                for spelled, source in module.stars
                if (names := reader.star_names(source)) is not None
            ),
            route=reader.first_reached(resolved, "route"),
            switches_gpu=reader.first_reached(resolved, "switch"),
        )
        if facts != ProjectNames():
            found[path] = facts
    return found


class _Module:
    """One project file as this module reads it."""

    def __init__(self, path: Path, tree: ast.Module, files: Collection[Path]) -> None:
        self.path = path
        self.tree = tree
        self.aliases = _import_aliases(tree)
        # Every project file it imports (anywhere in it), and its star imports of them as spelled.
        self.imported: list[Path] = []
        self.stars: list[tuple[str, Path]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                sources = [_module_file(path, a.name, 0, files) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _module_file(path, node.module or "", node.level, files)
                # `from pkg import mod`: the submodule is a file of its own
                sources = [base] + [
                    _module_file(
                        path, f"{node.module}.{a.name}" if node.module else a.name, node.level, files
                    )
                    for a in node.names
                ]
                if base is not None and any(a.name == "*" for a in node.names):
                    self.stars.append(("." * node.level + (node.module or ""), base))
            else:
                continue
            self.imported.extend(s for s in sources if s is not None and s not in self.imported)
        self.route = _route(tree, self.aliases)
        self.switch = _switch(tree, self.aliases)


class _Reader:
    """Reads each project file once, on demand."""

    def __init__(self, files: dict[Path, Path]) -> None:
        self.files = files
        self._modules: dict[Path, _Module | None] = {}
        self._stars: dict[Path, StarNames | None] = {}

    def module(self, resolved: Path) -> _Module | None:
        if resolved not in self._modules:
            self._modules[resolved] = None  # (a cycle of imports reads it once)
            path = self.files[resolved]
            data = _read(path)
            tree = _parse(path, data) if data is not None else None
            if tree is not None:
                self._modules[resolved] = _Module(resolved, tree, self.files)
        return self._modules[resolved]

    def first_reached(self, start: Path, fact: str) -> str | None:
        """The first ``route`` or ``switch`` of the project files ``start`` reaches by imports (not its
        own: the rules read that), said as a fix's message says it."""
        seen = {start}
        queue = list(self._imports(start))
        while queue:
            path = queue.pop(0)
            if path in seen:
                continue
            seen.add(path)
            module = self.module(path)
            if module is None:
                continue
            found = getattr(module, fact)
            if found is not None:
                where = self.files[path].name
                if fact == "route":
                    return f"the project's `{where}`, imported here, reaches names by {found}"
                return f"`{where}` ({found})"
            queue.extend(self._imports(path))
        return None

    def _imports(self, path: Path) -> list[Path]:
        module = self.module(path)
        return module.imported if module is not None else []

    def star_names(self, path: Path, within: frozenset[Path] = frozenset()) -> StarNames | None:
        """What ``from <path's module> import *`` binds, or None where it cannot be known (a star import
        of a module outside the project whose names are not known, a cycle of star imports)."""
        if path in within:
            return None
        if path not in self._stars:
            module = self.module(path)
            self._stars[path] = (
                _exported(module, lambda source: self.star_names(source, within | {path}))
                if module is not None
                else None
            )
        return self._stars[path]


def _import_aliases(tree: ast.Module) -> dict[str, str]:
    """Local name -> the qualified name an absolute import binds it to, anywhere in the file."""
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    aliases[top] = top
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            for alias in node.names:
                if alias.name != "*":
                    aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return aliases


def _qualified(node: ast.AST, aliases: dict[str, str]) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in aliases:
        return None
    return ".".join([aliases[node.id], *reversed(parts)])


def _with_parents(tree: ast.AST) -> Iterator[tuple[ast.AST, ast.AST | None]]:
    stack: list[tuple[ast.AST, ast.AST | None]] = [(tree, None)]
    while stack:
        node, parent = stack.pop()
        yield node, parent
        stack.extend((child, node) for child in ast.iter_child_nodes(node))


def _route(tree: ast.Module, aliases: dict[str, str]) -> str | None:
    """A route to names no statement spells that the file mentions, in dynamic_names' words."""
    for node, parent in _with_parents(tree):
        if isinstance(node, ast.Name):
            if node.id in BUILTIN_ROUTES:
                called_with_arguments = (
                    isinstance(parent, ast.Call) and parent.func is node and (parent.args or parent.keywords)
                )
                if not (node.id in ROUTES_WITHOUT_ARGUMENTS and called_with_arguments):
                    return f"`{node.id}`"
            module = aliases.get(node.id)
            read_by_string = (  # `getattr(sys, "frozen")`: the string is what may be a route
                isinstance(parent, ast.Call)
                and isinstance(parent.func, ast.Name)
                and parent.func.id in BY_STRING
                and parent.args[:1] == [node]
            )
            if (
                module in ROUTE_MODULES
                and not (isinstance(parent, ast.Attribute) and parent.value is node)
                and not read_by_string
            ):
                return f"`{node.id}` handed on"  # `s = sys`, `f(inspect)`
        elif isinstance(node, ast.Attribute):
            if node.attr in ROUTE_ATTRIBUTES:
                return f"`.{node.attr}`"
            qualified = _qualified(node, aliases)
            if qualified == "sys.modules" and _membership_test(node, parent):
                continue  # `"google.colab" in sys.modules`: is a module loaded?
            if qualified in QUALIFIED_ROUTES or (qualified or "").endswith(".sys"):
                return f"`{qualified}`"
        elif isinstance(node, ast.Import | ast.ImportFrom):
            base = node.module or "" if isinstance(node, ast.ImportFrom) else ""
            for alias in node.names:
                full = f"{base}.{alias.name}" if base else alias.name
                if alias.name == "*" and base in ROUTE_MODULES:
                    return f"`from {base} import *`"
                if full in QUALIFIED_ROUTES or full.split(".")[0] == "__main__":
                    return f"`{full}`"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BY_STRING:
            named = [
                a.value for a in node.args[1:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            if named and (named[0] in ROUTE_ATTRIBUTES or named[0] == "modules"):
                return f'`{node.func.id}(..., "{named[0]}")`'
            if node.func.id in ("setattr", "delattr") and node.args and _is_torch(node.args[0], aliases):
                return f"`{node.func.id}` on a torch module"
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
            targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
            for target in targets:
                for part in target.elts if isinstance(target, ast.Tuple | ast.List) else [target]:
                    qualified = _qualified(part, aliases) if isinstance(part, ast.Attribute) else None
                    top = (qualified or "").split(".")[0]
                    if top == "builtins":
                        return "the builtins module written"
                    if top == "torch" and not (qualified or "").startswith(TORCH_SETTINGS):
                        return f"`{qualified}` assigned"
    return None


def _membership_test(node: ast.AST, parent: ast.AST | None) -> bool:
    return (
        isinstance(parent, ast.Compare)
        and node in parent.comparators
        and all(isinstance(op, ast.In | ast.NotIn) for op in parent.ops)
    )


def _is_torch(node: ast.AST, aliases: dict[str, str]) -> bool:
    return (_qualified(node, aliases) or "").split(".")[0] == "torch"


def _switch(tree: ast.Module, aliases: dict[str, str]) -> str | None:
    """What the file names that switches the current GPU (called or not), or a star import of
    ``torch.cuda``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name | ast.Attribute):
            qualified = _qualified(node, aliases)
            if qualified in SWITCHES_CURRENT_GPU:
                return f"`{qualified}`"
        elif isinstance(node, ast.ImportFrom) and node.module == "torch.cuda":
            if any(a.name == "*" for a in node.names):
                return "`from torch.cuda import *`"
    return None


def _exported(module: _Module, star_names: Callable[[Path], StarNames | None]) -> StarNames | None:
    """The names ``from <module> import *`` binds (its ``__all__``, else its public names), each with
    what it holds: the qualified name of an import, else the module's own (``layers.F``). None where a
    star import of its own cannot be followed. A name bound twice to different things, once under a
    condition, is the module's own: it may be either."""
    stem = module.path.stem if module.path.name != "__init__.py" else module.path.parent.name
    meanings: dict[str, str] = {}
    doubtful: set[str] = set()
    listed: list[str] | None = None

    def bind(name: str, meaning: str, conditional: bool) -> None:
        if name in meanings and meanings[name] != meaning and conditional:
            doubtful.add(name)
        meanings[name] = meaning

    def walk(body: Sequence[ast.stmt], conditional: bool) -> bool:
        nonlocal listed
        for statement in body:
            if isinstance(statement, ast.Import):
                for alias in statement.names:
                    local = alias.asname or alias.name.split(".")[0]
                    bind(local, alias.name if alias.asname else local, conditional)
            elif isinstance(statement, ast.ImportFrom):
                if any(a.name == "*" for a in statement.names):
                    names = _star_of(module, statement, star_names)
                    if names is None:
                        return False
                    for name, meaning in names:
                        bind(name, meaning, conditional)
                    continue
                for alias in statement.names:
                    local = alias.asname or alias.name
                    absolute = not statement.level and statement.module
                    bind(
                        local,
                        f"{statement.module}.{alias.name}" if absolute else f"{stem}.{local}",
                        conditional,
                    )
            elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                bind(statement.name, f"{stem}.{statement.name}", conditional)
            else:
                if (
                    isinstance(statement, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "__all__" for t in statement.targets)
                    and isinstance(statement.value, ast.List | ast.Tuple)
                ):
                    items = [e.value for e in statement.value.elts if isinstance(e, ast.Constant)]
                    listed = [i for i in items if isinstance(i, str)]
                for node in _bound_names(statement):
                    bind(node, f"{stem}.{node}", conditional)
                inner = [getattr(statement, field, None) for field in ("body", "orelse", "finalbody")]
                handlers = getattr(statement, "handlers", None) or []
                blocks = [b for b in inner if isinstance(b, list)] + [h.body for h in handlers]
                if any(not walk(block, True) for block in blocks):
                    return False
        return True

    if not walk(module.tree.body, False):
        return None
    names = listed if listed is not None else [n for n in meanings if not n.startswith("_")]
    return tuple(
        sorted((n, f"{stem}.{n}" if n in doubtful else meanings[n]) for n in set(names) if n in meanings)
    )


def _star_of(
    module: _Module, statement: ast.ImportFrom, star_names: Callable[[Path], StarNames | None]
) -> StarNames | None:
    """What a star import inside a star-imported module binds: a project module's names (``star_names``,
    the reader's, following the chain of modules), torch's own modules' known names; None for any other
    module."""
    for spelled, source in module.stars:
        if spelled == "." * statement.level + (statement.module or ""):
            return star_names(source)
    known = STAR_EXPORTS.get(statement.module or "") if not statement.level else None
    return (
        tuple((name, f"{statement.module}.{name}") for name in sorted(known)) if known is not None else None
    )


def _bound_names(statement: ast.stmt) -> Iterator[str]:
    """The module-level names a statement binds itself: a simple statement's targets, a compound one's
    header (``for x in``, ``with ... as f``, ``except E as e``, a walrus in a test); the statements of
    its blocks are ``walk``'s, with their condition. Not in nested scopes (functions, lambdas,
    comprehensions)."""
    if isinstance(statement, ast.For | ast.AsyncFor):
        roots: list[ast.AST] = [statement.target]
    elif isinstance(statement, ast.With | ast.AsyncWith):
        roots = [item.optional_vars for item in statement.items if item.optional_vars is not None]
    elif isinstance(statement, ast.If | ast.While):
        roots = [statement.test]
    elif isinstance(statement, ast.Try):
        yield from (handler.name for handler in statement.handlers if handler.name)
        roots = []
    elif hasattr(statement, "body"):
        roots = []  # (`match`: its patterns' names are left out)
    else:
        roots = [statement]
    stack = roots
    while stack:
        node = stack.pop()
        if isinstance(node, _COMPREHENSIONS_AND_SCOPES):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            yield node.id
        stack.extend(ast.iter_child_nodes(node))
