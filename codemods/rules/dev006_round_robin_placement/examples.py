"""DEV006's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid
from codemods.rules.dev006_round_robin_placement.rule import (
    _EXAMPLE_AFTER,
    _EXAMPLE_BEFORE,
    _PLACED,
    _PLACED_BY_ID,
    _PLACED_IN_PLACE,
    _fixed,
    _variant,
)

VALID = [
    Valid("import torch\nnet = torch.nn.Sequential(*[torch.nn.Linear(4, 4) for _ in range(3)]).cuda()\n"),
    # One device for all layers, chosen once.
    Valid("import torch\nblocks = [torch.nn.Linear(4, 4).to(device) for i in range(4)]\n"),
    # Modulo on the loop variable, but not for a device.
    Valid("import torch\nfor i in range(8):\n    if i % 2 == 0:\n        print(torch.cuda.device_count())\n"),
    # Data sharded per device is not layer placement.
    Valid("import torch\nshards = [torch.randn(2, 2) for _ in range(4)]\n"),
    Valid("import torch\nmodel = torch.nn.Linear(4, 4).cuda(0)\n"),
    # Already data parallel.
    Valid(
        "import torch\nmodel = torch.nn.parallel.DistributedDataParallel(net.cuda(rank), device_ids=[rank])\n"
    ),
    # GPUs taken from an explicit list, one per layer: a deliberate choice, not round-robin.
    Valid(
        "import torch\n\ndef place(net, ids):\n    for layer, i in zip(net, ids):\n        layer.cuda(i)\n"
    ),
    # A process's GPU chosen from its rank, outside any loop: how DDP scripts pick their device.
    Valid("import torch\n\ndef worker(rank, net):\n    return net.cuda(rank % torch.cuda.device_count())\n"),
]

INVALID = [
    # The form the documentation shows.
    Invalid(_EXAMPLE_BEFORE, _EXAMPLE_AFTER, message="round-robin", line=13),
    # The layer placed in place, then appended.
    Invalid(_EXAMPLE_BEFORE.replace(_PLACED, _PLACED_IN_PLACE), _EXAMPLE_AFTER),
    # The device id defined in both branches of an if/else, and torch.device("cuda", id).
    Invalid(_EXAMPLE_BEFORE.replace(_PLACED, _PLACED_BY_ID), _EXAMPLE_AFTER),
    # `.cuda(device)` after `device = i % n`, in a builder function that returns an nn.Sequential.
    Invalid(
        _variant(
            """\
            def stack(blocks=4, hidden=8):
                layers = []
                for i in range(blocks):
                    device = i % torch.cuda.device_count()
                    layers.append(nn.Linear(hidden, hidden).cuda(device))
                return nn.Sequential(*layers)


            """,
            builder="stack",
        ),
        _fixed(
            """\
            def stack(blocks=4, hidden=8):
                layers = []
                for i in range(blocks):
                    layers.append(nn.Linear(hidden, hidden))
                return nn.Sequential(*layers)


            """,
            builder="stack",
        ),
    ),
    # A comprehension in nn.ModuleList, and the head placed `% n` on another line of the model.
    Invalid(
        _variant(
            """\
            class Stack(nn.Module):
                def __init__(self, blocks=4, hidden=8):
                    super().__init__()
                    self.blocks = nn.ModuleList(
                        [nn.Linear(hidden, hidden).to(f"cuda:{i % num_gpus}") for i in range(blocks)]
                    )
                    self.head = nn.Linear(hidden, 1).to(f"cuda:{(blocks - 1) % num_gpus}")

                def forward(self, x):
                    return self.head(self.blocks[-1](x))


            """
        ),
        _fixed(
            """\
            class Stack(nn.Module):
                def __init__(self, blocks=4, hidden=8):
                    super().__init__()
                    self.blocks = nn.ModuleList(
                        [nn.Linear(hidden, hidden) for i in range(blocks)]
                    )
                    self.head = nn.Linear(hidden, 1)

                def forward(self, x):
                    return self.head(self.blocks[-1](x))


            """
        ),
    ),
    # No entry point to turn into DDP scaffolding: report what is missing.
    Invalid(_EXAMPLE_BEFORE.split("\n\nif __name__")[0], message="no entry point found", line=13),
    # A script that launches its own processes already: not ours to restructure.
    Invalid(
        _EXAMPLE_BEFORE.replace("    train()", "    torch.multiprocessing.spawn(train, nprocs=2)"),
        message="already starts processes",
    ),
    # The entry point has a `device` of its own.
    Invalid(
        _EXAMPLE_BEFORE.replace("def train():\n", "def train():\n    device = 'cpu'\n"),
        message="already uses the names device",
    ),
    # A builder that returns a Python list, called stage by stage: no module to wrap, no call to route.
    Invalid(
        """
        import torch
        from torch import nn

        def build_stages(width, depth):
            n = torch.cuda.device_count()
            stages = []
            for i in range(depth):
                stages.append(nn.Linear(width, width).cuda(i % n))
            return stages

        def main():
            stages = build_stages(8, 4)
            x = torch.randn(2, 8)
            for stage in stages:
                x = stage(x)

        if __name__ == "__main__":
            main()
        """,
        message="returns `stages`, a Python list, not an nn.Module",
        line=8,
    ),
    # Layers kept in a plain list attribute: `.to(device)` would leave them behind.
    Invalid(
        _EXAMPLE_BEFORE.replace("self.blocks = nn.ModuleList()", "self.blocks = []"),
        message="a Python list that no nn.Module registers",
    ),
    # A forward pass that would go around the wrapper.
    Invalid(
        _EXAMPLE_BEFORE.replace('print("done")', "print(model.blocks[0](batch))"),
        message="`model.blocks[0](...)` is called directly",
    ),
    # Only the branch that computes `i % n` places round-robin (line 10, not line 7).
    Invalid(
        """
        import torch

        def place(layers, n, device_ids=None):
            for i, layer in enumerate(layers):
                if device_ids is not None:
                    device = device_ids[i]
                    layer.cuda(device)
                else:
                    device = i % n
                    layer.cuda(device)
        """,
        message="round-robin",
        line=10,
    ),
    # Layer i on GPU i: no `% n`, a GPU per layer. Reported, not rewritten.
    Invalid(
        "import torch\nlayers = [torch.nn.Linear(2, 2) for _ in range(4)]\n\ndef place():\n"
        "    for i in range(4):\n        layers[i].cuda(i)\n",
        message="layer i is placed on GPU i",
        line=6,
    ),
    # GPUs picked round-robin for objects built elsewhere: reported, not rewritten.
    Invalid(
        "import torch\n\ndef devices(count, n):\n    return [f'cuda:{i % n}' for i in range(count)]\n",
        message="picked for objects this code does not move",
    ),
    # Hand-split model parallelism: reported with advice, left alone.
    Invalid(
        """
        import torch
        from torch import nn

        class TwoPart(nn.Module):
            def __init__(self):
                super().__init__()
                self.net1 = nn.Linear(8, 8).to("cuda:0")
                self.net2 = nn.Linear(8, 2).to("cuda:1")

            def forward(self, x):
                return self.net2(self.net1(x.to("cuda:0")).to("cuda:1"))
        """,
        message="pipeline-style model parallelism",
        line=7,  # where a layer is placed, the pattern's line (not the class, nor `forward`'s hops)
    ),
    # Layers placed in another method still count; activations hopping in `forward` are not placements.
    Invalid(
        """
        import torch
        from torch import nn

        class TwoPart(nn.Module):
            def __init__(self):
                super().__init__()
                self.net1 = nn.Linear(8, 8)
                self.net2 = nn.Linear(8, 2)

            def place(self):
                self.net1.cuda(0)
                self.net2.cuda(1)

            def forward(self, x):
                return self.net2(self.net1(x.cuda(0)).cuda(1))
        """,
        message="pipeline-style model parallelism",
        line=11,
    ),
    # Only `forward` names the GPUs: reported on the class.
    Invalid(
        """
        import torch
        from torch import nn

        class Hops(nn.Module):
            def forward(self, x):
                return x.to("cuda:0").to("cuda:1")
        """,
        message="pipeline-style model parallelism",
        line=4,
    ),
]
