"""## What it does
Finds the target of a torch loss (`criterion(output, target[c])`, `F.nll_loss(out, y[t])`) picked out
of a tensor with one integer index, and gives it back the batch dimension of one it had before
PyTorch 0.4: `target[c]` becomes `target[c].unsqueeze(0)`. The loss must be shown to be a torch loss
(`codemods/analysis/scalars.py`), the indexed tensor shown to be a vector (`torch.zeros(n)`,
`.view(-1)`, through helpers and parameters), and the index an int (a literal, a `range` counter).

## Why is this bad?
Before PyTorch 0.4 indexing a Variable with an integer gave a Variable of one element, shape (1,),
which matched a model's output for a batch of one, shape (1, classes). Since 0.4 it gives a 0-dim
tensor, and the loss raises `Expected input batch_size (1) to match target batch_size (0)`: the
character-level RNN and seq2seq tutorials, which feed one step at a time, crash at their first step.

## Example
```python
for c in range(chunk_len):
    output, hidden = decoder(inp[c], hidden)
    loss += criterion(output, target[c])
```

Use instead:
```python
for c in range(chunk_len):
    output, hidden = decoder(inp[c], hidden)
    loss += criterion(output, target[c].unsqueeze(0))
```

## Fix safety
Safe where the loss takes class indices (`CrossEntropyLoss`, `NLLLoss`, `F.cross_entropy`,
`F.nll_loss`) and the code shows its input to have two dimensions or more (`.view(1, -1)`, a
`Linear` of one, followed through the model's `forward`): a 0-dim target raises there on every
PyTorch since 0.4 (`Expected input batch_size (1) to match target batch_size (0)`), so the fix changes
only runs that stopped, and gives them the batch of one they had before 0.4. Unsafe elsewhere: the fix
is right only where the output is a batch of one, which the code does not show; where the output is
unbatched (shape (classes,)), a 0-dim target is right today and the fix breaks it.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.scalars import Scalars
from codemods.core.base import FixSafety, Rule
from codemods.core.syntax import code_of, kwarg, method_call, positional


class LegacyIndexedTarget(Rule):
    code = "DEV020"
    name = "legacy-indexed-target"
    summary = "`criterion(out, target[0])` has a 0-dim target since PyTorch 0.4; `target[0].unsqueeze(0)`"
    fix_safety = FixSafety.SAFE
    triggers = ("loss", "Loss", "criterion")

    def check(self) -> None:
        scalars: Scalars | None = None
        for call in self.sites(cst.Call):
            target = kwarg(call, "target")
            if target is None:
                plain = positional(call)
                target = plain[1] if len(plain) >= 2 and not any(a.star for a in call.args[:2]) else None
            if target is None or not _indexed_by_one_integer(target.value):
                continue
            scalars = scalars or Scalars(self.tree, self.aliases)
            picked = cst.ensure_type(target.value, cst.Subscript)
            index = cst.ensure_type(picked.slice[0].slice, cst.Index).value
            # a vector indexed by an int: 0-dim now, one element before 0.4 (a tensor index keeps a vector)
            if not (scalars.is_number(index) and scalars.rank_of(picked.value) == 1):
                continue
            if not scalars.is_loss_call(call):
                continue
            fixed = method_call(picked, "unsqueeze", [cst.Arg(cst.Integer("0"))])
            batched = self._batched_class_loss(call, scalars)
            self.report(
                picked,
                f"`{code_of(picked)}` is 0-dim since PyTorch 0.4, where it was a vector of one element:"
                f" `{code_of(fixed)}` gives the loss a batch of one again"
                + (
                    " (the input is shown to be batched, so the 0-dim target raised)"
                    if batched
                    else " (unsafe: right only where the output is a batch of one)"
                ),
                edits={picked: fixed},
                safety=FixSafety.SAFE if batched else FixSafety.UNSAFE,
            )

    @staticmethod
    def _batched_class_loss(call: cst.Call, scalars: Scalars) -> bool:
        """A class-index loss (``CrossEntropyLoss``, ``NLLLoss``) whose input the code shows to have
        two dimensions or more: a 0-dim target raises there on every PyTorch since 0.4."""
        names = scalars.loss_names(call)
        if not names or not names <= _CLASS_INDEX_LOSSES:
            return False
        given = kwarg(call, "input")
        plain = positional(call)
        first = plain[0].value if plain and not plain[0].star else None
        value = given.value if given is not None else first
        rank = scalars.rank_of(value) if value is not None else None
        return rank is not None and rank >= 2


_CLASS_INDEX_LOSSES = frozenset(
    {
        "torch.nn.CrossEntropyLoss",
        "torch.nn.NLLLoss",
        "torch.nn.modules.loss.CrossEntropyLoss",
        "torch.nn.modules.loss.NLLLoss",
        "torch.nn.functional.cross_entropy",
        "torch.nn.functional.nll_loss",
    }
)


def _indexed_by_one_integer(expr: cst.BaseExpression) -> bool:
    """``target[c]``, ``y[0]``, ``self.targets[i]``: one index, a name or an integer literal."""
    if not (isinstance(expr, cst.Subscript) and len(expr.slice) == 1):
        return False
    element = expr.slice[0].slice
    return isinstance(element, cst.Index) and isinstance(element.value, (cst.Name, cst.Integer))
