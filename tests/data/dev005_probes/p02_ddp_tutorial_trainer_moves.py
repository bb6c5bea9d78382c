# source: nasseralbess/torch_dist (single.py: the PyTorch DDP tutorial's single-GPU trainer)
# verdict: hit: `load_train_objs` builds the optimizer over a model still on the CPU; `Trainer`
#   moves that model in its constructor, later. Nothing can move the construction across two
#   functions, so it is reported only.
import torch
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model, train_data, optimizer, gpu_id, save_every):
        self.gpu_id = gpu_id
        self.model = model.to(gpu_id)
        self.train_data = train_data
        self.optimizer = optimizer
        self.save_every = save_every

    def train(self, epochs):
        for _ in range(epochs):
            for source, targets in self.train_data:
                source, targets = source.to(self.gpu_id), targets.to(self.gpu_id)
                self.optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self.model(source), targets)
                loss.backward()
                self.optimizer.step()


def load_train_objs():
    train_set = torch.utils.data.TensorDataset(torch.randn(64, 20), torch.randint(0, 2, (64,)))
    model = torch.nn.Linear(20, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)  # expect DEV005
    return train_set, model, optimizer


def main(device, total_epochs, save_every, batch_size):
    dataset, model, optimizer = load_train_objs()
    train_data = DataLoader(dataset, batch_size=batch_size)
    trainer = Trainer(model, train_data, optimizer, device, save_every)
    trainer.train(total_epochs)
