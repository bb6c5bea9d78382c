"""The loss is summed with `.item()`, and the next line reads it again into a history list
(`history.append(loss.item())`): the second read is of what the line before copied.

Both reads are fixed together, so no sync is left in the step: the sum stays on the device in float64
(the host's digits: this file picks CUDA or the CPU) and the history keeps each step's tensor, read back
with one copy after the loop (the same floats, in order).
"""
import torch
import torch.nn as nn

STEPS = 8


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(23)
    inputs = torch.randn(STEPS, 12, 5, generator=generator).to(device)
    targets = inputs.mean(dim=2, keepdim=True).cos()
    model = nn.Linear(5, 1).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.MSELoss()

    epoch_loss = 0.0
    history = []
    for step in range(STEPS):
        optimizer.zero_grad()
        loss = criterion(model(inputs[step]), targets[step])
        loss.backward()
        optimizer.step()
        epoch_loss += loss.item()
        history.append(loss.item())
    return {"epoch_loss": torch.tensor(epoch_loss), "history": torch.tensor(history)}
