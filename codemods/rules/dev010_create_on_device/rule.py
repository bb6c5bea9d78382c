"""## What it does
Finds tensors created on the host and then copied to a device, and creates them there instead:
`torch.zeros(n).to(device)` becomes `torch.zeros(n, device=device)`. It knows the shapes legacy
code writes too:

* in one expression: `torch.arange(n).cuda()`, `torch.tensor(data).to(device)`,
  `Variable(torch.zeros(n)).cuda()` (also with a method after the wrapper, `Variable(...).long()`),
  `torch.LongTensor([1, 2]).to(device)` (a legacy constructor is spelled the modern way, `torch.tensor([1, 2],
  dtype=torch.int64, device=device)`), also of data that exists, moved in the same expression:
  `torch.FloatTensor(state.reshape(1, -1)).to(device)` copies the array into a host tensor only to copy that
  to the device (rewritten when the argument is plainly data, to `torch.as_tensor(..., dtype=torch.float32,
  device=device)` for an existing array, which shares its memory on the host where the legacy call did;
  reported when it may be a size; bound to a name and moved later it is a batch's boundary, left alone);
  arithmetic with number literals on a fresh tensor is one too, `(torch.ones(n) * -1).to(device)` becomes
  `torch.ones(n, device=device) * -1` (`+`, `-`, `*`: one correctly rounded step on any device), also
  with what the file shows is a Python number (`args.temp` of an `argparse` option of `type=float`, a
  global bound only to a number, `len(x)`, `x.size(0)`); not with another name, which may hold a host
  tensor, nor `/`;
  a torch function that is such a method given the tensor first is one too, `torch.triu(torch.ones(n, n),
  diagonal=1).to(device)` becomes `torch.triu(torch.ones(n, n, device=device), diagonal=1)` (`tril`,
  `triu`, `t`, `transpose`, `permute`, `reshape`, `unsqueeze`, `squeeze`, `flatten`, `flip`); so is a view
  of the whole tensor, `torch.eye(d)[None, :, :]` (new axes, `...`, bare `:`), made there as viewed;
  `torch.arange(n).type_as(t)`, which moves to `t`'s device and converts to its dtype, becomes
  `torch.arange(n, device=t.device).type_as(t)` (the conversion made on the device gives the same
  values), `torch.zeros(n).type_as(t)` becomes `torch.zeros(n, device=t.device, dtype=t.dtype)`; so
  does `.to(t)` where the creation reads `t.size()` or `t.shape` (`torch.ones(t.size()).to(t)`), which
  shows `t` is a tensor;
* in two statements of the same block, the tensor unused in between (but for Python numbers written into
  parts of it, `x[:, 0] = -1e4`, `y[range(n), labels] = 1`, with an index of ints, names, slices, lists
  or ranges, a CPU index tensor being allowed for a tensor on a GPU; and for in-place fills given numbers,
  `m.fill_diagonal_(0)`, `.fill_()`, `.zero_()`, `.tril_()`, `.triu_()`: the same values on the device;
  other in-place methods given numbers, `w.div_(3)`, are reported; renamed on the way, `y = Variable(x)`,
  when `x` is read nowhere after; for an attribute, `self.h`, lines between that only read or assign other
  attributes of the object, none called, `self.c = torch.zeros(n)`; a legacy constructor of one argument
  the file shows is a size, `label = torch.FloatTensor(opt.batchSize)` with an option of `type=int`, a
  global or `self` attribute assigned only ints, or a name its function shows is a size, becomes
  `torch.empty(...)` made there; one of a local name whose one binding reaching it is a list of such
  numbers written right there, `lens = [len(seq)]`, is data made here as `torch.LongTensor([len(seq)])`
  is (not a comprehension or a list of other values: a batch's data); one filled right after of what
  is not shown to be data,
  `torch.FloatTensor(batch_size).fill_(1.0)`, also on the next line, `_ = t.data.fill_(label)`, is
  reported): `x = torch.zeros(n)` then
  `x = x.to(device)`, or then `if use_cuda: x = x.cuda()`, which becomes
  `x = torch.zeros(n, device="cuda" if use_cuda else "cpu")` (the `if` goes when nothing else is
  left in it). Moved with others, `a, b = a.cuda(), b.cuda()`, the others' moves stay (`b = b.cuda()`);
  statements in between may read the object that holds the switch (`opt.batchSize` before
  `if opt.cuda:`), not change it, by its name or any other that may reach it (`o = opt` before the
  creation, a list or dict holding it, `partial(setattr, opt, ...)`, a bound method, a default). In a
  module's `forward` and the functions it calls the flag can
  only have agreed with where the module runs, so the tensor is made on the input's device,
  `device=x.device`, and the flag goes (not in `init_hidden(batch)`, which may run before the module
  is moved); the input is one the body shows is a tensor, by its use or by handing it to one of the
  module's layers (`self.embed(tokens)`: an embedding, linear, convolution or norm layer takes only a
  tensor on its own device; not a recurrent layer, which also takes a `PackedSequence`). Moved by an
  if-expression, `x = x.cuda() if use_cuda else x`, the same. Moved to the
  script's global device there (`.to(device)`, `device` bound outside the function), it is made on
  the input's device as well, the code DEV003 writes for `device=device` in `forward`: one fix;
* moved where it is read, the name read nowhere after (nor elsewhere in its loop): `h = torch.zeros(n)`
  then `return h.to(device)` or `out.append(h.cuda() if use_cuda else h)` becomes `h` made there and
  `return h` / `out.append(h)`; returned moved under a flag, `if use_cuda: return h.cuda()` with
  `else: return h` or `return h` after the `if`, it is made where the flag says and the `if` goes (with
  other code where the flag is off, that code runs with `h` as made, and the `if` returns `h`); moved in
  one branch's tuple, `return (h.cuda(), c.cuda()) if USE_CUDA else (h, c)` (the other branch holding
  each name at the same place), each is made where the flag says and its move goes
  (`return (h, c) if USE_CUDA else (h, c)`);
* a tuple (or list) of host tensors bound to one name and rebound to each moved, `h = (torch.zeros(n),
  torch.zeros(n))` then `if use_cuda: h = (h[0].cuda(), h[1].cuda())` (or `h = tuple(t.cuda() for t
  in h)`, `h = [t.to(device) for t in h]` for a list): each is made where the move puts it, as a single
  tensor is, and the move goes (not when it is moved under another name, into another kind of sequence,
  or holds a tensor that exists).

A device is a name or attribute that says so (`device`, `self._device`, `args.gpu`, `local_rank`: an
index, which `.to()` and `device=` both read as a GPU, and `.to(None)` leaves a tensor on the CPU as
`device=None` makes it), a string or f-string naming CUDA, or `torch.device(...)`.

A dtype given to `.to(device, dtype)` moves onto the factory when the values cannot change (`zeros`,
`ones`, `empty`, `eye`); `.cuda()` becomes `device="cuda"` as written (DEV007 makes it portable) and
`.cuda(1)` becomes `device="cuda:1"`.

Reported without a fix: a factory with `requires_grad=True` (after `.to()` the result is not a leaf, so its
`.grad` stays empty), a `.to()` that also changes the dtype of values that would round differently, a legacy
constructor whose argument may be data or a size, `.cuda(gpu)` with a device that may be None (`device=None`
is the CPU; where the file shows `gpu` is an int or None, an argparse `type=int` option, a global or
`self.gpu` bound only to such, it is made on `torch.device("cuda", gpu)`, the same GPU), methods after
the factory that may compute differently on the device (`.scatter_()`,
`.expand()`), NumPy's random numbers (`torch.from_numpy(np.random...)`) and other numbers NumPy makes right
there from sizes alone, converted and moved (`torch.from_numpy(np.eye(k).astype(np.float32))`,
`np.repeat(range(n), k)`, a name bound only to such, `a, b = np.meshgrid(g, g)` of `g = np.arange(n)` then
`torch.FloatTensor(a)`; not a buffer like `np.zeros(n)` bound to a name, which may be filled with data, nor
random draws bound to a name or given to a legacy constructor: samples the program uses as its data), a
torch function computed on the host
from a fresh tensor (`torch.sqrt(torch.tensor([d])).to(device)`), a move that also moves other tensors (`a, b
= a.cuda(), b.cuda()`), a tensor handed to a function or a method of the file that moves it
where the call cannot say where (`to_gpu(torch.zeros(n))` with `.cuda(gpu)` inside, a parameter given a
computed value; made there when it can: `device="cuda" if flag else "cpu"`, also when the helper first wraps
it, `x = Variable(x)`, or reads its other parameters, spelled with what the call passes), or to one from
elsewhere whose name says it moves it (`to_var(torch.randn(n))`, `use_cuda(x)`, `cuda(torch.zeros(n),
use_cuda)`) or that is handed a GPU flag with it (`get_variable(x, args.cuda)`), a tensor bound to a name
whose first later mention moves it in a way the fix cannot rewrite (`return [h.cuda(), c.cuda()] if
USE_CUDA else (h,)`, `.type(Tensor)` with `Tensor` a CUDA type; also past lines that mark it in place
with a number where an index says, `y.scatter_(1, labels.view(-1, 1), 1)`, a one-hot), and the result of a
function or method of the file that makes it on the host, then moved (`self.causal_mask(n).to(device)` where
the method returns `torch.tril(torch.ones(n, n))`; moved at once, also one it builds in steps, `g =
torch.tensor(vals)` then `return g / g.sum()`: names bound to such, tensor methods, other such functions of
the file, none written into or handed on, `out[i, labels] = 1`; or bound to a name a later line moves, `z =
Variable(self.sample_latent(n))` then `if use_cuda: z = z.cuda()`, or a tuple of such tensors moved each,
`hidden = self.init_hidden(b)` then `hidden = (hidden[0].cuda(), hidden[1].cuda())`, also a method run on an
instance the file makes, `model = RNNModel()` then `model.init_hidden(b)`: the function should take the
device), and a later move past code that may read the host tensor or change what the move reads without
naming either (a function or generator of the file run or advanced in between, `next(it)` after `it =
watch()`, or any generator its name lets go, stored, returned or closed by `it = None`; a file that
reaches variables through `sys.modules[__name__]`, `__main__`, a kept `globals()` or
a frame's `f_locals`). Moves with `non_blocking=`, `copy=` or `memory_format=` are left alone.

## Why is this bad?
The host allocates and fills the tensor, then a host-to-device copy moves it: two allocations, a
transfer over PCIe and, in a loop, both again on every step. A factory given `device=` fills the
tensor on the device itself and copies nothing. (`torch.tensor(data)` must copy its Python data to
the device either way; there the fix saves the intermediate host tensor and says where the tensor
lives in one call.)

## Example
```python
mask = torch.ones(seq, seq).tril().to(device)
hidden = Variable(torch.zeros(layers, 1, size))
if use_cuda:
    hidden = hidden.cuda()
```

Use instead:
```python
mask = torch.ones(seq, seq, device=device).tril()
hidden = Variable(torch.zeros(layers, 1, size, device="cuda" if use_cuda else "cpu"))
```

## Fix safety
Safe for deterministic factories and legacy constructors: the values, dtype and shape are the same,
only where the tensor is made changes; with `if use_cuda:` the condition is read when the tensor is
made instead of just after (nothing in between may rebind what it reads). Unsafe for random
factories (`rand`, `randn`, `randint`, `randperm`, `normal`) and for a factory filled with random numbers
after it (`torch.empty(n).normal_()`, `.uniform_()`, also on a line between, `w.uniform_(-s, s)`): on a
GPU they draw from the device's random generator instead of the CPU's, so the numbers change (with the
same seed too); applied only with `--unsafe-fixes`.
"""

from __future__ import annotations

import re
from dataclasses import replace

import libcst as cst

from codemods.analysis.cli_options import CliOptions
from codemods.analysis.device_sites import DEVICE_NAME, bound_in
from codemods.analysis.forward_reach import (
    Reached,
    attribute,
    fed_to_a_layer,
    reached_functions,
    shown_tensor_parameter,
)
from codemods.analysis.legacy_constructors import NO_ARGUMENT_KINDS, ArgumentKinds, argument_kinds
from codemods.analysis.nn_modules import inferred_module_classes, module_classes
from codemods.core.base import FixSafety, Replacement, Rule
from codemods.core.local_functions import LocalFunctions
from codemods.core.names import dotted_name
from codemods.core.syntax import code_of, func_attribute, positional
from codemods.core.torch_names import sets_default_device
from codemods.rules.dev010_create_on_device._helper_moves import helper_device
from codemods.rules.dev010_create_on_device._host_creations import (
    Creation,
    computed_from_a_creation,
    converts_data,
    host_creation,
    made_there,
    may_create,
    returned_host_sequence,
    returns_host_tensors,
    variable_argument,
    with_dtype,
)
from codemods.rules.dev010_create_on_device._instance_methods import instance_method
from codemods.rules.dev010_create_on_device._later_moves import (
    Elements,
    LaterMove,
    creation_pairs,
    drop_move,
    later_move,
    moves_first_parameter,
    unchanged_between,
)
from codemods.rules.dev010_create_on_device._move_targets import MoveTarget, int_or_none, move_target
from codemods.rules.dev010_create_on_device._reaches_a_move import MoveReach
from codemods.rules.dev010_create_on_device._sized_legacy import filled_fresh, made_of_a_size, size_argument

_GPU_TEST = re.compile(r"cuda|gpu|is_available", re.IGNORECASE)
_CPU = cst.SimpleString('"cpu"')
_FIX = "; create it there with `device=`"
_HELPER = "the function decides where it goes"
_UNFOLLOWED = "not rewritten: the code between the creation and the move is not one the fix can follow"


def _made_by_a_function(call: cst.Call) -> str:
    return (
        f"created on the host by `{dotted_name(call.func)}(...)`, then copied to the device; give the"
        " function the device and create it there with `device=` (not rewritten: the function is not"
        " changed for one of its callers)"
    )


class CreateOnDevice(Rule):
    code = "DEV010"
    name = "create-on-device"
    summary = "tensor created on the host, then copied to the device; create it there with device="
    fix_safety = FixSafety.SAFE
    # `cuda(`, `gpu(`, `device(`, `to_var(`, `variable(`: helpers from elsewhere named for moving
    # (`cuda(x, use_cuda)`); `cuda,` `cuda)` `cuda=` and the same of `gpu`: a flag handed to one with the
    # tensor (`get_variable(x, args.cuda)`)
    triggers = (
        ".to(",
        "cuda(",
        ".type_as(",
        ".type(",
        "gpu(",
        "device(",
        "to_var(",
        "variable(",
        "cuda,",
        "cuda)",
        "cuda=",
        "gpu,",
        "gpu)",
        "gpu=",
    )
    # a creation given `device=device` inside `forward` is DEV003's, one given `device="cuda"` DEV007's
    feeds = ("DEV003", "DEV007")

    def check(self) -> None:
        if sets_default_device(self.tree, self.aliases):
            return  # factories make device tensors here already
        functions = self._functions = LocalFunctions(self.tree)
        self._reached: dict[int, cst.BaseExpression] | None = None
        self._inputs: dict[int, Reached] | None = None
        self._concluded: set[int] = set()  # the factories of the creations found by the shapes below
        for call in self.sites(cst.Call):
            target = move_target(call, self.aliases)
            if target is not None:
                self._moved_at_once(target, functions)
            elif (helper := functions.callee(call)) and moves_first_parameter(
                self.tree, helper, self.aliases
            ):
                creation = (
                    host_creation(call.args[0].value, self.aliases, tree=self.tree) if call.args else None
                )
                if creation is not None:  # `to_gpu(torch.zeros(n))`
                    self._handed_to_a_mover(call, helper, creation)
        for line in self.sites(cst.SimpleStatementLine):
            for small in line.body:
                for spelled, value in creation_pairs(small):
                    # Not a conversion of data that exists (`points = torch.Tensor(points)`, moved some
                    # lines later with the rest of a batch): the batch's boundary, DEV001's business.
                    creation = host_creation(value, self.aliases, tree=self.tree) or self._legacy_of_a_size(
                        value
                    )
                    later = (
                        later_move(self.tree, line, spelled, self.aliases, functions) if creation else None
                    )
                    # A move where the name is read (`return h.to(d)`) is rewritten where it saves a copy.
                    if creation and later and not (later.inline is not None and creation.carries_values):
                        self._moved_later(creation, later)
                    if creation is None and isinstance(value, (cst.Tuple, cst.List)):
                        self._elements_moved_later(line, spelled, value, functions)
                    elif creation is None:
                        self._result_moved_later(line, spelled, value, functions)
        self._moved_otherwise(MoveReach(self.tree, self.aliases, functions))

    def _handed_to_a_mover(self, call: cst.Call, helper: cst.FunctionDef, creation: Creation) -> None:
        """``to_gpu(torch.zeros(n))``: made where the helper would move it, when the call can say where
        (the helper's move then copies nothing, and the call stays)."""
        by = f"{dotted_name(call.func)}(...)"
        first = positional(call)
        device = (
            helper_device(self.tree, helper, call, self.aliases)
            if first and first[0] is call.args[0]
            else None
        )
        if device is None or converts_data(creation):  # (data that exists: the batch's boundary)
            self._conclude(creation.value, by, creation, None, _HELPER)
            return
        made, reason = self._made_there(creation, device)
        self._conclude(
            creation.value, by, creation, {creation.value: made} if made is not None else None, reason
        )

    def _moved_later_by_a_helper(self, creation: Creation, later: LaterMove, call: cst.Call) -> None:
        """``h = torch.zeros(n)`` ... ``return to_gpu(h)``: made where the helper moves it, as when it is
        handed the creation itself, when nothing in between changes what that place reads and ``h`` is
        not read again on the host."""
        helper = self._functions.callee(call)
        first = positional(call)
        device = None
        if helper is not None and first and first[0] is call.args[0] and not converts_data(creation):
            device = helper_device(self.tree, helper, call, self.aliases)
        reason = later.route_obstacle
        if (
            device is None
            or later.read_after
            or not unchanged_between(self.tree, later, device, self.aliases)
        ):
            reason = _HELPER
        made, why = self._made_there(creation, device) if not reason else (None, None)
        reason = reason or why
        self._conclude(
            creation.value, later.by, creation, {creation.value: made} if made is not None else None, reason
        )

    def _moved_otherwise(self, reach: MoveReach) -> None:
        """A host creation that reaches a device by another way than the shapes above
        (``to_var(torch.randn(n))``, ``.type(Tensor)`` of a CUDA type): reported."""
        for call in self.sites(cst.Call):
            if id(call) in self._concluded or not may_create(call, self.aliases):
                continue
            creation = host_creation(call, self.aliases, tree=self.tree)
            if creation is not None and (creation.factory is not call or converts_data(creation)):
                continue  # (data that exists, processed and then moved: the batch's boundary)
            creation = creation or self._legacy_of_a_size(call)  # `torch.FloatTensor(b).fill_(1)`
            if creation is None:
                continue
            found = reach.move_of(call)
            if found is not None:
                why = f"not rewritten: {_HELPER}" if found.by.endswith("(...)`") else _UNFOLLOWED
                self.report(
                    call, f"created on the host, then copied to the device by {found.by}{_FIX} ({why})"
                )

    def _result_moved_later(
        self,
        line: cst.SimpleStatementLine,
        spelled: str,
        value: cst.BaseExpression,
        functions: LocalFunctions,
    ) -> None:
        """``h = self.init_hidden(b)`` ... ``if use_cuda: h = h.cuda()``, where the function returns a tensor
        it makes on the host: reported as when it is moved at once (``self.init_hidden(b).cuda()``)."""
        call = variable_argument(value, self.aliases) or value  # `Variable(self.init_hidden(b))`
        if not isinstance(call, cst.Call):
            return
        helper = functions.callee(call) or instance_method(self.tree, call)  # `model.init_hidden(b)`
        if helper is None:
            return
        elements = None
        if not returns_host_tensors(self.tree, helper, self.aliases):
            # `hidden = self.init_hidden(b)` returning `(torch.zeros(n), torch.zeros(n))`, then
            # `hidden = (hidden[0].cuda(), hidden[1].cuda())`
            shape = returned_host_sequence(self.tree, helper, self.aliases)
            if shape is None:
                return
            elements = Elements(*shape)
        later = later_move(self.tree, line, spelled, self.aliases, functions, elements)
        if later is None or later.target is None:
            return  # (handed to a helper that moves it: the helper's business)
        self.report(call, _made_by_a_function(call))

    def _moved_at_once(self, target: MoveTarget, functions: LocalFunctions) -> None:
        """``torch.zeros(n).to(device)``, ``Variable(torch.ones(n)).cuda()``."""
        receiver = func_attribute(target.call).value
        creation = host_creation(receiver, self.aliases, converts=True, tree=self.tree)
        if creation is None and isinstance(receiver, cst.Call):
            helper = functions.callee(receiver) or instance_method(self.tree, receiver)
            if helper is not None and returns_host_tensors(self.tree, helper, self.aliases, functions):
                self.report(target.call, _made_by_a_function(receiver))
                return
        if creation is None:
            computed = computed_from_a_creation(receiver, self.aliases)  # `torch.sqrt(torch.tensor([d]))`
            if computed is not None:
                self.report(
                    target.call,
                    f"computed on the host by `{computed}` from a tensor made there, then copied"
                    " to the device; make the tensor with `device=` and compute there (not rewritten:"
                    " the device may round it differently)",
                )
            return
        device = (
            self._input_device(creation.value, target.device) or target.device or self._index_device(target)
        )
        made, reason = self._made_there(creation, device)
        if made is not None and target.dtype is not None:
            typed, reason = with_dtype(creation, made, target.dtype)
            if typed is None and target.like is not None:
                # `torch.arange(n, device=t.device).type_as(t)`: converted where it is made, the same values
                self._conclude(target.call, None, creation, {creation.value: made}, None)
                return
            made = typed
        if isinstance(made, cst.BinaryOperation) and isinstance(
            self.tree.parent(target.call), (cst.Assign, cst.Return)
        ):
            made = made.with_changes(lpar=[], rpar=[])  # `(torch.ones(n) * -1).to(d)`: the whole value
        self._conclude(target.call, None, creation, {target.call: made} if made is not None else None, reason)

    def _elements_moved_later(
        self,
        line: cst.SimpleStatementLine,
        spelled: str,
        value: cst.Tuple | cst.List,
        functions: LocalFunctions,
    ) -> None:
        """``h = (torch.zeros(n), torch.zeros(n))`` ... ``if use_cuda: h = (h[0].cuda(), h[1].cuda())``:
        each made where the move would put it, as a single tensor is, and the move goes."""
        creations = []
        for element in value.elements:
            creation = host_creation(element.value, self.aliases, tree=self.tree)
            if not isinstance(element, cst.Element) or creation is None or converts_data(creation):
                return  # (a tensor that exists among them: its move stays)
            creations.append(creation)
        if len(creations) < 2:
            return
        elements = Elements(type(value), len(creations))
        later = later_move(self.tree, line, spelled, self.aliases, functions, elements)
        if later is not None:
            self._moved_later(creations[0], later, (value, creations))

    def _moved_later(
        self,
        creation: Creation,
        later: LaterMove,
        together: tuple[cst.BaseExpression, list[Creation]] | None = None,
    ) -> None:
        """``x = torch.zeros(n)`` ... ``x = x.cuda()`` / ``if use_cuda: x = x.cuda()``."""
        if later.fills_randomly:  # `w.uniform_(-s, s)` in between
            creation = replace(creation, fills_randomly=True)
        if later.helper_call is not None:
            self._moved_later_by_a_helper(creation, later, later.helper_call)
            return
        device = later.target.device if later.target is not None else None
        device = device or self._index_device(later.target)
        needed = device  # what the move reads: it must mean the same at the creation
        condition = later.condition
        if condition is None and device is not None:
            device = self._input_device(creation.value, device) or device
        if condition is not None and device is not None:
            # In code that runs on a module's device, the flag can only have agreed with that device
            # (else the tensor meets the input on another one): name it and the flag goes.
            test, unless = condition
            device = needed = self._module_device(creation.value) or cst.IfExp(
                test=test, body=_CPU if unless else device, orelse=device if unless else _CPU
            )
        # `h = (torch.zeros(n), torch.zeros(n))`: each element is made there, one finding for them all
        node, creations = together if together is not None else (creation.value, [creation])
        made_each: dict[cst.CSTNode, Replacement] = {}
        reason = None
        for index, each in enumerate(creations):
            place = device.deep_clone() if index and device is not None else device  # (a node apiece)
            made, why = self._made_there(each, place)
            reason = reason or why
            if made is not None:
                made_each[each.value] = made
        reason = later.obstacle or reason
        drop = None
        if len(made_each) == len(creations) and reason is None and needed is not None:  # (made with a device)
            drop = drop_move(self.tree, later, needed, self.aliases)
        if drop is None and reason is None:
            reason = "a comment would go with the move, or the code in between changes what the move reads"
        edits = drop
        if drop and len(made_each) == len(creations):  # (dropped only when made)
            edits = {**made_each, **drop}
        for each in creations[1:]:
            self._concluded.add(id(each.factory))
        if len(creations) > 1:
            creation = replace(
                creation,
                value=node,
                requires_grad=any(c.requires_grad for c in creations),
                fills_randomly=any(c.is_random for c in creations),
            )
        self._conclude(node, later.by, creation, edits, reason)

    def _input_device(
        self, node: cst.CSTNode, device: cst.BaseExpression | None
    ) -> cst.BaseExpression | None:
        """``x.device`` where ``node`` runs in code a module's ``forward`` reaches and ``device`` names the
        script's global device (``.to(device)``, ``device`` bound outside the function); None elsewhere.

        The tensor is made where the input is, as DEV003 respells ``device=device`` in ``forward``: written
        here at once, one fix gives the final code (else DEV003 rewrote this fix's code in a later pass)."""
        if not (isinstance(device, cst.Name) and DEVICE_NAME.search(device.value)):
            return None
        function = next((a for a in self.tree.ancestors(node) if isinstance(a, cst.FunctionDef)), None)
        if function is None or device.value in bound_in(self.tree, function):
            return None
        tests = (code_of(a.test) for a in self.tree.ancestors(node) if isinstance(a, cst.If))
        if any(_GPU_TEST.search(test) for test in tests):
            return None  # `if use_cuda:` chooses the place itself (DEV003 leaves such code alone too)
        if self._inputs is None:
            self._inputs = {}
            classes = module_classes(self.tree, self.aliases) | inferred_module_classes(
                self.tree, self.aliases
            )
            for cls in self.tree.of_type(self.context.module, cst.ClassDef):
                if cls.name.value in classes:
                    for each in reached_functions(self.tree, self.aliases, cls):
                        self._inputs.setdefault(id(each.function), each)
        found = self._inputs.get(id(function))
        if found is None or found.tensor is None or found.device is None:
            return None
        return found.device

    def _index_device(self, target: MoveTarget | None) -> cst.BaseExpression | None:
        """``torch.device("cuda", i)`` for ``.cuda(i)`` where the file shows ``i`` is an int or None
        (``.cuda(None)`` is the current GPU, as ``torch.device("cuda", None)`` is; ``device=None`` would be
        the CPU); None when it does not."""
        if target is None or target.device is not None or target.index is None:
            return None
        spelled = self.aliases.local_name_for("torch.device")
        if spelled is None or not int_or_none(self.tree, target.index, CliOptions.of(self.tree)):
            return None
        return cst.Call(
            func=cst.parse_expression(spelled),
            args=[cst.Arg(cst.SimpleString('"cuda"')), cst.Arg(target.index.deep_clone())],
        )

    def _kinds(self, creation: Creation) -> ArgumentKinds:
        """For a legacy constructor, the names that hold a size and those that hold data where it runs
        (as DEV009 reads them: one behaviour)."""
        if not creation.is_legacy:
            return NO_ARGUMENT_KINDS
        return argument_kinds(self.tree, creation.factory, self.aliases)

    def _made_there(
        self, creation: Creation, device: cst.BaseExpression | None
    ) -> tuple[cst.BaseExpression | None, str | None]:
        """``creation`` made on ``device``, or why it cannot be; a legacy constructor of an argument the
        file shows is a size elsewhere (``opt.batchSize``, an option of ``type=int``) as ``torch.empty``."""
        kinds = self._kinds(creation)
        made, reason = made_there(creation, device, self.aliases, kinds, self.tree)
        if made is None and device is not None and creation.inexact is None:
            size = size_argument(self.tree, creation, kinds)
            sized = made_of_a_size(creation, size, device, self.aliases) if size is not None else None
            if sized is not None:
                return sized, None
        return made, reason

    def _legacy_of_a_size(self, value: cst.BaseExpression) -> Creation | None:
        """``torch.FloatTensor(opt.batchSize)``: a legacy constructor the file shows is given a size, or one
        filled right after (``.fill_(1.0)``) of what is not shown to be data: a fresh tensor where it is
        bound (one of data bound and moved later is the batch's boundary)."""
        if not isinstance(value, cst.Call):
            return None
        creation = host_creation(value, self.aliases, converts=True, tree=self.tree)
        if creation is None:
            return None
        kinds = self._kinds(creation)
        if size_argument(self.tree, creation, kinds) is None and not filled_fresh(
            self.tree, creation, kinds, self.aliases
        ):
            return None
        return creation

    def _module_device(self, node: cst.CSTNode) -> cst.BaseExpression | None:
        """The device of the input of the module whose ``forward`` (or a function it calls) runs
        ``node``: ``x.device``; None elsewhere."""
        if self._reached is None:
            classes = module_classes(self.tree, self.aliases)
            self._reached = {}
            for cls in self.tree.of_type(self.context.module, cst.ClassDef):
                if cls.name.value not in classes or self._names_a_gpu(cls):
                    continue
                for reached in reached_functions(self.tree, self.aliases, cls):
                    # Not the module's own device (`init_hidden(batch)`): the state may be built
                    # before the module is moved, where the flag already named the GPU.
                    if reached.tensor is None or reached.assumes is not None:
                        continue
                    device = self._shown_input(reached, cls)
                    if device is not None:
                        self._reached[id(reached.function)] = device
        function = next((a for a in self.tree.ancestors(node) if isinstance(a, cst.FunctionDef)), None)
        return self._reached.get(id(function)) if function is not None else None

    def _shown_input(self, reached: Reached, cls: cst.ClassDef) -> cst.BaseExpression | None:
        """``x.device`` of the parameter the function reads its device from, or of another one, when
        the body shows it is a tensor (``forward(self, rate, h)`` may be handed a number first): used
        as only a tensor can be, or handed to one of the module's layers (``self.embed(x)``)."""
        params = [p.name.value for p in reached.function.params.params if p.name.value != "self"]
        names = [reached.tensor, *(p for p in params if p != reached.tensor)]
        fed = fed_to_a_layer(self.tree, self.aliases, cls, reached.function)
        for name in names:
            if name and (
                name in fed or shown_tensor_parameter(self.tree, self.aliases, reached.function, name)
            ):
                return attribute(name, "device")
        return None

    def _names_a_gpu(self, cls: cst.ClassDef) -> bool:
        """``.cuda(i)``, ``"cuda:1"``: a module that places its parts on given GPUs may run them apart
        from its input, so where its input is says nothing about where a tensor should be."""
        for call in self.tree.of_type(cls, cst.Call):
            if isinstance(call.func, cst.Attribute) and call.func.attr.value == "cuda" and call.args:
                return True
        texts = self.tree.of_type(cls, (cst.SimpleString, cst.FormattedStringText))
        return any("cuda:" in text.value for text in texts)

    def _conclude(
        self,
        node: cst.CSTNode,
        by: str | None,
        creation: Creation,
        edits: dict[cst.CSTNode, Replacement] | None,
        reason: str | None,
    ) -> None:
        self._concluded.add(id(creation.factory))
        # The move is not named: another rule may respell it (`.cuda()` -> `.to(device)`) before this fix.
        message = "created on the host, then copied to the device" + (f" by `{by}`" if by else "")
        if creation.requires_grad:
            self.report(
                node,
                message + "; `requires_grad=True` before the move makes the result a non-leaf whose"
                " `.grad` stays empty: create it with `device=` and `requires_grad=True` instead",
            )
        elif reason is not None or not edits:
            self.report(node, message + _FIX + f" (not rewritten: {reason})")
        elif creation.is_random:
            self.report(
                node,
                message + _FIX + " (unsafe: the device's random generator draws different numbers)",
                edits=edits,
                safety=FixSafety.UNSAFE,
            )
        else:
            self.report(node, message + _FIX, edits=edits)
