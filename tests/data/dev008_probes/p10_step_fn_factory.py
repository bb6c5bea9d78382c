# source: dvgodoy/PyTorchStepByStep model_training/v2.py (a step function made by a factory returns loss.item())
# verdict: hit; the returned number is collected per mini-batch and averaged with NumPy.
import numpy as np
import torch
import torch.nn as nn


def make_train_step_fn(model, loss_fn, optimizer):
    def perform_train_step_fn(x, y):
        model.train()
        yhat = model(x)
        loss = loss_fn(yhat, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        return loss.item()  # expect DEV008

    return perform_train_step_fn


def mini_batch(device, data_loader, step_fn):
    mini_batch_losses = []
    for x_batch, y_batch in data_loader:
        x_batch = x_batch.to(device)
        y_batch = y_batch.to(device)
        mini_batch_loss = step_fn(x_batch, y_batch)
        mini_batch_losses.append(mini_batch_loss)
    return np.mean(mini_batch_losses)


device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.Linear(1, 1).to(device)
train_step_fn = make_train_step_fn(model, nn.MSELoss(), torch.optim.SGD(model.parameters(), lr=0.1))
loader = [(torch.randn(16, 1), torch.randn(16, 1)) for _ in range(4)]
losses = []
for epoch in range(5):
    losses.append(mini_batch(device, loader, train_step_fn))
