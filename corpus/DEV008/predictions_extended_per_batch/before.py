"""An inference loop adds each batch's predicted classes to a list (`preds += out.argmax(1).cpu()
.numpy().tolist()`), copying them to the host batch by batch, and returns the list.

The fix keeps each batch's indices on the device (a small int64 tensor a batch) and reads the list
once after the loop, in order: the same Python ints.
"""

import torch
import torch.nn as nn

BATCHES = 10


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(9)
    inputs = torch.randn(BATCHES, 6, 5, generator=generator).to(device)
    model = nn.Linear(5, 7).to(device)
    model.eval()

    preds = []
    with torch.no_grad():
        for batch in range(BATCHES):
            out = model(inputs[batch])
            preds += out.argmax(1).cpu().numpy().tolist()
    print(len(preds), preds[:8])
    return {"preds": torch.tensor(preds), "ints": torch.tensor([type(p) is int for p in preds])}
