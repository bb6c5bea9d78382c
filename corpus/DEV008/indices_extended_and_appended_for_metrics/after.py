"""An evaluation loop for metrics computed after it: it unpacks the predicted classes
(`_, preds = torch.max(logits, 1)`), extends two lists with each batch's classes and labels as NumPy
arrays (`all_preds.extend(preds.cpu().numpy())`), appends them once more as CPU tensors for a
`torch.cat` (`cat_preds.append(preds.cpu())`), and sums the loss as `total_loss = total_loss +
loss.item()`: every batch copies to the host and waits for the GPU.

The fix keeps each batch's tensors on the device (one int64 a sample) and the sum in float64, and reads
them all once after the loop, in order: the lists hold the same NumPy values and CPU tensors, and the sum
has the same digits.
"""

import numpy as np
import torch
import torch.nn as nn

BATCHES = 10


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(5)
    inputs = torch.randn(BATCHES, 6, 5, generator=generator)
    labels = torch.randint(0, 4, (BATCHES, 6), generator=generator)
    model = nn.Linear(5, 4).to(device)
    criterion = nn.CrossEntropyLoss()
    model.eval()

    total_loss = 0
    all_preds, all_labels = [], []
    cat_preds, cat_labels = [], []
    with torch.no_grad():
        for x, y in zip(inputs, labels):
            x, y = x.to(device), y.to(device)
            logits = model(x)
            loss = criterion(logits, y)
            total_loss = total_loss + loss.detach().double()
            _, preds = torch.max(logits, 1)
            all_preds.append(preds.detach())
            all_labels.append(y.detach())
            cat_preds.append(preds.detach())
            cat_labels.append(y.detach())
        total_loss = float(total_loss)
        all_preds = [x for part in all_preds for x in part.cpu().numpy()]
        all_labels = [x for part in all_labels for x in part.cpu().numpy()]
        cat_preds = [part.cpu() for part in cat_preds]
        cat_labels = [part.cpu() for part in cat_labels]
    accuracy = float(np.mean(np.array(all_preds) == np.array(all_labels)))
    print(type(all_preds[0]).__name__, all_preds[:6], accuracy, total_loss / BATCHES)
    return {
        "loss": torch.tensor(total_loss),
        "pred": torch.tensor(np.array(all_preds)),
        "cat_pred": torch.cat(cat_preds),
        "cat_true": torch.cat(cat_labels),
    }
