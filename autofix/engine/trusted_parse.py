"""libcst's parser, without checking again what its tokenizer and grammar already guarantee.

libcst checks every node it builds (``CSTNode.__post_init__`` calls the class's ``_validate``), the nodes
its parser builds included; its own source notes that a parse could skip it. For the node classes listed
in ``_LISTED`` the check only repeats what the parse ensured: a whitespace, newline or comment node
holds what the tokenizer read as one, a name is an identifier token, an attribute's parentheses are
balanced, an argument's star and keyword agree, a subscript has an element, an assignment a target.
Those classes are the nodes most made (whitespace nodes and names are 57 % of the nodes checked while
parsing the 1 MB generated file); not checking them takes about 7 % off its parse (``benchmarks/results.md``).

Every other class is still checked while parsing, in particular those whose check rejects code the
grammar takes and Python refuses (``b'a' 'b'``, a bare ``except:`` before another handler), so such a
file is refused as before. Nodes that rules and fixes build are checked as always: the listed classes'
checks are off only while the parser runs.

Switching a class's check off is process-wide state in a dependency, so it is used only where this
project owns the whole process: :func:`enable` is called by the worker processes of a run (one
thread each). Everywhere else (the language server's threads, the Fixit adapter inside Fixit, tests)
:func:`parse_module` is libcst's own parse.
"""

from __future__ import annotations

import libcst as cst

_LISTED: tuple[type[cst.CSTNode], ...] = (
    cst.SimpleWhitespace,
    cst.ParenthesizedWhitespace,
    cst.TrailingWhitespace,
    cst.Newline,
    cst.EmptyLine,
    cst.Comment,
    cst.Name,
    cst.Attribute,
    cst.Arg,
    cst.Dot,
    cst.Comma,
    cst.AssignEqual,
    cst.LeftParen,
    cst.RightParen,
    cst.Subscript,
    cst.SubscriptElement,
    cst.Index,
    cst.Element,
    cst.Assign,
    cst.AssignTarget,
    cst.Expr,
    cst.SimpleStatementLine,
    cst.IndentedBlock,
)
# A class that has a ``__post_init__`` of its own (a later libcst may give it one) keeps it: the parse sets
# and then deletes the class's attribute, which would delete that one.
_GUARANTEED = tuple(kind for kind in _LISTED if "__post_init__" not in vars(kind))
_DEFAULT_CONFIG = cst.PartialParserConfig()


_enabled = False


def enable() -> None:
    """Parse without the listed checks from now on, in this process (a single-threaded worker)."""
    global _enabled
    _enabled = True


def _not_checked(self: cst.CSTNode) -> None:
    """What ``__post_init__`` does for a listed class while the parser runs: nothing."""


def parse_module(text: str, config: cst.PartialParserConfig = _DEFAULT_CONFIG) -> cst.Module:
    """``libcst.parse_module(text, config)``: the same tree, and the same errors for code it refuses."""
    if not _enabled:
        return cst.parse_module(text, config)
    for kind in _GUARANTEED:
        kind.__post_init__ = _not_checked  # type: ignore[method-assign]
    try:
        return cst.parse_module(text, config)
    finally:
        for kind in _GUARANTEED:
            del kind.__post_init__  # back to CSTNode's, which checks
