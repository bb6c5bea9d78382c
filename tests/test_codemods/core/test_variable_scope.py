"""``variable_scope``: which scope's variable a name is, ``global`` and ``nonlocal`` followed."""

from __future__ import annotations

import textwrap

import libcst as cst

from codemods.core.name_bindings import binding_scope, variable_scope
from codemods.core.tree import Tree

CODE = textwrap.dedent(
    """
    x = 1

    def reads():
        return x

    def declares():
        global x
        x = 2

    def outer():
        x = 3

        def inner():
            nonlocal x
            x = 4

        def deeper():
            def innermost():
                nonlocal x
                return x

            return innermost

        return inner, deeper

    def own():
        x = 5
        return x
    """
)


def _scopes() -> tuple[Tree, dict[str, cst.FunctionDef]]:
    tree = Tree(cst.parse_module(CODE))
    functions = {f.name.value: f for f in tree.of_type(tree.root, cst.FunctionDef)}
    return tree, functions


def _last_x(tree: Tree, function: cst.FunctionDef) -> cst.Name:
    return [n for n in tree.of_type(function, cst.Name) if n.value == "x"][-1]


def test_a_global_declaration_is_the_modules_variable() -> None:
    tree, functions = _scopes()
    written = _last_x(tree, functions["declares"])
    assert binding_scope(tree, written, "x") is functions["declares"]  # (the declaration binds it there)
    assert variable_scope(tree, written, "x") is tree.root


def test_a_nonlocal_declaration_is_the_variable_of_the_function_around() -> None:
    tree, functions = _scopes()
    assert variable_scope(tree, _last_x(tree, functions["inner"]), "x") is functions["outer"]
    assert variable_scope(tree, _last_x(tree, functions["innermost"]), "x") is functions["outer"]


def test_reads_and_own_variables_are_where_they_are_bound() -> None:
    tree, functions = _scopes()
    assert variable_scope(tree, _last_x(tree, functions["reads"]), "x") is tree.root
    assert variable_scope(tree, _last_x(tree, functions["own"]), "x") is functions["own"]
