"""Driver for practicalpytorch-masked-cross-entropy: masked_cross_entropy() on logits and targets on the
device, with the lengths as the plain list the function expects, and a backward pass.

torch.range (used by sequence_mask) is gone from recent PyTorch; it is given back here as the
end-inclusive arange it was, so that the run tests devices, not that removal.
"""

import _common
import torch

if not hasattr(torch, "range"):
    torch.range = lambda start, end, *args, **kwargs: torch.arange(start, end + 1, *args, **kwargs)
module = _common.load()
device = _common.device()
logits = torch.randn(2, 4, 6, device=device, requires_grad=True)
target = torch.randint(0, 6, (2, 4), device=device)
module.masked_cross_entropy(logits, target, [4, 2]).backward()
