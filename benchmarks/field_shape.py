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
    text = _MAGIC.sub(r"\1pass", source)
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        # A Python 2 file: read it as DEV022 converts it (line for line) before the other rules see it.
        try:
            tree = ast.parse(apply_fixes(text, [part for fix in python2_fixes(text) for part in fix.parts]))
        except (SyntaxError, ValueError):
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
