"""Where a missed label sits and which API its lines name, counted without naming a file.

``--why`` counts a miss by the findings near it, and most validation misses have nothing near: that says
a rule never looked there, not where "there" is. This module describes a labelled line by two coarse
facts a rule author can act on without reading the file: the code around it (``forward``, ``__init__``,
another method or function, module level; inside a loop of that code or not; whether that code has a
loop at all) and the torch and Python API its lines name, from a fixed vocabulary, so that every
identifier the file chose itself is left out (issue 27's rule: validation is read in numbers only).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from benchmarks.field_manifest import Label
from codemods.rules.dev022_python2_syntax._python2 import apply_fixes, python2_fixes

# Spellings a label's lines may use, in the order they are printed. Each is matched on the text with
# strings and comments blanked, so a word in a message or a comment does not count.
VOCABULARY: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern))
    for name, pattern in (
        (".item()", r"\.item\(\)"),
        (".cpu()", r"\.cpu\(\)"),
        (".numpy()", r"\.numpy\(\)"),
        (".tolist()", r"\.tolist\(\)"),
        (".data[0]", r"\.data\s*\[\s*0\s*\]"),
        ("[0] of a name", r"\w\s*\[\s*0\s*\]"),
        (".data", r"\.data\b(?!\s*\[)"),
        ("float()", r"(?<![\w.])float\("),
        ("int()", r"(?<![\w.])int\("),
        ("bool()", r"(?<![\w.])bool\("),
        ("print()", r"(?<![\w.])print\b"),
        ("format", r"\.format\(|%\s*\(|\bf['\"]"),
        ("np.", r"(?<![\w.])(np|numpy)\."),
        ("if/while/assert", r"^\s*(if|elif|while|assert)\b"),
        ("synchronize", r"synchronize\("),
        (".cuda()", r"\.cuda\("),
        (".to()", r"\.to\("),
        ("device", r"\bdevice\b"),
        ("Variable()", r"(?<![\w.])Variable\("),
        ("volatile", r"\bvolatile\b"),
        ("legacy type", r"\b(cuda\.)?(Float|Long|Byte|Double|Int|Half|Short|Char|Bool)Tensor\b"),
        ("torch.Tensor()", r"\bTensor\("),
        ("factory", r"\b(zeros|ones|empty|full|randn|rand|randint|arange|linspace|eye|tensor)(_like)?\("),
        ("from_numpy", r"from_numpy\("),
        (".new()", r"\.new(_\w+)?\("),
        ("optimizer", r"\boptim\.|Optimizer\b"),
        ("DataParallel", r"DataParallel"),
        ("add_scalar/log", r"\.(add_scalar|add_scalars|log|append|update|add)\("),
        ("+=", r"\+="),
    )
)
_STRING_OR_COMMENT = re.compile(
    r"(\"\"\"[\s\S]*?\"\"\"|'''[\s\S]*?'''|\"(\\.|[^\"\\\n])*\"|'(\\.|[^'\\\n])*'|#[^\n]*)"
)
_MAGIC = re.compile(r"^(\s*)[%!].*$", re.MULTILINE)


def label_shape(source: str, label: Label) -> str:
    """``"<where> | <API named>"`` for ``label`` in ``source`` (the file, or the label's notebook cell)."""
    return f"{_where(source, label.first)} | {_api(source, label.first, label.last)}"


def _api(source: str, first: int, last: int) -> str:
    lines = source.splitlines()[first - 1 : last]
    text = _STRING_OR_COMMENT.sub(lambda m: '""' if not m.group(0).startswith("#") else "", "\n".join(lines))
    named = [name for name, pattern in VOCABULARY if any(pattern.search(line) for line in text.splitlines())]
    return " ".join(named) if named else "none of the vocabulary"


def _where(source: str, line: int) -> str:
    tree = _parse(source)
    if tree is None:
        return "unparsed"
    chain = list(_enclosing(tree, line))
    functions = [node for node in chain if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    classes = [node for node in chain if isinstance(node, ast.ClassDef)]
    if functions:
        function = functions[-1]
        name = function.name
        kind = name if name in ("forward", "__init__") else ("method" if classes else "function")
        body: ast.AST = function
    else:
        kind, body = "module level", tree
    inner = chain[chain.index(body) + 1 :]  # (``body`` is the module or a function of ``chain``)
    looped = any(isinstance(node, (ast.For, ast.While, ast.AsyncFor)) for node in inner)
    comprehension = any(
        isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.DictComp, ast.SetComp)) for node in inner
    )
    if looped:
        place = "in a loop"
    elif comprehension:
        place = "in a comprehension"
    elif _has_loop(body):
        place = "beside a loop"
    else:
        place = "no loop there"
    return f"{kind}, {place}"


def _parse(source: str) -> ast.Module | None:
    text = _MAGIC.sub(r"\1pass", source)
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        pass
    # A Python 2 file: read it as DEV022 converts it (line for line) before the other rules see it.
    try:
        return ast.parse(apply_fixes(text, [part for fix in python2_fixes(text) for part in fix.parts]))
    except (SyntaxError, ValueError):
        return None


def _enclosing(tree: ast.AST, line: int) -> Iterable[ast.AST]:
    """The nodes whose lines hold ``line``, outermost first (statements and comprehensions only)."""
    node: ast.AST | None = tree
    while node is not None:
        yield node
        node = next(
            (
                child
                for child in ast.iter_child_nodes(node)
                if isinstance(child, (ast.stmt, ast.ListComp, ast.GeneratorExp, ast.DictComp, ast.SetComp))
                or isinstance(child, ast.expr)
                and any(
                    isinstance(n, (ast.ListComp, ast.GeneratorExp, ast.DictComp, ast.SetComp))
                    for n in ast.walk(child)
                )
                if getattr(child, "lineno", 0) <= line <= (getattr(child, "end_lineno", 0) or 0)
            ),
            None,
        )


def _has_loop(body: ast.AST) -> bool:
    """Whether ``body`` runs a loop of its own (not one of a nested function or class)."""
    stack = list(ast.iter_child_nodes(body))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.For, ast.While, ast.AsyncFor)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))
    return False


# Functions and methods named in an argument's description: a library's API, never the file's own names.
_LIBRARY_MODULES = {"np": "np", "numpy": "np", "torch": "torch", "math": "math", "random": "random"}
_LEGACY_CALLEE = re.compile(r"(^|\.)(\w*Tensor)$")


def constructor_argument_shape(source: str, line: int) -> str:
    """What the first argument of the legacy constructor (``torch.FloatTensor(x)``) on ``line`` is, in a
    fixed vocabulary: a literal, a parameter, a local bound once from a call of ``np.where``, an item of
    a name, a method of the file's... Library names (builtins, ``np.``, ``torch.``, tensor and array
    methods) are named, the file's own never."""
    tree = _parse(source)
    if tree is None:
        return "unparsed"
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and node.lineno <= line <= (node.end_lineno or node.lineno)
        and _LEGACY_CALLEE.search(_dotted(node.func) or "")
    ]
    if not calls:
        return "no legacy constructor on the line"
    call = min(calls, key=lambda c: (c.lineno != line, c.col_offset))
    if not call.args:
        return "no positional argument" if not call.keywords else "keywords only"
    if len(call.args) > 1:
        return "several arguments"
    scopes = [
        n for n in _enclosing(tree, call.lineno) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    return _describe(call.args[0], scopes[-1] if scopes else None, tree, depth=0)


def _describe(node: ast.expr, function: ast.AST | None, tree: ast.AST, depth: int) -> str:
    if isinstance(node, ast.Starred):
        return "a starred argument"
    if isinstance(node, ast.Constant):
        return f"a {type(node.value).__name__} literal"
    if isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)):
        return f"a {type(node).__name__.lower()} display"
    if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)):
        return "a comprehension"
    if isinstance(node, ast.BinOp):
        return f"arithmetic ({type(node.op).__name__})"
    if isinstance(node, ast.Subscript):
        return "an item of " + _describe_base(node.value)
    if isinstance(node, ast.Attribute):
        return "an attribute of " + _describe_base(node.value)
    if isinstance(node, ast.Call):
        return _describe_call(node)
    if isinstance(node, ast.Name):
        return _describe_name(node.id, function, tree, depth)
    return type(node).__name__


def _describe_base(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return "self" if node.id == "self" else "a name"
    return "an attribute" if isinstance(node, ast.Attribute) else type(node).__name__


def _describe_call(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        import builtins

        return f"{func.id}()" if hasattr(builtins, func.id) else "a call of a function of the file"
    dotted = _dotted(func)
    if dotted and dotted.split(".")[0] in _LIBRARY_MODULES:
        head, _, rest = dotted.partition(".")
        return f"{_LIBRARY_MODULES[head]}.{rest}()"
    if isinstance(func, ast.Attribute):
        method = func.attr
        owner = "self" if isinstance(func.value, ast.Name) and func.value.id == "self" else "a value"
        if isinstance(func.value, ast.Call) and _library_method(method):
            return f"{_describe_call(func.value)[:-2]}(...).{method}()"
        if _library_method(method):
            return f"{owner}.{method}()"
        return f"a method of {owner}" if owner == "self" else "a call of another method"
    return "another call"


def _library_method(name: str) -> bool:
    """A method of a tensor, an array, a list or a dict: a library's name, which can be shown."""
    import numpy
    import torch

    return any(hasattr(kind, name) for kind in (torch.Tensor, numpy.ndarray, list, dict, str))


def _describe_name(name: str, function: ast.AST | None, tree: ast.AST, depth: int) -> str:
    if function is not None:
        args = function.args  # type: ignore[attr-defined]
        if name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}:
            return "a parameter"
    scope = function if function is not None else tree
    values = _bindings(scope, name)
    where = "a local" if function is not None else "a module-level name"
    if function is not None and not values:
        return "a name bound outside the function" if _bindings(tree, name) else "a name bound nowhere shown"
    if any(v is None for v in values):
        others = sorted({_describe(v, function, tree, depth + 1) for v in values if v is not None})
        also = f"; also from: {'; '.join(others)}" if others and depth == 0 else ""
        return f"{where} bound by a loop, an import or unpacking{also}"
    if len(values) > 1:
        if depth >= 1:
            return f"{where} bound {len(values)} times"
        kinds = sorted({_describe(v, function, tree, depth + 1) for v in values if v is not None})
        return f"{where} bound {len(values)} times, from: {'; '.join(kinds)}"
    if depth >= 1:
        return f"{where} bound once"
    return f"{where} bound once from {_describe(values[0], function, tree, depth + 1)}"


def _bindings(scope: ast.AST, name: str) -> list[ast.expr | None]:
    """The values ``name`` is bound to in ``scope`` (not in nested functions); None for a binding that
    names no single value (a loop target, an unpacking, an import, ``+=``)."""
    found: list[ast.expr | None] = []
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id == name:
                    found.append(node.value)
                elif any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(target)):
                    found.append(None)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            if isinstance(node.target, ast.Name) and node.target.id == name:
                found.append(node.value if not isinstance(node, ast.AugAssign) else None)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension, ast.withitem)):
            target = node.target if not isinstance(node, ast.withitem) else node.optional_vars
            if target is not None and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(target)):
                found.append(None)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if any((a.asname or a.name.split(".")[0]) == name for a in node.names):
                found.append(None)
        stack.extend(ast.iter_child_nodes(node))
    return found


def _dotted(node: ast.expr) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])
