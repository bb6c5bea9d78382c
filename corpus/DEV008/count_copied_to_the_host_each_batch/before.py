"""An evaluation loop that counts the right answers with `.cpu().sum()` on every batch: the pre-`.item()`
way, which copies each batch's comparison to the host and waits for the GPU there.

The count is an integer: summed on the device it is exact, so the fix counts there and copies the
count to the host once after the loop, as the same CPU int64 tensor the loop built before (the
accuracy printed with `{}` shows the same text). The loss sum beside it goes to the device too.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCHES = 5


def make_batches(device):
    generator = torch.Generator().manual_seed(21)
    inputs = torch.randn(BATCHES, 10, 4, generator=generator)
    labels = (inputs[:, :, 1] > 0).long()
    return [(x.to(device), y.to(device)) for x, y in zip(inputs, labels)]


def evaluate(model, batches):
    test_loss = 0.0
    correct = 0
    with torch.no_grad():
        for x, y in batches:
            output = model(x)
            test_loss += F.cross_entropy(output, y, reduction="sum").item()
            pred = output.max(1, keepdim=True)[1]
            correct += pred.eq(y.view_as(pred)).cpu().sum()
    print("accuracy: {}/{}".format(correct, BATCHES * 10))
    return test_loss, correct


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(8)
    model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2)).to(device)
    test_loss, correct = evaluate(model, make_batches(device))
    return {
        "test_loss": torch.tensor(test_loss, dtype=torch.float64),
        "correct": correct,
        "correct_on_host": torch.tensor(correct.device.type == "cpu"),
    }
