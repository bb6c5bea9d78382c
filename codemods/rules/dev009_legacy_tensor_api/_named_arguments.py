"""Arguments of a legacy constructor named as a collection of values: data, by what the code calls them.

``torch.LongTensor(nodes)`` makes a tensor of the values when ``nodes`` is a list, a tuple or an array,
and an uninitialised tensor of that size when it is an int. Where the file shows neither, a plural
name (``dones``, ``nodes``, ``class_weights``, ``batch.rewards``) names a collection: DEV009 reads it as
data, an unsafe fix, for every legacy type (integer ones too, where an opaque name alone is not read).
Not a count's name (``n_items``, ``num_samples``: its first word counts), not a plural that as often
holds an int (``steps``, ``classes``, ``epochs``) or a size (``sizes``, ``dims``), and not a name some
binding of which shows an int (a number, ``len(...)``, ``x.size(0)``, ``range``'s counter, ``+=``).
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.analysis.legacy_constructors import is_size
from codemods.core.name_bindings import bindings_in, code_around
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree

# The first word of a count (`n_classes`, `num_actions`, `nb_filters`), the last word of a count or a
# length (`batch_size`, `max_len`, `hidden_dim`), and the layer sizes `in_features`/`out_channels`.
_COUNT_FIRST = frozenset({"n", "num", "nb", "number"})
_COUNT_LAST = frozenset({"size", "sz", "len", "length", "dim", "count", "num"})
_ONE_WORD = frozenset({"n", "num", "size", "dim"})
_LAYER_FIRST = frozenset({"in", "out"})
_LAYER_LAST = frozenset({"features", "channels", "planes"})
# Plurals that as often name a count (`steps = 1000`, `classes = 10`) or a size (`sizes`) as values.
_COUNT_PLURALS = frozenset(
    "sizes dims shapes classes features units steps layers heads epochs iters iterations filters channels"
    " planes lens times".split()
)


def names_a_count(name: str) -> bool:
    """``num_actions``, ``batchSize``, ``n``: the name says it counts or measures something."""
    words = [word.lower() for word in re.split(r"_|(?<=[a-z])(?=[A-Z])", name) if word]
    if len(words) <= 1:
        return bool(words) and words[0] in _ONE_WORD
    return (
        words[0] in _COUNT_FIRST
        or words[-1] in _COUNT_LAST
        or (len(words) == 2 and words[0] in _LAYER_FIRST and words[1] in _LAYER_LAST)
    )


def names_a_collection(name: str) -> bool:
    """``dones``, ``class_weights``, ``nextStates``: the last word is a plural, not a count's."""
    words = [word.lower() for word in re.split(r"_|(?<=[a-z])(?=[A-Z])", name) if word]
    if not words or names_a_count(name):
        return False
    last = words[-1]
    return (
        len(last) > 3
        and last.endswith("s")
        and not last.endswith(("ss", "us", "is", "as"))
        and last not in _COUNT_PLURALS
    )


def named_data(tree: Tree, aliases: ImportAliases, value: cst.BaseExpression) -> bool:
    """Whether ``value`` (a legacy constructor's one argument) is a name or an attribute named as a
    collection that no binding the file shows makes an int."""
    if isinstance(value, cst.Attribute):
        return names_a_collection(value.attr.value)
    if not isinstance(value, cst.Name) or not names_a_collection(value.value):
        return False
    scope = code_around(tree, value)
    bindings = bindings_in(tree, scope or tree.root, value.value)
    if not bindings and scope is not None:
        bindings = bindings_in(tree, tree.root, value.value)
    return not any(_is_int_binding(tree, b) for b in bindings)


def _is_int_binding(tree: Tree, binding: cst.CSTNode) -> bool:
    if isinstance(binding, cst.Param):
        annotation = dotted_name(binding.annotation.annotation) if binding.annotation else None
        return annotation == "int" or (binding.default is not None and _int_like(binding.default))
    if isinstance(binding, (cst.AugAssign, cst.Global, cst.Nonlocal)):
        return True
    if isinstance(binding, cst.For):
        iterated = binding.iter
        return isinstance(iterated, cst.Call) and dotted_name(iterated.func) in ("range", "enumerate")
    assign = tree.parent(binding)
    if isinstance(binding, cst.AssignTarget) and isinstance(assign, cst.Assign):
        return isinstance(binding.target, cst.Name) and _int_like(assign.value)
    if isinstance(binding, cst.AnnAssign) and binding.value is not None:
        return _int_like(binding.value)
    return False


def _int_like(value: cst.BaseExpression) -> bool:
    """A number, or what :func:`is_size` reads as a size (``len(x)``, ``x.size(0)``, ``n * 2``)."""
    if isinstance(value, cst.UnaryOperation):
        return _int_like(value.expression)
    return isinstance(value, (cst.Integer, cst.Float)) or is_size(value)


# What a test may check an element to be: a number of Python's or NumPy's.
_NUMBER_TYPES = frozenset({"int", "float", "bool", "numbers.Number", "numbers.Integral", "numbers.Real"})


def elements_tested(tree: Tree, call: cst.Call, value: cst.BaseExpression) -> bool:
    """Whether ``value`` is a name whose first element the ``if`` (or ``elif``) that runs ``call`` checks
    to be a number, ``elif isinstance(batch[0], int): return torch.LongTensor(batch)`` (the collate
    functions copied from PyTorch 0.3's ``default_collate``): ``batch`` is a sequence of numbers, not an
    int (only a ``torch.Size`` of the same test reads as a size), unless a statement between rebinds it."""
    if not isinstance(value, cst.Name):
        return False
    scope = code_around(tree, call)
    for branch in tree.ancestors(call):
        if branch is scope:
            return False
        if not isinstance(branch, cst.If) or not tree.inside(call, branch.body):
            continue
        if any(_checks_first_element(test, value.value) for test in tree.of_type(branch.test, cst.Call)):
            bindings = bindings_in(tree, scope or tree.root, value.value)
            return not any(tree.inside(binding, branch.body) for binding in bindings)
    return False


def _checks_first_element(test: cst.Call, name: str) -> bool:
    """``isinstance(name[0], int)`` (or a tuple of number types)."""
    if dotted_name(test.func) != "isinstance" or len(test.args) != 2:
        return False
    element, kinds = test.args[0].value, test.args[1].value
    if not (
        isinstance(element, cst.Subscript)
        and isinstance(element.value, cst.Name)
        and element.value.value == name
        and len(element.slice) == 1
        and isinstance(element.slice[0].slice, cst.Index)
        and isinstance(element.slice[0].slice.value, cst.Integer)
    ):
        return False
    types = kinds.elements if isinstance(kinds, cst.Tuple) else [cst.Element(kinds)]
    spelled = [dotted_name(k.value) for k in types]
    return all(kind in _NUMBER_TYPES for kind in spelled)


def measured_as_sequence(tree: Tree, call: cst.Call, value: cst.BaseExpression) -> bool:
    """Whether the code around ``call`` takes the length of ``value`` or loops over it, ``len(lab)`` in
    ``truth[i, :len(lab)] = torch.LongTensor(lab)``, or ``for w in seq``: an int has neither, so
    ``value`` is a sequence, an array or a tensor (data), or a ``torch.Size`` (only a likely reading).

    ``value`` is a name or a subscript of one (``last_jobs[i]``, ``self.data["docs"][i]``), the same
    expression in the same function, whose name that function binds at most once (a parameter or a
    loop's target counts), so that both places read the same kind of value; and it is not spelled like
    a size (``shape``, ``dims``, ``n``).
    """
    root = value
    while isinstance(root, (cst.Subscript, cst.Attribute)):
        root = root.value
    if not isinstance(root, cst.Name) or not isinstance(value, (cst.Name, cst.Subscript)):
        return False
    spelled = [n.value for n in tree.of_type(value, cst.Name)] + [
        a.attr.value for a in tree.of_type(value, cst.Attribute)
    ]
    words = [w.lower() for s in spelled for w in re.split(r"_|(?<=[a-z])(?=[A-Z])", s) if w]
    if isinstance(value, cst.Name) and names_a_count(value.value):
        return False
    if any(w in _COUNT_PLURALS or w in _COUNT_LAST or w == "shape" for w in words):
        return False
    scope = next((a for a in tree.ancestors(call) if isinstance(a, (cst.FunctionDef, cst.Lambda))), tree.root)
    bindings = bindings_in(tree, scope, root.value)
    # In the body of a loop that binds the name (and nothing else there does), the name is the loop's
    # element whatever other loops of the function bind it to.
    loop = next(
        (
            a
            for a in tree.ancestors(call)
            if isinstance(a, cst.For)
            and any(n.value == root.value for n in tree.of_type(a.target, cst.Name))
            and all(b is a or not tree.inside(b, a.body) for b in bindings)
        ),
        None,
    )
    if loop is not None:
        if _measured(tree, loop.body, value):
            return True
    elif len(bindings) > 1:
        return False
    elif _measured(tree, scope, value):
        return True
    # `for i, (seq, n) in enumerate(zip(seqs, lengths))` where the function measures every element of
    # `seqs` (`map(len, seqs)`, `[len(s) for s in seqs]`): `seq` is one of them.
    binding = loop or (bindings[0] if bindings else None)
    source = _iterated_source(binding, root.value) if binding is not None and value is root else None
    return source is not None and _elements_measured(tree, scope, source)


def _measured(tree: Tree, scope: cst.CSTNode, value: cst.BaseExpression) -> bool:
    """``len(value)``, or a loop or comprehension over ``value``, somewhere in ``scope``."""
    for node in tree.of_type(scope, (cst.Call, cst.For, cst.CompFor)):
        if isinstance(node, cst.Call):
            if (
                dotted_name(node.func) == "len"
                and len(node.args) == 1
                and node.args[0].value.deep_equals(value)
            ):
                return True
        elif node.iter.deep_equals(value):
            return True
    return False


def _iterated_source(binding: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """The sequence whose elements the loop ``binding`` gives ``name``: ``X`` of ``for name in X``,
    ``for i, name in enumerate(X)``, ``for (name, m) in zip(X, Y)`` and ``enumerate(zip(...))``."""
    if not isinstance(binding, (cst.For, cst.CompFor)):
        return None
    target: cst.BaseExpression = binding.target
    iterated: cst.BaseExpression = binding.iter
    if (
        isinstance(iterated, cst.Call)
        and dotted_name(iterated.func) == "enumerate"
        and len(iterated.args) == 1
    ):
        if not isinstance(target, (cst.Tuple, cst.List)) or len(target.elements) != 2:
            return None
        target, iterated = target.elements[1].value, iterated.args[0].value
    if isinstance(target, cst.Name):
        return iterated if target.value == name else None
    if not (isinstance(iterated, cst.Call) and dotted_name(iterated.func) == "zip"):
        return None
    if not isinstance(target, (cst.Tuple, cst.List)) or len(target.elements) != len(iterated.args):
        return None
    for element, arg in zip(target.elements, iterated.args, strict=True):
        if isinstance(element.value, cst.Name) and element.value.value == name and not arg.star:
            return arg.value
    return None


def _elements_measured(tree: Tree, scope: cst.CSTNode, source: cst.BaseExpression) -> bool:
    """``map(len, source)``, or ``len(v)`` in a comprehension or loop ``for v in source``, in ``scope``."""
    if not isinstance(source, (cst.Name, cst.Attribute)):
        return False
    for node in tree.of_type(scope, (cst.Call, cst.For, cst.CompFor)):
        if isinstance(node, cst.Call):
            args = node.args
            if (
                dotted_name(node.func) == "map"
                and len(args) == 2
                and dotted_name(args[0].value) == "len"
                and args[1].value.deep_equals(source)
            ):
                return True
        elif node.iter.deep_equals(source) and isinstance(node.target, cst.Name):
            owner: cst.CSTNode | None = node
            while isinstance(owner, cst.CompFor):
                owner = tree.parent(owner)
            element = node.target.value
            if owner is not None and any(
                dotted_name(c.func) == "len" and len(c.args) == 1 and _is_name(c.args[0].value, element)
                for c in tree.of_type(owner, cst.Call)
            ):
                return True
    return False


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name
