"""An evaluation loop under `torch.no_grad()` that sums the loss and counts the right answers with
`.item()` on every batch, both started before the `with`.

Each `.item()` waits for the GPU to finish the batch. The fix keeps the summed loss on the device in
float64 (the host's precision: every device this file picks is CUDA or the CPU) and the count as an
int64 tensor (exact), and reads both back once after the loop.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCHES = 7


def make_batches(device):
    generator = torch.Generator().manual_seed(11)
    inputs = torch.randn(BATCHES, 16, 6, generator=generator)
    labels = (inputs[:, :, 0] > inputs[:, :, 1]).long() + (inputs[:, :, 2] > 0.5).long()
    return [(x.to(device), y.to(device)) for x, y in zip(inputs, labels)]


def evaluate(model, batches):
    model.eval()
    test_loss = 0
    correct = 0
    with torch.no_grad():
        for x, y in batches:
            logits = model(x)
            test_loss += F.cross_entropy(logits, y, reduction="sum").detach().double()
            pred = logits.argmax(dim=1)
            correct += pred.eq(y).sum()
        test_loss = float(test_loss)
        correct = int(correct)
    seen = BATCHES * 16
    return test_loss / seen, correct / seen, correct


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(3)
    model = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 3)).to(device)
    mean_loss, accuracy, correct = evaluate(model, make_batches(device))
    return {
        "mean_loss": torch.tensor(mean_loss, dtype=torch.float64),
        "accuracy": torch.tensor(accuracy, dtype=torch.float64),
        "correct": torch.tensor(correct),
    }
