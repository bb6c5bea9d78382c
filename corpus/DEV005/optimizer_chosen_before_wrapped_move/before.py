"""A text classifier whose optimizer is chosen by name, then spread over the GPUs and moved.

Each branch builds Adagrad or SGD while the parameters are on the CPU; Adagrad creates its
accumulators there when it is built. The move comes after the `if` and wraps the model in
`nn.DataParallel`, so the construction cannot simply go below it. The wrapper has no parameters of
its own: moving the bare model first, on the path that builds, does to the parameters what the
wrapped move does, and the wrapping stays where it was.
"""

import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, vocab=40, dim=8, classes=4):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim)
        self.out = nn.Linear(dim, classes)

    def forward(self, ids):
        return self.out(self.embed(ids))


def run(optimizer_name="Adagrad", use_gpu=torch.cuda.is_available()):
    torch.manual_seed(0)
    model = Classifier()
    if optimizer_name == "Adagrad":
        optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
    elif optimizer_name == "SGD":
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)
    if use_gpu:
        model = nn.DataParallel(model).cuda()

    device = next(model.parameters()).device
    ids = (torch.arange(30, device=device) * 7 % 40).view(6, 5)
    labels = torch.arange(6, device=device) % 4
    for _ in range(3):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(ids), labels)
        loss.backward()
        optimizer.step()
        scheduler.step()
    inner = getattr(model, "module", model)
    return {"loss": loss.detach(), "out": inner.out.weight.detach()}
