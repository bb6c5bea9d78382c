"""An evaluation helper counts a batch's right answers with `.sum().item()`, and the epoch loop sums
what it returns from the int 0, printing the count and the accuracy after the loop.

The fix makes the helper return the count itself (an exact int64 tensor on the device), keeps the
caller's sum on the device and reads it back with `int(...)` once after the loop: the same int.
"""

import torch
import torch.nn as nn

BATCHES = 10


def num_correct(out, y):
    return out.argmax(dim=1).eq(y).sum()


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(3)
    inputs = torch.randn(BATCHES, 16, 5, generator=generator).to(device)
    labels = torch.randint(0, 4, (BATCHES, 16), generator=generator).to(device)
    model = nn.Linear(5, 4).to(device)

    hits = 0
    with torch.no_grad():
        for batch in range(BATCHES):
            hits += num_correct(model(inputs[batch]), labels[batch])
        hits = int(hits)
    print(f"right: {hits}, accuracy: {hits / (BATCHES * 16):.4f}")
    return {"hits": torch.tensor(hits), "is_int": torch.tensor(isinstance(hits, int))}
