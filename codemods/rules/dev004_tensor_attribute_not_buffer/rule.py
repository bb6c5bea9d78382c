"""## What it does
Finds plain tensor attributes that an `nn.Module` sets up in `__init__` (or in a method `__init__`
calls) and reads in its other methods (`self.mask = torch.ones(n)`, `self.w = torch.Tensor([0.5])`, a
tensor a method of the class or a top-level function of the file returns: `self.mask =
causal_mask(n)`), and registers them as buffers: `self.register_buffer("mask", torch.ones(n),
persistent=False)`.

The buffer is registered where the attribute is first set on each path: in every branch of an
`if`/`else`, and at a first `self.mask = None` (registered as `None`); later assignments, in
`__init__` or in `forward`, update the buffer. When the file moves the module as a whole
(`Net().to(device)`), a `.to(device)`/`.cuda()` inside the attribute's value is dropped.

An attribute the class moves itself in a `to()`, `cuda()` or `_apply()` override
(`self.scale = self.scale.to(device)`) is moved whenever that override runs, and is left alone: an
`_apply()` override runs at every move; a `to()`/`cuda()` override only when an instance of the class
is moved by that very method, so the attribute is still reported (and registered) when the file
builds the class as a part of another module (whose move reaches it through `_apply`), or moves it
by a method it does not override. The rule never removes a user's method: assigning a tensor to a
buffer's name updates the buffer, so such an override keeps working.

An LSTM's recurrent state kept as an attribute (`self.hidden = self.init_hidden()`, a tuple `(h, c)`)
cannot be a buffer. It is moved where an LSTM of the class reads it, to the device `forward`'s input
is on: `self.lstm(x, self.hidden)` becomes `self.lstm(x, tuple(h.to(x.device) for h in self.hidden))`
(`x.device` as DEV003 names it in that function, where the code shows `x` is a tensor there; else the
LSTM's own `next(self.lstm.parameters()).device`). Only when the file shows the attribute always holds
such a state: every assignment of it in the class is a tuple of tensors (a literal, or a method that
returns one), what an `nn.LSTMCell` of the class returns, or the state half of an `nn.LSTM`'s output
(`out, self.hidden = self.lstm(x, self.hidden)`); code outside the class sets it only from such a method
(`model.hidden = model.init_hidden()`); and the class reads it only as an LSTM's state argument. Set
to None, read any other way (`h, c = self.hidden`), or fed to a GRU, it is reported with the reason,
not fixed; moved so at every read already, it is left alone.

## Why is this bad?
`module.to(device)`, `.cuda()`, `.half()` and DistributedDataParallel move parameters and buffers,
not plain attributes. The attribute stays on the CPU and the first forward pass on the GPU fails with
`Expected all tensors to be on the same device`. `persistent=False` keeps `state_dict()` as it was,
so existing checkpoints still load with `strict=True`.

Left alone: `nn.Parameter`s, registered buffers, attributes set before `super().__init__()`,
trained tensors (`requires_grad`, or given to an optimizer: parameters, not buffers), attributes no
other method reads, and attributes also set to a non-tensor. Also set to a value that may not be a
tensor, the attribute is reported, not fixed; so is one whose name the instance has already (a class
attribute of the class or of a class of the file it derives from, or an attribute a base class sets:
`register_buffer` would raise `KeyError`), one a subclass of the file sets, one the file sets on an
object to a value that may not be a tensor (`net.mask = 0.5`: a buffer raises `TypeError`), and one the
class keeps on the host on purpose: it reads it as a host tensor (`self.probs.numpy()`, handed to NumPy,
combined with a tensor it moves to the host, `self.counts += torch.bincount(pred.cpu())`; also through a
local name, `header = self.header` then `header.numpy()`, or a method returning it), which a buffer
moved to a GPU with the module would break.

## Example
```python
class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=512):
        super().__init__()
        self.pe = torch.zeros(max_len, d_model)
```

Use instead:
```python
class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=512):
        super().__init__()
        self.register_buffer("pe", torch.zeros(max_len, d_model), persistent=False)
```

## Fix safety
Safe: with `persistent=False` the state dict, the values and attribute access are unchanged; only
`.to()` and friends now move the tensor. Unsafe where the file casts a module to a dtype
(`model.half()`, `Net().to(torch.bfloat16)`, `model.to(dtype)`, `model.float()` of a value that may
not be float32, `model.type(...)`, which casts integer tensors too): the cast now reaches the buffer,
where the plain attribute kept its dtype. A cast that may reach a module by a way the file does not
name is taken for one of every module: through a container or a loop over one (`for m in [net]`,
`for c in model.children()`, `nets["a"].half()`), a part picked by a method (`get_submodule`,
`nets.get`, `next(iter(model))`), a function or class handed one (by keyword too, `Trainer(net)` keeping
it as `self.model`), the module's own `self` or `super()` in its methods, `nn.Module`'s own method
(`nn.Module.double(net)`, `type(net).double(net)`, or an alias of it), `getattr(net, name)()`,
`operator.methodcaller("half")`, `net._apply(fn)`, `.to()` given what may be a tensor or a dtype rather
than a device (`net.to(ref)`, `net.to(dtypes["fp64"])`, `net.to(**cfg)`), and a cast of what may hold a
module though the file does not show it does (`copy.deepcopy(net).double()`, `(a if c else b).half()`).
Unsafe for a class whose base is defined in another file (`class BetaVAE(BaseVAE)`), taken for an
`nn.Module` because it defines `forward` and builds layers.

Safe for an LSTM's state: `Tensor.to` to the device a tensor is already on returns that tensor, so on
the CPU, and on a GPU from the second call on (when the attribute holds the state the LSTM returned),
the LSTM gets the very tensors it got before, autograd history included; only a state left on
another device is copied, where the call used to fail. The attribute itself is not changed. As with
a buffer, this trusts that code in other files does not set the attribute to something else (`None`
would now fail at the read).
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.nn_modules import inferred_module_classes, methods, module_classes
from codemods.analysis.tensor_attributes import Candidate, ModuleAttributes, registered_buffers
from codemods.core.base import FixSafety, Replacement, Rule
from codemods.core.syntax import with_kwarg
from codemods.rules.dev004_tensor_attribute_not_buffer._buffer_clashes import (
    buffer_walk,
    dtype_cast,
    name_clash,
    refused_assignment,
)
from codemods.rules.dev004_tensor_attribute_not_buffer._host_reads import host_read
from codemods.rules.dev004_tensor_attribute_not_buffer._move_overrides import nested_classes, override_moves
from codemods.rules.dev004_tensor_attribute_not_buffer._recurrent_state import state_moves
from codemods.rules.dev004_tensor_attribute_not_buffer._whole_module_moves import (
    classes_moved_whole,
    without_moves,
)


class TensorAttributeNotBuffer(Rule):
    code = "DEV004"
    name = "tensor-attribute-not-buffer"
    summary = "plain tensor attribute in an nn.Module does not move with .to(); register a buffer"
    fix_safety = FixSafety.SAFE
    triggers = ("__init__",)

    def check(self) -> None:
        local_modules = module_classes(self.tree, self.aliases)
        inferred = inferred_module_classes(self.tree, self.aliases)
        if not local_modules and not inferred:
            return
        self._modules = local_modules | inferred
        self._moved_classes: dict[str, set[str]] | None = None
        nested = nested_classes(self.tree, local_modules | inferred)
        for cls in self.tree.of_type(self.context.module, cst.ClassDef):
            name = cls.name.value
            if name in local_modules | inferred:
                self._check_class(cls, name in nested, name in inferred, local_modules)

    def _moved_by(self, name: str) -> set[str] | None:
        """The methods that move an instance of the class ``name`` as a whole (None: not moved), from a
        walk of every function of the file, made once and only for a class with something to fix."""
        if self._moved_classes is None:
            self._moved_classes = classes_moved_whole(self.tree, self.aliases, self._modules)
        return self._moved_classes.get(name)

    @staticmethod
    def _overridden(
        cls: cst.ClassDef, overrides: dict[str, set[str]], moved_by: set[str] | None, nested: bool
    ) -> dict[str, str | None]:
        """Attributes the class's own move overrides move: None where the override runs at every move
        this file shows (no finding), else why it does not (said in the finding)."""
        found: dict[str, str | None] = {}
        for attribute in set().union(*overrides.values()):
            covering = {method for method, moved in overrides.items() if attribute in moved}
            if "_apply" in covering:
                found[attribute] = None
            elif nested:
                found[attribute] = (
                    f"; its `{'()`/`'.join(sorted(covering))}()` override moves it only when a"
                    f" `{cls.name.value}` itself is moved, not as a part of another module (moved through"
                    " `_apply`): kept"
                )
            elif moved_by and not moved_by <= covering:
                missed = ", ".join(f"`.{method}()`" for method in sorted(moved_by - covering))
                found[attribute] = (
                    f"; this file moves the module with {missed}, which no override of it covers"
                )
            else:
                found[attribute] = None
        return found

    def _check_class(self, cls: cst.ClassDef, nested: bool, inferred: bool, local_modules: set[str]) -> None:
        attributes = ModuleAttributes(self.tree, self.aliases, cls, local_modules)
        fixes: dict[str, dict[cst.CSTNode, Replacement]] = {}
        notes: dict[str, str] = {}
        casts: dict[str, str] = {}  # the attributes a module's dtype cast would now cast too
        walks: dict[str, str] = {}  # the attributes code listing buffers would now list
        overrides = override_moves(methods(cls), self.tree)
        # (the moves are looked up only where an override or a candidate needs them: most classes have none)
        overridden = (
            self._overridden(cls, overrides, self._moved_by(cls.name.value), nested)
            if any(overrides.values())
            else {}
        )
        candidates = [
            c
            for c in attributes.buffer_candidates(registered_buffers(self.tree, cls))
            if overridden.get(c.name, "") is not None
        ]
        moved_whole = bool(candidates) and self._moved_by(cls.name.value) is not None
        inferred_note = f"; `{cls.name.value}` is taken for an nn.Module (its base is defined elsewhere)"
        for candidate in candidates:
            name, doubtful = candidate.name, candidate.doubtful
            if candidate.grouped:
                self._state_tuple(cls, attributes, candidate)
                continue
            clash = name_clash(self.tree, cls, name)
            refused = refused_assignment(self.tree, cls, name, lambda value: attributes.kind(value, {}))
            on_host = host_read(self.tree, self.aliases, cls, name)
            if doubtful is not None or candidate.unrewritable or clash or refused or on_host:
                why = (
                    f"it is also set in `{doubtful.method.name.value}` to a value that may not be a tensor,"
                    " which a buffer would refuse"
                    if doubtful
                    else candidate.unrewritable
                    or clash
                    or (
                        f"the file also sets it to a value that may not be a tensor (`{refused}`), which a"
                        " buffer would refuse"
                        if refused
                        else f"the class reads it as a host tensor (`{on_host}`), which a buffer moved to a"
                        " GPU with the module would break"
                    )
                )
                self.report(candidate.firsts[0], f"{_message(name)}; {why}: not fixed")
                continue
            fixes[name] = {assign: self._register(name, assign, moved_whole) for assign in candidate.firsts}
            notes[name] = _STARTS_NONE if candidate.starts_none else ""
            cast = next(
                (
                    found
                    for first in candidate.firsts
                    if first.value is not None
                    and (found := dtype_cast(self.tree, self.aliases, first.value, self._modules)) is not None
                ),
                None,
            )
            if cast is not None:
                casts[name] = cast
            elif (walk := buffer_walk(self.tree, self.aliases)) is not None:
                walks[name] = walk
        for candidate in candidates:
            if candidate.name in notes:
                self.report(
                    candidate.firsts[0],
                    _message(candidate.name)
                    + notes[candidate.name]
                    + (overridden.get(candidate.name) or "")
                    + (inferred_note if inferred else "")
                    + (_cast_note(casts[candidate.name]) if candidate.name in casts else "")
                    + (_walk_note(walks[candidate.name]) if candidate.name in walks else ""),
                    edits=fixes.get(candidate.name),
                    safety=FixSafety.UNSAFE
                    if inferred or candidate.name in casts or candidate.name in walks
                    else None,
                )

    def _state_tuple(self, cls: cst.ClassDef, attributes: ModuleAttributes, candidate: Candidate) -> None:
        """An attribute holding a tuple of tensors: moved where an LSTM reads it, when it is an LSTM's
        state."""
        moves = state_moves(self.tree, self.aliases, cls, attributes, candidate.name)
        grouped = (
            f"`self.{candidate.name}` holds a tuple of tensors that `.to(device)` will not move, and a buffer"
            " holds one tensor"
        )
        if moves.reason is None and not moves.edits:
            return  # moved where the LSTM reads it already
        if moves.reason is None:
            self.report(
                candidate.firsts[0],
                f"{grouped}: move it to the LSTM's device where the LSTM reads it",
                edits=moves.edits,
            )
        else:
            self.report(
                candidate.firsts[0],
                f"{grouped}: register each, or create them in forward; not fixed: {moves.reason}",
            )

    def _register(self, name: str, assign: cst.Assign | cst.AnnAssign, moved_whole: bool) -> cst.Expr:
        value = assign.value
        assert value is not None
        if moved_whole:
            value = without_moves(value, self.aliases)
        register = cst.Attribute(value=cst.Name("self"), attr=cst.Name("register_buffer"))
        call = cst.Call(func=register, args=[cst.Arg(cst.SimpleString(f'"{name}"')), cst.Arg(value)])
        return cst.Expr(with_kwarg(call, "persistent", cst.Name("False")))


def _walk_note(walk: str) -> str:
    return f"; unsafe: the file reads a module's buffers or attributes (`{walk}`), where a buffer shows"


def _cast_note(cast: str) -> str:
    return (
        f"; unsafe: the file casts a module (`{cast}`), which casts a buffer too where the plain"
        " attribute kept its dtype"
    )


_STARTS_NONE = "; it starts as None: None is registered, and the tensor set later updates the buffer"


def _message(name: str) -> str:
    return (
        f"`self.{name}` is a plain tensor attribute: `.to(device)` will not move it; register it as a buffer"
    )
