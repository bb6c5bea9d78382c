# source: search excerpt without a repository name (a Trainer whose `__init__` builds Adam over
#   `self.model` and whose `train()` moves the model and then the optimizer's state)
# verdict: hit: built in the constructor, moved in a method that runs later; reported only.
import torch
from torch.optim import Adam


class Trainer:
    def __init__(self, model, train_loader, loss_fn, device):
        self.model = model
        self.train_loader = train_loader
        self.optimizer = Adam(self.model.parameters())  # expect DEV005
        self.loss_fn = loss_fn
        self.device = device
        self.max_epochs = 50

    def train(self):
        self.model.to(self.device)
        for state in self.optimizer.state.values():
            for key, value in state.items():
                if torch.is_tensor(value):
                    state[key] = value.to(self.device)
        for _ in range(self.max_epochs):
            for x, y in self.train_loader:
                self.optimizer.zero_grad()
                loss = self.loss_fn(self.model(x.to(self.device)), y.to(self.device))
                loss.backward()
                self.optimizer.step()
