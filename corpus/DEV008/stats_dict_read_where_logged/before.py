"""A training loop that starts a dict of numbers every step (`stats = {}`), fills it with `.item()`
of its losses (one of them only on the steps that train a second model) and reads it only where it
logs, every few steps.

The fix stores copies of the tensors on the device (`.detach().clone()`: a scale changed in place
later in the step keeps the value it had at the store) and the logging branch first reads them all
with `.item()`: the same numbers (an int count stays an int), keys and order, read only on the steps
that log.
"""

import torch
import torch.nn as nn

STEPS = 23
LOG_EVERY = 5
SECOND_EVERY = 2


def train(model, critic, optimizer, inputs, targets):
    criterion = nn.MSELoss()
    scale = torch.ones((), device=inputs.device)
    logged = []
    for step in range(STEPS):
        optimizer.zero_grad()
        out = model(inputs[step])
        loss = criterion(out, targets[step]) * scale
        loss.backward()
        optimizer.step()
        stats = {}
        stats["loss"] = loss.item()
        stats["scale"] = scale.item()
        stats["hits"] = (out.detach() > 0).sum().item()
        scale.mul_(0.97)
        if (step + 1) % SECOND_EVERY == 0:
            optimizer.zero_grad()
            second = criterion(critic(inputs[step]), targets[step])
            second.backward()
            optimizer.step()
            stats["second"] = second.item()
        if (step + 1) % LOG_EVERY == 0:
            line = f"step {step + 1}"
            for tag, value in stats.items():
                line += ", {}: {:.6f}".format(tag, value)
            print(line)
            logged.append([(tag, value, type(value).__name__) for tag, value in stats.items()])
    return logged


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(5)
    inputs = torch.randn(STEPS, 8, 4, generator=generator).to(device)
    targets = inputs.pow(2).mean(dim=2, keepdim=True)
    torch.manual_seed(3)
    model = nn.Linear(4, 1).to(device)
    critic = nn.Linear(4, 1).to(device)
    optimizer = torch.optim.SGD([*model.parameters(), *critic.parameters()], lr=0.05)
    logged = train(model, critic, optimizer, inputs, targets)
    return {
        "values": torch.tensor([[v for _, v, _ in row[:3]] for row in logged], dtype=torch.float64),
        "second": torch.tensor([row[3][1] for row in logged if len(row) == 4], dtype=torch.float64),
        "keys": torch.tensor([[ord(t[0]) for t, _, _ in row] for row in logged if len(row) == 4]),
        "ints": torch.tensor([[k == "int" for _, _, k in row] for row in logged if len(row) == 4]),
        "floats": torch.tensor([[k == "float" for _, _, k in row] for row in logged if len(row) == 4]),
    }
