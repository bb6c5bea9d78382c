"""Negative case: code that looks like the pattern but keeps every tensor where it belongs.

- A legacy script moves the model under `use_cuda` and each batch under the same flag, or through a
  helper (`to_var`) that moves when CUDA is there.
- An encoder moves its own input in `forward`.
- Sequence lengths stay on the CPU (as `pack_padded_sequence` wants them); the encoder reads them
  as Python numbers.
- A PPO-style update draws minibatches from tensors its caller put on the device.
- After training the model is brought back to the CPU, and CPU tensors are fed to it.
"""

import torch
from torch import nn

use_cuda = torch.cuda.is_available()


def to_var(x):
    if torch.cuda.is_available():
        x = x.cuda()
    return x


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(3, 4, batch_first=True)

    def forward(self, x, lengths):
        x = x.to(next(self.rnn.parameters()).device)
        out, _ = self.rnn(x)
        return torch.stack([out[i, n - 1] for i, n in enumerate(lengths.tolist())])


def minibatches(states, targets, size=4):
    for start in range(0, states.size(0), size):
        yield states[start:start + size], targets[start:start + size]


def update(policy, optimizer, states, targets):
    for s, t in minibatches(states, targets):
        loss = ((policy(s) - t) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.detach()


def run():
    torch.manual_seed(0)
    model = nn.Linear(3, 2)
    if use_cuda:
        model.cuda()
    batches = [(torch.randn(4, 3), torch.randn(4, 2)) for _ in range(3)]
    total = 0.0
    for x, y in batches:
        if use_cuda:
            x = x.cuda()
        y = to_var(y)
        total = total + ((model(x) - y) ** 2).mean().detach().double()
    total = float(total)

    encoder = Encoder()
    if use_cuda:
        encoder = encoder.cuda()
    sequences = torch.randn(3, 5, 3)
    lengths = torch.tensor([5, 3, 2])
    codes = encoder(sequences, lengths)

    device = torch.device("cuda" if use_cuda else "cpu")
    policy = nn.Linear(3, 2).to(device)
    optimizer = torch.optim.SGD(policy.parameters(), lr=0.1)
    states, targets = torch.randn(8, 3, device=device), torch.randn(8, 2, device=device)
    last = update(policy, optimizer, states, targets)

    policy = policy.cpu()
    check = policy(torch.ones(1, 3))
    return {"total": torch.tensor(total), "codes": codes.detach(), "last": last, "check": check.detach()}
