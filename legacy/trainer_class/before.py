"""A small tabular classifier driven by a `Trainer` class, as 2018 project code often was.

The trainer takes `use_cuda`, moves the model with `.cuda()`, wraps batches in a `_to_var` helper
(`Variable(x, volatile=volatile)` then `.cuda()`), accumulates `running += loss.data[0] * x.size(0)`
from `running = 0.0` and `total_loss, correct = 0, 0` in `evaluate`; features and labels are legacy
`torch.FloatTensor(X)` / `torch.LongTensor(y)` built from float64 NumPy arrays.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super(Net, self).__init__()
        self.layers = nn.Sequential(
            nn.Linear(n_in, n_hidden), nn.BatchNorm1d(n_hidden), nn.ReLU(), nn.Dropout(0.2),
            nn.Linear(n_hidden, n_out))

    def forward(self, x):
        return self.layers(x)


class Trainer(object):
    def __init__(self, model, optimizer, criterion, use_cuda=False):
        self.model = model
        self.optimizer = optimizer
        self.criterion = criterion
        self.use_cuda = use_cuda
        if use_cuda:
            self.model = self.model.cuda()
        self.history = {'loss': [], 'val_loss': [], 'val_acc': []}

    def _to_var(self, x, volatile=False):
        x = Variable(x, volatile=volatile)
        return x.cuda() if self.use_cuda else x

    def train_epoch(self, loader):
        self.model.train()
        running = 0.0
        for i, (x, y) in enumerate(loader):
            x, y = self._to_var(x), self._to_var(y)
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            running += loss.data[0] * x.size(0)
        self.history['loss'].append(running / len(loader.dataset))

    def evaluate(self, loader):
        self.model.eval()
        total_loss, correct = 0, 0
        for x, y in loader:
            x, y = self._to_var(x, volatile=True), self._to_var(y, volatile=True)
            out = self.model(x)
            total_loss += self.criterion(out, y).data[0] * x.size(0)
            _, pred = torch.max(out.data, 1)
            correct += (pred == y.data).sum()
        self.history['val_loss'].append(total_loss / len(loader.dataset))
        self.history['val_acc'].append(correct / float(len(loader.dataset)))

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            self.train_epoch(train_loader)
            self.evaluate(val_loader)
            print('epoch %d: loss %.4f val_loss %.4f val_acc %.3f' % (
                epoch, self.history['loss'][-1], self.history['val_loss'][-1], self.history['val_acc'][-1]))
        return self.history


def make_data(n, seed):
    rng = np.random.RandomState(seed)
    X = rng.randn(n, 5)
    y = (X[:, 0] + 0.5 * X[:, 1] ** 2 > 0.5).astype(np.int64) + (X[:, 2] > 1.0)
    return X, y


def run():
    torch.manual_seed(0)
    X, y = make_data(40, 0)
    Xv, yv = make_data(16, 1)
    train_loader = DataLoader(TensorDataset(torch.FloatTensor(X), torch.LongTensor(y)),
                              batch_size=10, shuffle=True)
    val_loader = DataLoader(TensorDataset(torch.FloatTensor(Xv), torch.LongTensor(yv)), batch_size=8)
    model = Net(5, 12, 3)
    trainer = Trainer(model, optim.Adam(model.parameters(), lr=0.01), nn.CrossEntropyLoss(),
                      use_cuda=torch.cuda.is_available())
    return trainer.fit(train_loader, val_loader, 3)


if __name__ == '__main__':
    print(run())
