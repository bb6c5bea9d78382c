"""## What it does
Finds plain tensor attributes that an `nn.Module` sets up in `__init__` (or in a method `__init__`
calls) and reads in its other methods (`self.mask = torch.ones(n)`, `self.w = torch.Tensor([0.5])`),
and registers them as buffers: `self.register_buffer("mask", torch.ones(n), persistent=False)`.

The buffer is registered where the attribute is first set on each path: in every branch of an
`if`/`else`, and at a first `self.mask = None` (registered as `None`); later assignments, in
`__init__` or in `forward`, update the buffer. When the file moves the module as a whole
(`Net().to(device)`), a `.to(device)`/`.cuda()` inside the attribute's value is dropped, and so is a
hand-written `to()`/`cuda()`/`cpu()` override whose only job was moving such attributes; one that
does anything else is kept and reported.

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
tensor, the attribute is reported, not fixed.

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
`.to()` and friends now move the tensor. Unsafe for a class whose base is defined in another file
(`class BetaVAE(BaseVAE)`), taken for an `nn.Module` because it defines `forward` and builds layers.

Safe for an LSTM's state: `Tensor.to` to the device a tensor is already on returns that tensor, so on
the CPU, and on a GPU from the second call on (when the attribute holds the state the LSTM returned),
the LSTM gets the very tensors it got before, autograd history included; only a state left on
another device is copied, where the call used to fail. The attribute itself is not changed. As with
a buffer, this trusts that code in other files does not set the attribute to something else (`None`
would now fail at the read).
"""

from __future__ import annotations

import libcst as cst

from codemods.base import FixSafety, Invalid, Replacement, Rule, Valid
from codemods.move_overrides import move_overrides, moved_attributes
from codemods.nn_modules import inferred_module_classes, methods, module_classes
from codemods.syntax import with_kwarg
from codemods.recurrent_state import state_moves
from codemods.tensor_attributes import Candidate, ModuleAttributes, registered_buffers
from codemods.whole_module_moves import classes_moved_whole, without_moves


class TensorAttributeNotBuffer(Rule):
    code = "DEV004"
    name = "tensor-attribute-not-buffer"
    summary = "plain tensor attribute in an nn.Module does not move with .to(); register a buffer"
    fix_safety = FixSafety.SAFE
    triggers = ("__init__",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("mask", torch.ones(4))
                    self.scale = nn.Parameter(torch.ones(4))

                def forward(self, x):
                    return x * self.mask * self.scale
            """
        ),
        # Reassigned to a non-tensor elsewhere: a buffer would refuse that.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cache = torch.zeros(4)

                def reset(self):
                    self.cache = []
            """
        ),
        # Not a module.
        Valid(
            """
            import torch

            class Stats:
                def __init__(self):
                    self.total = torch.zeros(4)

                def add(self, x):
                    self.total += x
            """
        ),
        # Before super().__init__(), register_buffer would raise.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    self.table = torch.arange(10)
                    super().__init__()

                def forward(self, i):
                    return self.table[i]
            """
        ),
        # Not a tensor; or a tensor only code outside the class reads (an id), never the module.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    self.n = n
                    self.shape = torch.Size([n, n])
                    self.layer = nn.Linear(n, n)
                    self.run_id = torch.tensor([7])

                def forward(self, x):
                    return self.layer(x).view(self.shape)
            """
        ),
        # A trained tensor is a parameter: a buffer moved by .to() is a new tensor the optimizer never sees.
        Valid(
            """
            import torch
            from torch import nn, optim

            class Agent(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.log_alpha = torch.tensor(0.0)
                    self.log_alpha.requires_grad = True
                    self.alpha_optim = optim.Adam([self.log_alpha], lr=1e-3)

                def alpha(self):
                    return self.log_alpha.exp()
            """
        ),
        # Look-alikes of an LSTM's state kept as an attribute, all correct: a tuple of sizes (no tensors),
        # a state built in forward where the input is, and a state kept as two buffers.
        Valid(
            """
            import torch
            from torch import nn

            class Tagger(nn.Module):
                def __init__(self, n, layers=1):
                    super().__init__()
                    self.shape = (layers, 1, n)
                    self.lstm = nn.LSTM(n, n, layers)
                    self.register_buffer("h0", torch.zeros(layers, 1, n), persistent=False)
                    self.register_buffer("c0", torch.zeros(layers, 1, n), persistent=False)

                def init_hidden(self, x):
                    return (torch.zeros(self.shape, device=x.device), torch.zeros(self.shape, device=x.device))

                def forward(self, x, fresh=False):
                    hidden = self.init_hidden(x) if fresh else (self.h0, self.c0)
                    out, hidden = self.lstm(x, hidden)
                    return out
            """
        ),
        # An LSTM's state moved where the LSTM reads it already (this rule's fix, or written so by hand).
        Valid(
            """
            import torch
            from torch import nn

            class Language(nn.Module):
                def __init__(self, vocab, n):
                    super().__init__()
                    self.encoder = nn.LSTM(n, n, batch_first=True)
                    self.state = self.begin_state(n)
                    self.decoder = nn.Linear(n, vocab)

                def begin_state(self, n):
                    return (torch.zeros(1, 1, n), torch.zeros(1, 1, n))

                def forward(self, x):
                    y, self.state = self.encoder(x, tuple(s.to(x.device) for s in self.state))
                    return self.decoder(y)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch as T
            from torch.nn import Module

            class Causal(Module):
                def __init__(self, n, weights):
                    Module.__init__(self)
                    # class weights
                    self.alpha = T.tensor(weights)  # per class
                    pe = T.zeros(n, 4)
                    pe[:, 0::2] = T.sin(T.arange(0, n).unsqueeze(1))
                    self.pe = pe.unsqueeze(0)
                    self.mask = T.tril(T.ones(n, n)) == 0
                    self.mask = self.mask.contiguous()

                def forward(self, x):
                    return x.masked_fill(self.mask, 0) * self.alpha + self.pe
            """,
            """
            import torch as T
            from torch.nn import Module

            class Causal(Module):
                def __init__(self, n, weights):
                    Module.__init__(self)
                    # class weights
                    self.register_buffer("alpha", T.tensor(weights), persistent=False)  # per class
                    pe = T.zeros(n, 4)
                    pe[:, 0::2] = T.sin(T.arange(0, n).unsqueeze(1))
                    self.register_buffer("pe", pe.unsqueeze(0), persistent=False)
                    self.register_buffer("mask", T.tril(T.ones(n, n)) == 0, persistent=False)
                    self.mask = self.mask.contiguous()

                def forward(self, x):
                    return x.masked_fill(self.mask, 0) * self.alpha + self.pe
            """,
            message="`self.alpha` is a plain tensor attribute",
            line=8,
        ),
        # Moved as a whole below: the hand-written .cuda() goes, and so do overrides that only moved it.
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.anchors = torch.rand(8, 2).cuda()

                def to(self, *args, **kwargs):
                    self.anchors = self.anchors.to(*args, **kwargs)
                    return super().to(*args, **kwargs)

                def cuda(self, device=None):
                    self.anchors = self.anchors.cuda(device)
                    return super(Net, self).cuda(device)

                def forward(self, x):
                    return x + self.anchors

            model = Net().cuda()
            """,
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("anchors", torch.rand(8, 2), persistent=False)

                def forward(self, x):
                    return x + self.anchors

            model = Net().cuda()
            """,
            message="the `to()` override only moved `anchors`",
        ),
        # Set to None first, then in a branch: the None is registered, so the tensor updates the buffer.
        # Set in both branches (legacy constructors too): both are registered.
        Invalid(
            """
            import torch
            from torch import nn

            class Attn(nn.Module):
                def __init__(self, n, causal, learned):
                    super().__init__()
                    self.mask = None
                    if causal:
                        self.mask = torch.triu(torch.ones(n, n), diagonal=1).bool()
                    if learned:
                        self.bias = torch.Tensor([0.5, 1.0])
                    else:
                        self.bias = torch.FloatTensor(2).zero_()

                def forward(self, x):
                    x = x if self.mask is None else x.masked_fill(self.mask, 0.0)
                    return x * self.bias
            """,
            """
            import torch
            from torch import nn

            class Attn(nn.Module):
                def __init__(self, n, causal, learned):
                    super().__init__()
                    self.register_buffer("mask", None, persistent=False)
                    if causal:
                        self.mask = torch.triu(torch.ones(n, n), diagonal=1).bool()
                    if learned:
                        self.register_buffer("bias", torch.Tensor([0.5, 1.0]), persistent=False)
                    else:
                        self.register_buffer("bias", torch.FloatTensor(2).zero_(), persistent=False)

                def forward(self, x):
                    x = x if self.mask is None else x.masked_fill(self.mask, 0.0)
                    return x * self.bias
            """,
            message="it starts as None",
            line=7,
        ),
        # Set in a helper __init__ calls, and reassigned (to a tensor) by forward.
        Invalid(
            """
            import torch
            from torch import nn

            class Running(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    self.reset(n)

                def reset(self, n):
                    self.mean = torch.zeros(n)

                def forward(self, x):
                    self.mean = 0.9 * self.mean + 0.1 * x.mean(0).detach()
                    return x - self.mean
            """,
            """
            import torch
            from torch import nn

            class Running(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    self.reset(n)

                def reset(self, n):
                    self.register_buffer("mean", torch.zeros(n), persistent=False)

                def forward(self, x):
                    self.mean = 0.9 * self.mean + 0.1 * x.mean(0).detach()
                    return x - self.mean
            """,
        ),
        # Reassigned to a value that may not be a tensor: reported, not fixed.
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mask = torch.ones(4)

                def set_mask(self, mask):
                    self.mask = mask

                def forward(self, x):
                    return x * self.mask
            """,
            message="may not be a tensor",
        ),
        # A base class from another file: taken for an nn.Module, so the fix is unsafe.
        Invalid(
            """
            import torch
            from torch import nn
            from models import BaseVAE

            class BetaVAE(BaseVAE):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.c_max = torch.Tensor([25])

                def forward(self, x):
                    return self.fc(x) * self.c_max
            """,
            """
            import torch
            from torch import nn
            from models import BaseVAE

            class BetaVAE(BaseVAE):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.register_buffer("c_max", torch.Tensor([25]), persistent=False)

                def forward(self, x):
                    return self.fc(x) * self.c_max
            """,
            message="taken for an nn.Module",
        ),
        # An LSTM's state kept in `self.hidden`: no buffer holds a tuple, so it is moved where the LSTM reads
        # it, to the device of forward's input (`x` is a tensor there: `x.view(...)` made it).
        Invalid(
            """
            import torch
            import torch.autograd as autograd
            from torch import nn

            class LRCN(nn.Module):
                def __init__(self, n, layers, batch):
                    super().__init__()
                    self.n, self.layers, self.batch = n, layers, batch
                    self.lstm = nn.LSTM(n, n, layers)
                    self.hidden = self.init_hidden()

                def init_hidden(self):
                    return (autograd.Variable(torch.zeros(self.layers, self.batch, self.n)),
                            autograd.Variable(torch.zeros(self.layers, self.batch, self.n)))

                def forward(self, x):
                    x = x.view(-1, self.batch, self.n)
                    lstm_out, self.hidden = self.lstm(x, self.hidden)
                    return lstm_out[-1]

            model = LRCN(4, 1, 2)
            model.hidden = model.init_hidden()
            """,
            """
            import torch
            import torch.autograd as autograd
            from torch import nn

            class LRCN(nn.Module):
                def __init__(self, n, layers, batch):
                    super().__init__()
                    self.n, self.layers, self.batch = n, layers, batch
                    self.lstm = nn.LSTM(n, n, layers)
                    self.hidden = self.init_hidden()

                def init_hidden(self):
                    return (autograd.Variable(torch.zeros(self.layers, self.batch, self.n)),
                            autograd.Variable(torch.zeros(self.layers, self.batch, self.n)))

                def forward(self, x):
                    x = x.view(-1, self.batch, self.n)
                    lstm_out, self.hidden = self.lstm(x, tuple(h.to(x.device) for h in self.hidden))
                    return lstm_out[-1]

            model = LRCN(4, 1, 2)
            model.hidden = model.init_hidden()
            """,
            message="move it to the LSTM's device where the LSTM reads it",
            line=10,
        ),
        # An LSTMCell's state, read as `hx=`: `tokens` is not shown to be a tensor (it may be a list the
        # embedding takes), so the state goes to the cell's own device.
        Invalid(
            """
            import torch
            from torch import nn

            class Decoder(nn.Module):
                def __init__(self, vocab, n):
                    super().__init__()
                    self.embed = nn.Embedding(vocab, n)
                    self.cell = nn.LSTMCell(n, n)
                    self.state = (torch.zeros(1, n), torch.zeros(1, n))

                def forward(self, tokens):
                    self.state = self.cell(self.embed(tokens), hx=self.state)
                    return self.embed.weight[0]
            """,
            """
            import torch
            from torch import nn

            class Decoder(nn.Module):
                def __init__(self, vocab, n):
                    super().__init__()
                    self.embed = nn.Embedding(vocab, n)
                    self.cell = nn.LSTMCell(n, n)
                    self.state = (torch.zeros(1, n), torch.zeros(1, n))

                def forward(self, tokens):
                    self.state = self.cell(self.embed(tokens), hx=tuple(h.to(next(self.cell.parameters()).device) for h in self.state))
                    return self.embed.weight[0]
            """,
        ),
        # Also set to None (the LSTM's zero state): the move would fail on it. Reported, not fixed.
        Invalid(
            """
            import torch
            from torch import nn

            class Tagger(nn.Module):
                def __init__(self, vocab, n):
                    super().__init__()
                    self.embed = nn.Embedding(vocab, n)
                    self.lstm = nn.LSTM(n, n)
                    self.hidden = self.init_hidden(n)

                def init_hidden(self, n):
                    return torch.zeros(1, 1, n), torch.zeros(1, 1, n)

                def reset(self):
                    self.hidden = None

                def forward(self, tokens):
                    out, self.hidden = self.lstm(self.embed(tokens), self.hidden)
                    return out
            """,
            message="not fixed: it is also set to None in `reset`",
        ),
        # Read other than as the state of an LSTM; set from a GRU (whose state is one tensor); set outside
        # the class to something else: reported, not fixed.
        Invalid(
            """
            import torch
            from torch import nn

            class Seq(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    self.hidden = (torch.zeros(1, 1, n), torch.zeros(1, 1, n))
                    self.rnn = nn.LSTM(n, n)

                def forward(self, x):
                    h, c = self.hidden
                    y, self.hidden = self.rnn(x, (h.detach(), c.detach()))
                    return y
            """,
            message="not fixed: it is read in `forward` other than as the state of an LSTM of the class",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Encoder(nn.Module):
                def __init__(self, n):
                    super(Encoder, self).__init__()
                    self.gru = nn.GRU(n, n, batch_first=True)
                    self.state = torch.zeros(1, 1, n), torch.zeros(1, 1, n)

                def encode(self, x):
                    _, self.state = self.gru(x, self.state)
                    return self.state
            """,
            message="not fixed: it is also set in `encode` to what may not be an LSTM's state",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self, n, layers=2):
                    nn.Module.__init__(self)
                    self.lstm = nn.LSTM(n, n, layers)
                    self.h = torch.zeros(layers, 1, n), torch.ones(layers, 1, n)

                def forward(self, x):
                    return self.lstm(x, self.h)[0]

            net = Net(4)
            net.h = None
            """,
            message="not fixed: it is also set outside the class (`net.h = None`)",
        ),
    ]

    def check(self) -> None:
        local_modules = module_classes(self.tree, self.aliases)
        inferred = inferred_module_classes(self.tree, self.aliases)
        if not local_modules and not inferred:
            return
        moved_classes = classes_moved_whole(self.tree, self.aliases, local_modules | inferred)
        for cls in self.tree.of_type(self.context.module, cst.ClassDef):
            if cls.name.value in local_modules | inferred:
                self._check_class(cls, cls.name.value in moved_classes, cls.name.value in inferred, local_modules)

    def _check_class(self, cls: cst.ClassDef, moved_whole: bool, inferred: bool, local_modules: set[str]) -> None:
        attributes = ModuleAttributes(self.tree, self.aliases, cls, local_modules)
        fixes: dict[str, dict[cst.CSTNode, Replacement]] = {}
        notes: dict[str, str] = {}
        candidates = attributes.buffer_candidates(registered_buffers(self.tree, cls))
        for candidate in candidates:
            name, doubtful = candidate.name, candidate.doubtful
            if candidate.grouped:
                self._state_tuple(cls, attributes, candidate)
                continue
            if doubtful is not None or candidate.unrewritable:
                why = (f"it is also set in `{doubtful.method.name.value}` to a value that may not be a tensor, which"
                       " a buffer would refuse" if doubtful else candidate.unrewritable)
                self.report(candidate.firsts[0], f"{_message(name)}; {why}: not fixed")
                continue
            fixes[name] = {assign: self._register(name, assign, moved_whole) for assign in candidate.firsts}
            notes[name] = _STARTS_NONE if candidate.starts_none else ""
        if not fixes:
            return
        dead, kept = move_overrides(methods(cls), set(fixes))
        for override in kept:
            self.report(override, f"this {override.name.value}() override does more than move tensor attributes;"
                        " now that they are buffers, check whether it is still needed")
        common = "".join(_dead_override(o) for o in dead)
        if inferred:
            common += f"; `{cls.name.value}` is taken for an nn.Module (its base is defined elsewhere)"
        if dead:  # an override may only go together with every registration it stood in for
            removals = {o: cst.RemovalSentinel.REMOVE for o in dead}
            fixes = {next(iter(fixes)): {e: r for edits in [*fixes.values(), removals] for e, r in edits.items()}}
        for candidate in candidates:
            if candidate.name in notes:
                self.report(candidate.firsts[0], _message(candidate.name) + notes[candidate.name] + common,
                            edits=fixes.get(candidate.name), safety=FixSafety.UNSAFE if inferred else None)

    def _state_tuple(self, cls: cst.ClassDef, attributes: ModuleAttributes, candidate: Candidate) -> None:
        """An attribute holding a tuple of tensors: moved where an LSTM reads it, when it is an LSTM's state."""
        moves = state_moves(self.tree, self.aliases, cls, attributes, candidate.name)
        grouped = f"`self.{candidate.name}` holds a tuple of tensors that `.to(device)` will not move, and a buffer holds one tensor"
        if moves.reason is None and not moves.edits:
            return  # moved where the LSTM reads it already
        if moves.reason is None:
            self.report(candidate.firsts[0], f"{grouped}: move it to the LSTM's device where the LSTM reads it",
                        edits=moves.edits)
        else:
            self.report(candidate.firsts[0], f"{grouped}: register each, or create them in forward; not fixed:"
                        f" {moves.reason}")

    def _register(self, name: str, assign: cst.Assign | cst.AnnAssign, moved_whole: bool) -> cst.Expr:
        value = assign.value
        assert value is not None
        if moved_whole:
            value = without_moves(value, self.aliases)
        register = cst.Attribute(value=cst.Name("self"), attr=cst.Name("register_buffer"))
        call = cst.Call(func=register, args=[cst.Arg(cst.SimpleString(f'"{name}"')), cst.Arg(value)])
        return cst.Expr(with_kwarg(call, "persistent", cst.Name("False")))


_STARTS_NONE = "; it starts as None: None is registered, and the tensor set later updates the buffer"


def _dead_override(override: cst.FunctionDef) -> str:
    method = override.name.value
    moved = ", ".join(f"`{n}`" for n in sorted(moved_attributes(override) or ()))
    return f"; the `{method}()` override only moved {moved}, which `.{method}()` moves as a buffer: removed"


def _message(name: str) -> str:
    return f"`self.{name}` is a plain tensor attribute: `.to(device)` will not move it; register it as a buffer"
