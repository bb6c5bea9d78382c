"""A classifier trained for a few steps whose loss and hit count are read through a host copy:
`loss.detach().cpu().item()` summed from 0.0, `(pred == y).cpu().sum().item()` counted from 0, and
`loss.cpu().item()` kept in a list started with another, `losses, steps = [], []`.

`t.cpu().item()` is the number `t.item()` is (a copy is exact), and a count of booleans is exact in
int64 wherever it is summed: the fix keeps the sum (float64), the count (int64) and the list's tensors
on the device, without the copies, and reads each once after the loop.
"""

import torch
import torch.nn as nn

STEPS = 12


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(5)
    inputs = torch.randn(STEPS, 8, 6, generator=generator).to(device)
    labels = torch.randint(0, 3, (STEPS, 8), generator=generator).to(device)
    model = nn.Linear(6, 3).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    criterion = nn.CrossEntropyLoss()

    total, hits = 0.0, 0
    losses, steps = [], []
    for step in range(STEPS):
        optimizer.zero_grad()
        out = model(inputs[step])
        loss = criterion(out, labels[step])
        loss.backward()
        optimizer.step()
        total += loss.detach().double()
        hits += (out.argmax(1) == labels[step]).sum()
        losses.append(loss.detach())
        steps.append(step)
    total = float(total)
    hits = int(hits)
    losses = torch.stack(losses).tolist() if losses else []
    print(f"mean loss {total / STEPS:.9f}, hits {hits}")
    return {
        "total": torch.tensor(total, dtype=torch.float64),
        "hits": torch.tensor(hits),
        "losses": torch.tensor(losses, dtype=torch.float64),
        "types": torch.tensor([isinstance(total, float), isinstance(hits, int), type(losses[0]) is float]),
        "steps": torch.tensor(steps),
    }
