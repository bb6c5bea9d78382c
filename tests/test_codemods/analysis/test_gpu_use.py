"""Which files may pick a device without float64 (Apple's MPS): the DEV008 sum's dtype hangs on it."""

import textwrap

import pytest

from codemods.analysis.gpu_use import float64_on_every_device, may_use_a_gpu
from codemods.core.base import RuleContext

CUDA_OR_CPU = [
    'device = torch.device("cuda")\nx.to(device)\n',
    'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")\nmodel.to(device)\n',
    'DEVICE = "cuda:1" if use_gpu else "cpu"\nx = x.to(DEVICE)\n',
    "model.cuda()\nx = x.cuda()\n",
    "y = torch.zeros(3, device=x.device)\nz = y.to(torch.float16)\n",
    'class T:\n    def __init__(self):\n        self.device = torch.device("cuda")\n'
    "    def f(self, x):\n        return x.to(self.device)\n",
    "state = torch.load(path, map_location=lambda storage, loc: storage)\n",
    "mask = mask.to(next(model.parameters()).device)\n",
    "# run on mps one day\nmodel.cuda()\n",  # a comment names no device
    # a parameter every call of the file gives a CUDA-or-CPU device (or leaves at its default)
    'def train(model, device, log_device="cpu"):\n    model.to(device)\n    x.to(log_device)\n'
    'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")\ntrain(net, device)\n'
    "train(net, device=device)\nmodel.train()\n",
    # a class's `__init__` given the device by every construction of it, kept on `self`
    'class Trainer:\n    def __init__(self, model, device=torch.device("cpu")):\n        self.device = device\n'
    "    def step(self, x):\n        return x.to(self.device)\n"
    'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n'
    "trainer = Trainer(net, device=device)\n",
]

MAY_LACK_FLOAT64 = [
    "device = torch.accelerator.current_accelerator()\nmodel.to(device)\n",
    'device = torch.accelerator.current_accelerator() if torch.accelerator.is_available() else torch.device("cpu")\n'
    "model.to(device)\n",
    'device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")\nmodel.to(device)\n',
    "device = torch.device(args.device)\nmodel.to(device)\n",
    "model.to(args.device)\n",
    "def train(model, loader, device):\n    model.to(device)\n",
    "class T:\n    def __init__(self, device):\n        self.device = device\n"
    "    def f(self, x):\n        return x.to(self.device)\n",
    "accelerator = Accelerator()\nmodel = model.to(accelerator.device)\n",
    "device = pick_device()\nx = x.to(device)\n",
    "for device in devices:\n    x.to(device)\n",
    # the function may be called where the file does not show: an importer, a callback
    'def train(model, device):\n    model.to(device)\ntrain(net, "cuda")\ncallbacks = [train]\n',
    'def train(model, device):\n    model.to(device)\ntrain(net, "cuda")\ntrain(net, args.device)\n',
    "class Trainer:\n    def __init__(self, model, device):\n        self.device = device\n"
    "    def step(self, x):\n        return x.to(self.device)\n"
    "trainer = Trainer(net, args.device)\n",
]


def _answer(code: str) -> bool:
    context = RuleContext.of("import torch\n" + textwrap.dedent(code))
    return float64_on_every_device(context.tree, context.aliases, context.source)


@pytest.mark.parametrize("code", CUDA_OR_CPU)
def test_cuda_or_cpu_devices_keep_float64(code: str) -> None:
    assert _answer(code)


@pytest.mark.parametrize("code", MAY_LACK_FLOAT64)
def test_devices_the_code_does_not_fix_may_lack_float64(code: str) -> None:
    assert not _answer(code)


@pytest.mark.parametrize(
    "code, gpu",
    [
        ("import torch\nfrom accelerate import Accelerator\naccelerator = Accelerator()\n", True),
        ("import torch\nmodel.cuda()\n", True),
        ('import torch\ndevice = torch.device("cpu")  # torch.device("cuda")\nmodel.to(device)\n', False),
        ("import torch\nfor x, y in loader:\n    loss = model(x)\n", False),
    ],
)
def test_files_that_may_put_work_on_a_gpu(code: str, gpu: bool) -> None:
    context = RuleContext.of(code)
    assert may_use_a_gpu(context.tree, code) is gpu
