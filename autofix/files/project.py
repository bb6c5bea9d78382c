"""Project mode: what the functions and classes of a project's other files do to what they are handed.

Given a folder, ``check``/``apply``/``migrate`` read every Python file of it once with :mod:`ast` (a
few per cent of a libcst parse) for two things: which top-level functions and classes move an
argument to a device (``def train(model, opt): model.to(device)``, ``class Trainer: def
__init__(self, model): self.model = model; self.model.cuda()``, also by handing it to a function of
their own file that moves it; not through a third file), and what each file imports from the
others (``from trainer import Trainer``, ``import trainer``, ``from .trainer import train``). Each
file's task then carries the facts of the names it imports, spelled as the file calls them
(``Trainer``, ``trainer.Trainer``): small to hand to a worker, and exactly what its results (and its
cache entry) depend on. A file given alone stays alone: nothing is read beside it.

A second fact, :func:`project_exports`: which names the project's other files take from a file
(``from model import Net``, ``model.Net``), where that is known (nothing star-imports it): removing
a module-level name nobody takes is then safe.

The question is the one :mod:`codemods.analysis.values` answers inside one file, asked of
another file's source; the two are kept in step by tests that ask both on the same code.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path

# What a callee does, as a task carries it: (how the file spells the callee, the parameters a call
# fills in order (without ``self``), the parameters it moves to a device).
ImportedMove = tuple[str, tuple[str, ...], tuple[str, ...]]
_MOVES = frozenset({"to", "cuda"})
_PARAMETERS_HANDED = re.compile(rb"[(,]\s*[\w.\[\]]+\.(?:named_)?parameters\(\)")


def project_moves(paths: Sequence[Path]) -> dict[Path, tuple[ImportedMove, ...]]:
    """For each of ``paths`` (the files of one run) that builds an optimizer and imports from the
    project's other files: what each name it imports moves, by how it spells the callee (nothing, for
    a name or module alias the project shows), sorted. Files that cannot be read or parsed are left
    out here; the run reports them on its own."""
    read = {p: data for p in paths if p.suffix == ".py" and (data := _read(p)) is not None}
    # Only a file that builds an optimizer needs the facts, and only a file it
    # imports that moves something can give one: the rest are not parsed at all.
    importing = {p: tree for p, data in read.items() if _builds_optimizer(data) and (tree := _parse(p, data))}
    if not importing:
        return {}
    files = {p.resolve(): p for p in read}
    exporting = {resolved for resolved, p in files.items() if b".cuda(" in read[p] or b".to(" in read[p]}
    imports = {p: list(_imports(p, tree, files.keys())) for p, tree in importing.items()}
    exports: dict[Path, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    for source in {source for found in imports.values() for source, _ in found}:
        path = files[source]
        tree = (importing.get(path) or _parse(path, read[path])) if source in exporting else None
        exports[source] = _exported_moves(tree, read[path]) if tree is not None else {}
    found: dict[Path, tuple[ImportedMove, ...]] = {}
    for path, pairs in imports.items():
        moving = {
            spelled: fact for source, names in pairs for spelled, fact in _spelled(names, exports[source])
        }
        # What the project shows and moves nothing is a fact too (it moves nothing): a project file's
        # `Trainer(model, opt, use_cuda=...)` is no callee out of sight, which DEV005 guesses about.
        seen = {spelled: ((), ()) for _, names in pairs for _, spelled in names if spelled not in moving}
        facts = sorted((spelled, *fact) for spelled, fact in {**seen, **moving}.items())
        if facts:
            found[path] = tuple(facts)
    return found


def _builds_optimizer(data: bytes) -> bool:
    """``Adam(model.parameters(), ...)``, ``filter(f, model.parameters())``: parameters handed to a
    call, as an optimizer is built (a cheap test: ``for p in model.parameters()`` does not count)."""
    return _PARAMETERS_HANDED.search(data) is not None


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _parse(path: Path, data: bytes) -> ast.Module | None:
    try:
        return ast.parse(data, filename=str(path))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _exported_moves(
    tree: ast.Module, data: bytes | None = None
) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Top-level functions and classes (by ``__init__``) that move a parameter: name -> (the
    parameters a call fills, the moved ones), also through the file's own functions they hand it to
    (``def train(model, opt): place(model)`` with ``def place(m): m.cuda()``). With the file's bytes,
    a definition whose lines call no ``.to(`` or ``.cuda(``, nor a function of the file found moving,
    is not walked (walking every body costs three times the parse)."""
    lines = data.splitlines() if data is not None else None
    definitions: list[tuple[_Definition, ast.FunctionDef | ast.AsyncFunctionDef, int, bytes | None]] = []
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function, skip = node, 0
        elif isinstance(node, ast.ClassDef):
            inits = [s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"]
            if len(inits) != 1:
                continue
            function, skip = inits[0], 1
        text = b"\n".join(lines[node.lineno - 1 : node.end_lineno]) if lines is not None else None
        definitions.append((node, function, skip, text))
    found: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    helpers: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}  # top-level functions that move
    changed, first = True, True
    while changed:  # a helper found moving may make its callers move: until nothing new is found
        changed = False
        for node, function, skip, text in definitions:
            name = node.name
            # Walked once if it moves by itself; again only if it calls a helper found moving.
            calls_helper = text is None or any(f"{helper}(".encode() in text for helper in helpers)
            moves_itself = text is None or b".cuda(" in text or b".to(" in text
            if not (calls_helper or (first and moves_itself)):
                continue
            params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
            named = set(params) | {a.arg for a in function.args.kwonlyargs}
            called = _methods_called(node, function) if isinstance(node, ast.ClassDef) else []
            moved = _moved_parameters(function, named, called, helpers)
            fact = (tuple(params[skip:]), tuple(sorted(moved)))
            if moved and found.get(name) != fact:
                found[name] = fact
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    helpers[name] = (tuple(params), fact[1])
                changed = True
        first = False
    return found


def _methods_called(cls: ast.ClassDef, init: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.FunctionDef]:
    """The methods of ``cls`` that its ``__init__`` calls on ``self`` (``self._to_device()``)."""
    if not init.args.args:
        return []
    this = init.args.args[0].arg
    own = {s.name: s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name != "__init__"}
    names = {
        node.func.attr
        for node in _own_nodes(init)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == this
    }
    return [own[name] for name in sorted(names & own.keys())]


def _moved_parameters(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    params: set[str],
    called: Iterable[ast.FunctionDef] = (),
    helpers: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] | None = None,
) -> set[str]:
    """``model.to(d)``, ``model.cuda()``, ``model = model.to(d)``, and ``self.model = model`` then
    ``self.model.cuda()``, in the function's own body (not in functions defined inside it), or in the
    methods of its class it calls (``called``: ``self._to_device()`` moving ``self.model``); also
    ``place(model)`` where ``helpers`` (the file's top-level functions that move: name -> (their
    parameters, the moved ones)) says ``place`` moves what it is handed there."""
    nodes = list(_own_nodes(function))
    for method in called:
        nodes.extend(_own_nodes(method))
    kept: dict[str, str] = {}
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            pairs = [(node.targets[0], node.value)]
            if isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs = list(zip(node.targets[0].elts, node.value.elts))  # `self.G, self.D = G, D`
            for left, right in pairs:
                target = _dotted(left)
                if target and "." in target and isinstance(right, ast.Name) and right.id in params:
                    kept[target] = right.id
    moved: set[str] = set()
    for node in nodes:
        if (
            helpers
            and isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in helpers
        ):
            for handed in _handed_to_moves(node, *helpers[node.func.id]):
                if handed in params:
                    moved.add(handed)
                elif handed in kept:
                    moved.add(kept[handed])
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MOVES:
            if node.func.attr == "to" and not _moves_device(node):
                continue
            subject = _dotted(node.func.value)
            if subject in params:
                moved.add(subject)
            elif subject in kept:
                moved.add(kept[subject])
    return moved


def _handed_to_moves(call: ast.Call, params: tuple[str, ...], moved: tuple[str, ...]) -> Iterable[str]:
    """What ``call`` hands (by name, as it spells it) to the parameters its callee moves: positional
    arguments in order, keywords by name; nothing past a ``*args``."""
    for index, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            break
        if index < len(params) and params[index] in moved and (spelled := _dotted(arg)) is not None:
            yield spelled
    for keyword in call.keywords:
        if keyword.arg in moved and (spelled := _dotted(keyword.value)) is not None:
            yield spelled


def _moves_device(call: ast.Call) -> bool:
    """``.to(device)``, not ``.to(torch.float16)``: a dtype-only ``.to()`` moves nothing."""
    first = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "device"), None)
    if first is None:
        return False
    spelled = _dotted(first) or ""
    return not spelled.startswith(("torch.float", "torch.half", "torch.double", "torch.int", "torch.bfloat"))


def _own_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterable[ast.AST]:
    nested = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
    stack: list[ast.AST] = [s for s in function.body if not isinstance(s, nested)]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(child for child in ast.iter_child_nodes(node) if not isinstance(child, nested))


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else None
    return None


# What one import statement brings from a project file: (the name as imported or None for the whole
# module, how the importing file spells it).
_Names = tuple[tuple[str | None, str], ...]


def _imports(path: Path, tree: ast.Module, files: Collection[Path]) -> Iterable[tuple[Path, _Names]]:
    """The project files ``path`` imports from at its top level, with what it takes from each."""
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            source = _module_file(path, node.module or "", node.level, files)
            if source is not None:
                yield source, tuple((a.name, a.asname or a.name) for a in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                source = _module_file(path, alias.name, 0, files)
                if source is not None:
                    yield source, ((None, alias.asname or alias.name),)


def _spelled(
    names: _Names, exports: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]
) -> Iterable[tuple[str, tuple[tuple[str, ...], tuple[str, ...]]]]:
    """The facts of what an import brings, by how the importing file spells each callee."""
    for name, spelled in names:
        if name is None:  # `import trainer as tr`: `tr.Trainer`, `tr.fit`
            yield from ((f"{spelled}.{export}", fact) for export, fact in exports.items())
        elif name in exports:
            yield spelled, exports[name]


def _module_file(path: Path, module: str, level: int, files: Collection[Path]) -> Path | None:
    """The project file a module name means, seen from ``path``: relative to its package for ``from
    .x import``, else beside it (a script's folder is on ``sys.path``) or in a folder above it (the
    project root). Only files of this run count."""
    folder = path.resolve().parent
    if level:
        for _ in range(level - 1):
            folder = folder.parent
        bases = [folder]
    else:
        bases = [folder, *folder.parents]
    parts = module.split(".") if module else []
    for base in bases:
        target = base.joinpath(*parts)
        for candidate in (target.with_suffix(".py"), target / "__init__.py"):
            if parts and candidate in files:
                return candidate
    return None


# -- which names of a file the project's other files take from it


# Folders no project file lives in: what a walk of a project's root does not enter (other hidden
# folders are walked: a `.github/` script may star-import a module as well as any other).
_NOT_PROJECT = frozenset({".git", ".hg", ".svn", "__pycache__", "node_modules", "site-packages"})


def closed_root(folder: Path) -> bool:
    """Whether ``folder`` (given to a run) can be read as a whole project, whose files no code outside
    it imports: it is no package (no ``__init__.py``: a package is imported from above) and the folder
    above it holds no Python file (``src/`` beside a ``train.py`` that may ``from src.model import *``)."""
    try:
        folder = folder.resolve()
        if (folder / "__init__.py").exists():
            return False
        return not any(p.suffix in (".py", ".ipynb") for p in folder.parent.iterdir() if p.is_file())
    except OSError:
        return False


def project_exports(roots: Sequence[Path], wanted: Iterable[Path]) -> dict[Path, tuple[str, ...]]:
    """For each of ``wanted`` (files of the run) under one of ``roots`` (folders that :func:`closed_root`
    accepts): the names the other Python files and notebooks under that root take from it (``from model
    import Net``, ``model.Net``), sorted. A file is left out, unknown, where anything may be taken from
    it: a package's ``__init__.py``, a module some file star-imports (``from model import *``), hands
    around as a value (``getattr(model, name)``), names in a string (``import_module("model")``), or
    mentions where it cannot be parsed. Modules are matched by their last name (``from a.model import
    *`` counts for every ``model.py``): a file's imports are not resolved against ``sys.path`` tricks."""
    found: dict[Path, tuple[str, ...]] = {}
    for root in {r.resolve() for r in roots}:
        mine = [p for p in wanted if p.name != "__init__.py" and p.resolve().is_relative_to(root)]
        if not mine:
            continue
        by_stem: dict[str, list[Path]] = {}
        for path in mine:
            by_stem.setdefault(path.stem, []).append(path)
        taken: dict[str, set[str]] = {stem: set() for stem in by_stem}
        unknown: set[str] = set()
        stems = [(stem, stem.encode()) for stem in by_stem]
        for path in project_files(root):
            data = _read(path)
            if data is None:
                continue  # (nothing unread can import: a file that cannot be read cannot be run either)
            named = {stem for stem, raw in stems if raw in data and stem not in unknown}
            if not named:
                continue
            for source in _python_sources(path, data):
                tree = _parse(path, source) if source is not None else None
                if tree is None:
                    unknown |= named  # it mentions the module; what it does with it is not known
                    continue
                _taken_from(tree, named, path.stem, taken, unknown)
        for stem, paths in by_stem.items():
            if stem not in unknown:
                found.update((p, tuple(sorted(taken[stem]))) for p in paths)
    return found


def project_files(root: Path) -> Iterable[Path]:
    """The Python files and notebooks under ``root``, not in version control's folders, virtual
    environments or caches."""
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(s for s in subfolders if s not in _NOT_PROJECT)
        if "pyvenv.cfg" in names:
            subfolders[:] = []
            continue
        yield from (Path(folder, n) for n in sorted(names) if n.endswith((".py", ".ipynb")))


def _python_sources(path: Path, data: bytes) -> Iterable[bytes | None]:
    """The Python code of a file: a ``.py`` file's bytes, each code cell of a notebook (IPython lines
    left out); None for what cannot be read as such."""
    if path.suffix == ".py":
        yield data
        return
    import json

    try:
        cells = json.loads(data).get("cells", [])
        for cell in cells:
            if cell.get("cell_type") != "code":
                continue
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else str(source)
            lines = [line for line in text.splitlines() if not line.lstrip().startswith(("%", "!"))]
            yield "\n".join(lines).encode()
    except (ValueError, AttributeError, TypeError):
        yield None


# Calls that import or run a module named by a string: such a string names what the file takes all of.
_DYNAMIC = frozenset(
    {"import_module", "__import__", "exec", "run_path", "run_module", "spec_from_file_location"}
)


def _name_of(node: ast.AST) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _taken_from(
    tree: ast.Module, stems: set[str], own: str, taken: dict[str, set[str]], unknown: set[str]
) -> None:
    """What ``tree`` (a file whose bytes name ``stems``; its own module is ``own``) takes from the
    modules of ``stems``, into ``taken``; those it may take anything from, into ``unknown``."""
    spelled: dict[str, str] = {}  # how the file spells a whole module it imports -> its stem
    dynamic = any(isinstance(n, ast.Name | ast.Attribute) and _name_of(n) in _DYNAMIC for n in ast.walk(tree))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            last = (node.module or "").rsplit(".", 1)[-1]
            if last in stems:
                for alias in node.names:
                    if alias.name == "*":
                        unknown.add(last)
                    else:
                        taken[last].add(alias.name)
            for alias in node.names:  # `from pkg import model`, `from . import model`
                if alias.name in stems:
                    spelled[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                last = alias.name.rsplit(".", 1)[-1]
                if last in stems:
                    spelled[alias.asname or alias.name] = last
        elif dynamic and isinstance(node, ast.Constant) and isinstance(node.value, str):
            # `import_module("models.net")`, `exec(open("net.py").read())`: whatever it then reads
            text = node.value.removesuffix(".py").replace("/", ".").rsplit(".", 1)[-1]
            if text in stems and text != own:
                unknown.add(text)
    bases: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            bases.add(id(node.value))
            module = _dotted(node.value)
            if module in spelled:
                taken[spelled[module]].add(node.attr)
            elif module is not None and (last := module.rsplit(".", 1)[-1]) in stems:
                # `pkg.model.Net` with `pkg` imported whole, whose `__init__` imports `model`
                taken[last].add(node.attr)
    if not spelled:
        return
    heads = {name.split(".", 1)[0]: stem for name, stem in spelled.items()}
    for node in ast.walk(tree):
        # `f(model)`, `getattr(model, name)`, `vars(model)`: the module handed on as a value
        if isinstance(node, ast.Name) and node.id in heads and id(node) not in bases:
            unknown.add(heads[node.id])
