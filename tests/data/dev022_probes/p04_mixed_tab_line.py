# source: DingKe/pytorch_workplace nvrtc relu.py (one line of a method indented by a tab among lines of eight spaces)
# verdict: hit. Python 2 read the tab as eight columns; Python 3 raises TabError on the file.
import math

import torch


class Relu(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        rows, cols = x.size()
	count = rows * cols  # expect DEV022
        blocks = int(math.ceil(count / 512.0))
        ctx.save_for_backward(x)
        return x.clamp(min=0), blocks
