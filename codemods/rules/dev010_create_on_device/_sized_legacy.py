"""Legacy constructors of one argument the file shows is a size, wherever that argument is bound.

``torch.FloatTensor(n)`` makes an uninitialised tensor of ``n`` values when ``n`` is an int, and a
tensor of its values when it is data. Bound to a name and moved some lines later, the rule leaves a
legacy constructor of data alone (the batch's boundary); one of a size is a fresh tensor like
``torch.empty(n)``, made on the host only to be copied:

    label = torch.FloatTensor(opt.batchSize)     (``--batchSize``, an option of ``type=int``)
    if opt.cuda:
        label = label.cuda()

The enclosing function shows a size as DEV009 reads it (:func:`argument_kinds`: every binding of the
name there, ``n = x.size(0)``); a script's settings are bound elsewhere, so an argparse option of
``type=int`` (``opt.batchSize``), a module-level name or ``self`` attribute the file assigns only ints
(:func:`int_or_none`, which the rule asks of ``.cuda(i)`` too) are sizes as well. ``None`` passes that
test: ``torch.FloatTensor(None)`` and ``torch.empty(None)`` both fail.

Filled right after, ``torch.FloatTensor(batch_size).fill_(1.0)`` (or on the very next line, ``t =
Variable(torch.FloatTensor(n))`` then ``_ = t.data.fill_(label)``), a legacy constructor asked for storage
whatever its argument (the values of data would be thrown away at once): a fresh tensor too, unless the
file shows the argument is data (DEV009 reads it as a size, an unsafe fix); where nothing shows it is a
size, the rule reports it without a fix.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from codemods.analysis.cli_options import CliOptions
from codemods.analysis.evident_data import argument_kind
from codemods.analysis.legacy_constructors import (
    ArgumentKinds,
    is_data,
    is_size,
    legacy_constructor_rewrite,
)
from codemods.core.names import ImportAliases
from codemods.core.syntax import positional
from codemods.core.torch_names import RANDOM_FILLS, VARIABLE
from codemods.core.tree import Tree
from codemods.rules.dev010_create_on_device._host_creations import Creation
from codemods.rules.dev010_create_on_device._move_targets import int_or_none

_STAND_IN = "__size__"  # a name the rewrite reads as a size, replaced by the argument afterwards
# Methods that overwrite every value of the tensor they are called on: what it was made of never mattered.
_FILLS = frozenset({"fill_", "zero_", *RANDOM_FILLS})


def size_argument(tree: Tree, creation: Creation, kinds: ArgumentKinds) -> cst.BaseExpression | None:
    """The one argument of ``creation``'s legacy constructor when the file shows it is a size (``kinds``:
    what its function shows, :func:`argument_kinds`); None otherwise, or for another creation."""
    factory = creation.factory
    if not creation.is_legacy or len(factory.args) != 1:
        return None
    arg = factory.args[0]
    if arg.keyword is not None or arg.star:
        return None
    value = arg.value
    if is_size(value, kinds.sizes):
        return value
    plain = isinstance(value, cst.Name) or (
        isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name)
    )
    return value if plain and int_or_none(tree, value, CliOptions.of(tree)) else None


def filled_fresh(tree: Tree, creation: Creation, kinds: ArgumentKinds, aliases: ImportAliases) -> bool:
    """``torch.FloatTensor(batch_size).fill_(1.0)``: a legacy constructor of one argument, every value of
    which a method right after it overwrites, the argument not shown to be data."""
    factory = creation.factory
    if not creation.is_legacy or len(factory.args) != 1 or factory.args[0].keyword or factory.args[0].star:
        return False
    method = tree.parent(factory)
    call = tree.parent(method) if isinstance(method, cst.Attribute) else None
    if not (
        isinstance(method, cst.Attribute)
        and method.value is factory
        and method.attr.value in _FILLS
        and isinstance(call, cst.Call)
        and call.func is method
    ) and not _filled_on_the_next_line(tree, factory, aliases):
        return False
    value = factory.args[0].value
    if is_data(value, aliases, kinds.data, kinds.sizes):
        return False
    return argument_kind(tree, factory, aliases) is None


def _filled_on_the_next_line(tree: Tree, factory: cst.Call, aliases: ImportAliases) -> bool:
    """``t = Variable(torch.FloatTensor(n))`` then, on the very next line, ``t.data.fill_(v)`` (also ``_ =
    t.fill_(v)``, ``t.zero_()``): every value overwritten before anything reads it, as when the fill
    follows the constructor in one expression."""
    node: cst.CSTNode = factory
    parent = tree.parent(node)
    while isinstance(parent, cst.Arg):  # `Variable(torch.FloatTensor(n))`: the same tensor
        wrapper = tree.parent(parent)
        if not (
            isinstance(wrapper, cst.Call)
            and aliases.qualify(wrapper.func) in VARIABLE
            and positional(wrapper)[:1] == [parent]
        ):
            return False
        node, parent = wrapper, tree.parent(wrapper)
    if not (
        isinstance(parent, cst.Assign)
        and parent.value is node
        and len(parent.targets) == 1
        and isinstance(parent.targets[0].target, cst.Name)
    ):
        return False
    name = parent.targets[0].target.value
    line = tree.parent(parent)
    block = tree.parent(line)
    statements = list(getattr(block, "body", ()))
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 or line not in statements:
        return False
    after = statements[statements.index(line) + 1 : statements.index(line) + 2]
    if not (after and isinstance(after[0], cst.SimpleStatementLine) and len(after[0].body) == 1):
        return False
    small = after[0].body[0]
    discarded = m.Assign(targets=[m.AssignTarget(m.Name("_"))])  # `_ = t.data.fill_(v)`
    if isinstance(small, cst.Expr):
        fill = small.value
    elif isinstance(small, cst.Assign) and m.matches(small, discarded):
        fill = small.value
    else:
        return False
    own = m.Name(name) | m.Attribute(value=m.Name(name), attr=m.Name("data"))
    return (
        isinstance(fill, cst.Call)
        and m.matches(fill.func, m.Attribute(value=own, attr=m.Name("fill_") | m.Name("zero_")))
        and name not in {n.value for a in fill.args for n in tree.of_type(a.value, cst.Name)}
    )


def made_of_a_size(
    creation: Creation, size: cst.BaseExpression, device: cst.BaseExpression, aliases: ImportAliases
) -> cst.BaseExpression | None:
    """``creation`` made on ``device``, its legacy constructor read as one of ``size``
    (``torch.empty(opt.batchSize, device=...)``); None when it cannot be written."""
    if creation.inexact is not None or creation.requires_grad:
        return None
    factory = creation.factory
    stand_in = cst.Name(_STAND_IN)
    stood_in = factory.with_changes(args=[factory.args[0].with_changes(value=stand_in)])
    made = legacy_constructor_rewrite(
        stood_in, creation.qualified, aliases, frozenset({_STAND_IN}), device=device
    )
    if made is None:
        return None
    made = made.with_changes(
        args=[a.with_changes(value=size) if a.value is stand_in else a for a in made.args]
    )
    return made if creation.value is factory else creation.value.deep_replace(factory, made)
