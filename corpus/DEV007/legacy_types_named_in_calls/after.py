"""Legacy code that names the GPU tensor types where a type is expected: `.type(torch.cuda.FloatTensor)`
to convert, `torch.cuda.LongTensor` as the label type. Without a GPU the conversion raises "type
torch.cuda.FloatTensor not available". DEV009 turns each `.type(...)` into `.to("cuda", dtype)`, and
DEV007 makes that `"cuda"` the portable device (DEV010 then creates the zeros there directly).
"""

import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def run():
    torch.manual_seed(0)
    host = torch.Generator().manual_seed(4)
    features = torch.rand(12, 3, generator=host).to(device, torch.float32)
    labels = (torch.rand(12, generator=host) * 2).to(device, torch.int64)
    weights = torch.zeros(3, 2, device=device, dtype=torch.float32).requires_grad_()
    for _ in range(4):
        loss = torch.nn.functional.cross_entropy(features @ weights, labels)
        loss.backward()
        with torch.no_grad():
            weights -= 0.5 * weights.grad
            weights.grad.zero_()
    return {"loss": loss.detach(), "weights": weights.detach()}
