"""The analysis DEV005 stands on: what counts as an optimizer construction, where its model is
moved, and which statements between them a construction cannot jump over."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from autofix.engine.lint import lint_and_fix
from codemods.analysis.values import Values
from codemods.core.base import RuleContext
from codemods.rules.dev005_optimizer_before_move._dotted_flow import may_change, may_touch, written
from codemods.rules.dev005_optimizer_before_move._model_move_order import later_move
from codemods.rules.dev005_optimizer_before_move._optimizer_builds import optimizer_build
from codemods.rules.dev005_optimizer_before_move.rule import OptimizerBeforeMove


def _context(code: str) -> RuleContext:
    return RuleContext.of(textwrap.dedent(code).lstrip("\n"))


def _statement(context: RuleContext, index: int) -> cst.BaseStatement:
    return context.module.body[index]


@pytest.mark.parametrize(
    "line, models, eager",
    [
        ("opt = torch.optim.Adagrad(model.parameters())", ("model",), True),
        ("opt = optim.Adam(chain(self.G.parameters(), self.D.parameters()))", ("self.G", "self.D"), False),
        ("opt = NoamOpt(optim.Adam(net.get_trainable_parameters()), 512)", ("net",), False),
        ("opt = get_optimizer(cfg, model.named_parameters())", ("model",), False),
        ("n = sum(p.numel() for p in model.parameters())", None, False),  # a count, not an optimizer
        ("params = list(model.parameters())", None, False),
        ("sched = torch.optim.lr_scheduler.StepLR(model.parameters(), 3)", None, False),
    ],
)
def test_optimizer_builds(line, models, eager):
    context = _context("import torch\nimport torch.optim as optim\n" + line + "\n")
    build = optimizer_build(context.tree, context.aliases, _statement(context, 2))
    assert (build.models if build else None) == models
    assert bool(build and build.eager) is eager


def test_selective_constructions_are_marked():
    context = _context("opt = SGD(filter(lambda p: p.requires_grad, model.parameters()))\n")
    build = optimizer_build(context.tree, context.aliases, _statement(context, 0))
    assert build is not None and build.selective


def test_later_move_counts_if_branches_not_loops():
    context = _context("""
        opt = SGD(model.parameters())
        for shard in shards:
            model.to(shard)
        if cuda:
            model = model.cuda()
        """)
    found = later_move(context.tree, context.aliases, context.module.body, 1, "model")
    assert found is not None and found.index == 2 and not found.wrapped


def test_later_move_stops_at_a_new_model_and_remembers_a_wrapper():
    new = _context("opt = SGD(model.parameters())\nmodel = Net()\nmodel.cuda()\n")
    assert later_move(new.tree, new.aliases, new.module.body, 1, "model") is None
    wrapped = _context("opt = SGD(model.parameters())\nmodel = DataParallel(model)\nmodel.cuda()\n")
    found = later_move(wrapped.tree, wrapped.aliases, wrapped.module.body, 1, "model")
    assert found is not None and found.wrapped


def test_moving_a_whole_object_moves_its_parts():
    context = _context("opt = SGD(model.encoder.parameters())\nmodel.to(device)\n")
    assert later_move(context.tree, context.aliases, context.module.body, 1, "model.encoder") is not None


def test_moved_before_looks_back_to_the_last_binding():
    context = _context("""
        model = Net().to(device)
        model = Net()
        opt = SGD(model.parameters())
        model.cuda()
        """)
    stmt = _statement(context, 2)
    assert isinstance(stmt, cst.SimpleStatementLine)
    values = Values.of(context)
    assert values.model_move_before("model", stmt) is None  # the model moved first is another one
    assert values.model_move_before("model", _statement(context, 1)) is not None


@pytest.mark.parametrize(
    "code, name, touches",
    [
        ("print(self.opt.param_groups)", "self.opt", True),
        ("self.restore()", "self.opt", True),  # a method of self may use any of its attributes
        ("report(self)", "self.opt", True),
        ("self.loss = nn.MSELoss()", "self.opt", False),
        ("print(self.G)", "self.opt", False),
    ],
)
def test_may_touch(code, name, touches):
    context = _context(code + "\n")
    assert may_touch(context.tree, context.module, name) is touches


@pytest.mark.parametrize(
    "code, changes",
    [
        ("model.fc = nn.Linear(3, 3)", True),
        ("model.add_module('fc', head)", True),
        ("convert(model)", True),
        ("other = model", True),
        ("model.eval()", False),
        ("print(model)", False),
        ("model.load_state_dict(state)", False),
        ("n = model.fc.out_features", False),
    ],
)
def test_may_change_a_model(code, changes):
    context = _context(code + "\n")
    harmless = frozenset({"eval", "load_state_dict"})
    assert may_change(context.tree, context.module, "model", harmless, frozenset({"print"})) is changes


def test_written_names_include_attributes_and_subscripts():
    context = _context("self.opt, (a, b) = x\nd[k] = 1\nfor i in r: pass\n")
    assert written(context.tree, context.module) == {"self.opt", "a", "b", "d", "i"}


def test_rule_keeps_the_order_of_constructions_it_moves():
    code = textwrap.dedent("""
        import torch
        a_opt = torch.optim.Adam(a.parameters())
        b_opt = torch.optim.Adam(b.parameters())
        sched = torch.optim.lr_scheduler.StepLR(b_opt, 3)
        a.cuda()
        b.cuda()
        """).lstrip("\n")
    fixed = lint_and_fix(code, [OptimizerBeforeMove], fix=True).new_text
    assert fixed is not None
    assert fixed.splitlines()[1:] == [
        "a.cuda()",
        "b.cuda()",
        "a_opt = torch.optim.Adam(a.parameters())",
        "b_opt = torch.optim.Adam(b.parameters())",
        "sched = torch.optim.lr_scheduler.StepLR(b_opt, 3)",
    ]


def test_every_construction_of_a_run_offers_the_one_fix_that_moves_the_run():
    code = textwrap.dedent("""
        import torch
        a_opt = torch.optim.Adam(a.parameters())
        b_opt = torch.optim.Adam(b.parameters())
        a.cuda()
        b.cuda()
        """).lstrip("\n")
    rule = OptimizerBeforeMove(RuleContext.of(code))
    rule.check()
    assert [f.fixable for f in rule.findings] == [True, True]
    assert rule.findings[0].edits == rule.findings[1].edits  # the same fix: applied once, for both
    outcome = lint_and_fix(code, [OptimizerBeforeMove], fix=True)
    assert outcome.applied == {"DEV005": 2}
    assert outcome.new_text is not None
    assert outcome.new_text.splitlines()[1:] == [
        "a.cuda()",
        "b.cuda()",
        "a_opt = torch.optim.Adam(a.parameters())",
        "b_opt = torch.optim.Adam(b.parameters())",
    ]
