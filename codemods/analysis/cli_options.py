"""Which ``args.name`` reads are Python numbers because ``argparse`` made them so.

``opt.L1_lambda * l1(out, y)`` is a 0-dim tensor only if ``opt.L1_lambda`` is a number. It is when
``opt`` is what ``parse_args()`` returned (every binding of it at the top level of the file, none in
the function that reads it), every ``add_argument`` that writes ``L1_lambda`` converts with
``type=int`` or ``type=float``, gives no ``action``, ``nargs`` or ``const`` (which make lists or other
values) and a default that is absent, a number or a string (argparse converts a string default with
``type``), and nothing in the file assigns ``opt.L1_lambda`` itself. The same holds for
``args["L1_lambda"]`` where ``args = vars(parser.parse_args())`` (the options as a dictionary) and
nothing in the file assigns ``args["L1_lambda"]``.
"""

from __future__ import annotations

import weakref

import libcst as cst

from codemods.core.name_bindings import bindings_in
from codemods.core.tree import Tree

_NUMBER_TYPES = frozenset({"int", "float"})
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString)


def _dest(call: cst.Call) -> str | None:
    """The attribute an ``add_argument`` call writes: ``dest=``, else its first long option."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "dest":
            value = arg.value
            return value.raw_value if isinstance(value, cst.SimpleString) else None
    flags = [a.value for a in call.args if a.keyword is None]
    if not flags or not all(isinstance(f, cst.SimpleString) for f in flags):
        return None
    texts = [f.raw_value for f in flags if isinstance(f, cst.SimpleString)]
    long = next((t for t in texts if t.startswith("--")), None)
    chosen = long or texts[0]
    return chosen.lstrip("-").replace("-", "_") or None


def _converts_to_number(call: cst.Call) -> bool:
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    if any(a.star for a in call.args) or {"action", "nargs", "const"} & keywords.keys():
        return False
    kind = keywords.get("type")
    if not (isinstance(kind, cst.Name) and kind.value in _NUMBER_TYPES):
        return False
    default = keywords.get("default")
    if isinstance(default, cst.UnaryOperation):
        default = default.expression
    return default is None or isinstance(default, _LITERALS)


def _integer_by_default(call: cst.Call) -> bool:
    """``add_argument("--gpu", type=int, default=0)``: an ``int`` whatever the command line says (a
    default of ``None`` left out, as an absent default is)."""
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    kind = keywords.get("type")
    return (
        _converts_to_number(call)
        and isinstance(kind, cst.Name)
        and kind.value == "int"
        and isinstance(keywords.get("default"), cst.Integer)
    )


def _int_or_none(call: cst.Call) -> bool:
    """``add_argument("--gpu", type=int, default=None)``: an ``int``, or None when the option is not
    given and its default is absent or None (a string default is converted with ``type``)."""
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    kind = keywords.get("type")
    default = keywords.get("default")
    if any(a.star for a in call.args) or {"action", "nargs", "const"} & keywords.keys():
        return False
    return (
        isinstance(kind, cst.Name)
        and kind.value == "int"
        and (default is None or isinstance(default, (cst.Integer, cst.SimpleString)) or _is_none(default))
    )


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _parse_in_vars(value: cst.BaseExpression) -> bool:
    """``vars(parser.parse_args())``: the options as a dictionary."""
    return (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value == "vars"
        and len(value.args) == 1
        and isinstance(inner := value.args[0].value, cst.Call)
        and isinstance(inner.func, cst.Attribute)
        and inner.func.attr.value == "parse_args"
    )


def _option_key(subscript: cst.Subscript) -> str | None:
    """``"lr"`` of ``args["lr"]`` (a string literal key), else None."""
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Index):
        return None
    key = subscript.slice[0].slice.value
    return key.raw_value if isinstance(key, cst.SimpleString) and not key.prefix.strip("rR") else None


class CliOptions:
    """The number options of the file's ``argparse`` parsers, and the names ``parse_args()`` binds."""

    @classmethod
    def of(cls, tree: Tree) -> CliOptions:
        """The options of ``tree``'s module, computed once per tree for every rule that asks."""
        return tree.memo(cls, lambda: cls(tree))

    def __init__(self, tree: Tree) -> None:
        # Held weakly: the answer is kept in the tree's own memo (`of`), and a strong reference back
        # would make every pass's tree cyclic garbage.
        self.tree: Tree = weakref.proxy(tree)
        root = tree.root
        self._namespaces: set[str] = set()
        self._dictionaries: set[str] = set()  # `args = vars(parser.parse_args())`
        self._numbers: set[str] = set()
        self._integers: set[str] = set()
        self._indexes: set[str] = set()
        self._written: set[str] = set()
        self._written_keys: set[str] = set()
        calls = [c for c in tree.of_type(root, cst.Call) if isinstance(c.func, cst.Attribute)]
        if not any(c.func.attr.value == "parse_args" for c in calls if isinstance(c.func, cst.Attribute)):
            return
        declared: dict[str, bool] = {}
        integers: dict[str, bool] = {}
        indexes: dict[str, bool] = {}
        for call in calls:
            if isinstance(call.func, cst.Attribute) and call.func.attr.value == "add_argument":
                dest = _dest(call)
                if dest is not None:
                    declared[dest] = declared.get(dest, True) and _converts_to_number(call)
                    integers[dest] = integers.get(dest, True) and _integer_by_default(call)
                    indexes[dest] = indexes.get(dest, True) and _int_or_none(call)
        self._numbers = {dest for dest, number in declared.items() if number}
        self._integers = {dest for dest, integer in integers.items() if integer}
        self._indexes = {dest for dest, index in indexes.items() if index}
        for statement in root.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if (
                    isinstance(small, cst.Assign)
                    and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and isinstance(small.value, cst.Call)
                    and isinstance(small.value.func, cst.Attribute)
                    and small.value.func.attr.value == "parse_args"
                ):
                    self._namespaces.add(small.targets[0].target.value)
                elif (
                    isinstance(small, cst.Assign)
                    and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and _parse_in_vars(small.value)
                ):
                    self._dictionaries.add(small.targets[0].target.value)
        self._namespaces = {
            name for name in self._namespaces if all(self._is_parse(b) for b in bindings_in(tree, root, name))
        }
        self._dictionaries = {
            name
            for name in self._dictionaries
            if all(self._is_parse(b, in_vars=True) for b in bindings_in(tree, root, name))
        }
        for subscript in tree.of_type(root, cst.Subscript):
            key = _option_key(subscript)
            # `args["lr"] = ...`, `args["lr"] *= ...`, `del args["lr"]`: the dictionary is written there
            if key is not None and isinstance(
                tree.parent(subscript), (cst.AssignTarget, cst.AugAssign, cst.Del)
            ):
                self._written_keys.add(key)
        for target in tree.of_type(root, cst.AssignTarget):
            if isinstance(target.target, cst.Attribute):
                self._written.add(target.target.attr.value)
        for aug in tree.of_type(root, cst.AugAssign):
            if isinstance(aug.target, cst.Attribute):
                self._written.add(aug.target.attr.value)

    def _is_parse(self, binding: cst.CSTNode, in_vars: bool = False) -> bool:
        assign = self.tree.parent(binding)
        if in_vars:
            return (
                isinstance(binding, cst.AssignTarget)
                and isinstance(assign, cst.Assign)
                and _parse_in_vars(assign.value)
            )
        return (
            isinstance(binding, cst.AssignTarget)
            and isinstance(assign, cst.Assign)
            and isinstance(assign.value, cst.Call)
            and isinstance(assign.value.func, cst.Attribute)
            and assign.value.func.attr.value == "parse_args"
        )

    def is_number(self, node: cst.Attribute) -> bool:
        """``opt.x`` is a Python number: see the module docstring."""
        return self._option_of(node, self._numbers)

    def is_number_item(self, node: cst.Subscript) -> bool:
        """``args["x"]`` is a Python number, ``args`` being ``vars(parser.parse_args())``: see the module
        docstring."""
        dictionary, key = node.value, _option_key(node)
        if key is None or not isinstance(dictionary, cst.Name) or dictionary.value not in self._dictionaries:
            return False
        if key not in self._numbers or key in self._written_keys:
            return False
        function = next((a for a in self.tree.ancestors(node) if isinstance(a, cst.FunctionDef)), None)
        return function is None or not bindings_in(self.tree, function, dictionary.value)

    def is_integer(self, node: cst.Attribute) -> bool:
        """``opt.gpu`` is a Python ``int``: as :meth:`is_number`, with ``type=int`` and an ``int`` default."""
        return self._option_of(node, self._integers)

    def is_int_or_none(self, node: cst.Attribute) -> bool:
        """``args.gpu`` is a Python ``int``, or None when not given: ``type=int`` with an ``int``, string or
        None default, or none (``.cuda(args.gpu)`` and ``device=torch.device("cuda", args.gpu)`` then name
        the same GPU)."""
        return self._option_of(node, self._indexes)

    def _option_of(self, node: cst.Attribute, options: set[str]) -> bool:
        namespace = node.value
        if not isinstance(namespace, cst.Name) or namespace.value not in self._namespaces:
            return False
        option = node.attr.value
        if option not in options or option in self._written:
            return False
        function = next((a for a in self.tree.ancestors(node) if isinstance(a, cst.FunctionDef)), None)
        return function is None or not bindings_in(self.tree, function, namespace.value)
