"""A tensor bound by one statement and moved to a device by a later statement of the same block.

    x = torch.zeros(n)        x = torch.zeros(n)        a, b = torch.ones(n), torch.zeros(n)
    x = x.to(device)          if use_cuda:              if gpu:
                                  x = x.cuda()              a, b = a.cuda(), b.cuda()

    h = torch.zeros(n)
    return to_gpu(h)          (``def to_gpu(t): return t.cuda() if ... else t``: a moving helper)

:func:`later_move` finds the first later statement that mentions the name; it is the move when
the name's only use there is ``x = x.to(...)`` / ``x = x.cuda()`` (alone or in a tuple), possibly
as the body of an ``if`` without ``else`` directly in the block, or a call of a function of this
file that moves its first parameter, or ``if use_cuda: return x.cuda()`` with ``return x`` in its
``else`` or right after it. Nothing in between may mention the name, so the tensor made
on the host is never used there. :func:`drop_move` gives the edits that delete the move once the
tensor is created on the device, when no comment would go with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import libcst as cst
import libcst.matchers as m

from codemods.core.base import Replacement
from codemods.core.dataflow import assigned_names, block, names_in
from codemods.core.local_functions import LocalFunctions
from codemods.core.name_bindings import (
    SCOPES,
    binding_scope,
    bindings_in,
    bound_names,
    code_around,
    comprehension_walruses,
    variable_scope,
)
from codemods.core.names import ImportAliases, dotted_name, root_name
from codemods.core.route_vocabulary import FRAME_ATTRIBUTES, FRAME_CALLS
from codemods.core.syntax import code_of, func_attribute, kwarg, positional
from codemods.core.torch_names import RANDOM_FILLS, VARIABLE
from codemods.core.tree import Tree
from codemods.rules.dev010_create_on_device._host_creations import SAME_ON_ANY_DEVICE
from codemods.rules.dev010_create_on_device._move_targets import MoveTarget, move_target, names_a_device
from codemods.rules.dev010_create_on_device._sibling_attributes import only_other_attributes

# Methods after which the name may no longer hold a tensor on the host (or a tensor at all).
_NOT_KEPT_ON_THE_HOST = frozenset({"to", "cuda", "cpu", "type", "type_as", "numpy", "tolist", "item"})
_MOVE_METHOD = m.Call(func=m.Attribute(attr=m.Name("cuda") | m.Name("to")))


@dataclass(frozen=True)
class LaterMove:
    by: str | None  # the helper that moves it, as called: "to_gpu(...)"
    target: MoveTarget | None  # None when a helper moves it
    line: cst.SimpleStatementLine
    guard: cst.If | None  # the `if use_cuda:` around the line
    alone: bool  # the line is `x = x.<move>` and nothing else
    between: tuple[cst.BaseStatement, ...]  # the statements from the creation to the move
    methods: tuple[str, ...] = ()  # `x = x.unsqueeze(0).expand(b, n)` lines in between: "unsqueeze, expand"
    from_a_branch: bool = False  # made in one branch of an `if`, moved after it
    renamed: bool = False  # moved under another name it was given in between
    # `x = x.cuda() if use_cuda else x`: the test, and whether the move is in its `else`
    test: cst.BaseExpression | None = None
    moved_unless: bool = False
    # `return h.to(device)`, `out.append(h.cuda() if use_cuda else h)`: the expression that becomes `h`
    # once it is made there (the line stays); the name is read nowhere after it
    inline: cst.BaseExpression | None = None
    # `a, b = a.cuda(), b.cuda()`: the line without this name's move (the others' stay)
    without: cst.Assign | None = None
    helper_call: cst.Call | None = None  # `to_gpu(h)`: the call of the helper that moves it
    read_after: bool = False  # `out = to_gpu(h)` and `h` read again: the host tensor is still needed
    # `if use_cuda: return h.cuda()` then `return h` (`otherwise`: the `else` that returns it, None when
    # the `return h` follows the `if`: the `if` goes once it is made there; `_KEPT`: other code follows,
    # the `if` stays and returns `h`)
    returned: bool = False
    otherwise: cst.BaseSmallStatement | None = None
    # `m.fill_diagonal_(0)`, `w.uniform_(-s, s)` lines in between: the in-place methods, given numbers
    fills: tuple[str, ...] = ()
    # `report()` in between, a function of the file that reads the name itself: it sees the host tensor
    # (why, as the finding says it)
    read_by: str | None = None

    @property
    def condition(self) -> tuple[cst.BaseExpression, bool] | None:
        """The flag the move depends on (``if use_cuda:``, ``... if use_cuda else x``), and whether the
        tensor is moved when it is false."""
        if self.guard is not None:
            return self.guard.test, False
        return (self.test, self.moved_unless) if self.test is not None else None

    @property
    def obstacle(self) -> str | None:
        """Why creating the tensor on the device would not simply replace this move, if it would not."""
        if self.target is None:
            return "the function decides where it goes"
        if self.target.dtype is not None:
            return "the move also converts the dtype"
        if not self.alone and self.without is None:
            return "the statement that moves it does more than that"
        return self.route_obstacle

    @property
    def route_obstacle(self) -> str | None:
        """Why the way from the creation to the move (whatever makes it) keeps the tensor from being made
        where it goes, if something does."""
        if self.from_a_branch:
            return "it is made in one branch of an `if` and moved after it"
        if self.read_by is not None:
            return self.read_by
        odd = [name for names in self.methods for name in names.split(", ") if name not in SAME_ON_ANY_DEVICE]
        odd += [name for name in self.fills if name not in _EXACT_IN_PLACE and name not in RANDOM_FILLS]
        return f"`.{odd[0]}()` in between may not give the same tensor on the device" if odd else None

    @property
    def fills_randomly(self) -> bool:
        """Filled with random numbers in between (``w.uniform_(-s, s)``): made on the device, its generator
        draws other numbers (an unsafe fix, as for a random factory)."""
        return any(name in RANDOM_FILLS for name in self.fills)


def later_move(
    tree: Tree,
    creation_line: cst.SimpleStatementLine,
    spelled: str,
    aliases: ImportAliases,
    functions: LocalFunctions,
    elements: Elements | None = None,
) -> LaterMove | None:
    """The move of ``spelled`` (bound by ``creation_line``) later in the same block, or None.

    ``elements``: ``spelled`` holds a tuple (or list) of that many tensors made on the host, and the move
    is one of each, ``h = (h[0].cuda(), h[1].cuda())`` or ``h = tuple(t.cuda() for t in h)``, alone or
    under ``if use_cuda:``.

    In a file that reaches variables other than by their names (``sys.modules[__name__].x``,
    ``__main__.use_cuda = False``, ``sys._getframe(1).f_locals["h"]``), any code in between may read the
    tensor or change what the move reads: the move then says so (``read_by``)."""
    found = _later_move(tree, creation_line, spelled, aliases, functions, elements)
    if found is None or found.read_by is not None or not found.between:
        return found
    hidden = _namespaces_reached(tree, aliases)
    if hidden is None:
        return found
    reached, frames = hidden
    if not frames:  # (the module's variables only: the tensor's, or one the move reads)
        root = spelled.split(".")[0]
        read = names_in(tree, found.guard.test) if found.guard is not None else set()
        read = read | names_in(tree, found.line) | {root}
        if not any(
            name not in aliases.names and variable_scope(tree, found.line, name) is tree.root for name in read
        ):
            return found
    return replace(
        found,
        read_by=f"`{reached}` in the file reaches variables by no name the fix can follow: the code in"
        " between may read it where it is made, or change what the move reads",
    )


def _later_move(
    tree: Tree,
    creation_line: cst.SimpleStatementLine,
    spelled: str,
    aliases: ImportAliases,
    functions: LocalFunctions,
    elements: Elements | None,
) -> LaterMove | None:
    """:func:`later_move`, as the names the code shows say it."""
    root = spelled.split(".")[0]
    methods: list[str] = []
    fills: list[str] = []
    between: list[cst.BaseStatement] = []
    renamed = False
    # The statements in between that do not mention the name, with the name it had there: asked once a
    # move is found whether they read it all the same (a function of the file reading the global).
    unmentioned: list[tuple[cst.BaseStatement, str]] = []
    statements = list(_statements_after(tree, creation_line))
    for index, (statement, from_a_branch) in enumerate(statements):
        if spelled not in _spellings(tree, statement):
            if (
                root != spelled
                and root in names_in(tree, statement)
                and not only_other_attributes(tree, statement, spelled)
            ):
                return None  # `self.helper()` may read `self.x` (not `self.c = torch.zeros(n)`)
            unmentioned.append((statement, root))
            between.append(statement)
            continue
        if elements is not None:
            moved = _elements_moved(
                tree, statement, spelled, elements, aliases, tuple(between), from_a_branch
            )
            return replace(moved, read_by=_first_reader(tree, unmentioned)) if moved is not None else None
        if _writes_numbers_into(tree, statement, spelled, aliases):
            between.append(statement)  # `mask[:, 0] = -1e4`: the same numbers on any device
            continue
        written = _fills_in_place(tree, statement, spelled, aliases)
        if written is not None:  # `m.fill_diagonal_(0)`, `w.uniform_(-s, s)`
            fills.append(written)
            between.append(statement)
            continue
        rebound = _method_on_itself(tree, statement, spelled, aliases)
        if rebound is not None:
            target, method = rebound
            if target != spelled:
                # `expanded = seq.unsqueeze(0).expand(b, n)`, `seq` never read again: follow the new name
                if "." in target or any(spelled in _spellings(tree, s) for s, _ in statements[index + 1 :]):
                    return None
                spelled, root, renamed = target, target, True
            if method:
                methods.append(method)
            between.append(statement)
            continue
        guard = None
        line: cst.BaseStatement | None = statement
        returned = _guarded_return(tree, statement, spelled, aliases, statements[index + 1 :])
        if returned is not None:
            moved_to, otherwise, moving = returned
            return LaterMove(
                None,
                moved_to,
                moving,  # (not edited: the `if` is)
                cst.ensure_type(statement, cst.If),
                True,
                tuple(between),
                tuple(methods),
                from_a_branch,
                renamed,
                returned=True,
                otherwise=otherwise,
                fills=tuple(fills),
                read_by=_first_reader(tree, unmentioned),
            )
        if isinstance(statement, cst.If):
            guard, line = statement, _only_line_mentioning(tree, statement, spelled)
        if not isinstance(line, cst.SimpleStatementLine):
            return None
        found = _move_in(tree, line, spelled, aliases, functions)
        if (
            found is None
            or found.inline is not None
            and (
                guard is not None or _read_later(tree, creation_line, line, spelled, statements[index + 1 :])
            )
        ):
            return None
        return LaterMove(
            found.by,
            found.target,
            line,
            guard,
            found.alone,
            tuple(between),
            tuple(methods),
            from_a_branch,
            renamed,
            found.test,
            found.moved_unless,
            found.inline,
            found.without,
            found.helper_call,
            found.helper_call is not None
            and spelled not in assigned_names(tree, line)
            and _read_later(tree, creation_line, line, spelled, statements[index + 1 :]),
            fills=tuple(fills),
            read_by=_first_reader(tree, unmentioned),
        )
    return None


@dataclass(frozen=True)
class Elements:
    """A tuple or list of tensors bound to one name: its kind and length."""

    kind: type[cst.Tuple] | type[cst.List]
    count: int


def _elements_moved(
    tree: Tree,
    statement: cst.BaseStatement,
    spelled: str,
    elements: Elements,
    aliases: ImportAliases,
    between: tuple[cst.BaseStatement, ...],
    from_a_branch: bool,
) -> LaterMove | None:
    """The first later statement that mentions ``spelled`` as the move of each of its elements:
    ``h = (h[0].cuda(), h[1].cuda())``, ``h = [t.to(device) for t in h]``, alone or the one line of
    ``if use_cuda:`` that mentions it, or ``h = tuple(...) if use_cuda else h``; None otherwise."""
    guard = None
    line: cst.BaseStatement | None = statement
    if isinstance(statement, cst.If):
        guard, line = statement, _only_line_mentioning(tree, statement, spelled)
    if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1):
        return None
    small = line.body[0]
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
        return None
    if dotted_name(small.targets[0].target) != spelled:
        return None  # (moved under another name, the tuple may be read on the host again)
    value, test, unless = small.value, None, False
    if isinstance(value, cst.IfExp) and guard is None:  # `h = tuple(...) if use_cuda else h`
        choice = value
        for moving, other in ((choice.body, choice.orelse), (choice.orelse, choice.body)):
            if dotted_name(other) == spelled:
                value, unless, test = moving, moving is choice.orelse, choice.test
                break
        if test is None or spelled in _spellings(tree, test):
            return None
    target = _each_moved(tree, value, spelled, elements, aliases)
    if target is None:
        return None
    return LaterMove(
        None, target, line, guard, True, between, (), from_a_branch, test=test, moved_unless=unless
    )


def _each_moved(
    tree: Tree, value: cst.BaseExpression, spelled: str, elements: Elements, aliases: ImportAliases
) -> MoveTarget | None:
    """The move ``value`` makes of each element of ``spelled``, the same for each and of the same kind
    of sequence, or None: ``(h[0].cuda(), h[1].cuda())`` (each element in its place, all of them),
    ``tuple(t.cuda() for t in h)``, ``[t.to(device) for t in h]``."""
    if isinstance(value, (cst.Tuple, cst.List)):
        if not isinstance(value, elements.kind) or len(value.elements) != elements.count:
            return None
        targets: list[MoveTarget] = []
        for place, element in enumerate(value.elements):
            target = move_target(element.value, aliases) if isinstance(element, cst.Element) else None
            if target is None:
                return None
            receiver = func_attribute(target.call).value
            if not (
                isinstance(receiver, cst.Subscript)
                and dotted_name(receiver.value) == spelled
                and len(receiver.slice) == 1
                and isinstance(receiver.slice[0].slice, cst.Index)
                and isinstance(receiver.slice[0].slice.value, cst.Integer)
                and receiver.slice[0].slice.value.evaluated_value == place
            ):
                return None
            targets.append(target)
    else:
        comprehension = value
        if isinstance(value, cst.Call) and dotted_name(value.func) == "tuple" and len(value.args) == 1:
            comprehension = value.args[0].value  # `tuple(t.cuda() for t in h)`
            if elements.kind is not cst.Tuple or not isinstance(comprehension, cst.GeneratorExp):
                return None
        elif not (elements.kind is cst.List and isinstance(value, cst.ListComp)):
            return None
        assert isinstance(comprehension, (cst.GeneratorExp, cst.ListComp))
        loop = comprehension.for_in
        if not (
            isinstance(loop.target, cst.Name)
            and dotted_name(loop.iter) == spelled
            and not loop.ifs
            and loop.inner_for_in is None
            and loop.asynchronous is None
        ):
            return None
        target = move_target(comprehension.elt, aliases)
        if target is None or dotted_name(func_attribute(target.call).value) != loop.target.value:
            return None
        targets = [target]
    if sum(1 for n in tree.of_type(value, (cst.Name, cst.Attribute)) if dotted_name(n) == spelled) != len(
        targets
    ):
        return None  # (the device read from the tuple itself)
    first = targets[0]
    if first.device is None or first.dtype is not None or first.like is not None:
        return None
    spellings = {code_of(t.device) if t.device is not None else None for t in targets}
    if len(spellings) != 1 or any(t.dtype is not None or t.like is not None for t in targets):
        return None
    loops = {
        name.value for f in tree.of_type(value, cst.CompFor) for name in tree.of_type(f.target, cst.Name)
    }
    return first if not loops & names_in(tree, first.device) else None


def _read_later(
    tree: Tree,
    made: cst.SimpleStatementLine,
    line: cst.SimpleStatementLine,
    spelled: str,
    rest: list[tuple[cst.BaseStatement, bool]],
) -> bool:
    """Is ``spelled`` mentioned after ``line`` in its function, or, in a loop, anywhere else than where
    it is made and moved (read on the next turn)? Then the host tensor is still needed once moved."""
    if any(spelled in _spellings(tree, statement) for statement, _ in rest):
        return True
    above = tree.ancestors(line)
    loop = next((a for a in above if isinstance(a, (cst.For, cst.While))), None)
    if loop is not None:
        ours = {id(n) for n in (*tree.of_type(made, cst.Name), *tree.of_type(line, cst.Name))}
        return any(n.value == spelled and id(n) not in ours for n in tree.of_type(loop, cst.Name))
    scope = next((a for a in above if isinstance(a, (cst.FunctionDef, cst.Module))), None)
    if scope is None:
        return True
    nodes = tree.descendants(scope)
    end = nodes.index(line) + len(tree.descendants(line))
    return any(isinstance(n, cst.Name) and n.value == spelled for n in nodes[end:])


def _statements_after(tree: Tree, line: cst.SimpleStatementLine) -> Iterator[tuple[cst.BaseStatement, bool]]:
    """The statements after ``line`` in its block, then, when that block is a branch of an ``if``,
    those after the ``if`` (marked True: the other branch may have bound the name too)."""
    statement: cst.BaseStatement = line
    in_a_branch = False
    while True:
        above = tree.parent(statement)
        if not isinstance(above, (cst.IndentedBlock, cst.Module)):
            return
        body = list(above.body)
        for later in body[body.index(statement) + 1 :]:
            yield later, in_a_branch
        branch = tree.parent(above)
        if isinstance(branch, cst.Else):
            branch = tree.parent(branch)
        while isinstance(branch, cst.If) and isinstance(tree.parent(branch), cst.If):
            branch = tree.parent(branch)  # an `elif`: its `if` holds it
        if not isinstance(branch, cst.If):
            return
        statement, in_a_branch = branch, True


def _writes_numbers_into(
    tree: Tree, statement: cst.BaseStatement, spelled: str, aliases: ImportAliases
) -> bool:
    """``t[:, 0] = -10000.0``, ``y[range(len(labels)), labels] = 1``: a Python number written into part
    of the tensor in place, which writes the same values wherever the tensor is (where an index repeats
    a place, the same number each time). The index is made of integers, names, attributes, lookups,
    slices, lists, ranges and their sums and products, and never reads the tensor itself: it is computed
    on the host either way, and what indexes a tensor on the host indexes it on a GPU too (an index
    tensor on the CPU is allowed for a tensor on a GPU; one on a GPU fails on the host tensor)."""
    if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
        return False
    small = statement.body[0]
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and _is_number(small.value, aliases)):
        return False
    node: cst.BaseExpression = small.targets[0].target
    if not isinstance(node, cst.Subscript):
        return False
    while isinstance(node, cst.Subscript):
        if not all(_plain_index(element.slice, aliases) for element in node.slice):
            return False
        node = node.value
    return dotted_name(node) == spelled and _mentions_once(tree, statement, spelled)


# In-place methods that write the same values on any device, given numbers (`m.fill_diagonal_(0)`).
_EXACT_IN_PLACE = frozenset("zero_ fill_ fill_diagonal_ tril_ triu_".split())


def _fills_in_place(
    tree: Tree, statement: cst.BaseStatement, spelled: str, aliases: ImportAliases
) -> str | None:
    """``m.fill_diagonal_(0)``, ``w.data.uniform_(-stdv, stdv)``: the in-place method a line calls on the
    tensor (or its ``.data``), given only Python numbers, or None. Random fills take names too (their
    parameters are numbers; not ``bernoulli_``, which also takes a tensor of probabilities), never a
    ``generator=`` (which pins the CPU's)."""
    if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
        return None
    small = statement.body[0]
    call = small.value if isinstance(small, cst.Expr) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
        return None
    method = call.func.attr.value
    if not method.endswith("_") or method.startswith("_"):
        return None
    receiver = call.func.value
    if isinstance(receiver, cst.Attribute) and receiver.attr.value == "data":
        receiver = receiver.value
    if dotted_name(receiver) != spelled or not _mentions_once(tree, statement, spelled):
        return None
    named = method in RANDOM_FILLS and method != "bernoulli_"
    for arg in call.args:
        if arg.star or (arg.keyword is not None and arg.keyword.value == "generator"):
            return None
        if not (_is_number(arg.value, aliases) or (named and _plain_value(arg.value))):
            return None
    return method


def _plain_index(index: cst.BaseSlice, aliases: ImportAliases) -> bool:
    if isinstance(index, cst.Slice):
        parts = (index.lower, index.upper, index.step)
        return all(part is None or _index_value(part, aliases) for part in parts)
    return _index_value(cst.ensure_type(index, cst.Index).value, aliases)


# Index arithmetic: exact for integers, and computed on the host for an index tensor either way.
_INDEX_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)
# Calls whose result is an index of integers (a range, a count, an integer tensor or array on the host).
_RANGES = frozenset({"range", "len", "torch.arange", "numpy.arange"})


def _index_value(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """A value :func:`_writes_numbers_into` takes in an index: a plain value, ``i * k + 1``,
    ``[0, 2]``, ``range(len(labels))``."""
    if _plain_value(node):
        return True
    if isinstance(node, cst.BinaryOperation):
        return isinstance(node.operator, _INDEX_OPERATORS) and all(
            _index_value(side, aliases) for side in (node.left, node.right)
        )
    if isinstance(node, (cst.List, cst.Tuple)):
        return all(isinstance(e, cst.Element) and _index_value(e.value, aliases) for e in node.elements)
    if isinstance(node, cst.Call) and (aliases.qualify(node.func) or dotted_name(node.func)) in _RANGES:
        return all(not a.star and a.keyword is None and _index_value(a.value, aliases) for a in node.args)
    return False


def _plain_value(node: cst.BaseExpression) -> bool:
    """An integer, a name, ``self.tag_to_ix[START_TAG]``: read, never computed by a call."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    if isinstance(node, (cst.Integer, cst.Name, cst.Ellipsis)):
        return True
    if isinstance(node, cst.Attribute):
        return _plain_value(node.value)
    if isinstance(node, cst.Subscript):
        return _plain_value(node.value) and all(
            isinstance(e.slice, cst.Index) and _plain_value(e.slice.value) for e in node.slice
        )
    if isinstance(node, cst.SimpleString):
        return True  # a dictionary's key
    return False


# Python numbers by name, written into a tensor as the literal would be.
_NUMBERS = frozenset(f"{module}.{name}" for module in ("math", "numpy") for name in ("inf", "nan", "pi", "e"))


def _is_number(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """A Python number: a literal, ``True``, ``float("-inf")``, ``math.inf``, ``-np.inf``."""
    while isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    if isinstance(node, (cst.Integer, cst.Float)):
        return True
    if isinstance(node, cst.Name):
        return node.value in ("True", "False")
    if isinstance(node, cst.Call):
        args = node.args
        return (
            isinstance(node.func, cst.Name)
            and node.func.value == "float"
            and len(args) == 1
            and args[0].keyword is None
            and not args[0].star
            and isinstance(args[0].value, cst.SimpleString)
        )
    return isinstance(node, cst.Attribute) and aliases.qualify(node) in _NUMBERS


def _method_on_itself(
    tree: Tree, statement: cst.BaseStatement, spelled: str, aliases: ImportAliases
) -> tuple[str, str] | None:
    """``x = x.unsqueeze(0)``, ``y = x.unsqueeze(0).expand(b, n)``, ``x = Variable(x)``: the name bound
    (``x`` or another) and the methods (no move) that made it from ``spelled``, comma-separated (empty
    for ``Variable``, which returns its argument since 0.4)."""
    if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
        return None
    small = statement.body[0]
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call)):
        return None
    target = dotted_name(small.targets[0].target)
    call = small.value
    if target is None or not _mentions_once(tree, call, spelled):
        return None
    if aliases.qualify(call.func) in VARIABLE:
        args = call.args
        if (
            len(args) == 1
            and not args[0].star
            and args[0].keyword is None
            and dotted_name(args[0].value) == spelled
        ):
            return target, ""
        return None
    chain: list[str] = []
    node: cst.BaseExpression = call
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        if move_target(node, aliases) is not None or node.func.attr.value in _NOT_KEPT_ON_THE_HOST:
            return None
        chain.append(node.func.attr.value)
        node = node.func.value
    if not chain or dotted_name(node) != spelled:
        return None
    return target, ", ".join(reversed(chain))


def drop_move(
    tree: Tree, later: LaterMove, needed: cst.CSTNode, aliases: ImportAliases
) -> dict[cst.CSTNode, Replacement] | None:
    """Edits deleting the move (the ``if`` too when nothing else is left in it), or None when a
    comment would go with it, or a statement in between may change what ``needed`` reads (it is
    evaluated at the creation now)."""
    line = later.line
    if later.returned:
        return _drop_guarded_return(tree, later, needed, aliases)
    if later.without is not None and later.inline is None and not later.alone:
        if not unchanged_between(tree, later, needed, aliases):
            return None
        return {line: line.with_changes(body=[later.without])}  # the others' moves stay
    if not later.alone or (_has_comment(line) and later.inline is None):
        return None
    if not unchanged_between(tree, later, needed, aliases):
        return None
    if later.inline is not None:  # `return h.cuda()` -> `return h`
        assert later.target is not None
        kept = func_attribute(later.target.call).value
        return {later.inline: kept.deep_clone()}
    guard = later.guard
    if guard is None:
        return {line: cst.RemovalSentinel.REMOVE}
    if isinstance(guard.body, cst.IndentedBlock) and len(guard.body.body) > 1:
        rest = [s for s in guard.body.body if s is not line]
        return {guard: guard.with_changes(body=guard.body.with_changes(body=rest))}
    if any(e.comment for e in guard.leading_lines) or _header_comment(guard.body):
        return None
    return {guard: cst.RemovalSentinel.REMOVE}


def _drop_guarded_return(
    tree: Tree, later: LaterMove, needed: cst.CSTNode, aliases: ImportAliases
) -> dict[cst.CSTNode, Replacement] | None:
    """``if use_cuda: return h.cuda()`` goes; with ``else: return h``, the ``if`` becomes that return.
    None when a comment would go with it or the code in between changes what ``needed`` reads."""
    guard = later.guard
    assert guard is not None
    if any(True for _ in tree.of_type(guard, cst.Comment)) or not unchanged_between(
        tree, later, needed, aliases
    ):
        return None
    if later.otherwise is _KEPT:
        assert later.target is not None
        return {later.target.call: func_attribute(later.target.call).value.deep_clone()}
    if later.otherwise is None:
        return {guard: cst.RemovalSentinel.REMOVE}
    kept = later.otherwise.deep_clone().with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
    return {guard: cst.SimpleStatementLine(body=[kept], leading_lines=guard.leading_lines)}


def unchanged_between(tree: Tree, later: LaterMove, needed: cst.CSTNode, aliases: ImportAliases) -> bool:
    """No statement between the creation and the move may change what ``needed`` reads, itself or by
    running code of the file that rebinds it (``global use_cuda``), or write names given as strings
    (``globals()["use_cuda"] = False``, ``exec``). The flag's object may be changed by any name that
    reaches it (:func:`_holders`: ``o = opts`` before the creation, then ``o.cuda = False``)."""
    reads = names_in(tree, needed)
    dotted = {d for d in _spellings(tree, needed) if "." in d and d.split(".")[0] not in aliases.names}
    objects = {d.split(".")[0] for d in dotted}
    # `opts` of `opts["cuda"]`: a dict or list the flag is read from, which an item assignment changes
    objects |= {
        root
        for item in tree.of_type(needed, cst.Subscript)
        if (root := root_name(item)) is not None and root not in aliases.names
    }
    # `cfg.train` of `cfg.train.cuda`: a part of the flag's object, which code handed it may change
    parts = {d.rsplit(".", k)[0] for d in dotted for k in range(1, d.count("."))}
    # `o = opts`, `holders = [cfg]`, `off = partial(setattr, cfg, ...)`: other names that reach the object
    # (found from the move's line: `needed` may be a node the rule made)
    objects |= {
        holder
        for name in objects
        for holder in _holders(tree, variable_scope(tree, later.line, name), name, frozenset(parts))
    }
    return not any(
        reads & _bound_by(tree, s)
        or _may_change(tree, s, objects & names_in(tree, s), parts)
        or _names_by_strings(tree, s, _NAMESPACES_HERE)
        or (reached := _code_reached(tree, s)) is None
        or any(_changes_around(tree, code, reads, objects | parts) for code in reached)
        for s in later.between
    ) and not (later.between and _unnamed_changer(tree, frozenset(reads), frozenset(objects | parts)))


def _holders(tree: Tree, scope: cst.CSTNode, name: str, parts: frozenset[str]) -> frozenset[str]:
    """The names of ``scope`` (other than ``name``) that may reach the object ``name`` holds there, or a
    part of it, so that code changes the object through them: ``o = opts``, ``t = cfg.train`` (a part
    of the flag's, in ``parts``), ``go_cpu = cfg.cpu_only``, ``holders = [cfg]``, ``trainer =
    Trainer(args)``, ``off = functools.partial(setattr, cfg, "cuda", False)``, ``off = lambda c=cfg:
    ...``, ``def off(c=cfg)``, ``box.c = cfg`` and ``holders.append(cfg)`` (``box``, ``holders``); and
    the names that reach those in turn.

    Wherever they are bound in ``scope``, before the tensor's creation too: what the move reads is
    the object, whatever name it is changed by in between."""
    return tree.memo(
        ("dev010.holders", id(scope), name, parts), lambda: _find_holders(tree, scope, name, parts)
    )


def _find_holders(tree: Tree, scope: cst.CSTNode, name: str, parts: frozenset[str]) -> frozenset[str]:
    references = _references(tree, scope)
    found = {name}
    waiting = [name]
    # the names whose items may be the object: `holders = [cfg]`, `holders.append(cfg)`, `o = cfg`
    containers = {name}
    while waiting:
        held = waiting.pop()
        for reference in references.get(held, ()):
            if variable_scope(tree, reference, held) is not scope:
                continue
            object_read = parts if held == name else None
            for holder, container in _holders_of_value(tree, reference, object_read, held in containers):
                if holder not in found and variable_scope(tree, reference, holder) is scope:
                    found.add(holder)
                    waiting.append(holder)
                if container:
                    containers.add(holder)
    return frozenset(found - {name})


def _references(tree: Tree, scope: cst.CSTNode) -> dict[str, list[cst.Name]]:
    """The variables read under ``scope`` (:func:`_variables`), by name."""

    def index() -> dict[str, list[cst.Name]]:
        found: dict[str, list[cst.Name]] = {}
        for reference in _variables(tree, scope):
            found.setdefault(reference.value, []).append(reference)
        return found

    return tree.memo(("dev010.references", id(scope)), index)


def _holders_of_value(
    tree: Tree, reference: cst.Name, parts: frozenset[str] | None, container: bool
) -> list[tuple[str, bool]]:
    """The names that may come to hold what ``reference`` reads (or a part of it), by the expression it
    is in: bound to it (``o = opts``), in a container, a default or a call's result bound to a name
    (``[cfg]``, ``lambda c=cfg: ...``, ``Trainer(args)``, ``with scope(cfg) as c``), stored into one
    (``box.c = cfg``, ``hs += [cfg]``), or handed to one's method or to a call with it
    (``holders.append(cfg)``, ``setattr(box, "c", cfg)``); read off it (``holders[0]``,
    ``trainer.opt``), what it holds. Each with whether its items may be what ``reference`` reads (none
    of a call's result's).

    A loop's target holds it when the loop runs over a container of it: a list or tuple written there
    (``for c in (cfg, other):``) or ``reference`` itself when ``container`` (``for c in holders:``),
    not over what a call gives (``for x, y in loader(args):``, ``enumerate(holders)``).

    ``parts``: ``reference`` reads the flag's object itself, and these are the parts of it the flag is
    read from (``cfg.train``). An attribute of the object that is none of them is then a value of its
    own (``torch.zeros(args.batch)``, ``k = args.ksize``) unless it may be a method that changes the
    object (:func:`_may_be_a_method`: ``go_cpu = cfg.cpu_only``, ``partial(state.__setitem__, ...)``)."""
    holders: list[tuple[str, bool]] = []
    node: cst.CSTNode = reference
    called = False  # a call's result holds it (maybe)
    while True:
        parent = tree.parent(node)
        if isinstance(parent, cst.Attribute) and parent.value is node:
            if parts is not None and dotted_name(parent) not in parts and not _may_be_a_method(tree, parent):
                return holders
        elif isinstance(parent, cst.Subscript) and parent.value is node:
            pass  # `holders[0]`: what the container holds (an item of the object: maybe a part)
        elif isinstance(parent, (cst.Element, cst.StarredElement, cst.DictElement, cst.StarredDictElement)):
            if isinstance(parent, cst.DictElement) and parent.key is node:
                return holders
        elif isinstance(parent, (cst.List, cst.Tuple, cst.Set, cst.Dict, cst.Lambda)):
            pass
        elif isinstance(parent, cst.IfExp) and parent.test is not node:
            pass
        elif isinstance(parent, cst.Param) and parent.default is node:
            function = tree.parent(tree.parent(parent))  # (through the `Parameters`)
            if isinstance(function, cst.FunctionDef):
                return [*holders, (function.name.value, False)]
            if not isinstance(function, cst.Lambda):
                return holders
            parent, called = function, True
        elif isinstance(parent, cst.Arg) and parent.value is node:
            call = tree.parent(parent)
            if not isinstance(call, cst.Call):
                return holders
            receiver = root_name(call.func.value) if isinstance(call.func, cst.Attribute) else None
            if receiver is not None:
                holders.append((receiver, not called))  # `holders.append(cfg)`
            if not (isinstance(call.func, cst.Name) and call.func.value in _READING_CALLS):
                # `setattr(box, "c", cfg)`, `register(registry, cfg)`: may store it into another
                others = (a.value for a in call.args if a is not parent and isinstance(a.value, cst.Name))
                holders.extend((other.value, False) for other in others)
            parent, called = call, True  # `Trainer(args)`, `partial(setattr, cfg, ...)`: it may keep it
        elif isinstance(parent, (cst.Assign, cst.AnnAssign, cst.NamedExpr)) and parent.value is node:
            targets = (
                [t.target for t in parent.targets] if isinstance(parent, cst.Assign) else [parent.target]
            )
            return holders + [(root, not called) for target in targets for root in _target_roots(target)]
        elif isinstance(parent, cst.AugAssign) and parent.value is node:
            return holders + [(root, not called) for root in _target_roots(parent.target)]  # `hs += [cfg]`
        elif isinstance(parent, cst.WithItem) and parent.item is node and parent.asname is not None:
            return holders + [(root, False) for root in _target_roots(parent.asname.name)]  # `as c:`
        elif isinstance(parent, cst.For) and parent.iter is node and not called:
            iterated = (node is reference and container) or isinstance(node, (cst.List, cst.Tuple, cst.Set))
            if not iterated:
                return holders
            return holders + [(root, False) for root in _target_roots(parent.target)]
        else:
            return holders
        node = parent


def _may_be_a_method(tree: Tree, attribute: cst.Attribute) -> bool:
    """May ``attribute`` be a bound method that changes its object: a special one (``__setitem__``), one
    that changes a list, dict or set, or a name a class of the file defines a method by?"""
    name = attribute.attr.value
    return name.startswith("__") or name in _CHANGING_METHODS or name in _method_names(tree)


# The methods of Python's lists, dicts and sets that change them.
_CHANGING_METHODS = frozenset(
    "append extend insert remove pop popitem clear update setdefault add discard sort reverse".split()
)


def _method_names(tree: Tree) -> frozenset[str]:
    """The names the classes of the file define methods by."""

    def find() -> frozenset[str]:
        return frozenset(
            f.name.value
            for f in tree.of_type(tree.root, cst.FunctionDef)
            if isinstance(_enclosing_scope(tree, f), cst.ClassDef)
        )

    return tree.memo("dev010.method_names", find)


def _target_roots(target: cst.BaseExpression) -> list[str]:
    """The names an assignment's target stores into: ``o`` of ``o = ...``, ``box`` of ``box.c = ...``
    and ``d["k"] = ...``, each of ``a, b = ...``."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _target_roots(e.value)]
    if isinstance(target, cst.StarredElement):
        return _target_roots(target.value)
    root = root_name(target)
    return [root] if root is not None else []


def _bound_by(tree: Tree, statement: cst.BaseStatement) -> set[str]:
    """The names ``statement`` binds: by assignments, loops and ``as`` (:func:`assigned_names`), and by
    walruses, ``print(use_cuda := False)`` (in a comprehension too, which binds the code around's)."""
    walruses = tree.of_type(statement, cst.NamedExpr)
    if not walruses:
        return assigned_names(tree, statement)
    return assigned_names(tree, statement) | {n for walrus in walruses for n in bound_names(walrus)}


def _changes_around(tree: Tree, code: Code, reads: set[str], objects: set[str]) -> bool:
    """May ``code`` rebind the names ``reads`` of its caller (``global use_cuda``) or change the objects
    it reads from around (``args.cuda = False``; ``objects`` holds their names and the parts of them the
    flag is read from, ``cfg.train``)?"""
    return bool(reads & _declared_outer(tree, code)) or _changes_from_within(tree, code, reads | objects)


def _unnamed_changer(tree: Tree, reads: frozenset[str], objects: frozenset[str]) -> bool:
    """Has the file code that may change what the move reads (:func:`_changes_around`), itself or
    through the code it runs, and may run without being named where it does: a method of an object
    kept in an attribute, a function kept in a list (:func:`_may_run_unnamed`)? Then any code in
    between may run it."""

    def find() -> bool:
        everything = tree.of_type(tree.root, (cst.FunctionDef, cst.Lambda, cst.GeneratorExp))
        if not any(_changes_around(tree, code, set(reads), set(objects)) for code in everything):
            return False  # (most files: nothing of theirs changes it)
        for code in everything:
            if _may_run_unnamed(tree, code):
                reached = _code_reached(tree, _body_of(code))
                if reached is None or any(
                    _changes_around(tree, c, set(reads), set(objects)) for c in (code, *reached)
                ):
                    return True
        return False

    return tree.memo(("dev010.unnamed_changer", reads, objects), find)


# Builtins that read or write variables by their names as strings, none of which the code shows: those
# of the scope they are called in, and those of the module (which is all a function of the file sees).
_NAMESPACES_HERE = frozenset({"globals", "locals", "vars", "eval", "exec"})
_MODULE_NAMESPACE = frozenset({"globals", "eval", "exec"})


def _names_by_strings(tree: Tree, node: cst.CSTNode, builtins: frozenset[str]) -> str | None:
    """The first of ``builtins`` (``globals()``, ``exec``) that a call under ``node`` names, or None.
    ``vars(args)`` reads the attributes of what it is given, no variable."""
    for call in tree.of_type(node, cst.Call):
        if isinstance(call.func, cst.Name) and call.func.value in builtins:
            if call.func.value != "vars" or not call.args:
                return call.func.value
    return None


def _changes_from_within(tree: Tree, code: Code, roots: set[str]) -> bool:
    """May the function ``code`` change the objects ``roots`` of its caller: ``args.cuda = False``,
    ``cfg["cuda"] = False`` on a name of the code around it, or any ``exec(...)``, ``globals()[...]``?
    ``roots`` may hold parts of them too (``cfg.train``): one bound to a name there (``t = cfg.train``)
    may be changed through it."""
    if _names_by_strings(tree, code, _MODULE_NAMESPACE):
        return True
    for assign in tree.of_type(code, cst.Assign):
        held = dotted_name(assign.value)
        if held is not None and "." in held and held in roots:
            if _reads_from_around(tree, code, held.split(".")[0]):
                return True
    for node in tree.of_type(code, (cst.AssignTarget, cst.AugAssign)):
        target = node.target
        if not isinstance(target, (cst.Attribute, cst.Subscript)):
            continue
        root = root_name(target)
        if root is not None and root in roots and _reads_from_around(tree, code, root):
            return True
    # `cfg.update(cuda=False)`, `args.__dict__.update(...)`, `setattr(cfg, "cuda", False)`,
    # `vars(args)["cuda"] = False`, `off(cfg.train)`: a method of the object, or the object (or a
    # part of it) handed to a call that may change it
    for call in tree.of_type(code, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value not in _READING_METHODS:
            root = root_name(func.value)
            if root is not None and root in roots and _reads_from_around(tree, code, root):
                return True
        if isinstance(func, cst.Name) and func.value in _READING_CALLS:
            continue
        for arg in call.args:
            root = root_name(arg.value)
            if root is not None and root in roots and _reads_from_around(tree, code, root):
                return True
    return False


# Methods and builtins that read an object without changing it: handed the flag's object, they leave
# the flag as it was.
_READING_METHODS = frozenset({"get", "keys", "values", "items", "copy", "index", "count", "format"})
_READING_CALLS = frozenset(
    {
        "print",
        "len",
        "str",
        "repr",
        "int",
        "float",
        "bool",
        "format",
        "isinstance",
        "getattr",
        "hasattr",
        "type",
    }
)


def _first_reader(tree: Tree, unmentioned: list[tuple[cst.BaseStatement, str]]) -> str | None:
    """Why statements in between that do not mention the tensor (each with the name it had there) may
    read it all the same: the first that does (:func:`_reader_in`), else code of the file that reads it
    and may be run from there unnamed (:func:`_unnamed_reader`); None when neither."""
    for statement, name in unmentioned:
        found = _reader_in(tree, statement, name)
        if found is not None:
            return f"`{found}` in between reads it where it is made"
    for statement, name in unmentioned:
        unnamed = _unnamed_reader(tree, variable_scope(tree, statement, name), name)
        if unnamed is not None:
            return f"`{unnamed}` reads it and may run in between without being named there"
    return None


def _reader_in(tree: Tree, statement: cst.CSTNode, name: str) -> str | None:
    """What in ``statement``, which does not mention ``name``, may read it all the same, or None.

    ``globals()["x"]``, ``eval("x")`` read it by a string. ``report()``, ``map(report, xs)``,
    ``functools.partial(report)()``, ``r()`` after ``r = report``, and ``print(r)`` after ``r = R()``
    (which runs ``R.__str__``) may run a function, lambda or method of the file that reads ``name``
    from the code around it: the name it is called or handed on by (``report()``, ``report``)."""
    dynamic = _names_by_strings(tree, statement, _NAMESPACES_HERE)
    if dynamic is not None:
        return f"{dynamic}()"
    for reference in _variables(tree, statement):
        reached = _code_reached(tree, reference)
        if reached is None or any(_reads_from_around(tree, code, name) for code in reached):
            called = isinstance(parent := tree.parent(reference), cst.Call) and parent.func is reference
            return f"{reference.value}()" if called else reference.value
    return None


def _unnamed_reader(tree: Tree, scope: cst.CSTNode, name: str) -> str | None:
    """A function, lambda or method of the file that reads ``name`` of ``scope`` (the module, or the
    function whose variable it is), itself or through the code it runs, and that code may run without
    naming it: how the file calls it (``report``, ``R.__str__``, ``a lambda``), or None.

    What runs it may be an object found by an attribute or in a container (``box.r`` holding an ``R``
    whose ``__str__`` reads it, ``hooks`` after ``hooks.append(report)``), what a function returned
    (``r = make()`` giving its nested ``report``), a decorator's registry: none of which
    :func:`_code_reached` follows. So a method, a lambda handed on, a decorated function or one whose
    name is read other than to call it may run wherever code runs."""
    return tree.memo(
        ("dev010.unnamed_reader", id(scope), name), lambda: _find_unnamed_reader(tree, scope, name)
    )


def _find_unnamed_reader(tree: Tree, scope: cst.CSTNode, name: str) -> str | None:
    # (the code of the scope's own variable: nested in it, or anywhere for the module's)
    everything = [
        c for c in tree.of_type(scope, (cst.FunctionDef, cst.Lambda, cst.GeneratorExp)) if c is not scope
    ]
    by_string = scope is tree.root and any(_names_by_strings(tree, c, _MODULE_NAMESPACE) for c in everything)
    if not by_string and not any(_reads_in(tree, code, name, scope) for code in everything):
        return None  # (most files: nothing of theirs reads it from around)
    for code in everything:
        if not _may_run_unnamed(tree, code):
            continue
        reached = _code_reached(tree, _body_of(code))
        if reached is None or any(_reads_in(tree, c, name, scope) for c in (code, *reached)):
            return _code_name(tree, code)
    return None


def _reads_in(tree: Tree, code: Code, name: str, scope: cst.CSTNode) -> bool:
    """Does ``code`` read ``name`` of ``scope``, by its name or (for the module's) by a string?"""
    if scope is tree.root and _names_by_strings(tree, code, _MODULE_NAMESPACE):
        return True
    return any(
        n.value == name and variable_scope(tree, n, name) is scope for n in _variables(tree, _body_of(code))
    )


def _may_run_unnamed(tree: Tree, code: Code) -> bool:
    """May ``code`` run where no name of it is read: a method (run through an instance), a decorated
    function, a lambda or function handed on (its name read other than to call it), a generator
    function or expression whose generator is kept where no name holds it (:func:`_kept_unnamed`) or
    let go by the name that holds it (:func:`_let_go`)?"""
    if isinstance(code, cst.GeneratorExp):
        return _kept_unnamed(tree, code) or _let_go(tree, code)
    if isinstance(code, cst.FunctionDef):
        if code.decorators or isinstance(_enclosing_scope(tree, code), cst.ClassDef):
            return True
        called = code.name.value
        if called in _results_kept_unnamed(tree) and _is_generator(tree, code):
            return True
    else:
        assign = tree.parent(code)
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
        ):
            return True  # `hooks.append(lambda: ...)`
        called = assign.targets[0].target.value
    return called in _handed_names(tree)


def _kept_unnamed(tree: Tree, made: cst.BaseExpression) -> bool:
    """Is the generator ``made`` gives (a generator function's call, a generator expression) kept where
    no name holds it, to be advanced anywhere: ``self.it = watch()``, ``its.append(watch())``,
    ``return (x.device for _ in xs)``? Not when a name holds it (``it = watch()``: followed where the
    name is read), a call is handed it (``sum(...)``, ``list(...)``: consumed there), a loop runs over it
    or it is thrown away. A call that keeps what it is handed (``its.append(...)``, ``zip(...)``, a
    function of the file) keeps the generator too: only the builtins that run it out at once consume it."""
    parent = tree.parent(made)
    if isinstance(parent, cst.Assign):
        return not (len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name))
    if isinstance(parent, (cst.For, cst.CompFor)):
        return parent.iter is not made
    if isinstance(parent, cst.Arg):
        call = tree.parent(parent)
        func = call.func if isinstance(call, cst.Call) else None
        consumed = (isinstance(func, cst.Name) and func.value in _CONSUMING) or (
            isinstance(func, cst.Attribute) and func.attr.value == "join"
        )
        return not consumed
    return not isinstance(parent, cst.Expr)


def _let_go(tree: Tree, made: cst.BaseExpression) -> bool:
    """Is the generator ``made`` gives (a generator function's call, a generator expression), bound to a
    name (``it = watch()``, ``g = (... for ...)``), let go by that name where code that reads the name
    cannot follow it: stored, returned, handed to a call or bound to another name (``REG.append(it)``,
    ``box.it = it``, ``return it``), or the name rebound or deleted (``it = None``: a generator no
    longer held is closed there, its ``finally`` runs)? Not when the name is only advanced where it is
    read (``next(it)``, ``it.send(v)``, ``for v in it``, ``list(it)``)."""
    assign = tree.parent(made)
    if not (
        isinstance(assign, cst.Assign)
        and len(assign.targets) == 1
        and isinstance(assign.targets[0].target, cst.Name)
    ):
        return False
    name = assign.targets[0].target.value
    scope = variable_scope(tree, assign, name)
    if len(bindings_in(tree, scope, name)) > 1:
        return True
    return any(
        variable_scope(tree, reference, name) is scope and not _advanced_in_place(tree, reference)
        for reference in _references(tree, scope).get(name, ())
    )


def _advanced_in_place(tree: Tree, reference: cst.Name) -> bool:
    """Is the generator ``reference`` reads advanced there and nowhere else: ``next(it)``, ``it.send(v)``,
    ``for v in it``, ``list(it)``?"""
    parent = tree.parent(reference)
    if isinstance(parent, cst.Attribute) and parent.value is reference:
        call = tree.parent(parent)
        return parent.attr.value in _ADVANCING and isinstance(call, cst.Call) and call.func is parent
    if isinstance(parent, (cst.For, cst.CompFor)):
        return parent.iter is reference
    if (
        isinstance(parent, cst.Arg)
        and parent.value is reference
        and isinstance(call := tree.parent(parent), cst.Call)
    ):
        return isinstance(call.func, cst.Name) and call.func.value in _CONSUMING | {"next"}
    return False


# The methods of a generator that run it where they are called.
_ADVANCING = frozenset({"send", "throw", "close", "__next__"})


# Builtins that run a generator handed to them to its end before they return (`sum(...)`, `"".join(...)`).
_CONSUMING = frozenset("list tuple set frozenset sorted sum any all min max dict len print".split())


def _results_kept_unnamed(tree: Tree) -> frozenset[str]:
    """The names called where no name holds the result (:func:`_kept_unnamed`: ``self.it = watch()``), or
    where the name that holds it lets it go elsewhere (:func:`_let_go`: ``it = watch()`` then
    ``REG.append(it)``, ``return it``, ``it = None``)."""

    def kept() -> frozenset[str]:
        calls = tree.of_type(tree.root, cst.Call)
        generators = {
            f.name.value for f in tree.of_type(tree.root, cst.FunctionDef) if _is_generator(tree, f)
        }
        return frozenset(
            c.func.value
            for c in calls
            if isinstance(c.func, cst.Name)
            and (_kept_unnamed(tree, c) or (c.func.value in generators and _let_go(tree, c)))
        )

    return tree.memo("dev010.results_kept_unnamed", kept)


def _handed_names(tree: Tree) -> frozenset[str]:
    """The names the file reads other than to call them (``r = report``, ``map(report, xs)``)."""

    def handed() -> frozenset[str]:
        found = set()
        for reference in _variables(tree, tree.root):
            parent = tree.parent(reference)
            if not isinstance(parent, _NAMING) and not (
                isinstance(parent, cst.Call) and parent.func is reference
            ):
                found.add(reference.value)
        return frozenset(found)

    return tree.memo("dev010.handed_names", handed)


# Nodes whose name is no read of a value: `def report`, a parameter, `import x as report`, `global r`.
_NAMING = (cst.FunctionDef, cst.ClassDef, cst.Param, cst.ImportAlias, cst.AsName, cst.NameItem)


def _enclosing_scope(tree: Tree, node: cst.CSTNode) -> cst.CSTNode | None:
    return next((a for a in tree.ancestors(node) if isinstance(a, SCOPES)), None)


def _code_name(tree: Tree, code: Code) -> str:
    """``report``, ``R.__str__`` (a method), ``a lambda``, ``a generator expression``."""
    if isinstance(code, cst.Lambda):
        return "a lambda"
    if isinstance(code, cst.GeneratorExp):
        return "a generator expression"
    owner = _enclosing_scope(tree, code)
    return f"{owner.name.value}.{code.name.value}" if isinstance(owner, cst.ClassDef) else code.name.value


def _reads_from_around(tree: Tree, code: Code, name: str) -> bool:
    """Does ``code`` read ``name`` of the code around it (no name of its own), or any name of the module
    by a string (``globals()["x"]``)?"""
    if _names_by_strings(tree, code, _MODULE_NAMESPACE):
        return True
    if name not in names_in(tree, _body_of(code)):
        return False
    own = [b for b in bindings_in(tree, code, name) if not isinstance(b, (cst.Global, cst.Nonlocal))]
    return not own


def _declared_outer(tree: Tree, code: Code) -> set[str]:
    """The names ``code`` declares ``global`` or ``nonlocal``, or a generator expression's walruses bind
    (``((use_cuda := False) for _ in xs)``, in the code around: PEP 572): it may rebind them for its
    caller."""
    declared = {
        item.name.value for node in tree.of_type(code, (cst.Global, cst.Nonlocal)) for item in node.names
    }
    if isinstance(code, cst.GeneratorExp):
        declared.update(n for walrus in comprehension_walruses(tree, code) for n in bound_names(walrus))
    return declared


# Code that runs when called or advanced: a function, a lambda, a generator expression.
Code = cst.FunctionDef | cst.Lambda | cst.GeneratorExp


def _body_of(code: Code) -> cst.CSTNode:
    """What runs of ``code`` once it is called or advanced: a function's or lambda's body, all of a
    generator expression."""
    return code if isinstance(code, cst.GeneratorExp) else code.body


# What reads or writes variables of the module other than by their names (`sys.modules[__name__].x`,
# `__main__.x`, `importlib.import_module(__name__)`), and what reads those of any running code (frames).
_MODULE_OBJECTS = frozenset({"sys.modules", "__main__"})
_IMPORTS = frozenset({"importlib.import_module", "__import__"})
_HOLDERS = frozenset({"sys", "inspect", "importlib"})
_NAMESPACES_KEPT = frozenset({"globals", "locals", "vars"})


def _namespaces_reached(tree: Tree, aliases: ImportAliases) -> tuple[str, bool] | None:
    """How the file reaches variables other than by their names, the first it shows (``sys.modules``,
    ``__main__``, ``sys._getframe``, ``.f_locals``), and whether it reaches those of running functions
    too (a frame), not only the module's; None when it does not (most files). Once per module."""
    return tree.memo("dev010.namespaces_reached", lambda: _find_namespaces_reached(tree, aliases))


def _find_namespaces_reached(tree: Tree, aliases: ImportAliases) -> tuple[str, bool] | None:
    wanted = FRAME_CALLS | _MODULE_OBJECTS | _IMPORTS
    # `from sys import _getframe`, `import __main__`; `import sys` (then `sys._getframe`)
    direct = {local for local, qualified in aliases.names.items() if qualified in wanted}
    direct |= {"__import__"} | _NAMESPACES_KEPT
    holders = {local for local, qualified in aliases.names.items() if qualified in _HOLDERS}
    found: list[cst.Name | cst.Attribute] = []
    for attribute in tree.of_type(tree.root, cst.Attribute):
        if attribute.attr.value in FRAME_ATTRIBUTES:
            return f".{attribute.attr.value}", True
        if isinstance(attribute.value, cst.Name) and attribute.value.value in holders:
            found.append(attribute)
    found.extend(name for name in tree.of_type(tree.root, cst.Name) if name.value in direct)
    for node in found:
        qualified = aliases.qualify(node) or dotted_name(node)
        if qualified in FRAME_CALLS:
            return qualified, True
        if qualified in _MODULE_OBJECTS:
            return qualified, False
        call = tree.parent(node)
        if not (isinstance(call, cst.Call) and call.func is node):
            continue
        if qualified in _IMPORTS and _names_this_module(tree, call):
            return f"{qualified}()", False
        # `ns = globals()`: the namespace kept, read or written later by strings no statement shows (a
        # call used at once, `globals()["x"]`, is seen where it runs)
        kept = isinstance(tree.parent(call), (cst.Assign, cst.AnnAssign, cst.NamedExpr, cst.Return))
        if qualified in _NAMESPACES_KEPT and not call.args and kept:
            return f"{qualified}()", qualified != "globals"
    return None


def _names_this_module(tree: Tree, call: cst.Call) -> bool:
    """``import_module(__name__)``, ``__import__("__main__")``: the module itself."""
    strings = tree.of_type(call, cst.SimpleString)
    return "__name__" in names_in(tree, call) or any("__main__" in s.value for s in strings)


# Beyond this many functions, the code reached is not followed further: it may then do anything.
_MAX_FOLLOWED = 200
# Beyond this many bindings visited (each name's every binding in its scope, and what those hold), the
# same: a module that binds the same names hundreds of times (the 2.4 MB benchmark file) would make
# every following walk most of the module, once per creation.
_MAX_BINDINGS = 2000


def _code_reached(tree: Tree, node: cst.CSTNode) -> list[Code] | None:
    """The functions, lambdas and methods of the file that running ``node`` may run, and those that
    these may run in turn.

    A name ``node`` reads may be called or handed to code that calls it (``map(report, xs)``,
    ``functools.partial(report)``): every definition the name may be bound to where it is read counts,
    followed through what it was assigned (``r = report``, ``r = partial(report)``). A class of the
    file, or a name holding one of its instances (``r = R()``, ``print(r)`` runs ``R.__str__``), brings
    every method of the class and of its bases of the file. A function's result is not followed
    (``h = make()`` holds what ``make`` returned, not ``make``), but for a generator's: ``it = watch()``
    runs none of ``watch``'s body, ``next(it)`` runs it; so does ``next(g)`` run a generator expression
    ``g`` holds (``g = (str(x.device) for _ in xs)``), found as code too. None when there is more than
    ``_MAX_FOLLOWED`` of it to follow: it may then read or change anything."""
    return tree.memo(("dev010.code_reached", id(node)), lambda: _follow_code(tree, node))


def _follow_code(tree: Tree, node: cst.CSTNode) -> list[Code] | None:
    codes: dict[int, Code] = {}
    bindings: set[int] = set()
    for key in _names_read(tree, node, False):
        reach = _reach(tree, key)
        if reach is None:
            return None
        codes.update(reach.codes)
        bindings |= reach.bindings
        if len(codes) > _MAX_FOLLOWED or len(bindings) > _MAX_BINDINGS:
            return None
    return list(codes.values())


@dataclass(frozen=True)
class _Reach:
    """The code that reading a name may run (by id), and the bindings followed to find it."""

    codes: dict[int, Code]
    bindings: frozenset[int]


# A name read where it is: its scope, the name, and whether only its call's result is taken from it
# (`r = report()` holds what `report` returned: only a class's methods then come with it).
_Key = tuple[cst.CSTNode, str, bool]
# What a name's bindings bring themselves: code (by id), the bindings (ids), the names that code reads.
_Direct = tuple[dict[int, Code], set[int], list[_Key]]


def _names_read(tree: Tree, node: cst.CSTNode, held: bool) -> list[_Key]:
    """The names ``node`` reads, as keys of :func:`_reach`; ``held``: ``node`` is a value a name holds,
    where a call's function runs no later than the assignment."""
    keys = []
    for reference in _variables(tree, node):
        parent = tree.parent(reference)
        result_only = held and isinstance(parent, cst.Call) and parent.func is reference
        name = reference.value
        keys.append((binding_scope(tree, reference, name), name, result_only))
    return keys


def _reach(tree: Tree, key: _Key) -> _Reach | None:
    """All the code reading ``key``'s name may run, and what that code runs in turn; None past the limits.

    The names read form a graph (a function's body reads names whose bindings are functions...), with
    cycles (recursion, two functions calling each other). Each strongly connected part is found once
    (Tarjan's algorithm, without recursion: the chains can be long) and its reach kept for every name in
    it, so that the many creations of a file that read the same names share one walk. (A key's scope is
    a node, hashed by identity: the tree keeps it alive.)"""
    known: dict[_Key, _Reach | None] = tree.memo("dev010.reach", dict)
    if key in known:
        return known[key]
    order: dict[_Key, int] = {}
    low: dict[_Key, int] = {}
    stack: list[_Key] = []
    on_stack: set[_Key] = set()
    direct: dict[_Key, _Direct] = {}
    work: list[tuple[_Key, int]] = [(key, 0)]
    while work:
        current, position = work.pop()
        if position == 0:
            order[current] = low[current] = len(order)
            stack.append(current)
            on_stack.add(current)
            direct[current] = _direct_reach(tree, current)
        successors = direct[current][2]
        descended = False
        while position < len(successors):
            successor = successors[position]
            position += 1
            if successor in known:
                continue
            if successor not in order:
                work.append((current, position))
                work.append((successor, 0))
                descended = True
                break
            if successor in on_stack:
                low[current] = min(low[current], order[successor])
        if descended:
            continue
        if work:  # the caller's low learns this one's
            caller = work[-1][0]
            low[caller] = min(low[caller], low[current])
        if low[current] != order[current]:
            continue
        part: list[_Key] = []
        while True:
            member = stack.pop()
            on_stack.discard(member)
            part.append(member)
            if member == current:
                break
        known.update(dict.fromkeys(part, _part_reach(part, direct, known)))
    return known[key]


def _part_reach(
    part: list[_Key], direct: dict[_Key, _Direct], known: dict[_Key, _Reach | None]
) -> _Reach | None:
    """The reach of one strongly connected part: its names' own, and that of every name they read
    outside it (known already); None past the limits."""
    members = set(part)
    codes: dict[int, Code] = {}
    bindings: set[int] = set()
    for member in part:
        own_codes, own_bindings, successors = direct[member]
        codes.update(own_codes)
        bindings |= own_bindings
        for successor in successors:
            if successor in members:
                continue
            reach = known[successor]
            if reach is None:
                return None
            codes.update(reach.codes)
            bindings |= reach.bindings
        if len(codes) > _MAX_FOLLOWED or len(bindings) > _MAX_BINDINGS:
            return None
    return _Reach(codes, frozenset(bindings))


def _direct_reach(tree: Tree, key: _Key) -> _Direct:
    """What the bindings of ``key``'s name bring themselves: the code they define (a class's methods),
    the bindings, and the names read by that code and by the values they hold (``r = report``)."""
    scope, name, result_only = key
    codes: dict[int, Code] = {}
    bindings: set[int] = set()
    successors: list[_Key] = []
    for binding in bindings_in(tree, scope, name):
        if result_only and not isinstance(binding, cst.ClassDef) and not _is_generator(tree, binding):
            continue
        bindings.add(id(binding))
        if isinstance(binding, cst.ClassDef):  # its instances run its methods
            for method in tree.of_type(binding.body, cst.FunctionDef):
                codes[id(method)] = method
                successors.extend(_names_read(tree, method.body, False))
            for base in binding.bases:
                _held(tree, base.value, codes, successors)
            continue
        code = _defined_code(tree, binding)
        if code is not None:
            codes[id(code)] = code
            successors.extend(_names_read(tree, code.body, False))
            continue
        value = _value_bound(tree, binding)
        if value is not None:  # `r = report`: what it holds
            _held(tree, value, codes, successors)
    return codes, bindings, successors


def _held(tree: Tree, value: cst.CSTNode, codes: dict[int, Code], successors: list[_Key]) -> None:
    """Adds what a value held by a name brings: the names it reads (a call's function runs no later
    than the assignment), and the generator expressions in it, whose bodies run where the name is
    advanced (``g = (str(x.device) for _ in xs)``)."""
    successors.extend(_names_read(tree, value, True))
    for generator in tree.of_type(value, cst.GeneratorExp):
        codes[id(generator)] = generator
        successors.extend(_names_read(tree, generator, False))


def _is_generator(tree: Tree, binding: cst.CSTNode) -> bool:
    """Is ``binding`` a generator function (a ``yield`` of its own): calling it runs none of its body?"""
    if not isinstance(binding, cst.FunctionDef):
        return False
    return tree.memo(
        ("dev010.is_generator", id(binding)),
        lambda: any(code_around(tree, y) is binding for y in tree.of_type(binding.body, cst.Yield)),
    )


def _variables(tree: Tree, node: cst.CSTNode) -> list[cst.Name]:
    """The names of variables read under ``node`` (not attribute names, not keyword names, not the
    targets of assignments and loops), in source order. Kept per node: the code that each creation's
    move jumps over reaches the same definitions and values again."""
    return tree.memo(("dev010.variables", id(node)), lambda: _find_variables(tree, node))


def _find_variables(tree: Tree, node: cst.CSTNode) -> list[cst.Name]:
    found = []
    for name in tree.of_type(node, cst.Name):
        parent = tree.parent(name)
        if isinstance(parent, cst.Attribute) and parent.attr is name:
            continue
        if isinstance(parent, cst.Arg) and parent.keyword is name:
            continue
        if not _assigned_to(tree, name):
            found.append(name)
    return found


def _assigned_to(tree: Tree, name: cst.Name) -> bool:
    """Is ``name`` (alone or in a tuple) the target of an assignment, a loop or a walrus?"""
    node: cst.CSTNode = name
    parent = tree.parent(node)
    while isinstance(parent, (cst.Tuple, cst.List, cst.Element, cst.StarredElement)):
        node, parent = parent, tree.parent(parent)
    if isinstance(parent, cst.AssignTarget):
        return True
    return isinstance(parent, (cst.For, cst.CompFor, cst.NamedExpr, cst.AnnAssign)) and parent.target is node


def _value_bound(tree: Tree, binding: cst.CSTNode) -> cst.CSTNode | None:
    """What an assignment, a walrus or a loop binds its names to (all of it: ``r, s = report, show``)."""
    if isinstance(binding, cst.AssignTarget):
        assign = tree.parent(binding)
        return assign.value if isinstance(assign, cst.Assign) else None
    if isinstance(binding, (cst.AnnAssign, cst.NamedExpr)):
        return binding.value
    if isinstance(binding, (cst.For, cst.CompFor)):
        return binding.iter
    return None


def _defined_code(tree: Tree, binding: cst.CSTNode) -> cst.FunctionDef | cst.Lambda | None:
    """The function ``def f`` defines, or the lambda ``f = lambda: ...`` binds to ``f``."""
    if isinstance(binding, cst.FunctionDef):
        return binding
    if isinstance(binding, cst.AssignTarget) and isinstance(binding.target, cst.Name):
        assign = tree.parent(binding)
        if isinstance(assign, cst.Assign) and isinstance(assign.value, cst.Lambda):
            return assign.value
    return None


def _may_change(tree: Tree, statement: cst.CSTNode, objects: set[str], parts: set[str]) -> bool:
    """May ``statement`` change an attribute of ``objects``? Not when it only reads their attributes
    (``torch.FloatTensor(opt.batchSize)`` leaves ``opt.cuda`` as it was); a method call, an assignment to
    an attribute, the object handed on or one of the ``parts`` the flag is read from handed on or bound
    to a name (``off(cfg.train)``, ``t = cfg.train``, for ``cfg.train.cuda``) may."""
    for name in tree.of_type(statement, cst.Name):
        if name.value not in objects:
            continue
        parent = tree.parent(name)
        if not (isinstance(parent, (cst.Attribute, cst.Subscript)) and parent.value is name):
            return True  # handed on (`f(opt)`), or rebound
        outer = tree.parent(parent)
        # `self.G.train`, `opts["cuda"]`, `cfg.flags["cuda"]`: the whole chain
        while isinstance(outer, (cst.Attribute, cst.Subscript)) and outer.value is parent:
            parent, outer = outer, tree.parent(outer)
        if isinstance(outer, cst.Del):
            return True  # `del opts["cuda"]`
        if isinstance(outer, (cst.AssignTarget, cst.AugAssign)) or (
            isinstance(outer, cst.Call) and outer.func is parent
        ):
            return True  # `opt.lr = ...`, `self.G.train()`
        if dotted_name(parent) in parts:
            return True  # `off(cfg.train)`: a part of the object, used as a value
    return False


def _move_in(
    tree: Tree, line: cst.SimpleStatementLine, spelled: str, aliases: ImportAliases, functions: LocalFunctions
) -> Found | None:
    """How ``line`` moves ``spelled``."""
    smalls = [s for s in line.body if spelled in _spellings(tree, s)]
    if len(smalls) != 1:
        return None
    small = smalls[0]
    for call in tree.of_type(small, cst.Call):
        helper = functions.callee(call)
        if helper is not None and moves_first_parameter(tree, helper, aliases) and call.args:
            read = small.value if isinstance(small, cst.Assign) else small  # `z = to_gpu(z)` rebinds it
            if dotted_name(call.args[0].value) == spelled and _mentions_once(tree, read, spelled):
                return Found(f"{dotted_name(call.func)}(...)", None, False, helper_call=call)
    inline = _inline_move(tree, small, spelled, aliases)
    if inline is not None:
        return inline
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
        return None
    pairs = _pairs(small.targets[0].target, small.value)
    moved = [(t, v) for t, v in pairs if dotted_name(t) == spelled]
    if len(moved) != 1:
        return None
    value = moved[0][1]
    test, unless = None, False
    if isinstance(value, cst.IfExp):  # `x = x.cuda() if use_cuda else x`
        choice = value
        branch = _moving_branch(tree, choice, spelled)
        if branch is None:
            return None
        value, unless, test = branch, branch is choice.orelse, choice.test
    target = move_target(value, aliases)
    if target is None or _moved_name(target.call) != spelled:
        return None
    others = [(t, v) for t, v in pairs if v is not moved[0][1]]
    if any(spelled in _spellings(tree, v) for _, v in others):
        return None
    alone = len(pairs) == 1 and len(line.body) == 1
    without = None
    if not alone and test is None and len(line.body) == 1 and others:
        # `a, b = a.cuda(), b.cuda()`: the others' moves stay, `b = b.cuda()`
        without = small.with_changes(
            targets=[small.targets[0].with_changes(target=_joined([t for t, _ in others]))],
            value=_joined([v for _, v in others]),
        )
    return Found(None, target, alone, test, unless, without=without)


def _joined(nodes: list[cst.BaseExpression]) -> cst.BaseExpression:
    """One expression, or a tuple of several (``a, b``)."""
    if len(nodes) == 1:
        return nodes[0]
    return cst.Tuple([cst.Element(n) for n in nodes], lpar=[], rpar=[])


@dataclass(frozen=True)
class Found:
    """How a line moves a name: the helper that does it, or the move (and the test it depends on)."""

    by: str | None
    target: MoveTarget | None
    alone: bool
    test: cst.BaseExpression | None = None
    moved_unless: bool = False
    inline: cst.BaseExpression | None = None
    # `a, b = a.cuda(), b.cuda()` without this name's part: what the line becomes once it is made there
    without: cst.Assign | None = None
    helper_call: cst.Call | None = None


def _moved_name(call: cst.Call) -> str | None:
    """What ``x.cuda()`` or ``Variable(x).cuda()`` moves, spelled: ``x``; None for a call of no method
    (``print(model(x).dtype)``, reached from ``x`` the way ``Variable(x).cuda()`` is)."""
    if not isinstance(call.func, cst.Attribute):
        return None
    receiver = call.func.value
    if isinstance(receiver, cst.Call) and dotted_name(receiver.func) in ("Variable", "autograd.Variable"):
        args = receiver.args
        receiver = args[0].value if len(args) == 1 and not args[0].keyword and not args[0].star else receiver
    return dotted_name(receiver)


def _moving_branch(tree: Tree, choice: cst.IfExp, spelled: str) -> cst.BaseExpression | None:
    """The branch of ``x.cuda() if use_cuda else x`` (or ``x if cpu else x.cuda()``) that moves ``x``,
    when the other is ``x`` itself."""
    for moving, other in ((choice.body, choice.orelse), (choice.orelse, choice.body)):
        if dotted_name(other) == spelled and isinstance(moving, cst.Call) and _moved_name(moving) == spelled:
            return moving if spelled not in _spellings(tree, choice.test) else None
    return None


def _inline_move(
    tree: Tree, small: cst.BaseSmallStatement, spelled: str, aliases: ImportAliases
) -> Found | None:
    """``return h.to(device)``, ``out.append(h.cuda() if use_cuda else h)``: ``h`` (a plain name) is
    moved where it is read, and read nowhere after (:func:`later_move` checks that)."""
    if "." in spelled:
        return None
    mentions = [n for n in tree.of_type(small, cst.Name) if n.value == spelled]
    if not mentions or len(mentions) > 2 or any(_is_target(tree, n) for n in mentions):
        return None
    call = tree.parent(tree.parent(mentions[0]))  # `h.cuda()`: Name -> Attribute -> Call
    if isinstance(tree.parent(mentions[0]), cst.Arg):  # `Variable(h).cuda()`
        call = tree.parent(tree.parent(tree.parent(call)))
    if not isinstance(call, cst.Call) or _moved_name(call) != spelled:
        return None
    target = move_target(call, aliases)
    comprehensions = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.Lambda)
    if target is None or any(isinstance(a, comprehensions) for a in tree.ancestors(call)):
        return None  # `[m(x.cuda(i)) for i in gpus]`: copied once per turn
    choice = tree.parent(call)
    if len(mentions) == 1:
        return Found(None, target, True, inline=call) if not isinstance(choice, cst.IfExp) else None
    paired = _paired_in_branches(tree, call, spelled)
    if paired is not None:  # `(h.cuda(), c.cuda()) if USE_CUDA else (h, c)`: `h.cuda()` becomes `h`
        choice, moved_unless = paired
        return Found(None, target, True, choice.test, moved_unless, inline=call)
    if not isinstance(choice, cst.IfExp) or _moving_branch(tree, choice, spelled) is not call:
        return None
    return Found(None, target, True, choice.test, call is choice.orelse, inline=choice)


def _paired_in_branches(tree: Tree, call: cst.Call, spelled: str) -> tuple[cst.IfExp, bool] | None:
    """``(h.cuda(), c.cuda()) if use_cuda else (h, c)``: ``call`` moves ``h`` in one branch's tuple, and
    the other branch's tuple holds ``h`` itself at the same place. The choice, and whether the moving
    tuple is its ``else``."""
    element = tree.parent(call)
    moving = tree.parent(element) if isinstance(element, cst.Element) else None
    choice = tree.parent(moving) if isinstance(moving, cst.Tuple) else None
    if not isinstance(choice, cst.IfExp) or not isinstance(moving, cst.Tuple):
        return None
    other = choice.orelse if moving is choice.body else choice.body
    if not isinstance(other, cst.Tuple) or len(other.elements) != len(moving.elements):
        return None
    place = next(i for i, e in enumerate(moving.elements) if e is element)
    kept = other.elements[place]
    if kept.value is None or isinstance(kept, cst.StarredElement) or dotted_name(kept.value) != spelled:
        return None
    return (choice, moving is choice.orelse) if spelled not in _spellings(tree, choice.test) else None


def _is_target(tree: Tree, name: cst.Name) -> bool:
    node: cst.CSTNode = name
    parent = tree.parent(node)
    while isinstance(parent, (cst.Element, cst.Tuple, cst.List, cst.Subscript, cst.Attribute)):
        node, parent = parent, tree.parent(parent)
    return isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign))


def _pairs(
    target: cst.BaseExpression, value: cst.BaseExpression
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """``a, b = x, y`` as [(a, x), (b, y)]; ``a = x`` as [(a, x)]."""
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)):
        if len(target.elements) == len(value.elements):
            return [(t.value, v.value) for t, v in zip(target.elements, value.elements)]
    return [(target, value)]


def creation_pairs(small: cst.BaseSmallStatement) -> list[tuple[str, cst.BaseExpression]]:
    """The (spelled target, value) pairs of ``x = v`` and ``a, b = v, w``."""
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
        return []
    return [
        (spelled, value)
        for target, value in _pairs(small.targets[0].target, small.value)
        if (spelled := dotted_name(target)) is not None
    ]


def _guarded_return(
    tree: Tree,
    statement: cst.BaseStatement,
    spelled: str,
    aliases: ImportAliases,
    rest: list[tuple[cst.BaseStatement, bool]],
) -> tuple[MoveTarget, cst.BaseSmallStatement | None, cst.SimpleStatementLine] | None:
    """``if use_cuda: return h.cuda()`` (no ``elif``): the move, the ``else``'s ``return h`` (None when
    ``return h`` follows the ``if``, ``_KEPT`` when other code runs where the test fails), the line. The
    function returns ``h`` moved when the test holds, and what runs where it fails runs with ``h`` as
    made, so made on the device the test chooses, ``h`` is returned as it is. In a returned tuple,
    ``return h.cuda(), c.cuda()``, the ``if`` stays and each name's move goes with its creation's fix."""
    if not isinstance(statement, cst.If) or spelled in _spellings(tree, statement.test):
        return None
    moving = _sole_small(statement.body)
    if not isinstance(moving, cst.Return) or not _mentions_once(tree, moving, spelled):
        return None
    returned = moving.value
    in_a_tuple = isinstance(returned, cst.Tuple)
    if isinstance(returned, cst.Tuple):
        # `return h.cuda(), c.cuda()`: this name's move, the others' left to their own creations
        returned = next((e.value for e in returned.elements if spelled in _spellings(tree, e.value)), None)
    if not isinstance(returned, cst.Call):
        return None
    target = move_target(returned, aliases)
    if target is None or _moved_name(target.call) != spelled:
        return None
    line = cst.ensure_type(block(statement.body)[0], cst.SimpleStatementLine)
    if isinstance(statement.orelse, cst.If):
        return None  # (an `elif`)
    otherwise: cst.BaseSmallStatement | None
    if in_a_tuple:
        otherwise = _KEPT  # the `if` stays, returning each name as made
    elif isinstance(statement.orelse, cst.Else):
        otherwise = _sole_small(statement.orelse.body)
        otherwise = otherwise if _returns(otherwise, spelled) else _KEPT
    else:
        after = rest[0] if rest else None
        ends = after is not None and not after[1] and _returns(_sole_small(after[0]), spelled)
        otherwise = None if ends else _KEPT
    if otherwise is _KEPT and any(
        aliases.qualify(call.func) not in _PURE_TESTS for call in tree.of_type(statement.test, cst.Call)
    ):
        return None  # the `if` stays: its test, read at the creation too, would run twice
    return target, otherwise, line


# `if use_cuda: return h.cuda()` then other code: the `if` stays, returning `h` as it is.
_KEPT = cst.Pass()
# Calls a test kept in place may make again at the creation: they change nothing.
_PURE_TESTS = frozenset({"torch.cuda.is_available"})


def _sole_small(node: cst.CSTNode) -> cst.BaseSmallStatement | None:
    """The one small statement of a block, a line or a one-line suite; None when there are more."""
    if isinstance(node, cst.IndentedBlock):
        if len(node.body) != 1:
            return None
        node = node.body[0]
    if isinstance(node, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) and len(node.body) == 1:
        return node.body[0]
    return None


def _returns(small: cst.BaseSmallStatement | None, spelled: str) -> bool:
    """``return h``."""
    return isinstance(small, cst.Return) and small.value is not None and dotted_name(small.value) == spelled


def _only_line_mentioning(tree: Tree, guard: cst.If, spelled: str) -> cst.BaseStatement | None:
    """The one line of ``if test:`` (no else) that mentions ``spelled``; None otherwise."""
    if guard.orelse is not None or spelled in _spellings(tree, guard.test):
        return None
    lines = [s for s in block(guard.body) if spelled in _spellings(tree, s)]
    return lines[0] if len(lines) == 1 else None


def _is_move_method(call: cst.Call) -> bool:
    """``_MOVE_METHOD`` as type tests: asked of every call of every function, where the matcher cost more
    than the rest of the walk (``tests/test_codemods/test_fast_matchers.py`` checks the two agree)."""
    func = call.func
    return type(func) is cst.Attribute and func.attr.value in ("cuda", "to")


def moves_first_parameter(tree: Tree, function: cst.FunctionDef, aliases: ImportAliases) -> bool:
    """``def to_gpu(t): ... t.cuda() ...``: the function moves what it is given (a method, what its
    caller hands it after ``self``: ``def to_var(self, x): ... Variable(x).cuda()``)."""
    params = list(function.params.params)
    if params and params[0].name.value in ("self", "cls"):
        params = params[1:]
    if not params:
        return False
    first = params[0].name.value
    for call in tree.of_type(function.body, cst.Call):
        if not _is_move_method(call) or not _sends_to_a_device(call, aliases):
            continue
        receiver = func_attribute(call).value
        if isinstance(receiver, cst.Call) and aliases.qualify(receiver.func) in VARIABLE:
            receiver = receiver.args[0].value if len(receiver.args) == 1 else receiver
        if isinstance(receiver, cst.Name) and receiver.value == first:
            return True
    return False


def _sends_to_a_device(call: cst.Call, aliases: ImportAliases) -> bool:
    """``x.cuda(...)``, or ``x.to(...)`` given a device (``x.to(self.dtype)`` only converts)."""
    if func_attribute(call).attr.value == "cuda":
        return True
    device = kwarg(call, "device")
    args = positional(call)
    first = device.value if device is not None else (args[0].value if args else None)
    return first is not None and names_a_device(first, aliases)


def _spellings(tree: Tree, node: cst.CSTNode) -> set[str]:
    """The names and dotted names (``self.x``) read or written under ``node``."""
    found = names_in(tree, node)
    found.update(d for a in tree.of_type(node, cst.Attribute) if (d := dotted_name(a)) is not None)
    return found


def _mentions_once(tree: Tree, node: cst.CSTNode, spelled: str) -> bool:
    return sum(1 for n in tree.of_type(node, (cst.Name, cst.Attribute)) if dotted_name(n) == spelled) == 1


def _has_comment(line: cst.SimpleStatementLine) -> bool:
    return line.trailing_whitespace.comment is not None or any(e.comment for e in line.leading_lines)


def _header_comment(body: cst.BaseSuite) -> bool:
    if isinstance(body, cst.IndentedBlock):
        return body.header.comment is not None
    return isinstance(body, cst.SimpleStatementSuite) and body.trailing_whitespace.comment is not None
