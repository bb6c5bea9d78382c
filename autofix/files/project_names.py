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
import gc
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from autofix.files.project import _parse, _read
from codemods.core.project_names import ProjectNames, StarNames
from codemods.core.route_vocabulary import (
    BUILTIN_ROUTES,
    BY_STRING,
    QUALIFIED_ROUTES,
    ROUTE_ATTRIBUTES,
    ROUTE_MODULES,
    ROUTES_WITHOUT_ARGUMENTS,
    STAR_EXPORTS,
    SWITCHES_CURRENT_GPU,
    TORCH_SETTINGS,
)

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
    # The trees kept until every file is read hold no reference cycles: the collector, which would scan
    # them again and again as they pile up (it tripled the parse's cost on timm), has nothing to free.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _read_facts(files, reader)
    finally:
        if collecting:
            gc.enable()


def _read_facts(files: dict[Path, Path], reader: _Reader) -> dict[Path, ProjectNames]:
    # A file that scripts modules may script any file's classes: said once, for every file.
    scripting = next(
        (
            f"`{path.name}`, which hands modules to `torch.jit.script`"
            for path in files.values()
            if (data := _read(path)) is not None and _SCRIPTS.search(data)
        ),
        None,
    )
    found: dict[Path, ProjectNames] = {}
    for resolved, path in files.items():
        module = reader.module(resolved)
        if module is None or not (module.imported or scripting):
            continue
        facts = ProjectNames(
            stars=tuple(
                (spelled, names)
                for spelled, source in module.stars
                if (names := reader.star_names(source)) is not None
            ),
            route=reader.first_reached(resolved, "route"),
            switches_gpu=reader.first_reached(resolved, "switch"),
            scripts=scripting,
        )
        if facts != ProjectNames():
            found[path] = facts
    return found


class _Files:
    """The run's Python files by their resolved paths, and which of them a module name means: as
    :func:`autofix.files.project._module_file` answers, on strings (resolving a path per import cost a
    third of this pre-pass on timm)."""

    def __init__(self, files: dict[Path, Path]) -> None:
        self.by_text = {str(resolved): resolved for resolved in files}
        self._bases: dict[tuple[Path, int], list[str]] = {}

    def module_file(self, path: Path, module: str, level: int) -> Path | None:
        parts = module.split(".") if module else []
        if not parts:
            return None
        key = (path, level)
        if key not in self._bases:
            folder = path.parent
            if level:
                for _ in range(level - 1):
                    folder = folder.parent
                self._bases[key] = [str(folder)]
            else:
                self._bases[key] = [str(folder), *map(str, folder.parents)]
        tail = "/".join(parts)
        for base in self._bases[key]:
            stem = f"{base.rstrip('/')}/{tail}"
            for candidate in (f"{stem}/__init__.py", f"{stem}.py"):  # (Python takes the package first)
                if candidate in self.by_text:
                    return self.by_text[candidate]
        return None


class _Module:
    """One project file as this module reads it: its imports, what its top level binds, whether it
    reaches names by a route and switches the current GPU (each walk behind a test of the file's bytes
    that every spelling it finds passes: walking a tree costs about as much as parsing it)."""

    def __init__(self, path: Path, data: bytes, tree: ast.Module, files: _Files) -> None:
        self.path = path
        statements = list(_statements(tree))
        imports = [s for s in statements if isinstance(s, ast.Import | ast.ImportFrom)]
        self.aliases = _aliases_of(imports)
        # Every project file it imports (anywhere in it), and its star imports of them as spelled.
        self.imported: list[Path] = []
        self.stars: list[tuple[str, Path]] = []
        for node in imports:
            if isinstance(node, ast.Import):
                sources = [files.module_file(path, a.name, 0) for a in node.names]
            else:
                base = files.module_file(path, node.module or "", node.level)
                # `from pkg import mod`: the submodule is a file of its own
                sources = [base] + [
                    files.module_file(path, f"{node.module}.{a.name}" if node.module else a.name, node.level)
                    for a in node.names
                ]
                if base is not None and any(a.name == "*" for a in node.names):
                    self.stars.append(("." * node.level + (node.module or ""), base))
            self.imported.extend(s for s in sources if s is not None and s not in self.imported)
        self.stem = path.stem if path.name != "__init__.py" else path.parent.name
        self.bindings, self.listed = _bindings(
            tree, self.stem, self.aliases, path.name == "__init__.py", data
        )
        self.route = self._route(data, tree, statements)
        self.switch = self._switch(data, tree)
        # (the tree is not kept: a project's trees together cost about twenty times its source)

    def _route(self, data: bytes, tree: ast.Module, statements: list[ast.stmt]) -> str | None:
        found = _route_by_statement(statements, self.aliases)
        if found is not None:
            return found
        imported = {name.split(".")[0] for name in self.aliases.values()}
        if imported & _ROUTE_ROOTS or _ROUTE_WORDS.search(data) or _IMPORTS_ROUTE(statements):
            return _route(tree, self.aliases)
        return None

    def _switch(self, data: bytes, tree: ast.Module) -> str | None:
        named = [name for name in self.aliases.values() if name in SWITCHES_CURRENT_GPU]
        if named:
            return f"`{named[0]}`"
        if _SWITCH_WORDS.search(data) or any(
            name.startswith(("torch.cuda", "torch.accelerator", "torch._C")) for name in self.aliases.values()
        ):
            return _switch(tree, self.aliases)
        return None


def _statements(tree: ast.Module) -> Iterator[ast.stmt]:
    """Every statement of the module, in functions and classes too (not the expressions in them)."""
    stack: list[ast.stmt] = list(reversed(tree.body))
    while stack:
        statement = stack.pop()
        yield statement
        blocks = [getattr(statement, field, None) for field in ("body", "orelse", "finalbody")]
        blocks += [handler.body for handler in getattr(statement, "handlers", None) or []]
        blocks += [case.body for case in getattr(statement, "cases", None) or []]
        for block in blocks:
            if isinstance(block, list):
                stack.extend(reversed([s for s in block if isinstance(s, ast.stmt)]))


def _route_by_statement(statements: Iterable[ast.stmt], aliases: dict[str, str]) -> str | None:
    """A function of torch patched or the builtins module written, read from the statements' targets."""
    return next((found for s in statements if (found := _patched(s, aliases)) is not None), None)


def _patched(statement: ast.AST, aliases: dict[str, str]) -> str | None:
    """What an assignment or ``del`` writes of torch's functions or of the builtins module, if anything."""
    if not isinstance(statement, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
        return None
    targets = statement.targets if isinstance(statement, ast.Assign | ast.Delete) else [statement.target]
    for target in targets:
        for part in target.elts if isinstance(target, ast.Tuple | ast.List) else [target]:
            qualified = _qualified(part, aliases) if isinstance(part, ast.Attribute) else None
            top = (qualified or "").split(".")[0]
            if top == "builtins":
                return "the builtins module written"
            if top == "torch" and not (qualified or "").startswith(TORCH_SETTINGS):
                return f"`{qualified}` assigned"
    return None


def _IMPORTS_ROUTE(statements: Iterable[ast.stmt]) -> bool:  # noqa: N802 (a test, read as one)
    """An import of a route itself (``from inspect import currentframe``, ``import __main__``)."""
    for statement in statements:
        if isinstance(statement, ast.Import | ast.ImportFrom):
            base = statement.module or "" if isinstance(statement, ast.ImportFrom) else ""
            for alias in statement.names:
                full = f"{base}.{alias.name}" if base else alias.name
                if full in QUALIFIED_ROUTES or full.split(".")[0] in _ROUTE_ROOTS:
                    return True
    return False


# `torch.jit.script` however it is reached (`jit.script`, `torch.jit._script.script`, imported).
_SCRIPTS = re.compile(rb"\bjit\s*\.\s*_?script\b|\bfrom\s+torch\.jit\b")

# What every route `_route` finds spells, as bytes of the file: a builtin route read as a name, a route
# attribute, a call reaching an attribute by a string, `.sys` of another module; or an import of a
# module whose paths are routes (`_ROUTE_ROOTS`, tested on the imports).
_ROUTE_ROOTS = frozenset(path.split(".")[0] for path in QUALIFIED_ROUTES) | ROUTE_MODULES
_ROUTE_WORDS = re.compile(
    rb"(?<![\w.])(" + "|".join(sorted(BUILTIN_ROUTES)).encode() + rb")\b"
    rb"|\b(" + "|".join(sorted(ROUTE_ATTRIBUTES | {"setattr", "delattr"})).encode() + rb")\b"
    rb"|\.\s*sys\b"
)
# The last names of what switches the current GPU, but `device` (`torch.cuda.device`, spelled with
# `cuda.` before it: every file names a `device`).
_SWITCH_WORDS = re.compile(
    rb"\b("
    + "|".join(sorted({p.rpartition(".")[2] for p in SWITCHES_CURRENT_GPU} - {"device"})).encode()
    + rb")\b|\bcuda\s*\.\s*device\b"
)


class _Reader:
    """Reads each project file once, on demand."""

    def __init__(self, files: dict[Path, Path]) -> None:
        self.files = files
        self._names = _Files(files)
        self._modules: dict[Path, _Module | None] = {}
        self._stars: dict[Path, StarNames | None] = {}

    def module(self, resolved: Path) -> _Module | None:
        if resolved not in self._modules:
            self._modules[resolved] = None  # (a cycle of imports reads it once)
            path = self.files[resolved]
            data = _read(path)
            tree = _parse(path, data) if data is not None else None
            if data is not None and tree is not None:
                self._modules[resolved] = _Module(resolved, data, tree, self._names)
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
        of a module outside the project whose names are not known). Inside a cycle of star imports, a
        module already being read binds nothing more (it is half run there); only answers read from
        outside any chain are kept, as those inside depend on where the chain started."""
        if path in within:
            return ()
        if path in self._stars:
            return self._stars[path]
        module = self.module(path)
        found = _exported(module, lambda source: self.star_names(source, within | {path})) if module else None
        if not within:
            self._stars[path] = found
        return found


def _import_aliases(tree: ast.Module) -> dict[str, str]:
    """Local name -> the qualified name an absolute import binds it to, anywhere in the file."""
    return _aliases_of(s for s in _statements(tree) if isinstance(s, ast.Import | ast.ImportFrom))


def _aliases_of(imports: Iterable[ast.Import | ast.ImportFrom]) -> dict[str, str]:
    aliases: dict[str, str] = {}
    for node in imports:
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


# Routes that reach the importing file's names only where code writes through what they give: a
# module object by its name (`sys.modules[fn.__module__]`, `import_module(name)`), which a registry
# reads (`hasattr(mod, "__all__")`) without changing any name a fix reads.
_WRITTEN_THROUGH = frozenset(
    {
        "sys.modules",
        "importlib.import_module",
        "importlib.reload",
        "importlib.__import__",
        "pkgutil.resolve_name",
    }
)
# The last names of the routes reached through a module (`import_module`, `get_objects`, `modules`):
# spelled as a string to `getattr`, they are the route.
_QUALIFIED_LAST_NAMES = frozenset(path.rpartition(".")[2] for path in QUALIFIED_ROUTES)
# Builtins that, called in a project file, reach that file's own namespace only.
_OWN_NAMESPACE = frozenset({"globals", "locals", "vars", "dir"})


def _route(tree: ast.Module, aliases: dict[str, str]) -> str | None:
    """A route by which the file may reach another file's names (the file that imports it), in
    dynamic_names' words: frames and a handed function's ``__globals__`` (a caller's namespace), the
    main module, ``gc`` and ``inspect.getmodule``, ``exec``/``eval`` and a builtin route handed out
    (``run = exec``), the builtins module or a torch function written, a module of routes handed on;
    and a module object reached by name (``sys.modules[...]``) where the file writes through it
    (``sys.modules["__main__"].F = ...``, or through a name bound to it). Calling ``globals()`` or
    ``locals()`` reaches the file's own names, which the rules of the importing file never read."""
    written: set[int] | None = None  # (the nodes written through, found when first needed)
    for node, parent in _with_parents(tree):
        if isinstance(node, ast.Name):
            if node.id in BUILTIN_ROUTES:
                called = isinstance(parent, ast.Call) and parent.func is node
                with_arguments = called and (parent.args or parent.keywords)  # type: ignore[union-attr]
                if node.id in ROUTES_WITHOUT_ARGUMENTS and with_arguments:
                    continue  # `vars(args)`: an object's attributes
                if not (called and node.id in _OWN_NAMESPACE):
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
            if module in _WRITTEN_THROUGH:
                written = _written_through(tree) if written is None else written
                if id(node) in written:
                    return f"`{module}` written through"
        elif isinstance(node, ast.Attribute):
            if node.attr in ROUTE_ATTRIBUTES:
                return f"`.{node.attr}`"
            qualified = _qualified(node, aliases)
            if qualified in _WRITTEN_THROUGH:
                written = _written_through(tree) if written is None else written
                if id(node) in written:
                    return f"`{qualified}` written through"
                if not _used_in_place(node, parent):
                    return f"`{qualified}` handed on"  # `modules = sys.modules`: its importers get it
            elif qualified in QUALIFIED_ROUTES or (qualified or "").endswith(".sys"):
                return f"`{qualified}`"
        elif isinstance(node, ast.Import | ast.ImportFrom):
            base = node.module or "" if isinstance(node, ast.ImportFrom) else ""
            for alias in node.names:
                full = f"{base}.{alias.name}" if base else alias.name
                if alias.name == "*" and base in ROUTE_MODULES:
                    return f"`from {base} import *`"
                if (full in QUALIFIED_ROUTES and full not in _WRITTEN_THROUGH) or full.split(".")[
                    0
                ] == "__main__":
                    return f"`{full}`"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BY_STRING:
            named = [
                a.value for a in node.args[1:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            if named and (named[0] in ROUTE_ATTRIBUTES or named[0] in _QUALIFIED_LAST_NAMES):
                return f'`{node.func.id}(..., "{named[0]}")`'
            if node.func.id in ("setattr", "delattr") and node.args and _is_torch(node.args[0], aliases):
                return f"`{node.func.id}` on a torch module"
        elif (patched := _patched(node, aliases)) is not None:
            return patched
    return None


def _written_through(tree: ast.Module) -> set[int]:
    """The nodes (by id) that code writes through: in a store target's object (``a.b[k].c = v``: ``a``,
    ``a.b``, ``a.b[k]``; not a dunder's, ``mod.__all__ = [...]``), the object of ``setattr``/``delattr``,
    of ``.__dict__``/``vars()`` updated or subscripted, and, one step back, everything in the value a
    name is bound to that is then written through (``mod = sys.modules[name]`` then ``mod.F = f``)."""
    roots: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
            targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
            for target in targets:
                parts = target.elts if isinstance(target, ast.Tuple | ast.List) else [target]
                roots.extend(
                    p.value
                    for p in parts
                    if isinstance(p, ast.Subscript) or (isinstance(p, ast.Attribute) and not _dunder(p.attr))
                )
        elif isinstance(node, ast.Call):
            if (
                isinstance(node.func, ast.Name)
                and node.func.id in ("setattr", "delattr", "vars")
                and node.args
            ):
                roots.append(node.args[0])
            elif isinstance(node.func, ast.Attribute) and node.func.attr in ("update", "setdefault", "pop"):
                roots.append(node.func.value)  # `m.__dict__.update(...)`
    written = {id(n) for root in roots for n in ast.walk(root)}
    written_names = {
        n.id
        for root in roots
        for n in ast.walk(root)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    for node in ast.walk(tree):  # one step back through a name: `mod = sys.modules[...]`
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id in written_names for t in node.targets
        ):
            written.update(id(n) for n in ast.walk(node.value))
    return written


def _used_in_place(node: ast.AST, parent: ast.AST | None) -> bool:
    """``sys.modules[name]``, ``sys.modules.get(name)``, ``import_module(name)``, ``"x" in sys.modules``:
    used where it is spelled, not bound to a name or handed to a call."""
    return (
        (isinstance(parent, ast.Subscript | ast.Attribute) and parent.value is node)
        or (isinstance(parent, ast.Call) and parent.func is node)
        or _membership_test(node, parent)
    )


def _dunder(name: str) -> bool:
    """``__all__``, ``__doc__``: a module's own bookkeeping, which no fix reads."""
    return name.startswith("__") and name.endswith("__")


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


# What a module's top level binds, in order: (name, meaning, under a condition), or for a star
# import (None, its `ImportFrom`, under a condition), resolved when a star import of the module is read.
_Binding = tuple[str | None, str | ast.ImportFrom, bool]


def _alias_bound(statement: ast.stmt, aliases: dict[str, str]) -> tuple[str, str] | None:
    """``name = <what an import binds>`` (``F = torch.nn.functional``): the name and what it holds."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
        return None
    target = statement.targets[0]
    qualified = (
        _qualified(statement.value, aliases)
        if isinstance(statement.value, ast.Name | ast.Attribute)
        else None
    )
    return (target.id, qualified) if isinstance(target, ast.Name) and qualified is not None else None


# What every binding the order of statements cannot place spells (see _bindings).
_OUT_OF_ORDER = re.compile(rb"\bglobal\b|:=|^[ \t]*match\b[^\n=]*:|__all__\s*(\.|[+|]=)", re.MULTILINE)


def _bindings(
    tree: ast.Module, stem: str, aliases: dict[str, str], package: bool = False, data: bytes | None = None
) -> tuple[list[_Binding], list[str] | None]:
    """The module-level bindings of ``tree`` in order, and its ``__all__`` when it is one literal list
    of strings assigned once and never changed (else None: every name counts): what a star import of it
    needs, read once so that the tree need not be kept. Where a name may be bound in a way the order
    does not show (``global F`` in a function, a walrus in a comprehension, a ``match`` capture,
    ``del``), it counts as the module's own under a condition; ``if TYPE_CHECKING:`` binds nothing."""
    found: list[_Binding] = []
    listed: list[str] | None = None
    all_changed = False

    def walk(body: Sequence[ast.stmt], conditional: bool) -> None:
        nonlocal listed, all_changed
        for statement in body:
            if isinstance(statement, ast.If) and _type_checking(statement.test):
                walk(statement.orelse, True)  # (its body runs only under a type checker)
                continue
            if isinstance(statement, ast.Import):
                for alias in statement.names:
                    local = alias.asname or alias.name.split(".")[0]
                    found.append((local, alias.name if alias.asname else local, conditional))
            elif isinstance(statement, ast.ImportFrom):
                if any(a.name == "*" for a in statement.names):
                    found.append((None, statement, conditional))
                    continue
                for alias in statement.names:
                    local = alias.asname or alias.name
                    absolute = not statement.level and statement.module
                    meaning = f"{statement.module}.{alias.name}" if absolute else f"{stem}.{local}"
                    found.append((local, meaning, conditional))
                if package and statement.level == 1 and statement.module:
                    # `from .functional import x` in a package binds its submodule `functional` too
                    found.append((statement.module.split(".")[0], f"{stem}.{statement.module}", True))
            elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found.append((statement.name, f"{stem}.{statement.name}", conditional))
            else:
                if _assigns_all(statement):
                    value = getattr(statement, "value", None)
                    items = value.elts if isinstance(value, ast.List | ast.Tuple) else None
                    literal = items is not None and all(
                        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in items
                    )
                    if (
                        listed is not None
                        or conditional
                        or not literal
                        or not isinstance(statement, ast.Assign)
                    ):
                        all_changed = True
                    else:
                        listed = [
                            e.value
                            for e in items or ()
                            if isinstance(e, ast.Constant) and isinstance(e.value, str)
                        ]
                if isinstance(statement, ast.Delete):
                    for name in _bound_names(statement, deleted=True):
                        found.append((name, f"{stem}.{name}", True))
                bound_to = _alias_bound(statement, aliases)
                if bound_to is not None:  # `F = torch.nn.functional`, `modules = sys.modules`
                    found.append((*bound_to, conditional))
                else:
                    found.extend((name, f"{stem}.{name}", conditional) for name in _bound_names(statement))
                inner = [getattr(statement, field, None) for field in ("body", "orelse", "finalbody")]
                handlers = getattr(statement, "handlers", None) or []
                cases = getattr(statement, "cases", None) or []
                blocks = [b for b in inner if isinstance(b, list)] + [h.body for h in handlers]
                for block in blocks + [c.body for c in cases]:
                    walk(block, True)

    walk(tree.body, False)
    # What the order above cannot place: names bound by `global` in functions, walruses in
    # comprehensions, `match` captures, and `__all__` changed after it is assigned (walked only where
    # the file's bytes can spell one: the walk costs about what the parse does).
    for node in ast.walk(tree) if data is None or _OUT_OF_ORDER.search(data) else ():
        if isinstance(node, ast.Global):
            found.extend((name, f"{stem}.{name}", True) for name in node.names)
        elif isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            found.append((node.target.id, f"{stem}.{node.target.id}", True))
        elif isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            found.append((node.name, f"{stem}.{node.name}", True))
        elif isinstance(node, ast.MatchMapping) and node.rest:
            found.append((node.rest, f"{stem}.{node.rest}", True))
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "__all__"
            and isinstance(node.ctx, ast.Load)
        ):
            all_changed = True  # `__all__.append("F")`, `.extend`, `+=` through a method
        elif (
            isinstance(node, ast.AugAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "__all__"
        ):
            all_changed = True
    return found, None if all_changed else listed


def _assigns_all(statement: ast.stmt) -> bool:
    targets = (
        statement.targets
        if isinstance(statement, ast.Assign)
        else [statement.target]
        if isinstance(statement, ast.AugAssign | ast.AnnAssign)
        else []
    )
    return any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _exported(module: _Module, star_names: Callable[[Path], StarNames | None]) -> StarNames | None:
    """The names ``from <module> import *`` binds (its ``__all__``, else its public names), each with
    what it holds: the qualified name of an import, else the module's own (``layers.F``). None where a
    star import of its own cannot be followed. A name bound twice to different things, once under a
    condition, is the module's own: it may be either."""
    meanings: dict[str, str] = {}
    doubtful: set[str] = set()
    for name, meaning, conditional in module.bindings:
        if name is None:
            assert isinstance(meaning, ast.ImportFrom)
            names = _star_of(module, meaning, star_names)
            if names is None:
                return None
            pairs: list[tuple[str, str]] = list(names)
        else:
            assert isinstance(meaning, str)
            pairs = [(name, meaning)]
        for bound, what in pairs:
            if bound in meanings and meanings[bound] != what and conditional:
                doubtful.add(bound)
            meanings[bound] = what
    listed = module.listed
    if listed is not None:
        for name in listed:  # listed, bound by no statement: a submodule, a module `__getattr__`
            meanings.setdefault(name, f"{module.stem}.{name}")
    exported = listed if listed is not None else [n for n in meanings if not n.startswith("_")]
    return tuple(
        sorted(
            (n, f"{module.stem}.{n}" if n in doubtful else meanings[n])
            for n in set(exported)
            if n in meanings
        )
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


def _bound_names(statement: ast.stmt, deleted: bool = False) -> Iterator[str]:
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
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Del if deleted else ast.Store):
            yield node.id
        stack.extend(ast.iter_child_nodes(node))
