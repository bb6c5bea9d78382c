"""## What it does
Finds the loss arguments `size_average=` and `reduce=`, deprecated since PyTorch 0.4.1, in the loss
modules (`nn.MSELoss(size_average=False)`) and the loss functions of `torch.nn.functional`
(`F.nll_loss(out, target, size_average=False)`), and writes the `reduction=` PyTorch itself reads them
as (`torch.nn._reduction.legacy_get_string`): both true or left out `"mean"`, `size_average=False`
`"sum"`, `reduce=False` `"none"`. A `reduction=` passed beside them is replaced, as PyTorch ignores it.

It also finds `loss_fn.size_average = False` (or `.reduce = ...`) set on a loss module after it was
made: PyTorch before 0.4.1 read the attribute on every call; today the module reads only `reduction`,
so the assignment does nothing and the loss stays a mean. The fix sets `loss_fn.reduction` to what the
attribute meant, combined with the module's other legacy argument.

In a file written for PyTorch before 0.4 (it imports `Variable`, passes `volatile=` or reads
`x.data[0]`), `F.pairwise_distance(a, b)` gets `keepdim=True`: it returned shape (N, 1) until 0.4 and
(N,) since, and the contrastive losses of the time multiply it by (N, 1) labels, which today broadcasts
to an (N, N) matrix without an error. In other files it is left alone.

Only literal `True`, `False` and `None` are rewritten. A value computed at run time, a legacy argument
passed by position, or arguments unpacked from `*args`/`**kwargs` are reported without a fix.

## Why is this bad?
The two arguments are kept only for old code: each call warns, and their combined meaning (the sum is
`size_average=False`, no reduction at all is `reduce=False` whatever `size_average` says) is easy to get
wrong. An attribute set after construction is worse: it is silently ignored, and the loss is averaged
where the author summed it, which scales the gradients by the batch size.

## Example
```python
criterion = nn.CrossEntropyLoss(size_average=False)
loss = F.nll_loss(output, target, size_average=False, reduce=True)
bce = nn.BCELoss()
bce.size_average = False
```

Use instead:
```python
criterion = nn.CrossEntropyLoss(reduction="sum")
loss = F.nll_loss(output, target, reduction="sum")
bce = nn.BCELoss()
bce.reduction = "sum"
```

## Fix safety
Arguments: safe. PyTorch turns the literal legacy arguments into exactly the `reduction` written, with
`legacy_get_string`, before computing anything; only its deprecation warning goes.

Attributes: unsafe. Today's PyTorch ignores the assignment, so the fix changes today's results: it
restores what the author's PyTorch (0.4.0 and earlier) computed, the summed loss, larger gradients.
Safe where the attribute says what the module computes anyway, and safe where no run on today's
PyTorch gets past the loss: every call of the module is followed, in its block and unconditionally, by
a read that raises since 0.4 (`loss.data[0]` of a value shown to be 0-dim), or sits in a function of
the file every call of which is, and the module is not handed anywhere else
(`codemods/rules/dev013_legacy_loss_reduction/_stopped_runs.py`). Then every result the file has ever
produced is its author's, and the fix, applied with that read's own fix (DEV011), keeps them.

`pairwise_distance`: unsafe. It changes today's shape and results, to the author's; that the file was
written for PyTorch before 0.4 is read from its idioms, which a file may mix.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.legacy_era import pre_0_4_idiom, shape_changed_in_0_4
from codemods.core.base import FixSafety, Rule
from codemods.core.syntax import code_of, kwarg, positional, with_kwarg

from ._losses import LOSS_MODULES, legacy_reduction, loss_positionals
from ._stopped_runs import StoppedRuns

_LEGACY = ("size_average", "reduce")
_LITERALS = {"True": True, "False": False, "None": None}


class LegacyLossReduction(Rule):
    code = "DEV013"
    name = "legacy-loss-reduction"
    summary = "`size_average=`/`reduce=` are deprecated since PyTorch 0.4.1; use `reduction=`"
    fix_safety = FixSafety.SAFE
    # "loss": legacy arguments passed by position carry no keyword to look for.
    triggers = ("size_average", "reduce", "loss", "Loss", "pairwise_distance")

    def check(self) -> None:
        self._stopped_runs: StoppedRuns | None = None
        era: list[str | None] = []  # the file's pre-0.4 idiom, looked for once, when first needed
        for call in self.sites(cst.Call):
            qualified = self.aliases.qualify(call)
            before = loss_positionals(qualified)
            if before is not None:
                self._check_call(call, before)
            elif qualified == "torch.nn.functional.pairwise_distance":
                if not era:
                    era.append(pre_0_4_idiom(self.tree, self.aliases))
                self._check_pairwise_distance(call, era[0])
        for assign in self.sites(cst.Assign):
            self._check_attribute(assign)

    def _check_call(self, call: cst.Call, before: int) -> None:
        legacy = [arg for name in _LEGACY if (arg := kwarg(call, name)) is not None]
        by_position = len(positional(call)) > before
        if not legacy and not by_position:
            return
        name = code_of(call.func)
        if by_position:
            self.report(call, f"`{name}`: pass `size_average`/`reduce` by keyword, or better `reduction=`")
            return
        written = ", ".join(f"{name}={code_of(arg.value)}" for name in _LEGACY if (arg := kwarg(call, name)))
        deprecated = f"`{written}` is deprecated since PyTorch 0.4.1"
        if any(arg.star for arg in call.args):
            self.report(call, f"{deprecated}; unpacked arguments may pass `reduction` too: write it by hand")
            return
        values = {arg.keyword.value: _literal(arg.value) for arg in legacy if arg.keyword is not None}
        if any(value is _UNKNOWN for value in values.values()):
            self.report(
                call,
                f"{deprecated}; not a literal, so the `reduction` it means is known only at run time:"
                ' both true "mean", `size_average` false "sum", `reduce` false "none"',
            )
            return
        explicit = kwarg(call, "reduction")
        if all(value is None for value in values.values()):
            # PyTorch reads the legacy arguments only when one is not None: `reduction=` (or its default)
            # decides, so they go and it stays as written
            kept = [arg for arg in call.args if not any(arg is old for old in legacy)]
            if kept and not isinstance(call.args[-1].comma, cst.Comma):
                kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            self.report(
                call,
                f'{deprecated}; both None, they are ignored: `reduction=` decides (its default is "mean")',
                edits={call: call.with_changes(args=kept)},
            )
            return
        reduction = legacy_reduction(values.get("size_average"), values.get("reduce"))  # type: ignore[arg-type]
        new = cst.SimpleString(f'"{reduction}"')
        args: list[cst.Arg] = []
        for arg in call.args:
            if arg is explicit:
                args.append(arg.with_changes(value=new))
            elif arg is legacy[0] and explicit is None:
                args.append(arg.with_changes(keyword=cst.Name("reduction"), value=new))
            elif not any(arg is old for old in legacy):
                args.append(arg)
        if args and not isinstance(call.args[-1].comma, cst.Comma):
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        ignored = " (PyTorch ignores the `reduction=` beside them)" if explicit is not None else ""
        self.report(
            call,
            f'{deprecated}; PyTorch reads it as `reduction="{reduction}"`{ignored}',
            edits={call: call.with_changes(args=args)},
        )

    def _check_pairwise_distance(self, call: cst.Call, idiom: str | None) -> None:
        """Before 0.4, ``F.pairwise_distance`` returned (N, 1); code written for it then multiplies the
        result by (N, 1) labels, which today broadcasts to (N, N) without an error."""
        if idiom is None or not shape_changed_in_0_4(call, self.aliases):
            return
        self.report(
            call,
            f"`{code_of(call.func)}` returned shape (N, 1) before PyTorch 0.4 and (N,) since; this file"
            f" {idiom}, so it was written for the (N, 1): `keepdim=True` keeps it (today an (N, 1) label"
            " times the (N,) distance broadcasts to (N, N))",
            edits={call: with_kwarg(call, "keepdim", cst.Name("True"))},
            safety=FixSafety.UNSAFE,
        )

    def _check_attribute(self, assign: cst.Assign) -> None:
        if len(assign.targets) != 1:
            return
        target = assign.targets[0].target
        if not isinstance(target, cst.Attribute) or target.attr.value not in _LEGACY:
            return
        receiver = code_of(target.value)
        made = self._loss_module_made(receiver)
        if made is None:
            return
        attribute = target.attr.value
        set_here = f"`{receiver}.{attribute} = {code_of(assign.value)}`"
        ignored = f"{set_here} does nothing since PyTorch 0.4.1 (the loss reads only `reduction`)"
        other = "reduce" if attribute == "size_average" else "size_average"
        value = _literal(assign.value)
        if value is _UNKNOWN or self._assigns_attribute(receiver, other):
            why = "not a literal" if value is _UNKNOWN else f"`{receiver}.{other}` is set too"
            self.report(assign, f"{ignored}; set `{receiver}.reduction` by hand ({why})")
            return
        made_with = _made_with(made)
        if made_with is None:
            self.report(assign, f"{ignored}; set `{receiver}.reduction` by hand (`{code_of(made)}`)")
            return
        reduction = _effective({**made_with, attribute: value})
        if reduction is None:
            self.report(assign, f"{ignored}; set `{receiver}.reduction` by hand (`{code_of(made)}`)")
            return
        new_target = target.with_changes(attr=cst.Name("reduction"))
        fixed = assign.with_changes(
            targets=[assign.targets[0].with_changes(target=new_target)],
            value=cst.SimpleString(f'"{reduction}"'),
        )
        if _effective(made_with) == reduction:
            message, safety = (
                f'; `{receiver}.reduction = "{reduction}"` says what it computes',
                FixSafety.SAFE,
            )
        elif self._stopped().always_stopped(receiver):
            message, safety = (
                "; PyTorch 0.4.0 and earlier read it on every call, and every use of"
                f" `{receiver}` here is followed by a read that raises since 0.4 (`.data[0]` of a 0-dim"
                f' value), so no run gets past it today: `{receiver}.reduction = "{reduction}"` restores'
                " what the file computed",
                FixSafety.SAFE,
            )
        else:
            message, safety = (
                "; PyTorch 0.4.0 and earlier read it on every call:"
                f' `{receiver}.reduction = "{reduction}"` restores that, and changes today\'s results',
                FixSafety.UNSAFE,
            )
        self.report(assign, ignored + message, edits={assign: fixed}, safety=safety)

    def _stopped(self) -> StoppedRuns:
        if self._stopped_runs is None:
            self._stopped_runs = StoppedRuns(self.tree, self.aliases)
        return self._stopped_runs

    def _loss_module_made(self, receiver: str) -> cst.Call | None:
        """The ``nn.XLoss(...)`` call that the one assignment of ``receiver`` in this file makes."""
        made = [
            assign.value
            for assign in self.tree.of_type(self.tree.root, cst.Assign)
            for target in assign.targets
            if code_of(target.target) == receiver
        ]
        if len(made) != 1 or not isinstance(made[0], cst.Call):
            return None
        qualified = self.aliases.qualify(made[0]) or ""
        if qualified.rpartition(".")[2] not in LOSS_MODULES or loss_positionals(qualified) is None:
            return None
        return made[0]

    def _assigns_attribute(self, receiver: str, attribute: str) -> bool:
        return any(
            isinstance(target.target, cst.Attribute)
            and target.target.attr.value == attribute
            and code_of(target.target.value) == receiver
            for assign in self.tree.of_type(self.tree.root, cst.Assign)
            for target in assign.targets
        )


class _Unknown:
    pass


_UNKNOWN = _Unknown()


def _literal(node: cst.BaseExpression) -> bool | None | _Unknown:
    if isinstance(node, cst.Name) and node.value in _LITERALS:
        return _LITERALS[node.value]
    return _UNKNOWN


def _effective(settings: dict[str, bool | None | _Unknown]) -> str | None:
    """The ``reduction`` that ``size_average`` and ``reduce`` amount to; None when it cannot be told."""
    size_average, reduce = settings["size_average"], settings["reduce"]
    if reduce is False:
        return "none"  # whatever `size_average` says
    if isinstance(size_average, _Unknown) or isinstance(reduce, _Unknown):
        return None
    return legacy_reduction(size_average, reduce)


def _made_with(made: cst.Call) -> dict[str, bool | None | _Unknown] | None:
    """The ``size_average`` and ``reduce`` a loss module was made with, read back from its legacy arguments
    or from the ``reduction`` that stands for them (``"none"`` says ``reduce=False``, and nothing about
    ``size_average``); None when a computed value, an argument by position or unpacked hides them."""
    if any(arg.star for arg in made.args) or len(positional(made)) > LOSS_MODULES.get(_tail(made), 0):
        return None
    settings: dict[str, bool | None | _Unknown] = {"size_average": None, "reduce": None}
    for name in _LEGACY:
        arg = kwarg(made, name)
        if arg is not None:
            settings[name] = _literal(arg.value)
    reduction = kwarg(made, "reduction")
    if reduction is not None and all(kwarg(made, name) is None for name in _LEGACY):
        spelled = reduction.value
        if not isinstance(spelled, cst.SimpleString) or spelled.raw_value not in _READ_BACK:
            return None
        settings = dict(_READ_BACK[spelled.raw_value])
    return settings


_READ_BACK: dict[str, dict[str, bool | None | _Unknown]] = {
    "mean": {"size_average": True, "reduce": True},
    "sum": {"size_average": False, "reduce": True},
    "none": {"size_average": _UNKNOWN, "reduce": False},
}


def _tail(call: cst.Call) -> str:
    func = call.func
    return func.attr.value if isinstance(func, cst.Attribute) else code_of(func)
