"""Driver for modelparallel-modelparallel: ModelParallel around a two-stage model, one forward/backward.

On one (emulated) GPU the file's single-device path unpacks ``**None`` and fails whatever the device:
that is the file's own bug, so only the CPU runs can tell a rewrite apart here.
"""

import _common
import torch


class TwoStage(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.module = torch.nn.ModuleList([torch.nn.Linear(4, 4), torch.nn.Linear(4, 2)])

    def forward(self, x):
        for stage in self.module:
            x = stage(x.to(next(stage.parameters()).device))
        return x


module = _common.load()
model = module.ModelParallel(TwoStage())
out = model(torch.randn(3, 4))
(out if torch.is_tensor(out) else out[0]).sum().backward()
