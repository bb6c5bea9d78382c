"""Hand-written ``to()``/``cuda()``/``cpu()`` overrides of an ``nn.Module`` that only move tensor
attributes along with the module.

Before buffers, modules moved their plain tensors by hand::

    def to(self, *args, **kwargs):
        self.anchors = self.anchors.to(*args, **kwargs)
        return super().to(*args, **kwargs)

Once those attributes are buffers, ``nn.Module.to`` moves them and the override is dead weight.
An override that does anything else (logs, converts, moves something that is not a tensor attribute)
is not one of these.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from codemods.core.syntax import func_attribute, is_docstring

MOVE_METHODS = ("to", "cuda", "cpu")
_MOVE = m.Name("to") | m.Name("cuda") | m.Name("cpu")
_SELF_ATTRIBUTE = m.Attribute(value=m.Name("self"))
# `self.a = self.a.to(...)`: the two attributes are compared by name below.
_MOVES_ITSELF = m.Assign(
    targets=[m.AssignTarget(target=_SELF_ATTRIBUTE)],
    value=m.Call(func=m.Attribute(value=_SELF_ATTRIBUTE, attr=_MOVE)),
)
# `super().to(...)`, `super(Net, self).cuda(...)`, `nn.Module.to(self, ...)`.
_SUPER_MOVE = m.Call(func=m.Attribute(value=m.Call(func=m.Name("super")), attr=_MOVE)) | m.Call(
    func=m.Attribute(value=m.Name("Module") | m.Attribute(attr=m.Name("Module")), attr=_MOVE),
    args=[m.Arg(value=m.Name("self")), m.ZeroOrMore()],
)
_FINISH = m.Return(value=_SUPER_MOVE | m.Name("self")) | m.Expr(value=_SUPER_MOVE)


def move_overrides(
    methods: dict[str, cst.FunctionDef], buffers: set[str]
) -> tuple[list[cst.FunctionDef], list[cst.FunctionDef]]:
    """The ``to()``/``cuda()``/``cpu()`` overrides among ``methods``: those that only moved some of
    ``buffers`` (dead weight once they are buffers), and the others."""
    dead: list[cst.FunctionDef] = []
    kept: list[cst.FunctionDef] = []
    for name in MOVE_METHODS:
        if name in methods:
            moved = moved_attributes(methods[name])
            (dead if moved is not None and moved <= buffers else kept).append(methods[name])
    return dead, kept


def moved_attributes(method: cst.FunctionDef) -> set[str] | None:
    """The attributes ``method`` moves, when moving them and calling the base class's move is all it
    does; None when it does anything else."""
    if not isinstance(method.body, cst.IndentedBlock) or not method.body.body:
        return None
    moved: set[str] = set()
    calls_base = False
    for stmt in method.body.body:
        if is_docstring(stmt):
            continue
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            return None
        small = stmt.body[0]
        if m.matches(small, _MOVES_ITSELF):
            assert isinstance(small, cst.Assign)
            # `self.a = self.b.to(...)`, as matched.
            target = cst.ensure_type(small.targets[0].target, cst.Attribute)
            source = cst.ensure_type(
                func_attribute(cst.ensure_type(small.value, cst.Call)).value, cst.Attribute
            )
            if target.attr.value != source.attr.value:
                return None
            moved.add(target.attr.value)
        elif m.matches(small, _FINISH):
            calls_base = calls_base or not m.matches(small, m.Return(value=m.Name("self")))
        else:
            return None
    return moved if calls_base else None  # without the base call, the override kept the layers in place
