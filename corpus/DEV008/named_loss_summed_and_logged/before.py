"""A training loop that names each step's loss first (`batch_loss = loss.item() * batch_size`) and adds
it to two sums: one logged and reset every few steps, one over the whole run.

Both sums start at the int `0` in one chained assignment before an outer `while` loop (epochs until a
step budget is spent), and the inner loop reads them only where it logs. The fix keeps the named value
a float64 tensor and both sums on the device: the logging point reads them with `float(...)`, and each
is read back once after every pass of the inner loop. The floats are the host's: a float32 loss
converts to float64 exactly, and the same products and sums round alike in float64 on both.
"""

import torch
import torch.nn as nn

STEPS = 24
LOG_EVERY = 4


def make_batches(device):
    generator = torch.Generator().manual_seed(31)
    inputs = torch.randn(8, 10, 6, generator=generator)
    targets = inputs.sum(dim=2, keepdim=True).sin()
    return [(x.to(device), y.to(device)) for x, y in zip(inputs, targets)]


def train(model, optimizer, batches):
    criterion = nn.MSELoss()
    step = cum_loss = report_loss = 0
    cum_examples = report_examples = 0
    logged = []
    while True:
        for x, y in batches:
            step += 1
            batch_size = x.size(0)
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            batch_loss = loss.item() * batch_size
            report_loss += batch_loss
            cum_loss += batch_loss
            report_examples += batch_size
            cum_examples += batch_size
            if step % LOG_EVERY == 0:
                average = report_loss / report_examples
                print("step %d: avg loss %.6f" % (step, average))
                logged.append(average)
                report_loss = report_examples = 0.0
        if step >= STEPS:
            break
    return cum_loss / cum_examples, logged, report_loss


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(3)
    model = nn.Linear(6, 1).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    mean_loss, logged, tail = train(model, optimizer, make_batches(device))
    return {
        "mean_loss": torch.tensor(mean_loss, dtype=torch.float64),
        "logged": torch.tensor(logged, dtype=torch.float64),
        "tail": torch.tensor(tail, dtype=torch.float64),
        "floats": torch.tensor([isinstance(v, float) for v in (mean_loss, tail, *logged)]),
    }
