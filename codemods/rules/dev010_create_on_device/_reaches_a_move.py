"""Whether a tensor made on the host reaches a move to a device by a route the rule cannot rewrite.

The precise shapes of the rule (``torch.zeros(n).to(device)``, ``x = torch.zeros(n)`` then
``x = x.to(device)``, ``return h.cuda()``) are the ones it can rewrite. The same host-then-device copy
is written in other ways, which it can only report:

    h = torch.zeros(1, b, n)              z = to_var(torch.randn(b, d))       (``to_var`` imported)
    c = torch.zeros(1, b, n)              y = torch.zeros(n).type(Tensor)     (``Tensor`` a CUDA type)
    return (h.cuda(), c.cuda()) if USE_CUDA else (h, c)

:class:`MoveReach` follows the tensor itself up the expression that holds it (tensor methods, which
view, convert or fill it, and ``Variable``) and through a name it is bound to (whose first later
mention in the same scope must move it, and no mention after that read the host tensor again), to a
plain move (``.to(device)``, ``.cuda()``, ``.type_as(t)``, ``.type(<a CUDA type>)``) or to a function that
moves its first argument: one of this file, or one from elsewhere whose name says so (``to_cuda``,
``cuda(x, flag)``, ``to_var``). A tensor first computed into another one (``torch.randn(n) * std``, a
torch function of it), filled with data (``t[i] = row``, ``t.copy_(src)``), handed to anything else, or
moved inside a loop it was not made in, is not followed: what is moved is then not simply the tensor made
here. Marked in place with a number where an index or a mask says (``y.scatter_(1, idx, 1)``, a one-hot;
``m.masked_fill_(pad, 0)``; ``y.zero_()``; ``_ = y.data.fill_(label)``, given a name), on a line of its
own, it is still that tensor: followed; so past a test of whether it was made at all (``if h is not None:
h = h.cuda()``, made in one branch), a read of its shape (``len(x)``, ``x.size(1)``) and a torch function
that is one of its methods (``m = torch.triu(m, 1)``); and from either branch of a conditional expression
(``t = torch.ones(n) if real else torch.zeros(n)``). A loop's statement that rebinds it to its copy
(``for ...: h = h.cuda()``) copies it on the first turn only: followed too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from codemods.analysis.legacy_constructors import legacy_dtype
from codemods.analysis.tensor_climb import GO_ON, GoOn, TensorClimb
from codemods.core.local_functions import LocalFunctions
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import positional
from codemods.core.torch_names import VARIABLE, named_a_mover
from codemods.core.tree import Tree
from codemods.rules.dev010_create_on_device._host_creations import EXACT_FUNCTIONS
from codemods.rules.dev010_create_on_device._later_moves import moves_first_parameter
from codemods.rules.dev010_create_on_device._move_targets import move_target

_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
# Names from elsewhere that say they move what they are given, besides the shared ones (`to_var`,
# `to_cuda`): `use_cuda(x)`, `maybe_cuda(x)` (a function, being called), and the GAN tutorials'
# `to_variable(x)`, which moves to the GPU when there is one.
_MOVER_TOO = re.compile(r"^(use|maybe)_(cuda|gpu)$|^to_variable$")
# A flag the call hands over with the tensor: `get_variable(x, cuda=True)`, `wrap(x, self.args.cuda)`,
# `var(x, use_gpu=opt.gpu)`, `make(x, torch.cuda.is_available())`.
_GPU_FLAG = re.compile(r"(^|_)(cuda|gpu)($|_)|^is_available$", re.IGNORECASE)
_LOOPS = (cst.For, cst.While, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
# Methods that tell the tensor's shape, the same wherever it is.
_SHAPE_METHODS = frozenset("size dim ndimension numel nelement".split())
# In-place methods that write their last argument, a number, where the others say (an index, a mask), and
# how many positional arguments they take: a one-hot or a mask marked on the tensor made here.
_MARKS = {"scatter_": 3, "index_fill_": 3, "masked_fill_": 2, "fill_": 1, "fill_diagonal_": 1}


def _number(node: cst.BaseExpression) -> bool:
    while isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


def _given_a_gpu_flag(call: cst.Call) -> bool:
    """Is a function from elsewhere handed, after the tensor, a flag that says whether to use the GPU
    (by its keyword, or by the name of what is passed: ``use_cuda``, ``args.cuda``, ``opt.gpu``,
    ``torch.cuda.is_available()``)? The call then tells it where the tensor goes."""
    for arg in call.args[1:]:
        if arg.star:
            continue
        if isinstance(arg.value, cst.Name) and arg.value.value in ("False", "None"):
            continue  # (`cuda=False`: it stays)
        if arg.keyword is not None and _GPU_FLAG.search(arg.keyword.value):
            return True
        value = arg.value.func if isinstance(arg.value, cst.Call) and not arg.value.args else arg.value
        last = value.attr.value if isinstance(value, cst.Attribute) else getattr(value, "value", None)
        if isinstance(value, (cst.Name, cst.Attribute)) and isinstance(last, str) and _GPU_FLAG.search(last):
            return True
    return False


def _cuda_type(qualified: str | None) -> bool:
    """``torch.cuda.FloatTensor`` and the other legacy CUDA tensor types."""
    return (qualified or "").startswith("torch.cuda.") and legacy_dtype(qualified) is not None


def _CPU_OF(name: str) -> m.Call:  # noqa: N802 (a matcher, named like one)
    return m.Call(func=m.Attribute(value=m.Name(name), attr=m.Name("cpu")), args=[])


@dataclass(frozen=True)
class Reach:
    """How a host tensor reaches a device: ``by``, as written ("`.to()`", "`to_var(...)`")."""

    by: str


class MoveReach(TensorClimb[Reach]):
    """Answers "does this host tensor reach a move?" for one file."""

    def __init__(self, tree: Tree, aliases: ImportAliases, functions: LocalFunctions) -> None:
        super().__init__(tree)
        self.aliases = aliases
        self.functions = functions
        self._answers: dict[tuple[int, str, int], Reach | None] = {}
        self._gpu_types: set[str] | None = None

    def move_of(self, node: cst.BaseExpression, depth: int = 0) -> Reach | None:
        """How the tensor ``node`` evaluates to reaches a device, or None when it does not as far as this
        file shows, or only once computed into another tensor (``torch.randn(n) * std``, a torch function
        of it, a function's result): the tensor moved is then not the one made here."""
        return self.climb(node, depth)

    def method(self, call: cst.Call, name: str) -> Reach | GoOn | None:
        if move_target(call, self.aliases) is not None:
            return Reach(f"`.{name}()`")
        if name == "type" and self._gpu_type(call):
            return Reach("`.type()`")
        return GO_ON  # a view, a conversion, an in-place fill: the same tensor goes on

    def argument(self, call: cst.Call, arg: cst.Arg) -> Reach | GoOn | None:
        if call.args and call.args[0] is arg and self._moves_its_argument(call):
            return Reach(f"`{dotted_name(call.func)}(...)`")
        if call.args[0] is arg and arg.keyword is None and self.aliases.qualify(call.func) in EXACT_FUNCTIONS:
            return GO_ON  # `mask = torch.triu(mask, 1)`: the method `.triu(1)` of the tensor made here
        return GO_ON if (self.aliases.qualify(call.func) or "") in VARIABLE else None

    def bound(self, assign: cst.Assign, depth: int) -> Reach | None:
        return self._bound(assign, depth)

    def carries(self, parent: cst.CSTNode, current: cst.CSTNode) -> bool:
        """``torch.ones(n) if real else torch.zeros(n)``: in its branch the value is the tensor made here."""
        return isinstance(parent, cst.IfExp) and current in (parent.body, parent.orelse)

    def _gpu_type(self, call: cst.Call) -> bool:
        """``.type(torch.cuda.FloatTensor)``, or ``.type(Tensor)`` where the file binds ``Tensor`` to a
        CUDA type (``Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor``)."""
        args = positional(call)
        if len(args) != 1:
            return False
        value = args[0].value
        if _cuda_type(self.aliases.qualify(value)):
            return True
        if not isinstance(value, cst.Name):
            return False
        if self._gpu_types is None:
            self._gpu_types = set()
            # (target, value, does the value name a CUDA type): the last asked once per assignment,
            # not once per round
            assigns = [
                (
                    a.targets[0].target.value,
                    a.value,
                    any(
                        _cuda_type(self.aliases.qualify(n)) for n in self.tree.of_type(a.value, cst.Attribute)
                    ),
                )
                for a in self.tree.of_type(self.tree.root, cst.Assign)
                if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name)
            ]
            for _ in range(
                2
            ):  # `FloatTensor = torch.cuda.FloatTensor if cuda else ...`, `Tensor = FloatTensor`
                for target, bound, names_cuda in assigns:
                    if isinstance(bound, cst.Name) and bound.value in self._gpu_types or names_cuda:
                        self._gpu_types.add(target)
        return value.value in self._gpu_types

    def _moves_its_argument(self, call: cst.Call) -> bool:
        helper = self.functions.callee(call)
        if helper is not None:
            return moves_first_parameter(self.tree, helper, self.aliases)
        name = dotted_name(call.func)
        if name is None or (self.aliases.qualify(call.func) or "").startswith("torch."):
            return False
        return (
            named_a_mover(name) or bool(_MOVER_TOO.match(name.rsplit(".", 1)[-1])) or _given_a_gpu_flag(call)
        )

    def _bound(self, assign: cst.Assign, depth: int) -> Reach | None:
        """``h = <value>``: the first later mention of ``h`` in this scope that reaches a move, before
        ``h`` is bound to another value or filled with data (``h[i] = row``: a batch built on the host)."""
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            return None  # `self.h = ...` is read elsewhere; `a, b = ...` splits the value
        name = assign.targets[0].target.value
        key = (id(assign), name, depth)
        if key not in self._answers:
            self._answers[key] = self._bound_now(assign, name, depth)
        return self._answers[key]

    def _bound_now(self, assign: cst.Assign, name: str, depth: int) -> Reach | None:
        scope = next((a for a in self.tree.ancestors(assign) if isinstance(a, _SCOPES)), self.tree.root)
        loops = {id(a) for a in self.tree.ancestors(assign) if isinstance(a, _LOOPS)}
        after, skip_until = False, -1
        nodes = self.tree.descendants(scope)
        for index, node in enumerate(nodes):
            if node is assign:
                after, skip_until = True, index + len(self.tree.descendants(assign))
                continue
            if not after or index < skip_until:
                continue
            if isinstance(node, _SCOPES) and node is not scope:
                skip_until = index + len(self.tree.descendants(node))  # another scope's names
                continue
            if not (isinstance(node, cst.Name) and node.value == name):
                continue
            if self._marked_in_place(node, name):
                continue  # `y.scatter_(1, labels.view(-1, 1), 1)`: still the tensor made here, moved below
            if self._tested_for_none(node):
                continue  # `if h is not None: h = h.cuda()`: asks whether it was made, reads nothing of it
            if self._reads_its_shape(node):
                continue  # `batch_size = x.size(1)`, `len(x)`: the same on the device, no value read
            # The first later mention must take it to the device, and none may read it after that:
            # read on the host first (`counts.index_add_(...)`), or still read once moved under another
            # name (`gpu = table.cuda()` then `table.sum()`), the host tensor is needed where it is.
            copied = False  # rebound to the copy itself: `h = h.cuda()`, `x, h = x.cuda(), h.cuda()`
            if self._rebinds(node):
                statement = self._assignment_of(node)  # `h = h.cuda()`: its value reads the old h first
                reads = [] if statement is None else self.tree.of_type(statement.value, cst.Name)
                hit = next(
                    ((r, f) for r in reads if r.value == name and (f := self.move_of(r, depth + 1))), None
                )
                found = hit[1] if hit is not None else None
                copied = hit is not None and statement is not None and self._the_copy(statement, hit[0])
            else:
                found = self.move_of(node, depth + 1)
                # (read again by the statement that moves it, `kernel / kernel.sum()`, it is moved whole)
                line = next(a for a in self.tree.ancestors(node) if isinstance(a, cst.BaseStatement))
                rest = nodes.index(line) + len(self.tree.descendants(line))
                if found is not None and self._read_after(nodes[rest:], name):
                    return None
            above = self.tree.ancestors(node)
            entered = [a for a in above if isinstance(a, _LOOPS) and id(a) not in loops]
            # In a loop it is copied once per turn (`[x.cuda(i) for i in gpus]`), unless the loop's statement
            # rebinds it to the copy (`for ...: h = h.cuda()`): from the second turn on it is already there.
            once = copied and all(isinstance(a, (cst.For, cst.While)) for a in entered)
            if found is None or (entered and not once):
                return None
            # `if use_cuda: b = b.cuda()` / `else: b = b.double()`: each branch does another thing with it
            own = self.tree.ancestors(assign)
            others = [a.orelse for a in above if isinstance(a, cst.If) and a not in own]
            if any(other is not None and not self._leaves_it(other, name) for other in others):
                return None
            return found
        return None

    def _marked_in_place(self, mention: cst.Name, name: str) -> bool:
        """Is ``mention`` a statement of its own that writes a number into parts of the tensor, in place
        (``y.scatter_(1, idx, 1)``, ``m.masked_fill_(pad, 0)``, ``y.data.zero_()``): a one-hot or a mask
        marked where an index says, the same tensor after it, which the host made and a later line moves?"""
        marked: cst.CSTNode = mention
        attribute = self.tree.parent(mention)
        data = isinstance(attribute, cst.Attribute) and attribute.attr.value == "data"
        if data and isinstance(attribute, cst.Attribute) and attribute.value is mention:
            marked, attribute = attribute, self.tree.parent(attribute)  # `y.data.zero_()`: the same tensor
        call = self.tree.parent(attribute) if isinstance(attribute, cst.Attribute) else None
        statement = self.tree.parent(call)
        discarded = m.Assign(targets=[m.AssignTarget(m.Name("_"))])  # `_ = y.data.fill_(1)`
        if not (
            isinstance(attribute, cst.Attribute)
            and attribute.value is marked
            and isinstance(call, cst.Call)
            and call.func is attribute
            and (
                isinstance(statement, cst.Expr) or (statement is not None and m.matches(statement, discarded))
            )
        ):
            return False
        method = attribute.attr.value
        args = positional(call)
        if method == "zero_":
            return not call.args
        if method not in _MARKS or len(args) != len(call.args) or len(args) != _MARKS[method]:
            return False
        reads = {n.value for a in args for n in self.tree.of_type(a.value, cst.Name)}
        # (`fill_` overwrites every value: given a name too, `y.fill_(real_label)`, it is the same tensor)
        given = _number(args[-1].value) or (method == "fill_" and isinstance(args[-1].value, cst.Name))
        return name not in reads and given

    def _the_copy(self, statement: cst.Assign, read: cst.Name) -> bool:
        """Is what ``statement`` binds the move of ``read`` itself (``h = h.cuda()``, or one element of ``x,
        h = x.cuda(), h.cuda()``), not something computed from it (``x = stage(x.to(d))``)?"""
        move = self.tree.parent(self.tree.parent(read))
        value = statement.value
        values = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
        return isinstance(move, cst.Call) and any(move is v for v in values)

    def _tested_for_none(self, mention: cst.Name) -> bool:
        """``h is None``, ``h is not None``: whether a branch made the tensor, not a read of its values."""
        comparison = self.tree.parent(mention)
        return (
            isinstance(comparison, cst.Comparison)
            and comparison.left is mention
            and len(comparison.comparisons) == 1
            and isinstance(comparison.comparisons[0].operator, (cst.Is, cst.IsNot))
            and m.matches(comparison.comparisons[0].comparator, m.Name("None"))
        )

    def _reads_its_shape(self, mention: cst.Name) -> bool:
        """``x.size(1)``, ``x.shape``, ``x.dim()``, ``len(x)``: what the tensor's shape says, which the tensor
        made on the device has too; none of its values is read on the host."""
        parent = self.tree.parent(mention)
        if isinstance(parent, cst.Attribute) and parent.value is mention:
            if parent.attr.value == "shape":
                return True
            call = self.tree.parent(parent)
            return parent.attr.value in _SHAPE_METHODS and isinstance(call, cst.Call) and call.func is parent
        call = self.tree.parent(parent) if isinstance(parent, cst.Arg) else None
        return isinstance(call, cst.Call) and m.matches(call.func, m.Name("len")) and len(call.args) == 1

    def _read_after(self, nodes: list[cst.CSTNode], name: str) -> bool:
        """Is ``name`` read among ``nodes`` before it is bound again?"""
        for node in nodes:
            if isinstance(node, cst.Name) and node.value == name:
                return not self._rebinds(node)
        return False

    def _leaves_it(self, orelse: cst.If | cst.Else, name: str) -> bool:
        """The other branch only keeps ``name`` where it is (``x = x``, ``x = x.cpu()``)."""
        for line in self.tree.of_type(orelse, cst.SimpleStatementLine):
            if name not in {n.value for n in self.tree.of_type(line, cst.Name)}:
                continue
            kept = m.Assign(targets=[m.AssignTarget(m.Name(name))], value=m.Name(name) | _CPU_OF(name))
            if not (len(line.body) == 1 and m.matches(line.body[0], kept)):
                return False
        return True

    def _rebinds(self, name: cst.Name) -> bool:
        """Is ``name`` bound here (``name = ...``, ``a, name = ...``, ``for name in ...``)?"""
        node: cst.CSTNode = name
        parent = self.tree.parent(node)
        while isinstance(parent, (cst.Element, cst.Tuple, cst.List)):
            node, parent = parent, self.tree.parent(parent)
        if isinstance(parent, cst.AssignTarget):
            return True
        if isinstance(parent, (cst.AnnAssign, cst.AugAssign)) and parent.target is node:
            return isinstance(parent, cst.AnnAssign)
        if isinstance(parent, (cst.For, cst.CompFor)) and parent.target is node:
            return True
        return isinstance(parent, (cst.AsName, cst.Param, cst.NamedExpr))

    def _assignment_of(self, name: cst.Name) -> cst.Assign | None:
        for above in self.tree.ancestors(name):
            if isinstance(above, cst.Assign):
                return above
            if isinstance(above, cst.BaseStatement):
                return None
        return None
