"""Report-only case: `torch` is imported inside the functions that use it (the module imports only
`torch.nn`), and the evaluation helper has a `device` parameter of its own. A module-level
`device` could not be written here (no module-level `torch`) and would be shadowed there, so the
`.cuda()` calls are reported and left as they are.
"""

from torch import nn


def evaluate(model, batch, device):
    return model(batch.cuda()).to(device)


def run():
    import torch

    torch.manual_seed(0)
    model = nn.Linear(3, 2).cuda()
    batch = torch.randn(4, 3, generator=torch.Generator().manual_seed(1))
    out = evaluate(model, batch, "cpu")
    return {"out": out.detach()}
