"""DEV007's helper modules on their own: the portable device's spelling (both styles), the switches
stuck on, the sites that assume a GPU, and where the module's device may be used."""

from __future__ import annotations

import libcst as cst
import pytest

from autofix.engine.lint import lint_and_fix
from codemods.analysis.device_sites import ModuleDevice
from codemods.core.base import RuleContext
from codemods.core.syntax import code_of
from codemods.fixes.portable_device import PortableDevice, is_cuda, is_indexed_cuda
from codemods.rules.dev007_hardcoded_cuda._cuda_sites import cuda_sites
from codemods.rules.dev007_hardcoded_cuda._gpu_switches import assigned_switch
from codemods.rules.dev007_hardcoded_cuda.rule import HardcodedCuda


def _fixed(code: str, style: str = "classic") -> str | None:
    return lint_and_fix(code, [HardcodedCuda], fix=True, unsafe_fixes=True, device_style=style).new_text


@pytest.mark.parametrize(
    "code, cuda, indexed",
    [
        ('"cuda"', True, False),
        ("torch.device('cuda')", True, False),
        ('"cuda:1"', False, True),
        ('torch.device("cuda:0")', False, True),
        ('"cpu"', False, False),
        ('"cudа"', False, False),
        ("torch.device('cuda', 0)", False, False),
    ],
)
def test_cuda_device_expressions(code, cuda, indexed):
    aliases = RuleContext.of("import torch\n").aliases
    node = cst.parse_expression(code)
    assert (is_cuda(node, aliases), is_indexed_cuda(node, aliases)) == (cuda, indexed)


def test_the_accelerator_style_spells_every_form_of_the_portable_device():
    """PyTorch >= 2.6: `torch.accelerator` picks CUDA, MPS or XPU; a string stays a string; an
    indexed CUDA device keeps its index in the classic spelling (the index is a CUDA index)."""
    code = 'import torch\nx = torch.zeros(3).cuda()\nkind = "cuda"\ndef f(device="cuda"):\n    pass\nd = torch.device("cuda:1")\n'
    assert _fixed(code, "accelerator") == (
        "import torch\n\n"
        'device = torch.accelerator.current_accelerator() if torch.accelerator.is_available() else torch.device("cpu")\n'
        "x = torch.zeros(3).to(device)\n"
        'kind = "cuda"\n'
        'def f(device=torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"):\n'
        "    pass\n"
        'd = torch.device("cuda:1" if torch.cuda.is_available() else "cpu")\n'
    )


def test_switches_named_after_cuda_ask_cuda_in_either_style():
    assert (
        _fixed("import torch\nUSE_CUDA = True\n", "accelerator")
        == "import torch\nUSE_CUDA = torch.cuda.is_available()\n"
    )


@pytest.mark.parametrize(
    "statement, found",
    [
        ("USE_CUDA = True", True),
        ("args.cuda = True", True),
        ("args.gpu = True", True),
        ('cfg["use_gpu"] = True', True),
        ('cfg["cuda"] = True', False),
        ("cuda = False", False),
        ("opt.cuda = not opt.no_cuda", True),
        ("opt.cuda = not opt.quiet", False),
        ("use_cuda = not args.no_cuda and torch.cuda.is_available()", False),
        ("a = b = True", False),
    ],
)
def test_assigned_switches(statement, found):
    node = cst.parse_statement(statement + "\n").body[0]  # type: ignore[attr-defined]
    assert (assigned_switch(node) is not None) == found


def test_sites_skip_guarded_code_and_forwarding_methods():
    code = (
        "import torch\n"
        "class Loss:\n    def cuda(self):\n        return self.inner.cuda()\n"
        "if torch.cuda.is_available():\n    a = a.cuda()\n"
        "b = b.cuda() if use_gpu else b\n"
        "c = c.cuda()\n"
    )
    context = RuleContext.of(code)
    assert [code_of(s.node) for s in cuda_sites(context.tree, context.aliases)] == ["c.cuda()"]


def test_a_callers_gpu_index_is_reported_only_where_the_file_has_no_cpu_path():
    without = "import torch\ndef place(m, device_id):\n    return m.cuda(device_id)\n"
    context = RuleContext.of(without)
    assert ["pins an explicit GPU" in s.message for s in cuda_sites(context.tree, context.aliases)] == [True]
    context = RuleContext.of(without + "if torch.cuda.is_available():\n    model = place(model, 0)\n")
    assert list(cuda_sites(context.tree, context.aliases)) == []
    # What the rule's own fixes write is no CPU path: the answer must not change after a fix.
    for written in (
        'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n',
        "if torch.cuda.is_available():\n    torch.cuda.set_device(0)\n",
    ):
        context = RuleContext.of(without + written)
        assert len(list(cuda_sites(context.tree, context.aliases))) == 1


@pytest.mark.parametrize(
    "code, usable",
    [
        ("import torch\nx = 1\n", True),
        ("import torch\ndef f(device):\n    x = 1\n", False),  # a parameter shadows it
        ("import torch\ny = [x for device in ds]\n", False),  # so does a comprehension variable
        (
            "import torch\nif __name__ == '__main__':\n    device = 'cpu'\nx = 1\n",
            False,
        ),  # bound to something else
        (
            "try:\n    import torch\nexcept ImportError:\n    pass\nx = 1\n",
            False,
        ),  # below the definition's place
        ("import os\nx = 1\nimport torch\n", False),
        ("from helpers import *\nx = torch.zeros(1)\n", True),  # torch arrives with the star import
        ("import torch\nfrom torch import device\nx = 1\n", False),  # an import takes the name
        ("import torch\ndef f():\n    if (device := 3) > 2:\n        pass\n    x = 1\n", False),  # walrus
        ("import torch\ndef f():\n    from torch import device\n    x = 1\n", False),  # a local import
        ("import torch\nclass C:\n    device = 'cpu'\n    x = 1\n", False),  # the class body's own
        ("import torch\nclass C:\n    device = 'cpu'\n    def f(self):\n        x = 1\n", True),  # unseen
        ("import torch\ndef f():\n    global device\n    device = 'cpu'\ndef g():\n    x = 1\n", False),
    ],
)
def test_where_the_module_device_may_be_added(code, usable):
    context = RuleContext.of(code)
    device = ModuleDevice(context.tree, context.aliases, PortableDevice.of(context))
    target = context.tree.of_type(context.tree.root, cst.Name)[-1]
    assert (device.edits_at(target) is not None) == usable


def test_module_level_code_before_the_modules_own_device_is_reported_only():
    code = 'import torch\nx = torch.zeros(3).cuda()\ndevice = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n'
    outcome = lint_and_fix(code, [HardcodedCuda], fix=True, unsafe_fixes=True)
    assert outcome.new_text is None and [d.fixable for d in outcome.diagnostics] == [False]


_PORTABLE = 'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n'


@pytest.mark.parametrize(
    "rebinding",
    [
        'device = torch.device("cpu")\n',  # a second definition below the first
        "if args.cpu:\n    device = 'cpu'\n",  # one under a condition
        "def use_cpu():\n    global device\n    device = 'cpu'\n",  # a function's
    ],
)
def test_a_module_device_the_file_rebinds_is_not_read_as_the_gpu(rebinding):
    """The fix reads the name where the run may have rebound it to the CPU: no longer a safe fix."""
    code = "import torch\n" + _PORTABLE + rebinding + "x = torch.zeros(3).cuda()\n"
    outcome = lint_and_fix(code, [HardcodedCuda], fix=True, unsafe_fixes=False)
    assert [d.safety for d in outcome.diagnostics] == ["unsafe"] and outcome.new_text is None
    assert "(unsafe: the file may bind `device` again" in outcome.diagnostics[0].message
    alone = lint_and_fix(
        "import torch\n" + _PORTABLE + "x = torch.zeros(3).cuda()\n", [HardcodedCuda], fix=False
    )
    assert [d.safety for d in alone.diagnostics] == ["safe"]


@pytest.mark.parametrize(
    "rebinding",
    [
        # through the module's namespace, which no binding of the name shows (round 5)
        'globals()["device"] = "cpu"\n',
        "def use_cpu():\n    globals().update(device='cpu')\n",
        "for key, value in overrides.items():\n    vars()[key] = value\n",  # names not spelled
        "exec(open('config.py').read())\n",
        # through the module object, or the namespace bound to another name (round 6)
        "import sys\nsys.modules[__name__].device = 'cpu'\n",
        "import sys\nsetattr(sys.modules.get(__name__), key, value)\n",  # a name not spelled
        "import __main__ as main\nsetattr(main, 'device', 'cpu')\n",
        "from sys import modules as loaded\nloaded[__name__].device = 'cpu'\n",
        "import importlib\nvars(importlib.import_module(__name__)).update(overrides)\n",
        "configure(globals())\n",
        # routes round 7 found past the readings of the name (a frame, an alias of the builtin)
        "import sys\nsys._getframe(0).f_globals['device'] = 'cpu'\n",
        "G = globals\nG()['device'] = 'cpu'\n",
        "import builtins\nbuiltins.exec(\"device = 'cpu'\")\n",
        "import sys\ngetattr(sys.modules[__name__], '__dict__')['device'] = 'cpu'\n",
        # writes of other names count too: the test is of the route, not of what goes through it
        'globals()["seed"] = 0\n',
        "import __main__\nprint(__main__.__file__)\n",
    ],
)
def test_a_file_that_reaches_names_dynamically_gets_no_safe_fix(rebinding):
    """Any route to names that no statement spells (``codemods.core.dynamic_names``) makes the fix
    unsafe, and the message names the route."""
    code = "import torch\n" + _PORTABLE + rebinding + "x = torch.zeros(3).cuda()\n"
    outcome = lint_and_fix(code, [HardcodedCuda], fix=True, unsafe_fixes=False)
    assert [d.safety for d in outcome.diagnostics] == ["unsafe"] and outcome.new_text is None
    assert "(unsafe: the file reaches names by " in outcome.diagnostics[0].message


@pytest.mark.parametrize(
    "switch",
    [
        "dev = torch.cuda.device\nwith dev(1):\n    pass\n",  # the context manager under another name
        'getattr(torch.cuda, "set_device")(1)\n',  # torch.cuda reached by a string
        "with torch.cuda.stream(s):\n    pass\n",  # a stream's GPU becomes the current one
        "from torch.cuda import set_device\nset_device(1)\n",
        # probe 8: an alias of the import, a star import, torch.accelerator, the module's dictionary
        "from torch.cuda import set_device as pick\npick(1)\n",
        "from torch.cuda import device as on_gpu\nwith on_gpu(1):\n    pass\n",
        "from torch.cuda import *\nset_device(1)\n",
        "torch.accelerator.set_device_index(1)\n",
        'torch.cuda.__dict__["set_device"](1)\n',
        'getattr(torch, "cuda").set_device(1)\n',
    ],
)
def test_a_switch_of_the_current_gpu_by_any_spelling_keeps_cuda_zero(switch):
    """``.cuda()`` goes to the current GPU, which these make another than GPU 0: ``.to("cuda:0")``
    is then no longer the same GPU, so it is not rewritten as the portable device."""
    code = "import torch\nimport torch.nn as nn\n" + switch + 'model = nn.Linear(3, 1).to("cuda:0")\n'
    assert _fixed(code) is None or "to(device)" not in (_fixed(code) or "")
    plain = "import torch\nimport torch.nn as nn\n" + 'model = nn.Linear(3, 1).to("cuda:0")\n'
    assert "to(device)" in (_fixed(plain) or "")


def test_torch_cuda_imported_by_name_switches_no_gpu():
    """``from torch import cuda`` binds the module: ``model.cuda(0)`` is a method, not that name."""
    code = (
        "import torch\nimport torch.nn as nn\nfrom torch import cuda\nprint(cuda.is_available())\n"
        "model = nn.Linear(3, 1).cuda(0)\n"
    )
    assert "to(device)" in (_fixed(code) or "")


def test_no_device_is_added_where_a_star_import_may_bind_the_name_the_file_reads():
    """``from config import *`` then ``device=device``: the star import binds ``device`` (perhaps to
    the CPU on purpose), and an added ``device = ...`` would take its place."""
    star = "import torch\nimport torch.nn as nn\nfrom config import *\n"
    code = star + "model = nn.Linear(3, 1)\nmodel.cuda()\nbuf = torch.zeros(2, device=device)\n"
    assert "device = torch.device(" not in (_fixed(code) or "")
    unread = star + "model = nn.Linear(3, 1)\nmodel.cuda()\nbuf = torch.zeros(2).to(device=x)\n"
    assert "device = torch.device(" in (_fixed(unread) or "")


def test_every_rewrite_of_the_examples_compiles_and_leaves_no_unguarded_cuda_call():
    """After the fix the file runs on a CPU-only machine: in every fixed example, what is left of
    `.cuda()` is guarded (a second run finds nothing fixable)."""
    for example in HardcodedCuda.INVALID:
        if example.after is None:
            continue
        compile(example.after, "<after>", "exec")
        again = lint_and_fix(example.after, [HardcodedCuda], fix=False).diagnostics
        assert not any(d.fixable for d in again), example.after


def test_a_cuda_call_under_an_option_on_by_default_offers_the_options_fix():
    code = (
        "import argparse\nimport torch\nparser = argparse.ArgumentParser()\n"
        'parser.add_argument("--cuda", action="store_false")\nargs = parser.parse_args()\n'
        "if args.cuda:\n    model.cuda()\n    x = x.cuda()\n"
    )
    rule = HardcodedCuda(RuleContext.of(code))
    rule.check()
    option, *cured = rule.findings
    assert len(cured) == 2 and all("the option's fix" in f.message for f in cured)
    assert all(f.edits == option.edits and f.fixable for f in cured)
    outcome = lint_and_fix(code, [HardcodedCuda], fix=True, unsafe_fixes=True)
    assert outcome.applied == {"DEV007": 3}
    assert outcome.new_text == code.replace(
        'action="store_false")', 'action="store_false", default=torch.cuda.is_available())'
    )
