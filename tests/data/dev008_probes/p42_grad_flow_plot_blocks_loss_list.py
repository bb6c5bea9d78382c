# source: vishal-burman/PyTorch-Architectures toolkit/trainer.py (a gradient-flow plot under a flag beside a loss list)
# verdict: the loss list is a hit, found, not fixed: the rule also reports the gradient means copied for the
# plot (a figure's values, which the book leaves alone) and keeps the list's fix back while that copy waits.
import matplotlib.pyplot as plt
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def plot_grad_flow(named_parameters):
    names, means = [], []
    for name, param in named_parameters:
        if param.requires_grad and "bias" not in name:
            names.append(name)
            means.append(param.grad.abs().mean().cpu())  # known false positive DEV008
    plt.plot(means)
    plt.xticks(range(len(means)), names, rotation="vertical")


class Trainer:
    def __init__(self, model, loader, show_grad_flow=False):
        self.model = model.to(device)
        self.loader = loader
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.show_grad_flow = show_grad_flow

    def train(self, epochs=2):
        for epoch in range(epochs):
            loss_list = []
            for x, y in self.loader:
                x, y = x.to(device), y.to(device)
                loss = nn.functional.cross_entropy(self.model(x), y)
                loss_list.append(loss.item())  # expect DEV008
                loss.backward()
                if self.show_grad_flow:
                    plot_grad_flow(self.model.named_parameters())
                self.optimizer.step()
                self.optimizer.zero_grad()
            print(epoch, torch.mean(torch.tensor(loss_list)).item())


Trainer(nn.Linear(3, 2), [(torch.randn(4, 3), torch.tensor([0, 1, 1, 0]))]).train()
